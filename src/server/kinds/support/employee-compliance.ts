/**
 * Safety-role compliance (issue 12), read-only and computed on read like a customer's figures:
 * - `GET /api/employees/{id}/compliance`: per safety role of the employee, each training it requires
 *   (with its norm), valid until a day, expiring, expired or missing;
 * - `GET /api/customers/{id}/compliance`: the same for every employee of the customer who holds a
 *   safety role, with the counts per status (the customer page's badges, the training plan screen);
 * - `GET /api/employees/{id}/training`: the employee's training record (courses attended, outcome,
 *   certificate, next refresher), with no right on course editions needed.
 * The rule is the domain's (`rules/training-compliance.ts`); here: ability first (whoever may read
 * the employee or the customer), then the rows the rule reads.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Entity } from '../../../domain/entity.ts';
import type { CourseEditionParticipant } from '../../../domain/entities/course-editions.ts';
import type { SafetyRoleRequirement } from '../../../domain/entities/reference-tables.ts';
import { attendedCourses, complianceSummary, employeeCompliance, type ComplianceRow, type ComplianceSummary, type EditionFacts, type SafetyRoleFacts } from '../../../domain/rules/training-compliance.ts';
import { trainingRecord, type CourseRuleFacts, type TrainingRecordRow } from '../../../domain/rules/training-refreshers.ts';
import type { CallContext, EntityService } from '../../resources/service.ts';
import { Problem } from '../../http/problems.ts';
import { moduleNotAllowedText } from '../../../domain/module-labels.ts';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export interface ComplianceAnswerRow extends ComplianceRow {
  roleCode: string;
  roleName: string;
}

export interface EmployeeComplianceAnswer {
  employeeId: string;
  employeeName: string;
  safetyRoleIds: string[];
  rows: ComplianceAnswerRow[];
  summary: ComplianceSummary;
}

/** Code and title of the courses named in the answers (the client shows them without reading the catalogue). */
export type CourseTitles = Record<string, { code: string; title: string }>;

/** What the rule needs, read once for a set of employees (repository reads only). */
async function complianceFacts(service: EntityService, employees: readonly Entity[]) {
  const roleIds = [...new Set(employees.flatMap((employee) => (employee.relationships.safetyRoleIds as string[] | undefined) ?? []))];
  const [roles, editions, courses] = await Promise.all([
    service.repository(service.kind('safetyRoles')).findByIds(roleIds),
    service.repository(service.kind('courseEditions')).listHoldingAny('participantIds', employees.map((employee) => employee.id)),
    service.repository(service.kind('courses')).listAll(),
  ]);
  const courseFacts: CourseRuleFacts[] = courses.map((course) => ({
    id: course.id,
    validityYears: typeof course.attributes.validityYears === 'number' ? course.attributes.validityYears : undefined,
    baseCourseId: typeof course.relationships.baseCourseId === 'string' ? course.relationships.baseCourseId : null,
  }));
  const editionFacts: EditionFacts[] = editions.map((edition) => ({
    id: edition.id,
    courseId: str(edition.relationships.courseId),
    endDate: str(edition.attributes.endDate),
    state: str(edition.attributes.state),
    participants: (edition.attributes.participants as CourseEditionParticipant[] | undefined) ?? [],
  }));
  const titles: CourseTitles = Object.fromEntries(courses.map((course) => [course.id, { code: str(course.attributes.code), title: str(course.attributes.title) }]));
  return { roles, courseFacts, editionFacts, titles };
}

function answerFor(employee: Entity, facts: Awaited<ReturnType<typeof complianceFacts>>, today: string): EmployeeComplianceAnswer {
  const safetyRoleIds = (employee.relationships.safetyRoleIds as string[] | undefined) ?? [];
  // A deleted role no longer requires anything.
  const held = safetyRoleIds.map((id) => facts.roles.get(id)).filter((role): role is Entity => role !== undefined && !role.metadata.isDeleted);
  const roleFacts: SafetyRoleFacts[] = held.map((role) => ({ id: role.id, requirements: (role.attributes.requirements as SafetyRoleRequirement[] | undefined) ?? [] }));
  const rows = employeeCompliance(roleFacts, attendedCourses(facts.editionFacts, employee.id), facts.courseFacts, today);
  const byRole = new Map(held.map((role) => [role.id, role]));
  return {
    employeeId: employee.id,
    employeeName: `${str(employee.attributes.lastName)} ${str(employee.attributes.firstName)}`.trim(),
    safetyRoleIds,
    rows: rows.map((row) => ({ ...row, roleCode: str(byRole.get(row.roleId)?.attributes.code), roleName: str(byRole.get(row.roleId)?.attributes.name) })),
    summary: complianceSummary(rows),
  };
}

