/**
 * Planning: assignments in every state with activities in states that agree with them, the
 * anomalies found and the checks recorded during the work.
 */
import { sql } from 'kysely';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { anomalyDescriptions, outcomeNotes } from './italian-data.ts';
import { maintainers, stateOf, type ActivityInfo, type CustomerInfo, type OrderLink, type StaffUser } from './state.ts';
import { addDays, at, chance, everyStateThenWeighted, fastId, int, some, weighted } from './util.ts';
import { isoWeekday, mondayOf, romeInstant, worksOnModule } from '../../../domain/rules/planning.ts';

const assignmentWeights = {
  open: 12, scheduled: 16, running: 5, paused: 3, closed: 42, 'closed-with-anomalies': 8, canceled: 7, postponed: 7,
} as const;
type AssignmentState = keyof typeof assignmentWeights;
type ActivityState = 'open' | 'closed' | 'closed-with-anomalies' | 'decommissioned' | 'postponed' | 'canceled' | 'activity-substituted';

/** What the assignment's activities can be, given its state (closing closes them, cancelling cancels them…). */
const activityStateWeights: Record<AssignmentState, Partial<Record<ActivityState, number>>> = {
  open: { open: 9, postponed: 1 },
  scheduled: { open: 1 },
  running: { open: 4, closed: 4, 'closed-with-anomalies': 1, postponed: 1 },
  paused: { open: 5, closed: 4, postponed: 1 },
  closed: { closed: 18, 'activity-substituted': 1 },
  'closed-with-anomalies': { closed: 1, 'closed-with-anomalies': 1 },
  canceled: { canceled: 1 },
  postponed: { postponed: 1 },
};

/**
 * A technician's day on the planning board (issue 11 demo data): 3 to 6 interventions, the first
 * from 8:00, each after the previous one and half an hour of travel, none starting after 17:00.
 */
const FIELD_DAY = { firstStart: 8 * 60, lastStart: 17 * 60, travel: 30, minVisits: 3, maxVisits: 6 } as const;
/** Interventions under way today that the demo maintainer gets first (a technician has 3 to 6 a day). */
const DEMO_TODAY = 3;
/** Near today, one intervention lasts 1 to 2.5 hours on the board (a site visit, not a whole day). */
const VISIT_MINUTES = { min: 60, max: 150 } as const;
/** How far from today the board is full: scheduled work in the next 8 working days, done work in the last 8. */
const NEAR_WORKING_DAYS = 8;

const assignmentTitles: Record<string, string[]> = {
  fire: ['Controllo semestrale presidi antincendio', 'Manutenzione rete idranti', 'Verifica porte tagliafuoco e luci di emergenza', 'Revisione estintori'],
  equip: ['Manutenzione programmata carrelli', 'Verifica periodica attrezzature di sollevamento', 'Ispezione scaffalature', 'Manutenzione compressori'],
  edu: ['Corso addetti antincendio', 'Corso di primo soccorso', 'Formazione specifica lavoratori', 'Esercitazione di evacuazione'],
  med: ['Visite mediche periodiche', 'Sopralluogo del medico competente', 'Accertamenti audiometrici e spirometrici'],
  doc: ['Sopralluogo per aggiornamento DVR', 'Rilievi per la valutazione del rischio rumore', 'Redazione del piano di emergenza'],
};

interface Work {
  activity: ActivityInfo;
  equipmentIndex: number;
  installationIndex: number;
  employeeIds: string[];
}

