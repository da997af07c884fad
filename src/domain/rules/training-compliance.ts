/**
 * Safety-role compliance (issue 12 "the courses each role requires, and which ones are missing or
 * expiring"): for an employee with their safety roles and the courses they passed, each training
 * a role requires (`safetyRoles.attributes.requirements`, with its norm) is valid until a day,
 * expiring (within the deadlines' "in scadenza" window), expired, or missing. Validity is the
 * deadline engine's course rule (`training-refreshers.ts`): the course's validity years from the
 * edition's last day; an update course renews its base course's line.
 */
import { courseLine, refresherCourseOf, refresherDueDate, type AttendedCourse, type CourseRuleFacts } from './training-refreshers.ts';
import { daysBetween } from './calendar.ts';
import { EXPIRING_WITHIN_DAYS } from './deadline-window.ts';

export const complianceStatuses = ['valid', 'expiring', 'expired', 'missing'] as const;
export type ComplianceStatus = (typeof complianceStatuses)[number];

/** What the rule reads of a safety role. */
export interface SafetyRoleFacts {
  id: string;
  requirements: readonly { courseIds: readonly string[]; norm: string }[];
}

export interface ComplianceRow {
  roleId: string;
  /** The requirement's place in its role's list. */
  requirementIndex: number;
  /** The courses that satisfy it, the one to plan first. */
  courseIds: readonly string[];
  norm: string;
  status: ComplianceStatus;
  /** Until when the training holds; null when missing or when the course never expires. */
  validUntil: string | null;
  /** The passed course that satisfies it, and its edition. */
  courseId: string | null;
  editionId: string | null;
  /** The course to attend next: the refresher of the line held, or the first required course when missing. */
  nextCourseId: string;
}

export interface ComplianceSummary {
  required: number;
  valid: number;
  expiring: number;
  expired: number;
  missing: number;
}

function statusOf(validUntil: string | null, today: string): Exclude<ComplianceStatus, 'missing'> {
  if (validUntil === null) return 'valid';
  const days = daysBetween(today, validUntil);
  if (days < 0) return 'expired';
  return days <= EXPIRING_WITHIN_DAYS ? 'expiring' : 'valid';
}

/** Later validity wins; a course that never expires beats any date. */
const laterValidity = (a: string | null, b: string | null) => (a === null ? true : b === null ? false : a > b);

/**
 * Per role, per required training: the passed course that holds longest among those of the
 * accepted lines. Roles and requirements keep their order; the same training required by two
 * roles is told under each.
 */
export function employeeCompliance(roles: readonly SafetyRoleFacts[], attended: readonly AttendedCourse[], courses: readonly CourseRuleFacts[], today: string): ComplianceRow[] {
  const byId = new Map(courses.map((course) => [course.id, course]));
  const lineOf = (courseId: string) => {
    const course = byId.get(courseId);
    return course ? courseLine(course) : courseId;
  };
  const passed = attended.filter((row) => row.outcome === 'passed');
  return roles.flatMap((role) => role.requirements.map((requirement, requirementIndex) => {
    const lines = new Set(requirement.courseIds.map(lineOf));
    let best: { row: AttendedCourse; validUntil: string | null } | undefined;
    for (const row of passed) {
      const course = byId.get(row.courseId);
      if (!course || !lines.has(courseLine(course))) continue;
      const validUntil = refresherDueDate(course, row.completedOn);
      if (!best || laterValidity(validUntil, best.validUntil) || (validUntil === best.validUntil && row.completedOn > best.row.completedOn)) best = { row, validUntil };
    }
    const first = requirement.courseIds[0] ?? '';
    if (!best) {
      return { roleId: role.id, requirementIndex, courseIds: requirement.courseIds, norm: requirement.norm, status: 'missing', validUntil: null, courseId: null, editionId: null, nextCourseId: first } satisfies ComplianceRow;
    }
    const held = byId.get(best.row.courseId);
    return {
      roleId: role.id,
      requirementIndex,
      courseIds: requirement.courseIds,
      norm: requirement.norm,
      status: statusOf(best.validUntil, today),
      validUntil: best.validUntil,
      courseId: best.row.courseId,
      editionId: best.row.editionId,
      nextCourseId: held ? refresherCourseOf(courseLine(held), courses) : first,
    } satisfies ComplianceRow;
  }));
}