/** Only the course titles an answer names. */
function titlesOf(titles: CourseTitles, answers: readonly EmployeeComplianceAnswer[]): CourseTitles {
  const ids = new Set(answers.flatMap((answer) => answer.rows.flatMap((row) => [...row.courseIds, row.nextCourseId, ...(row.courseId ? [row.courseId] : [])])));
  return Object.fromEntries([...ids].filter((id) => titles[id]).map((id) => [id, titles[id]!]));
}

/** Training compliance is the `edu` module's (courses, editions, certificates): a user without it is refused. */
export function requireTraining(call: CallContext): void {
  // Named in Italian, as the client's text of the code says it (one sentence, not the generic one and this).
  if (!call.access.hasModule('edu')) throw new Problem('MODULE_NOT_ALLOWED', { message: moduleNotAllowedText('edu'), extensions: { module: 'edu' } });
}

export async function employeeComplianceOf(service: EntityService, call: CallContext, employeeId: string) {
  requireTraining(call);
  // `get` checks the ability on the row (a customer user reads only its own employees) and answers 404 for a missing one.
  const employee = await service.get('employees', employeeId, call);
  const facts = await complianceFacts(service, [employee]);
  const answer = answerFor(employee, facts, service.today());
  return { data: answer, meta: { today: service.today(), courses: titlesOf(facts.titles, [answer]) } };
}

export async function customerComplianceOf(service: EntityService, call: CallContext, customerId: string) {
  requireTraining(call);
  const customer = await service.get('customers', customerId, call);
  call.access.authorize('read', service.kind('employees'));
  const employees = (await service.repository(service.kind('employees')).listByRelationship('customerId', customer.id))
    .filter((employee) => ((employee.relationships.safetyRoleIds as string[] | undefined) ?? []).length > 0)
    .filter((employee) => call.access.can('read', service.kind('employees'), employee));
  const facts = await complianceFacts(service, employees);
  const answers = employees.map((employee) => answerFor(employee, facts, service.today())).sort((a, b) => a.employeeName.localeCompare(b.employeeName, 'it'));
  return { data: answers, meta: { today: service.today(), courses: titlesOf(facts.titles, answers) } };
}

export interface TrainingRecordAnswerRow extends TrainingRecordRow {
  editionCode: string;
  editionState: string;
}

/**
 * An employee's training record (`GET /api/employees/{id}/training`): the courses attended, newest
 * first, with outcome, certificate and next refresher, for whoever may read the employee (a customer
 * user: its own employees). Only this employee's own participation is answered, never the edition's
 * other participants, so reading it needs no right on course editions.
 */
export async function employeeTrainingOf(service: EntityService, call: CallContext, employeeId: string) {
  requireTraining(call);
  const employee = await service.get('employees', employeeId, call);
  const facts = await complianceFacts(service, [employee]);
  const editions = await service.repository(service.kind('courseEditions')).findByIds(facts.editionFacts.map((edition) => edition.id));
  const rows: TrainingRecordAnswerRow[] = trainingRecord(attendedCourses(facts.editionFacts, employee.id), facts.courseFacts, service.today()).map((row) => ({
    ...row,
    editionCode: str(editions.get(row.editionId)?.attributes.code),
    editionState: str(editions.get(row.editionId)?.attributes.state),
  }));
  const ids = new Set(rows.flatMap((row) => [row.courseId, ...(row.refresher ? [row.refresher.refresherCourseId] : [])]));
  const courses = Object.fromEntries([...ids].filter((id) => facts.titles[id]).map((id) => [id, facts.titles[id]!]));
  return { data: rows, meta: { today: service.today(), courses } };
}

export function registerComplianceRoutes(app: FastifyInstance, service: EntityService, callOf: (request: FastifyRequest) => CallContext): void {
  app.get<{ Params: { id: string } }>('/api/employees/:id/compliance', async (request) => employeeComplianceOf(service, callOf(request), request.params.id));
  app.get<{ Params: { id: string } }>('/api/employees/:id/training', async (request) => employeeTrainingOf(service, callOf(request), request.params.id));
  app.get<{ Params: { id: string } }>('/api/customers/:id/compliance', async (request) => customerComplianceOf(service, callOf(request), request.params.id));
}
