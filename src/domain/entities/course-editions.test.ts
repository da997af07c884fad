import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { courseEditionMachine } from '../machines/course-edition.ts';
import { availableActions } from '../machine.ts';
import { courseEditionIssues, courseEditions, passedParticipants, type CourseEditionAttributes } from './course-editions.ts';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const E1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const E2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const E3 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

function edition(over: Partial<CourseEditionAttributes> = {}): CourseEditionAttributes {
  return {
    state: 'in-progress', startDate: '2026-11-20', endDate: '2026-11-27', capacity: 2,
    sessions: [{ id: S1, date: '2026-11-20', startTime: '09:00', endTime: '13:00' }, { id: S2, date: '2026-11-27', startTime: '14:00', endTime: '18:00' }],
    participants: [{ employeeId: E1, presentSessionIds: [S1] }, { employeeId: E2, presentSessionIds: [] }],
    ...over,
  };
}
const codes = (attributes: CourseEditionAttributes) => courseEditionIssues(attributes).map((issue) => `${issue.path.join('.')}:${issue.code}`);

describe('course edition rules', () => {
  it('accepts a consistent edition', () => {
    expect(codes(edition())).toEqual([]);
  });

  it('refuses more participants than the capacity, in Italian', () => {
    const issues = courseEditionIssues(edition({ participants: [E1, E2, E3].map((employeeId) => ({ employeeId, presentSessionIds: [] })) }));
    expect(issues).toEqual([{ path: ['attributes', 'participants'], code: 'overCapacity', message: 'I partecipanti (3) superano la capienza dell’edizione (2)' }]);
  });

  it('keeps sessions within the edition’s dates, with the end after the start', () => {
    expect(codes(edition({ sessions: [{ id: S1, date: '2026-11-28', startTime: '09:00', endTime: '08:00' }], participants: [] }))).toEqual([
      'attributes.sessions.0.date:sessionOutside', 'attributes.sessions.0.endTime:sessionEndBeforeStart',
    ]);
    expect(codes(edition({ endDate: '2026-11-19', sessions: [], participants: [] }))).toEqual(['attributes.endDate:endBeforeStart']);
  });

  it('records an outcome only once closed, and a certificate only for who passed', () => {
    const participants = [{ employeeId: E1, presentSessionIds: [S1], outcome: 'passed' as const }];
    expect(codes(edition({ participants }))).toEqual(['attributes.participants.0.outcome:outcomeBeforeClosing']);
    expect(codes(edition({ state: 'closed', participants }))).toEqual([]);
    expect(codes(edition({ state: 'closed', participants: [{ employeeId: E1, presentSessionIds: [], outcome: 'failed', certificateMediaId: S2 }] })))
      .toEqual(['attributes.participants.0.certificateMediaId:certificateWithoutPass']);
  });

  it('refuses an employee enrolled twice and attendance at an unknown session or before the start', () => {
    expect(codes(edition({ participants: [{ employeeId: E1, presentSessionIds: [] }, { employeeId: E1, presentSessionIds: [E3] }] }))).toEqual([
      'attributes.participants.1.employeeId:participantTwice', 'attributes.participants.1.presentSessionIds:unknownSession',
    ]);
    expect(codes(edition({ state: 'planned' }))).toEqual(['attributes.participants.0.presentSessionIds:attendanceWhilePlanned']);
  });

  it('is the schema’s rule too (the API and the form share it)', () => {
    const parsed = entitySchema(courseEditions).safeParse({ attributes: { ...edition(), capacity: 1 }, relationships: { courseId: E3 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toContain('I partecipanti (2) superano la capienza dell’edizione (1)');
  });

  it('lists who passed', () => {
    expect(passedParticipants({ participants: [{ employeeId: E1, presentSessionIds: [], outcome: 'passed' }, { employeeId: E2, presentSessionIds: [], outcome: 'failed' }] }).map((p) => p.employeeId)).toEqual([E1]);
  });
});

describe('course edition machine', () => {
  const entity = (attributes: Partial<CourseEditionAttributes>) => ({ attributes: { ...edition(), ...attributes }, metadata: {}, relationships: {} });

  it('starts only with sessions and participants', () => {
    const refusal = (attributes: Partial<CourseEditionAttributes>) => availableActions(courseEditionMachine, 'planned', entity(attributes), { today: '2026-11-26' }).find((a) => a.action === 'start')?.refusal?.message;
    expect(refusal({ sessions: [] })).toBe('L’edizione non ha sessioni');
    expect(refusal({ participants: [] })).toBe('L’edizione non ha partecipanti');
    expect(refusal({})).toBeUndefined();
  });

  it('closes only when no session is still ahead', () => {
    const close = (today: string) => availableActions(courseEditionMachine, 'in-progress', entity({}), { today }).find((a) => a.action === 'close')?.refusal;
    expect(close('2026-11-26')).toEqual({ code: 'EDITION_SESSIONS_AHEAD', message: 'La sessione del 27/11/2026 non si è ancora svolta' });
    expect(close('2026-11-27')).toBeNull();
  });
});
