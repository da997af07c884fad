/**
 * The dashboard's charts as tables (issue 23): every chart's text alternative is its data as a
 * table, shown instead of the drawing by one key (Alt+T), the palette or the button beside the
 * charts. The dashboard registers the command in its tab's scope while it is the shown tab
 * (`useScopedCommands`), so the key, the palette and the button run the same code.
 */
import type { Command } from './types.ts';

export const CHART_TABLES_KEY = 'Alt+t';

/** What the dashboard lets the command do (the screen implements it; a unit test uses a plain object). */
export interface ChartTablesTarget {
  /** Shows every chart as its table, or back as its drawing. */
  toggle(): void;
}

export function dashboardCommands(target: ChartTablesTarget): Command[] {
  return [
    {
      id: 'dashboard.chartTables',
      title: { id: 'dashboard.cmd.chartTables' },
      group: { id: 'commands.group.view' },
      keys: [CHART_TABLES_KEY],
      scope: 'tab',
      keywords: ['grafici', 'tabella', 'dati', 'accessibilità', 'testo'],
      run: () => target.toggle(),
    },
  ];
}
