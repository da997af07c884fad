import { describe, expect, it } from 'vitest';
import { DEFAULT_REFRESHER_NORM, refresherCourseOf, refresherDueDate, refresherRuleOf, refresherStatus, trainingRecord, type CourseRuleFacts } from './training-refreshers.ts';

const base: CourseRuleFacts = { id: 'ai-l2', validityYears: 5 };
const update: CourseRuleFacts = { id: 'agg-ai-l2', validityYears: 5, baseCourseId: 'ai-l2' };
const rls: CourseRuleFacts = { id: 'rls', validityYears: 1 };
const general: CourseRuleFacts = { id: 'gen' };

describe('refresher rules of courses', () => {
  it('counts the validity years from the edition’s last day, clamping 29 February', () => {
    expect(refresherDueDate(base, '2026-11-20')).toBe('2031-11-20');
    expect(refresherDueDate(rls, '2028-02-29')).toBe('2029-02-28');
  });

  it('gives a refresher deadline the course’s norm, or the Stato-Regioni agreement when it names none', () => {
    expect(refresherRuleOf({ ...base, refresherNorm: { norm: 'D.M. 2/9/2021', edition: '2021' } })).toEqual({ kind: 'aggiornamentoFormativo', months: 60, from: 'lastExecution', norm: 'D.M. 2/9/2021', edition: '2021' });
    expect(refresherRuleOf(rls)).toMatchObject({ months: 12, norm: DEFAULT_REFRESHER_NORM.norm, edition: DEFAULT_REFRESHER_NORM.edition });
    expect(refresherRuleOf(general)).toBeNull();
  });

  it('gives no refresher to a course that never expires', () => {
    expect(refresherDueDate(general, '2026-11-20')).toBeNull();
  });

  it('renews a line with its update course, or with the course itself when there is none', () => {
    expect(refresherCourseOf('ai-l2', [base, update, rls])).toBe('agg-ai-l2');
    expect(refresherCourseOf('rls', [base, update, rls])).toBe('rls');
  });

  it('tells expired, expiring within the deadlines’ 30 days and valid apart', () => {
    expect(refresherStatus('2026-11-25', '2026-11-26')).toBe('expired');
    expect(refresherStatus('2026-12-26', '2026-11-26')).toBe('expiring');
    expect(refresherStatus('2026-12-27', '2026-11-26')).toBe('valid');
  });
});

describe('an employee’s training record', () => {
  it('puts the next refresher on the latest passed course of each line only, newest first', () => {
    const rows = trainingRecord([
      { courseId: 'ai-l2', editionId: 'e1', completedOn: '2020-03-10', outcome: 'passed' },
      { courseId: 'agg-ai-l2', editionId: 'e2', completedOn: '2025-02-01', outcome: 'passed', certificateMediaId: 'm2' },
      { courseId: 'rls', editionId: 'e3', completedOn: '2026-11-20', outcome: 'failed' },
    ], [base, update, rls], '2026-11-26');
    expect(rows.map((row) => row.editionId)).toEqual(['e3', 'e2', 'e1']);
    expect(rows[0]!.refresher).toBeNull();
    expect(rows[1]!.refresher).toEqual({ dueDate: '2030-02-01', refresherCourseId: 'agg-ai-l2', status: 'valid' });
    expect(rows[2]).toMatchObject({ refresher: null, superseded: true });
  });

  it('marks an overdue refresher expired', () => {
    const [row] = trainingRecord([{ courseId: 'rls', editionId: 'e', completedOn: '2025-10-01', outcome: 'passed' }], [rls], '2026-11-26');
    expect(row!.refresher).toEqual({ dueDate: '2026-10-01', refresherCourseId: 'rls', status: 'expired' });
  });
});
