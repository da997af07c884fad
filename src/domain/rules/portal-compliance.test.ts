import { describe, expect, it } from 'vitest';
import { dueByMonth, portalComplianceState } from './portal-compliance.ts';

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

describe('dueByMonth', () => {
  it('counts the next 12 months from the current one and leaves out the past and the far future', () => {
    const months = dueByMonth(['2026-11-30', '2026-11-01', '2026-11-27', '2027-10-31', '2027-11-01', null, '2026-12-05'], '2026-11-28');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2026-11-01', count: 1 });
    expect(months[1]).toEqual({ month: '2026-12-01', count: 1 });
    expect(months[11]).toEqual({ month: '2027-10-01', count: 1 });
    expect(months.reduce((sum, m) => sum + m.count, 0)).toBe(3);
  });
});
