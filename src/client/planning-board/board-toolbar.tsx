/**
 * The board's toolbar: the previous / next period, today, week or month, the period shown and the
 * status line (how many interventions, how many double-booked). Its buttons run the same commands as
 * the board's keys, which they name in aria-keyshortcuts.
 */
import type { BoardView } from '../../domain/rules/planning.ts';

interface BoardToolbarProps {
  t: (id: string, values?: Record<string, string | number>) => string;
  view: BoardView;
  periodLabel: string;
  /** null while the period's interventions are being read. */
  count: number | null;
  clashCount: number;
  onShiftPeriod: (delta: 1 | -1) => void;
  onToday: () => void;
  onSetView: (view: BoardView) => void;
}

export function BoardToolbar({ t, view, periodLabel, count, clashCount, onShiftPeriod, onToday, onSetView }: BoardToolbarProps) {
  return (
    <div className="data-grid-toolbar-row board-toolbar">
      <button type="button" onClick={() => onShiftPeriod(-1)} aria-keyshortcuts="Alt+ArrowLeft">{t(view === 'week' ? 'planning.previousWeek' : 'planning.previousMonth')}</button>
      <button type="button" onClick={() => onToday()} aria-keyshortcuts="o">{t('planning.today')}</button>
      <button type="button" onClick={() => onShiftPeriod(1)} aria-keyshortcuts="Alt+ArrowRight">{t(view === 'week' ? 'planning.nextWeek' : 'planning.nextMonth')}</button>
      <span className="board-views" role="group" aria-label={t('planning.view')}>
        <button type="button" aria-pressed={view === 'week'} onClick={() => onSetView('week')} aria-keyshortcuts="w">{t('planning.week')}</button>
        <button type="button" aria-pressed={view === 'month'} onClick={() => onSetView('month')} aria-keyshortcuts="m">{t('planning.month')}</button>
      </span>
      <strong className="board-period">{periodLabel}</strong>
      <span className="board-status" role="status">
        {count === null ? t('screens.loading') : t('planning.count', { count })}
        {clashCount > 0 && <span className="board-clash-count"> · {t('planning.clashCount', { count: clashCount })}</span>}
      </span>
    </div>
  );
}