export async function seedAssignments(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const operators = maintainers(state);
  const demoMaintainer = operators.find((u) => u.isDemo && u.email.startsWith('manutentore@'));
  const demoExternal = operators.find((u) => u.isDemo && u.email.startsWith('esterno@'));
  const activitiesByFamily = state.families.map((f) => f.activityIds.map((id) => state.activities.find((a) => a.id === id) as ActivityInfo));
  const installationActivities = state.activities.filter((a) => a.onInstallation);
  const peopleActivities = state.activities.filter((a) => ['edu', 'med', 'doc'].includes(a.module));
  const activityById = new Map(state.activities.map((a) => [a.id, a]));
  const table = state.equipments;

  // Customers with something to work on: equipment (fire/equip) or employees (edu/med/doc).
  const workable = state.customers
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => !c.isArchived && c.type !== 'potential' && (c.equipmentIndexes.length > 0 || c.employeeIds.length > 0 || c.installationIndexes.length > 0));

  /** The work of one assignment: activities on the customer's equipments, installations or employees. */
  const plan = (customer: CustomerInfo, count: number, preferredModule?: string, preferredActivityIds: string[] = []): { module: string; works: Work[] } => {
    const preferred = preferredActivityIds.map((id) => activityById.get(id)).filter((a): a is ActivityInfo => Boolean(a));
    const equipmentWork = customer.equipmentIndexes.length > 0 && (preferredModule === undefined || preferredModule === 'fire' || preferredModule === 'equip');
    if (equipmentWork && chance(ctx, customer.installationIndexes.length > 0 ? 0.85 : 1)) {
      const first = ctx.pick(customer.equipmentIndexes);
      const module = state.families[table.familyIndex[first] as number]!.module;
      const pool = customer.equipmentIndexes.filter((i) => state.families[table.familyIndex[i] as number]!.module === module);
      const works = some(ctx, pool, count).map((equipmentIndex) => {
        const family = table.familyIndex[equipmentIndex] as number;
        const candidates = activitiesByFamily[family] ?? [];
        const activity = candidates.find((a) => preferred.includes(a)) ?? (chance(ctx, 0.8) ? candidates[0] : ctx.pick(candidates));
        return { activity: activity as ActivityInfo, equipmentIndex, installationIndex: -1, employeeIds: [] };
      });
      return { module, works };
    }
    if (customer.installationIndexes.length > 0 && (preferredModule === undefined || preferredModule === 'fire')) {
      const works = some(ctx, customer.installationIndexes, Math.min(count, 3)).map((installationIndex) => ({
        activity: ctx.pick(installationActivities), equipmentIndex: -1, installationIndex, employeeIds: [],
      }));
      return { module: 'fire', works };
    }
    const modules: string[] = customer.modules.filter((m) => m === 'edu' || m === 'med' || m === 'doc');
    const module = preferredModule && modules.includes(preferredModule) ? preferredModule : modules.length > 0 ? ctx.pick(modules) : 'edu';
    const pool = peopleActivities.filter((a) => a.module === module);
    const works = Array.from({ length: Math.min(count, 3) }, () => ({
      activity: preferred.find((a) => a.module === module) ?? ctx.pick(pool.length > 0 ? pool : peopleActivities),
      equipmentIndex: -1,
      installationIndex: -1,
      employeeIds: some(ctx, customer.employeeIds, int(ctx, 1, 15)),
    }));
    return { module, works };
  };

  /** Working days (Monday to Friday) from `from`, `count` of them forwards (or backwards when negative), `from` included when it is one. */
  const workingDays = (from: string, count: number): string[] => {
    const days: string[] = [];
    const step = count < 0 ? -1 : 1;
    for (let day = from; days.length < Math.abs(count); day = addDays(day, step)) if (isoWeekday(day) <= 5) days.push(day);
    return days;
  };
  const today = ctx.referenceDay;
  // Work under way began, and did its first work, by the time the data is seeded: a demo seeded at
  // 08:00 does not show work «in corso» from 14:00 that day (it began ahead of its planned time instead).
  const seededAt = Date.now();
  const byNow = (instant: number) => new Date(Math.min(instant, seededAt)).toISOString();
  const nextDays = workingDays(addDays(today, 1), NEAR_WORKING_DAYS);
  const pastDays = workingDays(addDays(today, -1), -NEAR_WORKING_DAYS);
  // The rest of this week (next week's from Saturday): when the backlog would like its work done.
  const weekStart = isoWeekday(today) <= 5 ? today : addDays(mondayOf(today), 7);
  const thisWeek = workingDays(weekStart, 6 - isoWeekday(weekStart));
  const crewOf = (module: string) => {
    const allowed = operators.filter((u) => u.isEnabled && worksOnModule(u, module));
    return allowed.length > 0 ? allowed : operators;
  };
  const dayBook = new Map<string, { count: number; cap: number; next: number }>();
  const bookOf = (operatorId: string, day: string) => {
    const key = `${operatorId}|${day}`;
    let book = dayBook.get(key);
    if (!book) dayBook.set(key, (book = { count: 0, cap: int(ctx, FIELD_DAY.minVisits, FIELD_DAY.maxVisits), next: FIELD_DAY.firstStart + ctx.pick([0, 30, 60]) }));
    return book;
  };
  /**
   * A slot near today for work of `module`: the first of `days` (tried in random order) on which one
   * of its technicians still has room; sometimes a second technician who is free then goes along.
   */
  const bookNear = (module: string, days: readonly string[], minutes: number): { day: string; start: number; team: StaffUser[] } | undefined => {
    const crew = crewOf(module);
    // The demo maintainer gets a fair share of the days near today (their own board and interventions are
    // alive), and work under way today first until they have DEMO_TODAY of it (their dashboard's «oggi»).
    const demoNeedsToday = demoMaintainer !== undefined && days.includes(today) && bookOf(demoMaintainer.id, today).count < DEMO_TODAY;
    const preferDemo = demoMaintainer && crew.includes(demoMaintainer) && (demoNeedsToday || chance(ctx, 0.25)) ? [demoMaintainer] : [];
    for (const day of some(ctx, days, days.length)) {
      for (const lead of [...preferDemo, ...some(ctx, crew, crew.length)]) {
        const book = bookOf(lead.id, day);
        if (book.count >= book.cap || book.next > FIELD_DAY.lastStart) continue;
        const start = book.next;
        const team = [lead];
        if (chance(ctx, 0.2)) {
          const helper = crew.find((u) => u !== lead && bookOf(u.id, day).count < bookOf(u.id, day).cap && bookOf(u.id, day).next <= start);
          if (helper) team.push(helper);
        }
        for (const member of team) {
          const memberBook = bookOf(member.id, day);
          memberBook.count++;
          memberBook.next = Math.ceil((start + minutes + FIELD_DAY.travel) / 30) * 30;
        }
        return { day, start, team };
      }
    }
    return undefined;
  };

  const crew = (): StaffUser[] => {
    const team = some(ctx, operators, int(ctx, 1, 3));
    if (demoMaintainer && !team.includes(demoMaintainer) && chance(ctx, 0.2)) team.unshift(demoMaintainer);
    if (demoExternal && !team.includes(demoExternal) && chance(ctx, 0.05)) team.push(demoExternal);
    return team;
  };

  const count = ctx.scaled(2000, 8);
  let assignmentItems: SeedItem[] = [];
  let activityItems: SeedItem[] = [];
  const counts = { assignments: 0, assignmentActivities: 0 };
  // The intervention series INT-YYYY-NNNNN of the server (kinds/assignments.ts), by the year each was created in.
  const codeNumbers = new Map<string, number>();
  const interventionCode = (createdDateTime: string) => {
    const year = createdDateTime.slice(0, 4);
    const next = (codeNumbers.get(year) ?? 0) + 1;
    codeNumbers.set(year, next);
    return `INT-${year}-${String(next).padStart(5, '0')}`;
  };
  const flush = async () => {
    await ctx.insert('assignments', assignmentItems);
    await ctx.insert('assignmentActivities', activityItems);
    counts.assignments += assignmentItems.length;
    counts.assignmentActivities += activityItems.length;
    assignmentItems = [];
    activityItems = [];
  };
  interface Closed { id: string; state: ActivityState; customerId: string; equipmentIndex: number; installationIndex: number; executed: string }
  const doneActivities: Closed[] = [];
  const links = [...state.orderLinks];
  for (let n = 0; n < count; n++) {
    const link: OrderLink | undefined = links[n];
    const assignmentState: AssignmentState = link
      ? link.state === 'planned' ? 'scheduled' : link.state === 'in-progress' ? ctx.pick(['running', 'running', 'paused'] as const) : chance(ctx, 0.85) ? 'closed' : 'closed-with-anomalies'
      : everyStateThenWeighted(ctx, n - links.length, assignmentWeights);
    const customerIndex = link?.customerIndex ?? (n - links.length < 24 ? state.demoCustomerIndexes[n % 2]! : ctx.pick(workable).index);
    const customer = state.customers[customerIndex] as CustomerInfo;
    const { module, works } = plan(customer, int(ctx, 1, 8), link?.module, link?.activityIds);
    if (works.length === 0) works.push({ activity: ctx.pick(peopleActivities), equipmentIndex: -1, installationIndex: -1, employeeIds: [] });

    // Dates follow the state: planned ahead, under way today, done in the past. Near today each
    // technician has a realistic day (bookNear); work further away keeps a random date and crew.
    let startDay = {
      open: ctx.day(int(ctx, 5, 90)),
      // Beyond the days bookNear fills (8 working days), so no unbooked work lands among them.
      scheduled: link ? link.workStartDate : ctx.day(int(ctx, 12, 60)),
      running: ctx.day(-int(ctx, 0, 1)),
      paused: ctx.day(-int(ctx, 1, 10)),
      closed: link ? link.workStartDate : ctx.day(-int(ctx, 2, 700)),
      'closed-with-anomalies': link ? link.workStartDate : ctx.day(-int(ctx, 2, 700)),
      canceled: ctx.day(int(ctx, -300, 30)),
      postponed: ctx.day(-int(ctx, 1, 45)),
    }[assignmentState];
    const startHour = int(ctx, 7, 14);
    const minutes = works.reduce((sum, w) => sum + w.activity.durationMinutes, 0);
    const hours = Math.max(1, Math.min(9, Math.ceil(minutes / 60)));
    let plannedStart = at(startDay, startHour, ctx.pick([0, 30]));
    let plannedEnd = at(startDay, Math.min(23, startHour + hours), 30);
    const staffed = assignmentState !== 'open';
    // Work from an order keeps the order's date; the rest near today fills the next or last working days.
    const nearDays: readonly string[] | undefined = link && staffed ? [link.workStartDate] : link ? undefined : {
      scheduled: nextDays, running: [today], paused: pastDays.slice(0, 4),
      closed: chance(ctx, 0.35) ? pastDays : undefined, 'closed-with-anomalies': chance(ctx, 0.35) ? pastDays : undefined,
    }[assignmentState as string];
    const visit = Math.min(VISIT_MINUTES.max, Math.max(VISIT_MINUTES.min, Math.round(minutes / 30) * 30));
    // Running work that found no room today started on one of the last days.
    const booked = nearDays ? bookNear(module, nearDays, visit) ?? (assignmentState === 'running' ? bookNear(module, pastDays.slice(0, 3), visit) : undefined) : undefined;
    let team = staffed ? crew() : [];
    if (booked) {
      startDay = booked.day;
      team = booked.team;
      plannedStart = romeInstant(booked.day, booked.start);
      plannedEnd = romeInstant(booked.day, booked.start + visit);
    } else if (assignmentState === 'open' && thisWeek.length > 0 && chance(ctx, 0.5)) {
      // Half the backlog would like to be done this week.
      startDay = ctx.pick(thisWeek);
      plannedStart = romeInstant(startDay, ctx.pick([8, 9, 10, 14]) * 60);
    }
    const begun = ['running', 'paused', 'closed', 'closed-with-anomalies'].includes(assignmentState);
    const ended = assignmentState === 'closed' || assignmentState === 'closed-with-anomalies';
    const id = link?.assignmentId ?? fastId(ctx);
    const title = ctx.pick(assignmentTitles[module] ?? assignmentTitles.fire!);
    const createdDateTime = at(addDays(startDay < ctx.referenceDay ? startDay : ctx.referenceDay, -int(ctx, 3, 40)), 9);
    assignmentItems.push({
      id,
      createdDateTime,
      attributes: {
        code: interventionCode(createdDateTime),
        state: assignmentState,
        module,
        title,
        description: `${title} presso ${customer.displayName}.`,
        plannedStartDateTime: staffed || startDay <= addDays(today, 7) || chance(ctx, 0.3) ? plannedStart : null,
        plannedEndDateTime: staffed ? plannedEnd : null,
        actualStartDateTime: begun ? (ended ? plannedStart : byNow(Date.parse(plannedStart))) : null,
        actualEndDateTime: ended ? plannedEnd : null,
        priority: weighted(ctx, { normal: 75, high: 12, low: 13 }),
        notes: chance(ctx, 0.15) ? ctx.pick(['Chiedere le chiavi del locale tecnico in portineria.', 'Accesso solo con DPI completi.', 'Il referente è presente solo al mattino.']) : undefined,
        isProvisional: assignmentState === 'open' && chance(ctx, 0.15),
      },
      relationships: {
        customerId: customer.id,
        officeLocationId: link?.officeLocationId ?? null,
        orderId: link?.orderId ?? null,
        operatorIds: team.map((u) => u.id),
        operatorInChargeId: team[0]?.id ?? null,
      },
      extraMetadata: { customerName: customer.displayName },
    });

    // The activities, in states that agree with the assignment.
    const ids = works.map(() => fastId(ctx));
    const states: ActivityState[] = works.map(() => weighted(ctx, activityStateWeights[assignmentState] as Record<ActivityState, number>));
    if (assignmentState === 'closed-with-anomalies' && !states.includes('closed-with-anomalies')) states[0] = 'closed-with-anomalies';
    works.forEach((work, k) => {
      let activityState = states[k] as ActivityState;
      // A substituted activity names the one that replaced it, which must exist in the same assignment.
      const substitute = activityState === 'activity-substituted' ? ids.find((_, j) => j !== k && states[j] === 'closed') : undefined;
      if (activityState === 'activity-substituted' && !substitute) activityState = 'closed';
      // Dismissing an equipment dismisses its pending activities; an activity is dismissed only with its equipment.
      const equipmentGone = work.equipmentIndex >= 0 && table.decommissioned[work.equipmentIndex] === true;
      if (equipmentGone && (activityState === 'open' || activityState === 'postponed')) activityState = 'decommissioned';
      if (activityState === 'decommissioned' && !equipmentGone) activityState = 'closed';
      const done = activityState === 'closed' || activityState === 'closed-with-anomalies';
      const began = Date.parse(plannedStart) + k * 30 * 60_000;
      const executed = ended ? new Date(began).toISOString() : byNow(began);
      activityItems.push({
        id: ids[k],
        attributes: {
          state: activityState,
          scheduledDate: staffed || assignmentState === 'open' ? startDay : null,
          executedDateTime: done ? executed : null,
          outcomeNotes: done ? (activityState === 'closed-with-anomalies' ? 'Riscontrate anomalie: vedere il dettaglio.' : ctx.pick(outcomeNotes)) : undefined,
          durationMinutes: done ? Math.max(5, work.activity.durationMinutes + int(ctx, -5, 15)) : undefined,
          substitutedByActivityId: substitute ?? null,
        },
        relationships: {
          assignmentId: id,
          activityId: work.activity.id,
          equipmentId: work.equipmentIndex >= 0 ? table.ids[work.equipmentIndex] : null,
          installationId: work.installationIndex >= 0 ? state.installations[work.installationIndex]!.id : null,
          employeeIds: work.employeeIds,
        },
      });
      if (done) doneActivities.push({ id: ids[k] as string, state: activityState, customerId: customer.id, equipmentIndex: work.equipmentIndex, installationIndex: work.installationIndex, executed });
    });
    if (assignmentItems.length >= 5000) await flush();
  }
  await flush();
  const plannedDeadlines = await linkOpenActivitiesToDeadlines(ctx);

  // Checks: the controls of the equipment type, recorded on equipment activities that were carried out.
  const withEquipment = doneActivities.filter((d) => d.equipmentIndex >= 0);
  const controlsPer = withEquipment.reduce((sum, d) => sum + state.families[table.familyIndex[d.equipmentIndex] as number]!.controls.length, 0);
  const share = Math.min(1, ctx.scaled(3000, 10) / Math.max(1, controlsPer));
  const checkItems: SeedItem[] = [];
  // The first failed check of each activity: the anomaly it raised names it (and so its control).
  const failedCheckOf = new Map<string, { id: string; control: string }>();
  for (const done of withEquipment) {
    const family = state.families[table.familyIndex[done.equipmentIndex] as number]!;
    for (const control of family.controls) {
      if (!chance(ctx, share)) continue;
      const passed = done.state === 'closed-with-anomalies' ? chance(ctx, 0.5) : chance(ctx, 0.97);
      let result: boolean | number | string;
      if (control.type === 'boolean') result = passed;
      else if (control.type === 'number') {
        const min = control.min ?? 0;
        const max = control.max ?? 100;
        result = passed ? Math.round(ctx.faker.number.float({ min, max }) * 10) / 10 : Math.round((max + (max - min) * 0.2 + 0.1) * 10) / 10;
      } else result = passed ? 'Regolare' : 'Usura evidente, da sostituire al prossimo intervento';
      const checkId = fastId(ctx);
      if (!passed && !failedCheckOf.has(done.id)) failedCheckOf.set(done.id, { id: checkId, control: control.name });
      checkItems.push({
        id: checkId,
        attributes: { result, passed, notes: passed ? undefined : 'Valore fuori tolleranza: segnalato al cliente.', checkedDateTime: done.executed, photos: [] },
        relationships: { controlId: control.id, assignmentActivityId: done.id, equipmentId: table.ids[done.equipmentIndex] },
      });
    }
  }
  for (let start = 0; start < checkItems.length; start += 20_000) await ctx.insert('checks', checkItems.slice(start, start + 20_000));

  // Anomalies: one for each activity closed with anomalies, then others found outside assignments.
  const anomalyItems: SeedItem[] = [];
  const anomaly = (customerId: string, detected: string, description: string, target: { equipmentId?: string | null; installationId?: string | null; assignmentActivityId?: string | null; checkId?: string | null }) => {
    const daysAgo = (Date.parse(ctx.referenceDay) - Date.parse(detected)) / 86_400_000;
    const resolved = daysAgo > 20 && chance(ctx, 0.7);
    anomalyItems.push({
      createdDateTime: detected,
      attributes: {
        description,
        risk: weighted(ctx, { low: 45, medium: 40, high: 15 }),
        state: resolved ? 'resolved' : 'unresolved',
        detectedDateTime: detected,
        resolvedDateTime: resolved ? at(addDays(detected.slice(0, 10), int(ctx, 1, Math.min(60, Math.floor(daysAgo)))), 11) : null,
        resolutionNotes: resolved ? ctx.pick(['Sostituito il componente difettoso.', 'Ripristinata la segnaletica.', 'Presidio sostituito con uno nuovo.', 'Il cliente ha liberato l’accesso.']) : undefined,
      },
      relationships: { customerId, equipmentId: target.equipmentId ?? null, installationId: target.installationId ?? null, assignmentActivityId: target.assignmentActivityId ?? null, checkId: target.checkId ?? null },
    });
  };
  for (const done of doneActivities) {
    if (done.state !== 'closed-with-anomalies' || (done.equipmentIndex < 0 && done.installationIndex < 0)) continue;
    const failed = failedCheckOf.get(done.id);
    // Raised by a failed check: it says which control failed; otherwise what the technician saw, on that kind of asset.
    const module = done.equipmentIndex >= 0 ? state.families[table.familyIndex[done.equipmentIndex] as number]!.module : state.installations[done.installationIndex]!.module;
    anomaly(done.customerId, done.executed, failed ? `${failed.control}: non conforme, da ripristinare.` : ctx.pick(anomalyDescriptions[module]), {
      equipmentId: done.equipmentIndex >= 0 ? table.ids[done.equipmentIndex] : null,
      installationId: done.installationIndex >= 0 ? state.installations[done.installationIndex]!.id : null,
      assignmentActivityId: done.id,
      checkId: failed?.id ?? null,
    });
  }
  const anomalyTarget = ctx.scaled(600, 4);
  for (let guard = 0; anomalyItems.length < anomalyTarget && guard < anomalyTarget * 5 && table.ids.length > 0; guard++) {
    const equipmentIndex = int(ctx, 0, table.ids.length - 1);
    if (table.decommissioned[equipmentIndex]) continue;
    const customer = state.customers[table.customerIndex[equipmentIndex] as number] as CustomerInfo;
    const module = state.families[table.familyIndex[equipmentIndex] as number]!.module;
    anomaly(customer.id, at(ctx.day(-int(ctx, 0, 500)), int(ctx, 8, 17)), ctx.pick(anomalyDescriptions[module]), { equipmentId: table.ids[equipmentIndex] });
  }
  await ctx.insert('anomalies', anomalyItems);


  return { ...counts, 'scadenze pianificate': plannedDeadlines, anomalies: anomalyItems.length, checks: checkItems.length };
}

