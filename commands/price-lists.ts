/**
 * The price list editor's commands (issue 9): add a row, change the chosen rows by a percentage,
 * remove them, search, and import CSV (its CSV export is the «Esporta» command of export.ts). The editor of a shown price list registers itself
 * here (by id) while it is mounted, so the key, the palette and its buttons run the same code; the
 * moves inside its rows grid are the grid's own scoped keys.
 */
import type { Command, CommandContext } from './types.ts';
import { EXPORT_KEY } from './export.ts';

/** What an open price list editor lets its commands do. */
export interface PriceListEditorTarget {
  /** The user may change the list (update ability, not deleted). */
  editable: boolean;
  /** How many rows the next bulk change or removal acts on (the selection when it holds the current row, else the current row). */
  chosenCount(): number;
  rowCount(): number;
  addRow(): void;
  askPercent(): void;
  removeRows(): void;
  focusSearch(): void;
  /** Opens the file picker: synchronous, the browser allows it only within the key press. */
  importCsv(): void;
}

const PRICE_LISTS = 'priceLists';
const targets = new Map<string, PriceListEditorTarget>();

/** Called by the editor while it shows list `id`; returns the unregistration. */
export function registerPriceListEditor(id: string, target: PriceListEditorTarget): () => void {
  targets.set(id, target);
  return () => {
    if (targets.get(id) === target) targets.delete(id);
  };
}

function targetOf(ctx: CommandContext): PriceListEditorTarget | undefined {
  const doc = ctx.activeDocument;
  return doc?.type === PRICE_LISTS && doc.id ? targets.get(doc.id) : undefined;
}

/** The keys, as data the shortcut help and the editor's hints show. */
export const priceListKeys = {
  addRow: 'Alt+n',
  percent: 'Alt+p',
  remove: 'Delete',
  search: '/',
  // Exporting is the one «Esporta» command of every screen (export.ts): the editor registers its CSV there.
  exportCsv: EXPORT_KEY,
  importCsv: 'Alt+i',
} as const;

const group = { id: 'commands.group.priceList' };

function editorCommand(id: string, key: string, run: (target: PriceListEditorTarget) => void, when: (target: PriceListEditorTarget, ctx: CommandContext) => boolean | { disabled: string }): Command {
  return {
    id: `priceList.${id}`,
    title: { id: `commands.priceList.${id}` },
    group,
    keys: [key],
    scope: 'tab',
    when: (ctx) => {
      const target = targetOf(ctx);
      return target ? when(target, ctx) : false;
    },
    run: (ctx) => {
      const target = targetOf(ctx);
      if (target) run(target);
    },
  };
}

const needsRows = (target: PriceListEditorTarget, ctx: CommandContext) =>
  target.chosenCount() > 0 ? true : { disabled: ctx.ui.t('commands.priceList.noRows') };

export const priceListCommands: Command[] = [
  editorCommand('addRow', priceListKeys.addRow, (t) => t.addRow(), (t) => t.editable),
  editorCommand('percent', priceListKeys.percent, (t) => t.askPercent(), (t, ctx) => t.editable && needsRows(t, ctx)),
  editorCommand('remove', priceListKeys.remove, (t) => t.removeRows(), (t, ctx) => t.editable && needsRows(t, ctx)),
  editorCommand('search', priceListKeys.search, (t) => t.focusSearch(), () => true),
  editorCommand('importCsv', priceListKeys.importCsv, (t) => t.importCsv(), (t) => t.editable),
];
