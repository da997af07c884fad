/**
 * The deadlines worklist's header: how many deadlines still to do are overdue, due this month and due
 * in the next 90 days, under the grid's other filters. Each count is the list API's `meta.total` for
 * that window (the same query the grid reads), live with the record layer; pressing one shows it.
 */
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import { gridQuery, gridUrl, parseGridState } from '../grid/grid-state.ts';
import type { DueWindow } from '../../domain/rules/maintenance-rules.ts';
import type { GridSummaryProps } from './types.ts';

/** The windows counted in the header, in reading order. */
export const countedWindows: readonly DueWindow[] = ['expired', 'thisMonth', 'next90'];

/** The API query of one window's count: the grid's filters (its own window left out), the screen's fixed ones, one row. */
export function windowCountQuery(url: string, fixed: Record<string, string>, window: DueWindow): Record<string, string | number> {
  const state = parseGridState(url);
  const rest = Object.fromEntries(Object.entries(state.filter).filter(([name]) => name !== 'due'));
  const query: Record<string, string | number> = Object.fromEntries(gridQuery({ ...state, filter: rest, sort: [] }));
  return { ...query, ...fixed, 'filter[due]': window, 'page[size]': 1 };
}

export function DeadlineCounts({ url, onUrlChange, fixed }: GridSummaryProps) {
  const intl = useIntl();
  const current = parseGridState(url).filter.due;
  return (
    <div className="deadline-counts" role="group" aria-label={intl.formatMessage({ id: 'deadlines.counts' })}>
      {countedWindows.map((window) => (
        <WindowCount
          key={window}
          window={window}
          query={windowCountQuery(url, fixed, window)}
          pressed={current === window}
          onPress={() => {
            const state = parseGridState(url);
            const filter = { ...state.filter };
            if (current === window) delete filter.due;
            else filter.due = window;
            onUrlChange(gridUrl(url, { ...state, filter }));
          }}
        />
      ))}
    </div>
  );
}

function WindowCount({ window, query, pressed, onPress }: { window: DueWindow; query: Record<string, string | number>; pressed: boolean; onPress(): void }) {
  const intl = useIntl();
  useLiveUpdates();
  const count = useQuery({ queryKey: listKey('physicalActivities', query), queryFn: ({ signal }) => records.list('physicalActivities', query, signal) });
  const total = count.data?.meta.total;
  const shown = total === undefined ? '…' : intl.formatNumber(total);
  return (
    <button type="button" className={`deadline-count is-${window}`} aria-pressed={pressed} onClick={onPress}>
      <span className="deadline-count-value">{count.data?.meta.totalIsEstimate ? intl.formatMessage({ id: 'deadlines.countEstimate' }, { n: shown }) : shown}</span>
      <span className="deadline-count-label">{intl.formatMessage({ id: `form.enum.${window}` })}</span>
    </button>
  );
}
