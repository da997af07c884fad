import { describe, expect, it } from 'vitest';
import { attendedCourses, complianceMatrix, complianceSummary, employeeCompliance } from './training-compliance.ts';
import type { CourseRuleFacts } from './training-refreshers.ts';

const courses: CourseRuleFacts[] = [
  { id: 'gen' },
  { id: 'ai-l1', validityYears: 5 },
  { id: 'ai-l2', validityYears: 5 },
  { id: 'agg-ai-l2', validityYears: 5, baseCourseId: 'ai-l2' },
  { id: 'ps-bc', validityYears: 3 },
  { id: 'ps-a', validityYears: 3 },
];
const fireWarden = { id: 'ai', requirements: [{ courseIds: ['ai-l2'], norm: 'D.M. 2/9/2021, all. III' }] };
const firstAid = { id: 'ps', requirements: [{ courseIds: ['ps-bc', 'ps-a'], norm: 'D.M. 388/2003, art. 3' }, { courseIds: ['gen'], norm: 'Art. 37 D.Lgs. 81/2008' }] };
const today = '2026-11-26';

describe('safety-role compliance', () => {
  it('tells a required course never passed missing, and plans the first course of the requirement', () => {
    const rows = employeeCompliance([firstAid], [{ courseId: 'ps-a', editionId: 'e1', completedOn: '2026-01-10', outcome: 'failed' }], courses, today);
    expect(rows.map((r) => [r.status, r.validUntil, r.nextCourseId])).toEqual([['missing', null, 'ps-bc'], ['missing', null, 'gen']]);
  });

  it('accepts any course of the requirement and keeps the one valid longest', () => {
    const rows = employeeCompliance([firstAid], [
      { courseId: 'ps-bc', editionId: 'old', completedOn: '2022-05-01', outcome: 'passed' },
      { courseId: 'ps-a', editionId: 'new', completedOn: '2025-03-01', outcome: 'passed' },
      { courseId: 'gen', editionId: 'g', completedOn: '2015-01-01', outcome: 'passed' },
    ], courses, today);
    expect(rows[0]).toMatchObject({ status: 'valid', validUntil: '2028-03-01', courseId: 'ps-a', editionId: 'new', norm: 'D.M. 388/2003, art. 3' });
    // A course without validity never expires.
    expect(rows[1]).toMatchObject({ status: 'valid', validUntil: null, courseId: 'gen' });
  });

  it('counts an update course for its base course, and renews with the update course', () => {
    const rows = employeeCompliance([fireWarden], [
      { courseId: 'ai-l2', editionId: 'base', completedOn: '2016-03-10', outcome: 'passed' },
      { courseId: 'agg-ai-l2', editionId: 'upd', completedOn: '2021-12-20', outcome: 'passed' },
    ], courses, today);
    expect(rows).toEqual([expect.objectContaining({ status: 'expiring', validUntil: '2026-12-20', courseId: 'agg-ai-l2', nextCourseId: 'agg-ai-l2' })]);
  });

  it('tells expired and expiring apart at the worklist’s 30 days', () => {
    const passedOn = (completedOn: string) => employeeCompliance([fireWarden], [{ courseId: 'ai-l2', editionId: 'e', completedOn, outcome: 'passed' }], courses, today)[0]!;
    expect(passedOn('2021-11-25').status).toBe('expired');
    expect(passedOn('2021-11-26').status).toBe('expiring');
    expect(passedOn('2021-12-26').status).toBe('expiring');
    expect(passedOn('2021-12-27').status).toBe('valid');
    // A different level is not the one required.
    expect(employeeCompliance([fireWarden], [{ courseId: 'ai-l1', editionId: 'e', completedOn: '2026-01-01', outcome: 'passed' }], courses, today)[0]!.status).toBe('missing');
  });

  it('sums the rows by status', () => {
    expect(complianceSummary([{ status: 'missing' }, { status: 'expiring' }, { status: 'missing' }, { status: 'valid' }])).toEqual({ required: 4, valid: 1, expiring: 1, expired: 0, missing: 2 });
  });

  it('reads the courses attended from the editions: outcomes once closed, never a cancelled edition', () => {
    const participants = [{ employeeId: 'me', outcome: 'passed' as const }, { employeeId: 'other', outcome: 'passed' as const }];
    const attended = attendedCourses([
      { id: 'closed', courseId: 'ai-l2', endDate: '2026-01-10', state: 'closed', participants },
      { id: 'running', courseId: 'ps-a', endDate: '2026-12-01', state: 'in-progress', participants },
      { id: 'cancelled', courseId: 'gen', endDate: '2026-02-01', state: 'cancelled', participants },
      { id: 'elsewhere', courseId: 'gen', endDate: '2026-02-01', state: 'closed', participants: [{ employeeId: 'other', outcome: 'passed' }] },
    ], 'me');
    expect(attended.map((row) => [row.editionId, row.outcome])).toEqual([['closed', 'passed'], ['running', null]]);
  });
  it('lays the employees out against every training their roles require, one column per training, empty where no role requires it', () => {
    const warden = { id: 'ai', requirements: [{ courseIds: ['ai-l2'], norm: 'D.M. 2/9/2021, all. III' }, { courseIds: ['gen'], norm: 'Art. 37 D.Lgs. 81/2008' }] };
    const aid = { id: 'ps', requirements: [{ courseIds: ['ps-a', 'ps-bc'], norm: 'D.M. 388/2003, art. 3' }, { courseIds: ['gen'], norm: 'Art. 37 D.Lgs. 81/2008' }] };
    const both = { name: 'both', rows: employeeCompliance([warden, aid], [{ courseId: 'gen', editionId: 'g', completedOn: '2020-01-01', outcome: 'passed' }], courses, today) };
    const aider = { name: 'aider', rows: employeeCompliance([firstAid], [{ courseId: 'ps-bc', editionId: 'p', completedOn: '2023-12-01', outcome: 'passed' }], courses, today) };
    const matrix = complianceMatrix([both, aider]);
    // The same training required twice (gen) or with its courses in another order (ps-a, ps-bc) is one column.
    expect(matrix.columns.map((column) => [column.courseIds, column.norms])).toEqual([
      [['ai-l2'], ['D.M. 2/9/2021, all. III']],
      [['gen'], ['Art. 37 D.Lgs. 81/2008']],
      [['ps-a', 'ps-bc'], ['D.M. 388/2003, art. 3']],
    ]);
    expect(matrix.rows.map((row) => [row.employee.name, row.cells.map((cell) => cell && [cell.status, cell.validUntil, cell.roleIds])])).toEqual([
      ['both', [['missing', null, ['ai']], ['valid', null, ['ai', 'ps']], ['missing', null, ['ps']]]],
      ['aider', [null, ['missing', null, ['ps']], ['expiring', '2026-12-01', ['ps']]]],
    ]);
    // Every cell is the rule's own row: the matrix recomputes nothing.
    expect(matrix.rows[1]!.cells[2]).toMatchObject({ status: aider.rows[0]!.status, validUntil: aider.rows[0]!.validUntil, courseId: 'ps-bc' });
  });

  it('shows the most urgent status when two requirements of one employee fall in one column', () => {
    const row = (roleId: string, status: 'valid' | 'expired') => ({ roleId, requirementIndex: 0, courseIds: ['gen'], norm: '', status, validUntil: status === 'valid' ? null : '2025-01-01', courseId: 'gen', editionId: 'e', nextCourseId: 'gen' });
    const matrix = complianceMatrix([{ rows: [row('a', 'valid'), row('b', 'expired')] }]);
    expect(matrix.columns).toEqual([{ key: 'gen', courseIds: ['gen'], norms: [] }]);
    expect(matrix.rows[0]!.cells).toEqual([{ status: 'expired', validUntil: '2025-01-01', courseId: 'gen', roleIds: ['a', 'b'] }]);
  });
});
