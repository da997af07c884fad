/**
 * What each user works on first (issue 12 "dashboards per role"), as data: sections of tiles, each
 * tile a list query in the SPEC §7 language on one kind and the grid route that shows exactly those
 * rows (the grid's view is the URL query), so the tile's count (`meta.total` of the same query) is
 * the grid's count. Which sections a user gets follows who they are:
 * - a salesman (isSalesman): their quotations by state, the approvals waiting, their issued
 *   quotations expiring soon;
 * - who plans interventions (may create them and update deadlines): overdue deadlines and the
 *   interventions to schedule this week;
 * - a technician (isMainteiner): their interventions today;
 * - an administrator: users and roles changed recently (their first work is administration: the
 *   planning section is for planners).
 * "Today" and "this week" are the business day in Europe/Rome.
 */
import type { AppAbility, Identity } from '../../domain/ability.ts';
import { addDays } from '../../domain/business-day.ts';
import { isAdmin } from '../../domain/rules/identity.ts';
import { INTERVENTION_STATES_TO_DO } from '../../domain/rules/intervention.ts';
import { quotationStateLabels } from '../../domain/machines/quotation.ts';

/** An issued quotation "expires soon" within this many days (the same window as the deadlines' "in scadenza"). */
export const EXPIRING_WITHIN_DAYS = 30;
/** "Changed recently" for users and roles: in the last week. */
export const RECENT_CHANGE_DAYS = 7;
/** The quotation states a salesman follows, in the order of their work (SPEC §4). */
export const SALES_STATES = ['draft', 'revision', 'to-be-approved', 'approved', 'issued'] as const;

export interface Tile {
  id: string;
  /** API type counted. */
  type: string;
  /** CASL subject the user must read to see the tile. */
  subject: string;
  /** Grid route; with `query`, the URL the tile opens. */
  route: string;
  /** The list query of the count and of the grid (without paging). */
  query: Record<string, string>;
  /** Message id of the tile's label, and its values (a state's name). */
  label: string;
  values?: Record<string, string>;
}

export interface DashboardSection {
  id: 'sales' | 'planning' | 'field' | 'admin';
  /** Message id of the section's heading. */
  title: string;
  tiles: Tile[];
}

/** Monday and Sunday of the week of `day` (YYYY-MM-DD). */
export function weekOf(day: string): { monday: string; sunday: string } {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const monday = addDays(day, weekday === 0 ? -6 : 1 - weekday);
  return { monday, sunday: addDays(monday, 6) };
}

