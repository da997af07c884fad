/**
 * Printed documents (DESIGN §4 "Documents"): "Stampa PDF" (`r s`) on a record whose kind prints a
 * document (quotations, training plans' certificates, interventions' reports, customers' registro
 * dei controlli) opens its preview tab, `/preview/{type}/{id}`; in that tab the same key prints the
 * PDF and `r f` downloads it. "Allega il PDF al record" (`r x`) stores the document as a file of the
 * record (a quotation's attachments list it), once per version of its data and template. The viewer
 * of a shown document registers itself here while mounted, so the keys, the palette and its buttons
 * run the same code.
 */
import { documentForRecordType } from '../src/domain/documents/placeholders.ts';
import { routeUrl } from '../src/domain/routes.ts';
import { asSubject } from '../src/domain/ability.ts';
import { openRecord, recordTitle } from './records.ts';
import type { Command, CommandContext } from './types.ts';

export interface DocumentViewerTarget {
  /** The PDF is loaded (print and download have something to act on). */
  ready(): boolean;
  print(): void;
  download(): void;
}

const targets = new Map<string, DocumentViewerTarget>();

export const previewUrl = (type: string, id: string) => routeUrl('Preview', { entity: type, id });

/** Called by the viewer while it shows the document of `type`/`id`; returns the unregistration. */
export function registerDocumentViewer(type: string, id: string, target: DocumentViewerTarget): () => void {
  const key = previewUrl(type, id);
  targets.set(key, target);
  return () => {
    if (targets.get(key) === target) targets.delete(key);
  };
}

/** The viewer of the focused tab, when the focused tab is a document preview. */
function viewerOf(ctx: CommandContext): DocumentViewerTarget | undefined {
  const url = ctx.workspace.activeUrl?.split('?')[0];
  return url ? targets.get(url) : undefined;
}

export const documentKeys = { print: 'r s', download: 'r f', attach: 'r x' } as const;

const group = { id: 'commands.group.document' };

export const documentCommands: Command[] = [
  {
    id: 'document.print',
    title: { id: 'commands.document.print' },
    group,
    keys: [documentKeys.print],
    scope: 'tab',
    keywords: ['stampa', 'pdf', 'documento', 'anteprima', 'attestato', 'rapporto', 'registro'],
    when: (ctx) => {
      const open = openRecord(ctx);
      if (!open || !documentForRecordType(open.type)) return false;
      const viewer = viewerOf(ctx);
      return viewer && !viewer.ready() ? { disabled: ctx.ui.t('commands.document.loading') } : true;
    },
    run: (ctx) => {
      const open = openRecord(ctx);
      if (!open) return;
      const viewer = viewerOf(ctx);
      if (viewer) viewer.print();
      else ctx.workspace.openTab(previewUrl(open.type, open.entity.id));
    },
  },
  {
    id: 'document.download',
    title: { id: 'commands.document.download' },
    group,
    keys: [documentKeys.download],
    scope: 'tab',
    keywords: ['scarica', 'pdf', 'download'],
    when: (ctx) => {
      const viewer = viewerOf(ctx);
      if (!viewer) return false;
      return viewer.ready() ? true : { disabled: ctx.ui.t('commands.document.loading') };
    },
    run: (ctx) => viewerOf(ctx)?.download(),
  },
  {
    id: 'document.attach',
    title: { id: 'commands.document.attach' },
    group,
    keys: [documentKeys.attach],
    scope: 'tab',
    keywords: ['allega', 'archivia', 'pdf', 'documento', 'file'],
    when: (ctx) => {
      const open = openRecord(ctx);
      if (!open || !documentForRecordType(open.type)) return false;
      if (!ctx.ability.can('update', asSubject(open.kind.subject, { ...open.entity } as unknown as Record<string, unknown>))) {
        return { disabled: ctx.ui.t('commands.reason.notAllowed') };
      }
      if (ctx.activeDocument?.record?.dirty) return { disabled: ctx.ui.t('commands.document.saveFirst') };
      return true;
    },
    run: async (ctx) => {
      const open = openRecord(ctx);
      if (!open) return;
      try {
        const { data, reused } = await ctx.records.issueDocument(open.type, open.entity);
        const values = { name: String(data.attributes.name ?? ''), title: recordTitle(open.kind, open.entity) };
        ctx.ui.notify(ctx.ui.t(reused ? 'commands.document.alreadyAttached' : 'commands.document.attached', values), 'success');
      } catch (error) {
        ctx.ui.showError(error);
      }
    },
  },
];
