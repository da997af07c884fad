/**
 * The workers' safety roles, and the demo customers' training history (issue 12 compliance and
 * refresher deadlines). The roles «Lavoratore – rischio basso / medio / alto» (general training plus
 * the specific training of the risk class, a higher class covering a lower one) are made here rather
 * than with the other safety roles, whose number the employees' random role draws depend on. For the
 * employees with a safety role, past closed editions of the courses their roles require, passed,
 * and the refresher deadline each one gives (module edu: some overdue, some expiring, most later),
 * while some required courses stay missing. The step comes after every other generator and draws
 * from its own generator, so the data the earlier steps make (and the e2e tests read) stays the same.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { findKind } from '../../../domain/kinds.ts';
import type { SafetyRoleRequirement } from '../../../domain/entities/reference-tables.ts';
import { addMonths } from '../../../domain/rules/calendar.ts';
import { courseLine, refresherCourseOf, refresherRuleOf, type CourseRuleFacts } from '../../../domain/rules/training-refreshers.ts';
import { EntityRepository } from '../../resources/repository.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { stateOf } from './state.ts';
import { addDays } from './util.ts';

/** Mulberry32: a small seeded generator of its own, apart from the faker the other steps share. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GENERAL = 'Art. 37 c. 1 lett. a D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025: formazione generale dei lavoratori';
const SPECIFIC = 'Art. 37 c. 1 lett. b D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025: formazione specifica per classe di rischio';

/** «Lavoratore» per risk class: the general training, and the specific one of the class or a higher one. */
function workerRoles(courseIds: ReadonlyMap<string, string>): SeedItem[] {
  const id = (code: string) => courseIds.get(code) as string;
  const classes = [
    { code: 'LAV-B', name: 'Lavoratore – rischio basso', specific: ['FORM-SPEC-B', 'FORM-SPEC-M', 'FORM-SPEC-A'] },
    { code: 'LAV-M', name: 'Lavoratore – rischio medio', specific: ['FORM-SPEC-M', 'FORM-SPEC-A'] },
    { code: 'LAV-A', name: 'Lavoratore – rischio alto', specific: ['FORM-SPEC-A'] },
  ];
  return classes.map((role) => ({
    attributes: {
      code: role.code,
      name: role.name,
      requirements: [{ courseIds: [id('FORM-GEN')], norm: GENERAL }, { courseIds: role.specific.map(id), norm: SPECIFIC }],
    },
  }));
}

/** At most this many employees get a history (those of the demo customers first). */
const MAX_EMPLOYEES = 60;