export function complianceSummary(rows: readonly Pick<ComplianceRow, 'status'>[]): ComplianceSummary {
  const summary: ComplianceSummary = { required: rows.length, valid: 0, expiring: 0, expired: 0, missing: 0 };
  for (const row of rows) summary[row.status] += 1;
  return summary;
}

/** Most urgent first: what a merged matrix cell shows when two roles require the same training. */
const urgency: Record<ComplianceStatus, number> = { missing: 0, expired: 1, expiring: 2, valid: 3 };

/** A column of the compliance matrix: one required training (any one of its courses), with the norms that require it. */
export interface ComplianceMatrixColumn {
  /** The course set, order aside: the same training required by two roles is one column. */
  key: string;
  courseIds: readonly string[];
  norms: string[];
}

/** A cell: the employee's status on that training, or null when none of their roles requires it. */
export interface ComplianceMatrixCell {
  status: ComplianceStatus;
  validUntil: string | null;
  courseId: string | null;
  roleIds: string[];
}

/**
 * The employee × required training matrix (a customer's training at a glance), read from the rows
 * `employeeCompliance` computed for each employee, never recomputed: the columns are every training
 * any employee's roles require, in order of first appearance; a training required by two roles of
 * one employee shows its most urgent status (they agree, as the rule reads the same courses).
 */
export function complianceMatrix<E extends { rows: readonly ComplianceRow[] }>(employees: readonly E[]): { columns: ComplianceMatrixColumn[]; rows: { employee: E; cells: (ComplianceMatrixCell | null)[] }[] } {
  const keyOf = (row: ComplianceRow) => [...new Set(row.courseIds)].sort().join(' ');
  const columns = new Map<string, ComplianceMatrixColumn>();
  for (const row of employees.flatMap((employee) => employee.rows)) {
    const column = columns.get(keyOf(row)) ?? { key: keyOf(row), courseIds: row.courseIds, norms: [] };
    if (row.norm && !column.norms.includes(row.norm)) column.norms.push(row.norm);
    columns.set(column.key, column);
  }
  const order = [...columns.keys()];
  return {
    columns: [...columns.values()],
    rows: employees.map((employee) => {
      const cells: (ComplianceMatrixCell | null)[] = order.map(() => null);
      for (const row of employee.rows) {
        const index = order.indexOf(keyOf(row));
        const cell = cells[index];
        if (!cell) cells[index] = { status: row.status, validUntil: row.validUntil, courseId: row.courseId, roleIds: [row.roleId] };
        else {
          if (!cell.roleIds.includes(row.roleId)) cell.roleIds.push(row.roleId);
          if (urgency[row.status] < urgency[cell.status]) Object.assign(cell, { status: row.status, validUntil: row.validUntil, courseId: row.courseId });
        }
      }
      return { employee, cells };
    }),
  };
}

/** What the rule reads of a course edition. */
export interface EditionFacts {
  id: string;
  courseId: string;
  endDate: string;
  state: string;
  participants: readonly { employeeId: string; outcome?: 'passed' | 'failed' | null | undefined; certificateMediaId?: string | null | undefined }[];
}

/** The courses an employee attended, from the editions: a cancelled one does not count, an outcome only once closed. */
export function attendedCourses(editions: readonly EditionFacts[], employeeId: string): AttendedCourse[] {
  return editions.flatMap((edition) => {
    const me = edition.participants.find((participant) => participant.employeeId === employeeId);
    if (!me || edition.state === 'cancelled') return [];
    return [{
      courseId: edition.courseId,
      editionId: edition.id,
      completedOn: edition.endDate,
      outcome: edition.state === 'closed' ? me.outcome ?? null : null,
      certificateMediaId: me.certificateMediaId ?? null,
    }];
  });
}
