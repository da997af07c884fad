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