/**
 * Each open activity of an intervention takes the nearest pending deadline of its equipment (or
 * installation) and activity, as «Crea intervento» sets it (`relationships.assignmentActivityId`):
 * the worklist then shows which deadlines are planned, its operator filter finds them, and closing
 * the activity executes that deadline. One deadline goes to one activity; ties by id (ids are random per
 * installation: between two equally near deadlines, which one is linked may differ from one installation to another).
 */
async function linkOpenActivitiesToDeadlines(ctx: SeedContext): Promise<number> {
  // By equipment, then by installation (an OR of the two turned the join into a bitmap per activity);
  // the activity compared as JSON, so the planner hashes instead of intersecting the activity index.
  const candidates = (target: 'equipmentId' | 'installationId') => sql`
    SELECT a.id AS activity_id, d.id AS deadline_id, d.s_attributes_deadline_date AS due
    FROM assignment_activities a JOIN physical_activities d ON d.relationships->>${sql.lit(target)} = a.relationships->>${sql.lit(target)}
    WHERE d.relationships->'activityId' = a.relationships->'activityId' AND NOT a.is_deleted AND NOT d.is_deleted AND a.attributes->>'state' = 'open'
      AND (d.attributes->>'isExecuted')::boolean IS NOT TRUE AND (d.attributes->>'isEnded')::boolean IS NOT TRUE`;
  const linked = await sql`UPDATE physical_activities p SET relationships = p.relationships || jsonb_build_object('assignmentActivityId', l.activity_id::text)
    FROM (SELECT DISTINCT ON (deadline_id) deadline_id, activity_id FROM (
        SELECT DISTINCT ON (activity_id) activity_id, deadline_id FROM (${candidates('equipmentId')} UNION ALL ${candidates('installationId')}) AS found
        ORDER BY activity_id, due, deadline_id) AS per_activity ORDER BY deadline_id, activity_id) AS l
    WHERE p.id = l.deadline_id`.execute(ctx.db);
  return Number(linked.numAffectedRows ?? 0);
}