export async function seedTrainingHistory(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const random = generator(20261126);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  // A new id, random in every installation; it still takes the draws the id was once made of, so the history drawn after stays the same.
  const uuid = () => {
    for (let i = 0; i < 32; i++) random();
    return randomUUID();
  };
  const repository = (type: string) => new EntityRepository(ctx.db, findKind(type)!);
  const workers = await ctx.insert('safetyRoles', workerRoles(state.courseIds).map((role) => ({ id: uuid(), ...role })));
  // The demo customers' employees first (their users see them), then the others', in the order they were made (ids are random: they order nothing).
  const demoIds = state.demoCustomerIndexes.map((index) => state.customers[index]?.id);
  const customers = new Map(state.customers.map((customer) => [customer.id, customer]));
  const madeAt = new Map(state.customers.flatMap((customer) => customer.employeeIds).map((id, index) => [id, index]));
  const withRoles = await sql<{ id: string; customerId: string }>`SELECT id, relationships->>'customerId' AS "customerId" FROM employees
    WHERE NOT is_deleted AND jsonb_array_length(coalesce(relationships -> 'safetyRoleIds', '[]'::jsonb)) > 0`.execute(ctx.db);
  const rank = (customerId: string) => {
    const at = demoIds.indexOf(customerId);
    return at < 0 ? demoIds.length : at;
  };
  const first = withRoles.rows
    .filter((row) => madeAt.has(row.id))
    .sort((a, b) => rank(a.customerId) - rank(b.customerId) || madeAt.get(a.id)! - madeAt.get(b.id)!)
    .slice(0, MAX_EMPLOYEES)
    .map((row) => row.id);
  const found = await repository('employees').findByIds(first);
  const employees = first.flatMap((id) => {
    const employee = found.get(id);
    const customer = employee ? customers.get(String(employee.relationships.customerId)) : undefined;
    return employee && customer ? [{ employee, customer }] : [];
  });
  const chosen = employees.slice(0, MAX_EMPLOYEES);
  const roles = await repository('safetyRoles').findByIds(chosen.flatMap(({ employee }) => employee.relationships.safetyRoleIds as string[]));
  const courses = await repository('courses').listAll();
  const facts = new Map(courses.map((course) => [course.id, {
    id: course.id,
    validityYears: typeof course.attributes.validityYears === 'number' ? course.attributes.validityYears : undefined,
    baseCourseId: typeof course.relationships.baseCourseId === 'string' ? course.relationships.baseCourseId : null,
    refresherNorm: course.attributes.refresherNorm as { norm: string; edition: string } | undefined,
  } satisfies CourseRuleFacts & { refresherNorm?: { norm: string; edition: string } }]));
  const allFacts = [...facts.values()];
  const editions: SeedItem[] = [];
  const deadlines: SeedItem[] = [];
  const today = ctx.referenceDay;
  for (const { employee, customer } of chosen) {
    const lines = new Set<string>();
    const requirements = (employee.relationships.safetyRoleIds as string[]).flatMap((id) => (roles.get(id)?.attributes.requirements as SafetyRoleRequirement[] | undefined) ?? []);
    for (const requirement of requirements) {
      const course = facts.get(requirement.courseIds[0] ?? '');
      const draw = random();
      if (!course || lines.has(courseLine(course))) continue;
      lines.add(courseLine(course));
      // About one in four required courses is missing; of the others, one in five is overdue, one in ten expiring.
      if (draw < 0.25) continue;
      const drawn = draw < 0.4 ? addDays(today, -between(5, 400)) : draw < 0.48 ? addDays(today, between(1, 29)) : addDays(today, between(60, 1500));
      // A course is done before today: a short validity (a yearly update) is due within a year of a past course.
      const latest = course.validityYears ? addMonths(addDays(today, -30), 12 * course.validityYears) : drawn;
      const due = drawn < latest ? drawn : latest;
      const completedOn = course.validityYears ? addMonths(due, -12 * course.validityYears) : addDays(today, -between(30, 2000));
      const editionId = uuid();
      const sessionId = uuid();
      editions.push({
        id: editionId,
        createdDateTime: `${addDays(completedOn, -30)}T08:00:00.000Z`,
        attributes: {
          code: `ED-${completedOn.slice(0, 4)}-9${String(editions.length + 1).padStart(4, '0')}`,
          state: 'closed', startDate: completedOn, endDate: completedOn, capacity: 12,
          sessions: [{ id: sessionId, date: completedOn, startTime: '09:00', endTime: '13:00' }],
          participants: [{ employeeId: employee.id, presentSessionIds: [sessionId], outcome: 'passed' }],
          notes: 'Edizione storica (dati dimostrativi): l’attestato è agli atti del cliente.',
        },
        relationships: { courseId: course.id, customerId: customer.id },
      });
      const rule = refresherRuleOf(course);
      if (!rule) continue;
      const refresher = courses.find((row) => row.id === refresherCourseOf(courseLine(course), allFacts));
      deadlines.push({
        id: uuid(),
        createdDateTime: `${completedOn}T18:00:00.000Z`,
        attributes: { module: 'edu', deadlineDate: due, lastExecutionDate: completedOn, isExecuted: false, rule, isEnded: false },
        relationships: { customerId: customer.id, employeeId: employee.id, courseId: course.id, courseEditionId: editionId },
        extraMetadata: {
          customerName: customer.displayName,
          targetName: `${String(employee.attributes.lastName)} ${String(employee.attributes.firstName)}`,
          ...(refresher ? { activityName: `${String(refresher.attributes.code)} – ${String(refresher.attributes.title)}` } : {}),
        },
      });
    }
  }
  await ctx.insert('courseEditions', editions);
  await ctx.insert('physicalActivities', deadlines);
  return { 'ruoli dei lavoratori': workers.length, 'edizioni storiche': editions.length, 'scadenze di aggiornamento': deadlines.length };
}
