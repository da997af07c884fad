/**
 * Calendar of one module (/planning/calendar/{moduleName}): the module's assignments by planned
 * start, two weeks at a time, grouped by day; the week shown is in the tab URL (`?from=YYYY-MM-DD`)
 * so a link reproduces it. ←/→ buttons (and Alt+←/→ when focused) move a week.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { listKey, records, useLiveUpdates } from '../data/index.ts';
import { enumLabel, formatValue } from '../forms/format.ts';
import { useOpenTab, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { addDays, businessDay } from '../../domain/business-day.ts';

/** Monday of the week of `date` (YYYY-MM-DD, calendar arithmetic). */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export default function CalendarScreen({ moduleName }: { moduleName: string }) {
  const intl = useIntl();
  const [url, replaceUrl] = useTabUrl();
  const openTab = useOpenTab();
  const fromParam = new URLSearchParams(url.split('?')[1] ?? '').get('from');
  const from = mondayOf(fromParam && /^\d{4}-\d{2}-\d{2}$/.test(fromParam) ? fromParam : businessDay());
  const to = addDays(from, 13);
  const title = intl.formatMessage({ id: 'screens.calendar.title' }, { module: enumLabel(moduleName) });
  useTabTitle(title);
  useLiveUpdates();
  const query = { 'filter[module]': moduleName, 'from[plannedStartDateTime]': from, 'to[plannedStartDateTime]': to, sort: 'plannedStartDateTime', 'page[size]': 500 };
  // Under the assignments' list key: a rescheduled assignment moves day without a reload.
  const { data, isPending } = useQuery({
    queryKey: listKey('assignments', query),
    queryFn: ({ signal }) => records.list('assignments', query, signal),
    select: (answer) => answer.data,
  });
  const kind = findKind('assignments');
  const go = (date: string) => replaceUrl(`${url.split('?')[0]}?from=${date}`);
  const days = Array.from({ length: 14 }, (_, i) => addDays(from, i));
  const byDay = new Map<string, EntityJson[]>();
  for (const a of data ?? []) {
    const start = String(a.attributes.plannedStartDateTime ?? '');
    const day = start ? new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(start)) : '';
    byDay.set(day, [...(byDay.get(day) ?? []), a]);
  }
  return (
    <section className="screen screen-calendar" onKeyDown={(e) => {
      if (e.altKey && e.key === 'ArrowLeft') { e.preventDefault(); go(addDays(from, -7)); }
      if (e.altKey && e.key === 'ArrowRight') { e.preventDefault(); go(addDays(from, 7)); }
    }}>
      <h1 className="screen-title">{title}</h1>
      <div className="data-grid-toolbar-row">
        <button type="button" onClick={() => go(addDays(from, -7))}><FormattedMessage id="screens.calendar.previous" /></button>
        <button type="button" onClick={() => go(mondayOf(businessDay()))}><FormattedMessage id="screens.calendar.today" /></button>
        <button type="button" onClick={() => go(addDays(from, 7))}><FormattedMessage id="screens.calendar.next" /></button>
        <span role="status">{formatValue(from, 'date')} – {formatValue(to, 'date')}{isPending ? ` · ${intl.formatMessage({ id: 'screens.loading' })}` : ` · ${intl.formatMessage({ id: 'screens.calendar.count' }, { count: data?.length ?? 0 })}`}</span>
      </div>
      {days.map((day) => {
        const items = byDay.get(day) ?? [];
        return (
          <section key={day} className="calendar-day" aria-label={formatValue(day, 'date')}>
            <h2>{new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))}</h2>
            {items.length === 0 ? <p className="calendar-empty">—</p> : (
              <ul>
                {items.map((a) => {
                  const href = recordTabUrl('assignments', a.id);
                  return (
                    <li key={a.id}>
                      {new Intl.DateTimeFormat('it-IT', { timeStyle: 'short', timeZone: 'Europe/Rome' }).format(new Date(String(a.attributes.plannedStartDateTime)))}{' '}
                      <a href={href} onClick={(e) => { if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return; e.preventDefault(); openTab(href); }}>{kind?.title(a) ?? a.id}</a>{' '}
                      <span>({machineStateLabels.assignments[String(a.attributes.state)] ?? String(a.attributes.state)})</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}
