import { describe, expect, it } from 'vitest';
import { physicalActivities } from './physical-activities.ts';
import type { EntityJson } from '../../domain/entity.ts';

const row = (attributes: Record<string, unknown>) => ({ id: 'x', attributes, metadata: {}, relationships: {} }) as unknown as EntityJson;

describe('deadlines worklist rows', () => {
  it('are overdue before today, expiring within 30 days, plain later or once executed or ended', () => {
    const tone = physicalActivities.rowTone!;
    expect(tone(row({ deadlineDate: '2026-06-14' }), '2026-06-15')).toBe('overdue');
    expect(tone(row({ deadlineDate: '2026-06-15' }), '2026-06-15')).toBe('expiring');
    expect(tone(row({ deadlineDate: '2026-07-15' }), '2026-06-15')).toBe('expiring');
    expect(tone(row({ deadlineDate: '2026-07-16' }), '2026-06-15')).toBeUndefined();
    expect(tone(row({ deadlineDate: '2026-06-01', isExecuted: true }), '2026-06-15')).toBeUndefined();
    expect(tone(row({ deadlineDate: '2026-06-01', isEnded: true }), '2026-06-15')).toBeUndefined();
  });
});

describe('deadlines worklist operator filter', () => {
  const operator = physicalActivities.extraFilters!.find((f) => f.name === 'operatorId')!;

  it('picks a user among the staff allowed on the module the worklist shows, every staff member without one', () => {
    expect(operator).toMatchObject({ group: 'filter', kind: 'reference', target: 'users' });
    expect(operator.pickerFilter!({ module: 'fire' })).toEqual({ 'filter[userType]': 'siv,external', 'filter[moduleName]': 'fire' });
    expect(operator.pickerFilter!({})).toEqual({ 'filter[userType]': 'siv,external' });
  });
});

describe('deadlines worklist «Crea intervento»', () => {
  const refusal = physicalActivities.selectionRefusal!;
  const deadline = (attributes: Record<string, unknown>, relationships: Record<string, unknown>) =>
    ({ id: 'd', attributes: { deadlineDate: '2026-06-01', ...attributes }, metadata: { targetName: 'EST-1' }, relationships }) as unknown as EntityJson;

  it('is offered on a deadline still to plan, refused with the reason on one planned, executed or closed, or that no activity executes', () => {
    expect(refusal('plan', deadline({}, { activityId: 'a' }))).toBeUndefined();
    expect(refusal('plan', deadline({}, { activityId: 'a', assignmentActivityId: 'aa' }))).toMatch(/^Scadenza del 01\/06\/2026 – EST-1: già pianificata in un intervento\.$/);
    expect(refusal('plan', deadline({ isExecuted: true }, { activityId: 'a', assignmentActivityId: 'aa' }))).toMatch(/già eseguita o chiusa\.$/);
    expect(refusal('plan', deadline({ isEnded: true }, { activityId: 'a' }))).toMatch(/già eseguita o chiusa\.$/);
    expect(refusal('plan', deadline({}, {}))).toMatch(/nessuna attività la esegue\.$/);
    // Other actions are the server's to judge.
    expect(refusal('postpone', deadline({}, { activityId: 'a', assignmentActivityId: 'aa' }))).toBeUndefined();
  });
});