/** The sections of this user, in order; tiles the user may not read are left out, and so are empty sections. */
export function dashboardSections(identity: Identity, ability: AppAbility, today: string): DashboardSection[] {
  const me = identity.id;
  const admin = isAdmin(identity);
  const sections: DashboardSection[] = [];
  if (admin) {
    const since = addDays(today, -RECENT_CHANGE_DAYS);
    sections.push({
      id: 'admin',
      title: 'screens.dashboard.section.admin',
      tiles: [
        { id: 'usersChanged', type: 'users', subject: 'user', route: '/users', query: { 'from[lastUpdatedDateTime]': since, sort: '-lastUpdatedDateTime' }, label: 'screens.dashboard.usersChanged', values: { days: String(RECENT_CHANGE_DAYS) } },
        { id: 'rolesChanged', type: 'roles', subject: 'role', route: '/roles', query: { 'from[lastUpdatedDateTime]': since, sort: '-lastUpdatedDateTime' }, label: 'screens.dashboard.rolesChanged', values: { days: String(RECENT_CHANGE_DAYS) } },
      ],
    });
  }
  if (identity.isSalesman) {
    const mine = { 'filter[commercialUserId]': me };
    sections.push({
      id: 'sales',
      title: 'screens.dashboard.section.sales',
      tiles: [
        ...SALES_STATES.map((state): Tile => ({
          id: `myQuotations-${state}`, type: 'quotations', subject: 'quotation', route: '/marketing/quotations',
          query: { ...mine, 'filter[status]': state, sort: '-date' }, label: 'screens.dashboard.myQuotations', values: { state: quotationStateLabels[state] ?? state },
        })),
        {
          id: 'approvalsWaiting', type: 'quotations', subject: 'quotation', route: '/marketing/quotations',
          query: { 'filter[status]': 'to-be-approved', sort: 'date' },
          label: ability.can('approve', 'quotation') ? 'screens.dashboard.approvalsToGive' : 'screens.dashboard.approvalsWaiting',
        },
        {
          id: 'offersExpiring', type: 'quotations', subject: 'quotation', route: '/marketing/quotations',
          query: { ...mine, 'filter[status]': 'issued', 'from[expiryDate]': today, 'to[expiryDate]': addDays(today, EXPIRING_WITHIN_DAYS), sort: 'expiryDate' },
          label: 'screens.dashboard.offersExpiring', values: { days: String(EXPIRING_WITHIN_DAYS) },
        },
      ],
    });
  }
  if (!admin && ability.can('create', 'assignment') && ability.can('update', 'physical activity')) {
    const { monday, sunday } = weekOf(today);
    sections.push({
      id: 'planning',
      title: 'screens.dashboard.section.planning',
      tiles: [
        { id: 'deadlinesOverdue', type: 'physicalActivities', subject: 'physical activity', route: '/planning/physicalActivities', query: { 'filter[due]': 'expired', sort: 'deadlineDate' }, label: 'screens.dashboard.deadlinesOverdue' },
        {
          id: 'toScheduleThisWeek', type: 'assignments', subject: 'assignment', route: '/planning/assignments',
          query: { 'filter[state]': 'open,postponed', 'from[plannedStartDateTime]': monday, 'to[plannedStartDateTime]': sunday, sort: 'plannedStartDateTime' },
          label: 'screens.dashboard.toScheduleThisWeek',
        },
        // Issue 26 §7: the customers' service requests waiting for «Conferma» or «Rifiuta».
        ...(ability.can('confirm', 'service request')
          ? [{ id: 'serviceRequestsNew', type: 'serviceRequests', subject: 'service request', route: '/planning/serviceRequests', query: { 'filter[status]': 'submitted' }, label: 'screens.dashboard.serviceRequestsNew' }]
          : []),
      ],
    });
  }
  if (identity.isMainteiner) {
    sections.push({
      id: 'field',
      title: 'screens.dashboard.section.field',
      tiles: [{
        id: 'myInterventionsToday', type: 'assignments', subject: 'assignment', route: '/planning/assignments',
        // Only work to do (issue 22): never a closed, cancelled or postponed intervention.
        query: { 'filter[operatorIds]': me, 'filter[state]': INTERVENTION_STATES_TO_DO.join(','), 'from[plannedStartDateTime]': today, 'to[plannedStartDateTime]': today, sort: 'plannedStartDateTime' },
        label: 'screens.dashboard.myInterventionsToday',
      }],
    });
  }
  return sections
    .map((section) => ({ ...section, tiles: section.tiles.filter((tile) => ability.can('read', tile.subject)) }))
    .filter((section) => section.tiles.length > 0);
}

/** The grid URL of a tile: its route and query, brackets and commas as typed (the grid's own URL form). */
export function tileHref(tile: Pick<Tile, 'route' | 'query'>): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
  return `${tile.route}?${Object.entries(tile.query).map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`;
}

/**
 * A figure as the tile shows it. A count past the exact limit is the database's estimate: it says so,
 * «circa 12.400», or «più di 1.000» when the estimate is no better than the limit itself.
 */
export function figureText(intl: { formatMessage(descriptor: { id: string }, values?: Record<string, string>): string; formatNumber(value: number): string }, total: number, estimate: boolean, limit: number): string {
  if (!estimate) return intl.formatNumber(total);
  if (total <= limit + 1) return intl.formatMessage({ id: 'screens.dashboard.moreThan' }, { count: intl.formatNumber(limit) });
  return intl.formatMessage({ id: 'screens.dashboard.about' }, { count: intl.formatNumber(total) });
}
