/**
 * Course editions (issue 12 "Training"; fields our design, the SPEC names courses only): one run of
 * a course, with its dates and sessions, a room at a training site, a trainer, a capacity, the
 * participants (a customer's employees), attendance per session and, once closed, each
 * participant's outcome. Passed participants get a certificate (the `issueCertificates` action):
 * a PDF from the course-certificate template, stored as a file of the employee.
 *
 * The rules below are shared by the API and the form; the server adds those that need other
 * records (the room at the site, the participants employed by the customer, the room's seats).
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { courseEditionMachine, courseEditionStates } from '../machines/course-edition.ts';
import { isoDate, optionalText } from '../validation.ts';

/** `HH:MM`, 24 hours. */
const timeOfDay = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Orario non valido (hh:mm)');

/** A session's key, which attendance refers to (not a reference to another record). */
const sessionKey = () => z.string().trim().min(1).max(40);

export const courseEditionOutcomes = ['passed', 'failed'] as const;
export type CourseEditionOutcome = (typeof courseEditionOutcomes)[number];

export const courseEditionOutcomeLabels: Record<CourseEditionOutcome, string> = { passed: 'Superato', failed: 'Non superato' };

export const courseEditionSession = z.strictObject({
  /** Stable key of the session, which attendance refers to; the server gives one to a session without it. */
  id: sessionKey().optional(),
  date: isoDate(),
  startTime: timeOfDay(),
  endTime: timeOfDay(),
  notes: optionalText(500),
});
export type CourseEditionSession = z.infer<typeof courseEditionSession>;

export const courseEditionParticipant = z.strictObject({
  employeeId: z.uuid(),
  /** The sessions the participant attended (their ids): a set. */
  presentSessionIds: z.array(sessionKey()).max(200).default([]).transform((ids) => [...new Set(ids)]),
  /** Recorded once the edition is closed. */
  outcome: z.enum(courseEditionOutcomes).nullable().optional(),
  /** The certificate issued to the participant (a media row of the employee), set by `issueCertificates`. */
  certificateMediaId: z.uuid().nullable().optional(),
});
export type CourseEditionParticipant = z.infer<typeof courseEditionParticipant>;

export const courseEditionAttributes = z.strictObject({
  /** ED-2026-00001, given by the server when absent. */
  code: optionalText(50),
  state: z.enum(courseEditionStates).default('planned'),
  startDate: isoDate(),
  endDate: isoDate(),
  capacity: z.number().int().min(1, 'La capienza deve essere almeno 1').max(1000),
  sessions: z.array(courseEditionSession).max(200).default([]),
  participants: z.array(courseEditionParticipant).max(1000).default([]),
  notes: optionalText(2000),
});
export type CourseEditionAttributes = z.infer<typeof courseEditionAttributes>;

export const courseEditionRelationships = z.strictObject({
  courseId: z.uuid(),
  /** The customer whose employees attend (absent for an edition open to several customers). */
  customerId: z.uuid().nullable().optional(),
  trainingSiteId: z.uuid().nullable().optional(),
  /** A room of that training site. */
  trainingRoomId: z.uuid().nullable().optional(),
  /** The trainer, one of the users. */
  trainerId: z.uuid().nullable().optional(),
});

/** The Italian texts of the edition rules (the API's field errors and the form's). */
export const courseEditionMessages = {
  endBeforeStart: 'La fine dell’edizione non può precedere l’inizio',
  overCapacity: (count: number, capacity: number) => `I partecipanti (${count}) superano la capienza dell’edizione (${capacity})`,
  sessionOutside: 'La sessione deve cadere tra l’inizio e la fine dell’edizione',
  sessionEndBeforeStart: 'L’orario di fine della sessione deve seguire quello di inizio',
  sessionDuplicate: 'Sessione ripetuta: stessa data e stesso orario di un’altra',
  participantTwice: 'Dipendente già iscritto all’edizione',
  unknownSession: 'Presenza registrata per una sessione che non esiste',
  outcomeBeforeClosing: 'L’esito si registra solo a edizione chiusa',
  attendanceWhilePlanned: 'Le presenze si registrano a edizione avviata',
  certificateWithoutPass: 'Solo chi ha superato il corso riceve l’attestato',
} as const;

type CourseEditionShape = EntityShape & { attributes: CourseEditionAttributes };

