/**
 * /preview/{entity}/{id} for a record that prints a document: the PDF the server renders from the
 * type's default template (`GET /api/{type}/{id}/document`), fetched with the session's token and
 * shown in a frame, with "Stampa PDF" (`r s`), "Scarica PDF" (`r f`) and "Allega il PDF al record"
 * (`r x`) as commands of the registry.
 */
import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { registerDocumentViewer } from '../../../commands/documents.ts';
import type { ActiveDocument } from '../../../commands/types.ts';
import { findKind } from '../../domain/kinds.ts';
import { api } from '../api/client.ts';
import { recordKey, records } from '../data/index.ts';
import { addMessages } from '../i18n/index.ts';
import documentMessages from '../i18n/messages/documents.ts';
import { CommandButton } from '../shell/command-button.tsx';
import { usePublishDocument, useTabTitle } from '../workspace/tab-context.ts';
import { usePdfUrl } from './pdf-url.ts';
import { downloadUrl } from '../shell/download.ts';

addMessages(documentMessages);

/** Prints the PDF shown in `frame` (the browser's PDF viewer prints its own document). */
export function printFrame(frame: HTMLIFrameElement | null): void {
  const view = frame?.contentWindow;
  if (!view) return;
  view.focus();
  view.print();
}


/** Publishes the record for the tab's commands (left out when the generic form below does it). */
function Publish({ doc }: { doc: ActiveDocument }) {
  usePublishDocument(doc);
  return null;
}

export default function DocumentViewer({ type, id, publish = true }: { type: string; id: string; publish?: boolean }) {
  const intl = useIntl();
  const kind = findKind(type);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { data: entity } = useQuery({ queryKey: recordKey(type, id), queryFn: ({ signal }) => records.get(type, id, signal) });
  const version = entity?.metadata.lastUpdatedDateTime;
  const load = useMemo(() => () => api.get<Blob>('/{type}/{id}/document', { params: { type, id }, silent: true }), [type, id]);
  const pdf = usePdfUrl(load, version ?? 'loading', Boolean(entity));
  const title = entity && kind ? kind.title(entity) || kind.label.singular : '';
  const fileName = `${(title.split(' – ')[0] ?? title) || 'documento'}.pdf`;
  // The tab strip calls it «Anteprima …» (tabLabel); the route's «Anteprima» shows while loading.
  useTabTitle(title || undefined);

  const doc = useMemo<ActiveDocument>(() => ({ type, id, ...(entity ? { entity } : {}) }), [type, id, entity]);
  const { url, current } = pdf;
  // The toolbar's buttons ask `ready` while the render that shows the PDF is under way, before any
  // effect of it runs: the viewer reads the PDF shown now rather than the URL of its last effect.
  useEffect(
    () =>
      registerDocumentViewer(type, id, {
        ready: () => current() !== undefined,
        print: () => printFrame(frameRef.current),
        download: () => {
          const shown = current();
          if (shown) downloadUrl(shown, fileName);
        },
      }),
    [type, id, current, fileName],
  );

  return (
    <section className="screen screen-document" aria-labelledby={`document-${id}`}>
      {publish && <Publish doc={doc} />}
      <header className="document-toolbar">
        <h1 id={`document-${id}`} tabIndex={-1}>{title || <FormattedMessage id="documents.viewer.title" />}</h1>
        <div className="action-bar" role="toolbar" aria-label={intl.formatMessage({ id: 'documents.viewer.title' })}>
          <CommandButton commandId="document.print" document={doc} />
          <CommandButton commandId="document.download" document={doc} />
          <CommandButton commandId="document.attach" document={doc} />
        </div>
      </header>
      {pdf.error ? (
        <p role="alert"><FormattedMessage id="documents.viewer.error" values={{ message: pdf.error }} /></p>
      ) : url ? (
        <iframe ref={frameRef} className="document-frame" src={url} title={intl.formatMessage({ id: 'documents.viewer.frame' }, { name: fileName })} style={{ width: '100%', height: '80vh', border: '1px solid var(--border, #ccc)' }} />
      ) : (
        <p role="status"><FormattedMessage id="documents.viewer.loading" /></p>
      )}
    </section>
  );
}
