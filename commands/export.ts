/**
 * «Esporta» (Alt+E, issue 27): what the shown tab lists, as a file. A screen that can export
 * registers its tab's target while it is shown (a grid screen: its view as CSV or Excel, through the
 * list endpoint; a price list: its rows as the price-list CSV), so the key, the palette and the
 * screen's button run the same code, one command for every screen.
 */
import type { Availability, Command, CommandContext } from './types.ts';

export interface ExportTarget {
  /** Starts the export (a dialog to choose the format, or the file at once). */
  run(): void;
  /** Whether there is something to export now (rows), or why not. */
  available(): Availability;
}

/**
 * Targets by the path of their tab's URL (one tab per page: the query is the view, not the page).
 * A page can show two grids (a customer's equipment and installations): the first registered is the
 * one exported until the user works in another, which `preferExportTarget` puts first.
 */
const targets = new Map<string, ExportTarget[]>();
const pathOf = (url: string) => url.split(/[?#]/, 1)[0]!;

/** Called by a screen while its tab `tabUrl` is shown; returns the unregistration. */
export function registerExportTarget(tabUrl: string, target: ExportTarget): () => void {
  const key = pathOf(tabUrl);
  targets.set(key, [...(targets.get(key) ?? []), target]);
  return () => {
    const rest = (targets.get(key) ?? []).filter((other) => other !== target);
    if (rest.length > 0) targets.set(key, rest);
    else targets.delete(key);
  };
}

/** The user works in `target` (focus in its grid): Alt+E exports it rather than another on the page. */
export function preferExportTarget(tabUrl: string, target: ExportTarget): void {
  const key = pathOf(tabUrl);
  const list = targets.get(key);
  if (list?.includes(target)) targets.set(key, [target, ...list.filter((other) => other !== target)]);
}

function targetOf(ctx: CommandContext): ExportTarget | undefined {
  const url = ctx.workspace.activeUrl;
  return url === undefined ? undefined : targets.get(pathOf(url))?.[0];
}

export const EXPORT_KEY = 'Alt+e';

export const exportCommand: Command = {
  id: 'view.export',
  title: { id: 'commands.view.export' },
  group: { id: 'commands.group.view' },
  keys: [EXPORT_KEY],
  scope: 'tab',
  keywords: ['esporta', 'esportazione', 'scarica', 'csv', 'excel', 'xlsx', 'foglio di calcolo'],
  when: (ctx) => targetOf(ctx)?.available() ?? false,
  run: (ctx) => targetOf(ctx)?.run(),
};
