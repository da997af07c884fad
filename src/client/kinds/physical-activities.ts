/**
 * The deadlines worklist (SPEC /planning/physicalActivities, §7 expiry list filters): the windows
 * expired / due this month / the next 30, 60 or 90 days (`filter[due]`, deadlines still to do), the
 * `onlyExpiring` filter, the operator (`filter[operatorId]`), and rows coloured when overdue or expiring. "Crea intervento" on the
 * selected rows is the kind's declared `plan` action (`selection`), offered by the grid on deadlines still to plan; a planned
 * one shows its intervention's code, a link to it.
 */
import { dueWindows } from '../../domain/rules/maintenance-rules.ts';
import { addDays } from '../../domain/business-day.ts';
import { operatorCandidatesQuery } from '../../domain/rules/intervention.ts';
import type { KindModule } from './types.ts';
import { DeadlineCounts } from './deadline-counts.tsx';
import { PlannedInCell } from './planned-in.tsx';
import { findKind } from '../../domain/kinds.ts';
import { intl } from '../i18n/index.ts';
import { lazyComponent } from '../lazy-component.ts';

/** Days ahead in which a deadline still to do shows as expiring. */
const EXPIRING_DAYS = 30;

export const physicalActivities: KindModule = {
  type: 'physicalActivities',
  actionForms: {
    plan: lazyComponent(async () => ({ default: (await import('./deadline-forms.tsx')).PlanDeadlinesForm })),
    postpone: lazyComponent(async () => ({ default: (await import('./deadline-forms.tsx')).PostponeDeadlineForm })),
  },
  extraFilters: [
    { group: 'filter', name: 'due', kind: 'options', options: dueWindows },
    { group: 'filter', name: 'onlyExpiring', kind: 'boolean' },
    // The deadlines planned in an operator's interventions (the server's `filter[operatorId]`); the
    // picker offers the staff allowed on the module the worklist shows (every staff member without one).
    { group: 'filter', name: 'operatorId', kind: 'reference', target: 'users', pickerFilter: (filters) => operatorCandidatesQuery(filters.module) },
  ],
  // The kind's default order (customer, site, date) groups its rows.
  groupBy: ['customerName', 'customerLocationId'],
  gridSummary: DeadlineCounts,
  // A planned deadline shows its intervention (a link with its code) in the «Attività dell’intervento» column.
  gridCells: { assignmentActivityId: PlannedInCell },
  // «Crea intervento» only on deadlines still to plan (the server refuses the others with the same reasons).
  selectionRefusal(action, row) {
    if (action !== 'plan') return undefined;
    const deadline = findKind('physicalActivities')?.title(row) ?? row.id;
    const { isExecuted, isEnded } = row.attributes as { isExecuted?: boolean; isEnded?: boolean };
    if (isExecuted === true || isEnded === true) return intl.formatMessage({ id: 'deadlines.alreadyDone' }, { deadline });
    if (row.relationships.assignmentActivityId) return intl.formatMessage({ id: 'deadlines.alreadyPlanned' }, { deadline });
    if (!row.relationships.activityId) return intl.formatMessage({ id: 'deadlines.noActivity' }, { deadline });
    return undefined;
  },
  rowTone(row, today) {
    const { deadlineDate, isExecuted, isEnded } = row.attributes as { deadlineDate?: string; isExecuted?: boolean; isEnded?: boolean };
    if (!deadlineDate || isExecuted === true || isEnded === true) return undefined;
    if (deadlineDate < today) return 'overdue';
    return deadlineDate <= addDays(today, EXPIRING_DAYS) ? 'expiring' : undefined;
  },
};