/** The edition's own rules: dates, sessions within them, capacity, attendance and outcomes as the state allows. */
export function courseEditionIssues(attributes: CourseEditionAttributes): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const { startDate, endDate, capacity, state } = attributes;
  const sessions = attributes.sessions ?? [];
  const participants = attributes.participants ?? [];
  const issue = (path: PropertyKey[], code: string, message: string) => issues.push({ path: ['attributes', ...path], code, message });
  if (startDate && endDate && endDate < startDate) issue(['endDate'], 'endBeforeStart', courseEditionMessages.endBeforeStart);
  if (participants.length > capacity) issue(['participants'], 'overCapacity', courseEditionMessages.overCapacity(participants.length, capacity));
  const seen = new Set<string>();
  sessions.forEach((session, index) => {
    if ((startDate && session.date < startDate) || (endDate && session.date > endDate)) issue(['sessions', index, 'date'], 'sessionOutside', courseEditionMessages.sessionOutside);
    if (session.endTime <= session.startTime) issue(['sessions', index, 'endTime'], 'sessionEndBeforeStart', courseEditionMessages.sessionEndBeforeStart);
    const key = `${session.date} ${session.startTime}`;
    if (seen.has(key)) issue(['sessions', index, 'startTime'], 'sessionDuplicate', courseEditionMessages.sessionDuplicate);
    seen.add(key);
  });
  const sessionIds = new Set(sessions.map((session) => session.id).filter(Boolean));
  const employees = new Set<string>();
  participants.forEach((participant, index) => {
    if (employees.has(participant.employeeId)) issue(['participants', index, 'employeeId'], 'participantTwice', courseEditionMessages.participantTwice);
    employees.add(participant.employeeId);
    const present = participant.presentSessionIds ?? [];
    if (present.some((id) => !sessionIds.has(id))) issue(['participants', index, 'presentSessionIds'], 'unknownSession', courseEditionMessages.unknownSession);
    else if (present.length > 0 && state === 'planned') issue(['participants', index, 'presentSessionIds'], 'attendanceWhilePlanned', courseEditionMessages.attendanceWhilePlanned);
    if (participant.outcome && state !== 'closed') issue(['participants', index, 'outcome'], 'outcomeBeforeClosing', courseEditionMessages.outcomeBeforeClosing);
    if (participant.certificateMediaId && participant.outcome !== 'passed') issue(['participants', index, 'certificateMediaId'], 'certificateWithoutPass', courseEditionMessages.certificateWithoutPass);
  });
  return issues;
}

/** The participants who passed: they get a certificate. */
export function passedParticipants(attributes: Pick<CourseEditionAttributes, 'participants'>): CourseEditionParticipant[] {
  return (attributes.participants ?? []).filter((participant) => participant.outcome === 'passed');
}

export const courseEditions = defineKind({
  type: 'courseEditions',
  subject: 'course',
  label: { singular: 'Edizione del corso', plural: 'Edizioni dei corsi' },
  // Training is the `edu` module's, and an edition is read where its course is.
  module: 'edu',
  readThrough: [{ path: 'relationships.courseId', target: 'courses' }],
  attributes: courseEditionAttributes,
  metadata: z.strictObject({}),
  relationships: courseEditionRelationships,
  fields: {
    code: { path: 'attributes.code', type: 'text', sortable: true },
    state: { path: 'attributes.state', type: 'text', sortable: true },
    startDate: { path: 'attributes.startDate', type: 'date', sortable: true, range: true },
    endDate: { path: 'attributes.endDate', type: 'date', sortable: true, range: true },
    capacity: { path: 'attributes.capacity', type: 'number', sortable: true, range: true },
    courseId: { path: 'relationships.courseId', type: 'uuid' },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
    trainingSiteId: { path: 'relationships.trainingSiteId', type: 'uuid' },
    trainingRoomId: { path: 'relationships.trainingRoomId', type: 'uuid' },
    trainerId: { path: 'relationships.trainerId', type: 'uuid' },
    participantIds: { path: 'metadata.participantIds', type: 'uuidArray' },
  },
  fullText: ['attributes.code', 'attributes.notes'],
  defaultOrder: ['-startDate'],
  references: {
    'relationships.courseId': { target: 'courses' },
    'relationships.customerId': { target: 'customers' },
    'relationships.trainingSiteId': { target: 'trainingSites' },
    'relationships.trainingRoomId': { target: 'trainingRooms' },
    'relationships.trainerId': { target: 'users' },
    'attributes.participants[].employeeId': { target: 'employees', gatheredIn: 'metadata.participantIds' },
    'attributes.participants[].certificateMediaId': { target: 'media' },
  },
  /** The employees enrolled, gathered for `filter[participantIds]` (an employee's training record). */
  derivedMetadata: (entity) => ({
    participantIds: [...new Set(((entity as CourseEditionShape).attributes.participants ?? []).map((participant) => participant.employeeId))],
  }),
  machine: courseEditionMachine,
  rules: (entity) => courseEditionIssues((entity as CourseEditionShape).attributes),
  // Once closed only outcomes (and notes) change, which the server narrows further; a cancelled edition is frozen.
  stateLock: { editableStates: ['planned', 'in-progress'], alwaysEditable: ['attributes.participants', 'attributes.notes'] },
  actions: {
    issueCertificates: {
      label: 'Emetti gli attestati',
      ability: 'update',
      key: 'b',
      states: ['closed'],
    },
  },
  title: (entity) => {
    const { code, startDate } = (entity as CourseEditionShape).attributes;
    const day = typeof startDate === 'string' ? startDate.split('-').reverse().join('/') : '';
    return [code, day && `dal ${day}`].filter(Boolean).join(' ') || 'Nuova edizione';
  },
});
