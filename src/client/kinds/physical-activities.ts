/**
 * The deadlines worklist (SPEC /planning/physicalActivities, §7 expiry list filters): the windows
 * expired / due this month / the next 30, 60 or 90 days (`filter[due]`, deadlines still to do), the
 * `onlyExpiring` filter, and rows coloured when overdue or expiring. "Crea intervento" on the
 * selected rows is the kind's declared `plan` action (`selection`), offered by the grid.
 */
import { dueWindows } from '../../domain/rules/maintenance-rules.ts';
import { addDays } from '../../domain/business-day.ts';
import type { KindModule } from './types.ts';
import { DeadlineCounts } from './deadline-counts.tsx';

/** Days ahead in which a deadline still to do shows as expiring. */
const EXPIRING_DAYS = 30;

export const physicalActivities: KindModule = {
  type: 'physicalActivities',
  extraFilters: [
    { group: 'filter', name: 'due', kind: 'options', options: dueWindows },
    { group: 'filter', name: 'onlyExpiring', kind: 'boolean' },
  ],
  // The kind's default order (customer, site, date) groups its rows.
  groupBy: ['customerName', 'customerLocationId'],
  gridSummary: DeadlineCounts,
  rowTone(row, today) {
    const { deadlineDate, isExecuted, isEnded } = row.attributes as { deadlineDate?: string; isExecuted?: boolean; isEnded?: boolean };
    if (!deadlineDate || isExecuted === true || isEnded === true) return undefined;
    if (deadlineDate < today) return 'overdue';
    return deadlineDate <= addDays(today, EXPIRING_DAYS) ? 'expiring' : undefined;
  },
};
