/**
 * The deadline engine's course rules (issue 12 "Refresher deadlines come from the deadline
 * engine"): a passed course is valid for the course's `validityYears` (the periods of the
 * Accordo Stato-Regioni of 17 April 2025 live on each course as data, see the seed), counted from
 * the last day of the edition. It is then renewed by its update course (the course whose
 * `baseCourseId` names it), or by the same course when it has none; an update course renews its
 * base's line too. The latest passed course of a line decides the next refresher.
 */
import { addMonths, daysBetween } from './calendar.ts';
import { EXPIRING_WITHIN_DAYS } from './deadline-window.ts';

/** What the rules read of a course. */
export interface CourseRuleFacts {
  id: string;
  validityYears?: number | undefined;
  /** Set on an update course: the base course it renews. */
  baseCourseId?: string | null | undefined;
}

/** One course attended by an employee, as an edition recorded it. */
export interface AttendedCourse {
  courseId: string;
  editionId: string;
  /** The edition's last day: validity counts from it. */
  completedOn: string;
  outcome?: 'passed' | 'failed' | null | undefined;
  certificateMediaId?: string | null | undefined;
}

/** A refresher is "expiring" this many days ahead: the deadlines' own "in scadenza" window. */
export const REFRESHER_WARNING_DAYS = EXPIRING_WITHIN_DAYS;

export type RefresherStatus = 'valid' | 'expiring' | 'expired';

export interface Refresher {
  /** The day the training must be renewed by. */
  dueDate: string;
  /** The course to attend to renew it. */
  refresherCourseId: string;
  status: RefresherStatus;
}

/** The norm of a course's refresher when the course names none: art. 37 D.Lgs. 81/2008 and the agreement of 17/04/2025. */
export const DEFAULT_REFRESHER_NORM = {
  norm: 'Accordo Stato-Regioni',
  edition: '17/04/2025',
  source: 'Conferenza permanente Stato-Regioni, Accordo 17/04/2025, Rep. Atti n. 59/CSR; D.Lgs. 9 aprile 2008 n. 81, art. 37',
} as const;

/** The rule a refresher deadline carries (as an equipment's deadline carries its maintenance rule). */
export interface RefresherRule {
  kind: 'aggiornamentoFormativo';
  months: number;
  from: 'lastExecution';
  norm: string;
  edition: string;
}

/** A course's refresher rule: its validity in months from the last day of the edition, with its norm; null when it never expires. */
export function refresherRuleOf(course: CourseRuleFacts & { refresherNorm?: { norm: string; edition: string } | undefined }): RefresherRule | null {
  if (!course.validityYears || course.validityYears <= 0) return null;
  const { norm, edition } = course.refresherNorm ?? DEFAULT_REFRESHER_NORM;
  return { kind: 'aggiornamentoFormativo', months: course.validityYears * 12, from: 'lastExecution', norm, edition };
}

/** The base of a course's line: the base course of an update course, else the course itself. */
export function courseLine(course: CourseRuleFacts): string {
  return course.baseCourseId ?? course.id;
}

/** The update course that renews a line (the first by id, for a stable answer), or the base course itself. */
export function refresherCourseOf(lineId: string, courses: readonly CourseRuleFacts[]): string {
  const updates = courses.filter((course) => course.baseCourseId === lineId).map((course) => course.id).sort();
  return updates[0] ?? lineId;
}

/** The day a course passed on `completedOn` must be renewed by, or null when it never expires. */
export function refresherDueDate(course: CourseRuleFacts, completedOn: string): string | null {
  if (!course.validityYears || course.validityYears <= 0) return null;
  return addMonths(completedOn, course.validityYears * 12);
}

export function refresherStatus(dueDate: string, today: string): RefresherStatus {
  const days = daysBetween(today, dueDate);
  if (days < 0) return 'expired';
  return days <= REFRESHER_WARNING_DAYS ? 'expiring' : 'valid';
}

export interface TrainingRecordRow extends AttendedCourse {
  /** The next refresher, on the latest passed course of its line only (older ones are superseded). */
  refresher: Refresher | null;
  /** A newer passed course of the same line renewed this one. */
  superseded: boolean;
}

/**
 * An employee's training record: the courses attended, newest first, with the next refresher on
 * the latest passed course of each line. Courses the rules do not know are listed without one.
 */
export function trainingRecord(attended: readonly AttendedCourse[], courses: readonly CourseRuleFacts[], today: string): TrainingRecordRow[] {
  const byId = new Map(courses.map((course) => [course.id, course]));
  const sorted = [...attended].sort((a, b) => b.completedOn.localeCompare(a.completedOn) || a.editionId.localeCompare(b.editionId));
  const linesDone = new Set<string>();
  return sorted.map((row) => {
    const course = byId.get(row.courseId);
    if (!course || row.outcome !== 'passed') return { ...row, refresher: null, superseded: false };
    const line = courseLine(course);
    if (linesDone.has(line)) return { ...row, refresher: null, superseded: true };
    linesDone.add(line);
    const dueDate = refresherDueDate(course, row.completedOn);
    return {
      ...row,
      refresher: dueDate ? { dueDate, refresherCourseId: refresherCourseOf(line, courses), status: refresherStatus(dueDate, today) } : null,
      superseded: false,
    };
  });
}
