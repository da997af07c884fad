import { describe, expect, it } from 'vitest';
import { deadlineReason, monthsAhead, monthsAheadRange, overallState, portalComplianceState, siteModuleCounts, type PortalStateCounts } from './portal-compliance.ts';

describe('portalComplianceState', () => {
  const today = '2026-03-10';
  it('is missing without a date', () => {
    expect(portalComplianceState(null, today)).toEqual({ state: 'missing' });
    expect(portalComplianceState('', today)).toEqual({ state: 'missing' });
  });
  it('is expired from the day after the deadline', () => {
    expect(portalComplianceState('2026-03-09', today)).toEqual({ state: 'expired', daysLate: 1 });
    expect(portalComplianceState('2026-03-10', today)).toEqual({ state: 'expiring', withinDays: 30, daysLeft: 0 });
  });
  it('puts an expiring deadline in the smallest band that holds it', () => {
    expect(portalComplianceState('2026-04-09', today)).toEqual({ state: 'expiring', withinDays: 30, daysLeft: 30 });
    expect(portalComplianceState('2026-04-10', today)).toEqual({ state: 'expiring', withinDays: 60, daysLeft: 31 });
    expect(portalComplianceState('2026-05-09', today)).toEqual({ state: 'expiring', withinDays: 60, daysLeft: 60 });
    expect(portalComplianceState('2026-06-08', today)).toEqual({ state: 'expiring', withinDays: 90, daysLeft: 90 });
  });
  it('is in order beyond 90 days', () => {
    expect(portalComplianceState('2026-06-09', today)).toEqual({ state: 'ok' });
  });
});

describe('siteModuleCounts', () => {
  const head = 'head-office';
  const g = (site: string | null, module: string, count: number) => ({ key: { customerLocationId: site, module }, count });
  it('splits the cumulative windows into one state per deadline, the head office under its own id', () => {
    const counts = siteModuleCounts({
      pending: [g(null, 'fire', 20), g('site-1', 'fire', 5), g(null, 'edu', 3)],
      expired: [g(null, 'fire', 2), g(null, 'edu', 1)],
      next30: [g(null, 'fire', 3), g('site-1', 'fire', 1)],
      next60: [g(null, 'fire', 4), g('site-1', 'fire', 1)],
      next90: [g(null, 'fire', 7), g('site-1', 'fire', 2)],
    }, head);
    expect(counts.get(head)?.get('fire')).toEqual({ expired: 2, within30: 3, within60: 1, within90: 3, ok: 11 });
    expect(counts.get('site-1')?.get('fire')).toEqual({ expired: 0, within30: 1, within60: 0, within90: 1, ok: 3 });
    expect(counts.get(head)?.get('edu')).toEqual({ expired: 1, within30: 0, within60: 0, within90: 0, ok: 2 });
    // Each pending deadline is in exactly one state.
    const fire = counts.get(head)!.get('fire')!;
    expect(fire.expired + fire.within30 + fire.within60 + fire.within90 + fire.ok).toBe(20);
  });
  it('is the worst state of a site: expired over expiring over in order', () => {
    const c = (over: Partial<PortalStateCounts>): PortalStateCounts => ({ expired: 0, within30: 0, within60: 0, within90: 0, ok: 0, ...over });
    expect(overallState([c({ ok: 4 }), c({ within90: 1 })])).toBe('expiring');
    expect(overallState([c({ ok: 4 }), c({ expired: 1, within30: 2 })])).toBe('expired');
    expect(overallState([c({ ok: 4 })])).toBe('ok');
    expect(overallState([])).toBe('none');
  });
});

describe('monthsAhead', () => {
  it('is today’s month and the 11 after it, the range from today to the last day of the 12th', () => {
    const months = monthsAhead('2026-11-28');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-11-01');
    expect(months[11]).toBe('2027-10-01');
    expect(monthsAheadRange('2026-11-28')).toEqual({ from: '2026-11-28', to: '2027-10-31' });
    expect(monthsAheadRange('2027-01-31').to).toBe('2027-12-31');
  });
});

describe('deadlineReason', () => {
  it('names the norm with its edition, the period and what it counts from', () => {
    expect(deadlineReason({ rule: { kind: 'revisione', norm: 'UNI 9994-1', edition: '2024', months: 60, from: 'production' } }))
      .toEqual({ kind: 'revisione', norm: 'UNI 9994-1:2024', months: 60, basis: 'production', since: null });
    expect(deadlineReason({ rule: { kind: 'controlloPeriodico', norm: 'UNI 9994-1', edition: '2013', months: 6, from: 'lastExecution' }, lastExecutionDate: '2026-05-03' }))
      .toEqual({ kind: 'controlloPeriodico', norm: 'UNI 9994-1:2013', months: 6, basis: 'lastExecution', since: '2026-05-03' });
    // Never executed: the first deadline counts from the equipment type's basis date.
    expect(deadlineReason({ rule: { kind: 'controlloPeriodico', norm: 'UNI 9994-1', edition: '2013', months: 6, from: 'lastExecution' }, lastExecutionDate: null })?.basis).toBe('typeBasis');
  });
  it('reads a training refresher as counted from the last course, its agreement by date', () => {
    expect(deadlineReason({ rule: { kind: 'aggiornamentoFormativo', norm: 'Accordo Stato-Regioni', edition: '17/04/2025', months: 60, from: 'lastExecution' }, lastExecutionDate: '2021-03-03' }))
      .toEqual({ kind: 'aggiornamentoFormativo', norm: 'Accordo Stato-Regioni del 17/04/2025', months: 60, basis: 'lastCourse', since: '2021-03-03' });
  });
  it('is null without a rule', () => {
    expect(deadlineReason({ rule: null })).toBeNull();
    expect(deadlineReason({})).toBeNull();
  });
});
