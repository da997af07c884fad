import { describe, expect, it } from 'vitest';
import { buildAbility, type Identity } from '../../domain/ability.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';
import { createIntl } from 'react-intl';
import { dashboardSections, figureText, tileHref, weekOf } from './dashboard-tiles.ts';

const TODAY = '2026-06-17'; // a Wednesday

function user(roleName: string, flags: Partial<Identity> = {}): { identity: Identity; permissions: PermissionRule[] } {
  const permissions = roleDefinitions.find((role) => role.name === roleName)!.permissions;
  const identity: Identity = {
    id: 'u1', email: 'u1@test.it', displayName: 'U1', userType: 'siv', allowedModules: [], allowedCustomerIds: [], officeLocationIds: [],
    isMainteiner: false, isSalesman: false, roles: [{ id: 'r', name: roleName }], permissions, ...flags,
  };
  return { identity, permissions };
}
const sections = (roleName: string, flags: Partial<Identity> = {}) => {
  const { identity, permissions } = user(roleName, flags);
  return dashboardSections(identity, buildAbility(permissions), TODAY);
};

describe('dashboards per role', () => {
  it('weeks run Monday to Sunday', () => {
    expect(weekOf(TODAY)).toEqual({ monday: '2026-06-15', sunday: '2026-06-21' });
    expect(weekOf('2026-06-21')).toEqual({ monday: '2026-06-15', sunday: '2026-06-21' });
    expect(weekOf('2026-06-15')).toEqual({ monday: '2026-06-15', sunday: '2026-06-21' });
  });

  it('a salesman: their quotations by state, the approvals waiting, their issued quotations expiring in 30 days', () => {
    const [sales, ...rest] = sections('Commerciale', { isSalesman: true });
    expect(rest).toEqual([]);
    expect(sales!.id).toBe('sales');
    expect(sales!.tiles.map((tile) => tile.id)).toEqual([
      'myQuotations-draft', 'myQuotations-revision', 'myQuotations-to-be-approved', 'myQuotations-approved', 'myQuotations-issued', 'approvalsWaiting', 'offersExpiring',
    ]);
    expect(sales!.tiles[0]!.query).toEqual({ 'filter[commercialUserId]': 'u1', 'filter[status]': 'draft', sort: '-date' });
    expect(sales!.tiles[5]!.label).toBe('screens.dashboard.approvalsWaiting');
    expect(sales!.tiles[6]!.query).toMatchObject({ 'filter[status]': 'issued', 'from[expiryDate]': TODAY, 'to[expiryDate]': '2026-07-17' });
    expect(sections('Responsabile commerciale', { isSalesman: true })[0]!.tiles[5]!.label).toBe('screens.dashboard.approvalsToGive');
  });

  it('a planner: overdue deadlines, the interventions to schedule this week and the customers\' service requests to confirm', () => {
    const [planning] = sections('Pianificatore');
    expect(planning!.tiles.map((tile) => [tile.id, tile.query])).toEqual([
      ['deadlinesOverdue', { 'filter[due]': 'expired', sort: 'deadlineDate' }],
      ['toScheduleThisWeek', { 'filter[state]': 'open,postponed', 'from[plannedStartDateTime]': '2026-06-15', 'to[plannedStartDateTime]': '2026-06-21', sort: 'plannedStartDateTime' }],
      ['serviceRequestsNew', { 'filter[status]': 'submitted' }],
    ]);
    expect(tileHref(planning!.tiles[2]!)).toBe('/planning/serviceRequests?filter[status]=submitted');
  });

  it('a technician: their interventions today; an administrator: users and roles changed in the last 7 days', () => {
    expect(sections('Manutentore', { isMainteiner: true }).map((s) => [s.id, s.tiles.map((t) => t.query)])).toEqual([
      ['field', [{ 'filter[operatorIds]': 'u1', 'filter[state]': 'open,scheduled,running,paused', 'from[plannedStartDateTime]': TODAY, 'to[plannedStartDateTime]': TODAY, sort: 'plannedStartDateTime' }]],
    ]);
    const [admin, ...others] = sections('Amministratore');
    expect(others).toEqual([]);
    expect(admin!.tiles.map((t) => tileHref(t))).toEqual([
      '/users?from[lastUpdatedDateTime]=2026-06-10&sort=-lastUpdatedDateTime',
      '/roles?from[lastUpdatedDateTime]=2026-06-10&sort=-lastUpdatedDateTime',
    ]);
  });

  it('leaves out tiles the user may not read, and then empty sections', () => {
    expect(sections('Esterno', { isSalesman: true })).toEqual([]);
  });
});

describe('a tile’s figure', () => {
  const intl = createIntl({ locale: 'it', messages: { 'screens.dashboard.about': 'circa {count}', 'screens.dashboard.moreThan': 'più di {count}' } });
  it('is exact when counted, «più di» at the limit, «circa» an estimate above it', () => {
    expect(figureText(intl, 987, false, 1000)).toBe('987');
    expect(figureText(intl, 1001, true, 1000)).toBe('più di 1000');
    expect(figureText(intl, 12400, true, 1000)).toBe('circa 12.400');
  });
});
