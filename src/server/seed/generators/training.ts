/** Training: the course catalogue and safety roles, training sites, customers' employees and their yearly plans. */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { DEFAULT_REFRESHER_NORM } from '../../../domain/rules/training-refreshers.ts';
import { pickCity, uniquePerson } from './people.ts';
import { stateOf, type CustomerInfo } from './state.ts';
import { addDays, chance, code, fastId, int, landline, personSlug, slug, some } from './util.ts';
import { DEMO_DOMAIN } from './demo-users.ts';
import { cities, streets } from './italian-data.ts';

interface CourseDefinition {
  code: string;
  title: string;
  hours: number;
  validityYears?: number;
  price: number;
  /** The base course an update course renews. */
  base?: string;
  credits?: number;
}

export const courseDefinitions: readonly CourseDefinition[] = [
  { code: 'FORM-GEN', title: 'Formazione generale dei lavoratori', hours: 4, price: 60 },
  { code: 'FORM-SPEC-B', title: 'Formazione specifica dei lavoratori – rischio basso', hours: 4, validityYears: 5, price: 70 },
  { code: 'FORM-SPEC-M', title: 'Formazione specifica dei lavoratori – rischio medio', hours: 8, validityYears: 5, price: 120 },
  { code: 'FORM-SPEC-A', title: 'Formazione specifica dei lavoratori – rischio alto', hours: 12, validityYears: 5, price: 170 },
  { code: 'AGG-LAV', title: 'Aggiornamento della formazione dei lavoratori', hours: 6, validityYears: 5, price: 90, base: 'FORM-SPEC-M' },
  { code: 'AI-L1', title: 'Addetto antincendio – livello 1 (rischio basso)', hours: 4, validityYears: 5, price: 90 },
  { code: 'AI-L2', title: 'Addetto antincendio – livello 2 (rischio medio)', hours: 8, validityYears: 5, price: 160 },
  { code: 'AI-L3', title: 'Addetto antincendio – livello 3 (rischio alto)', hours: 16, validityYears: 5, price: 290 },
  { code: 'AGG-AI-L1', title: 'Aggiornamento addetto antincendio – livello 1', hours: 2, validityYears: 5, price: 50, base: 'AI-L1' },
  { code: 'AGG-AI-L2', title: 'Aggiornamento addetto antincendio – livello 2', hours: 5, validityYears: 5, price: 100, base: 'AI-L2' },
  { code: 'AGG-AI-L3', title: 'Aggiornamento addetto antincendio – livello 3', hours: 8, validityYears: 5, price: 150, base: 'AI-L3' },
  { code: 'PS-BC', title: 'Addetto primo soccorso – aziende dei gruppi B e C', hours: 12, validityYears: 3, price: 180 },
  { code: 'PS-A', title: 'Addetto primo soccorso – aziende del gruppo A', hours: 16, validityYears: 3, price: 230 },
  { code: 'AGG-PS-BC', title: 'Aggiornamento primo soccorso – gruppi B e C', hours: 4, validityYears: 3, price: 70, base: 'PS-BC' },
  { code: 'AGG-PS-A', title: 'Aggiornamento primo soccorso – gruppo A', hours: 6, validityYears: 3, price: 95, base: 'PS-A' },
  { code: 'BLSD', title: 'Rianimazione cardiopolmonare e uso del defibrillatore (BLSD)', hours: 5, validityYears: 2, price: 110 },
  { code: 'PREP', title: 'Formazione dei preposti', hours: 12, validityYears: 2, price: 220 },
  { code: 'AGG-PREP', title: 'Aggiornamento dei preposti', hours: 6, validityYears: 2, price: 110, base: 'PREP' },
  { code: 'DIR', title: 'Formazione dei dirigenti per la sicurezza', hours: 16, validityYears: 5, price: 320 },
  { code: 'AGG-DIR', title: 'Aggiornamento dei dirigenti per la sicurezza', hours: 6, validityYears: 5, price: 130, base: 'DIR' },
  { code: 'RLS', title: 'Rappresentante dei lavoratori per la sicurezza (RLS)', hours: 32, validityYears: 1, price: 450 },
  { code: 'AGG-RLS', title: 'Aggiornamento RLS', hours: 8, validityYears: 1, price: 120, base: 'RLS' },
  { code: 'RSPP-A', title: 'RSPP e ASPP – modulo A', hours: 28, price: 480 },
  { code: 'RSPP-B', title: 'RSPP e ASPP – modulo B comune', hours: 48, validityYears: 5, price: 790 },
  { code: 'RSPP-C', title: 'RSPP – modulo C', hours: 24, price: 420 },
  { code: 'AGG-RSPP', title: 'Aggiornamento RSPP e ASPP (40 crediti)', hours: 40, validityYears: 5, price: 560, base: 'RSPP-B', credits: 40 },
  { code: 'DLSPP-B', title: 'Datore di lavoro con funzioni di RSPP – rischio basso', hours: 16, validityYears: 5, price: 290 },
  { code: 'DLSPP-M', title: 'Datore di lavoro con funzioni di RSPP – rischio medio', hours: 32, validityYears: 5, price: 450 },
  { code: 'DLSPP-A', title: 'Datore di lavoro con funzioni di RSPP – rischio alto', hours: 48, validityYears: 5, price: 640 },
  { code: 'CAR', title: 'Carrelli elevatori semoventi con conducente a bordo', hours: 12, validityYears: 5, price: 250 },
  { code: 'AGG-CAR', title: 'Aggiornamento carrelli elevatori', hours: 4, validityYears: 5, price: 95, base: 'CAR' },
  { code: 'PLE', title: 'Piattaforme di lavoro mobili elevabili (PLE)', hours: 10, validityYears: 5, price: 240 },
  { code: 'AGG-PLE', title: 'Aggiornamento PLE', hours: 4, validityYears: 5, price: 95, base: 'PLE' },
  { code: 'GRU-AUTO', title: 'Gru per autocarro', hours: 12, validityYears: 5, price: 280 },
  { code: 'GRU-TORRE', title: 'Gru a torre', hours: 14, validityYears: 5, price: 310 },
  { code: 'MMT', title: 'Macchine movimento terra', hours: 16, validityYears: 5, price: 330 },
  { code: 'QUOTA', title: 'Lavori in quota e DPI anticaduta di III categoria', hours: 8, validityYears: 5, price: 180 },
  { code: 'AMB-CONF', title: 'Lavori in ambienti confinati o sospetti di inquinamento', hours: 12, validityYears: 5, price: 260 },
  { code: 'PES-PAV', title: 'Lavori elettrici – PES e PAV (CEI 11-27)', hours: 16, validityYears: 5, price: 340 },
  { code: 'HACCP', title: 'Igiene degli alimenti (HACCP)', hours: 8, validityYears: 3, price: 110 },
];

/**
 * The norm that sets each course's validity, carried by its refresher deadlines: fire wardens every
 * five years (D.M. 2/9/2021), first aid every three (D.M. 388/2003), the rest by the Stato-Regioni
 * agreement of 17 April 2025 (`DEFAULT_REFRESHER_NORM`).
 */
function refresherNormOf(code: string): { norm: string; edition: string; source: string } {
  if (/^(AGG-)?AI-/.test(code)) return { norm: 'D.M. 2/9/2021', edition: '2021', source: 'D.M. 2 settembre 2021, art. 5 e all. III: aggiornamento con cadenza almeno quinquennale' };
  if (/^(AGG-)?PS-/.test(code)) return { norm: 'D.M. 388/2003', edition: '2003', source: 'D.M. 15 luglio 2003 n. 388, art. 3 c. 5: formazione ripetuta con cadenza triennale' };
  return { ...DEFAULT_REFRESHER_NORM };
}

/** Norms the safety roles' required training cites (data shown with each employee's compliance). */
const NORMS = {
  rspp: 'Art. 32 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025 (Rep. Atti n. 59/CSR), RSPP e ASPP',
  rls: 'Art. 37 c. 10-11 D.Lgs. 81/2008 (RLS: 32 ore, aggiornamento annuale)',
  fire: (level: 1 | 2 | 3) => `D.M. 2 settembre 2021, art. 5 e all. III: addetto antincendio di livello ${level}`,
  firstAid: 'D.M. 15 luglio 2003 n. 388, art. 3 (gruppo A) e art. 4 (gruppi B e C)',
  supervisor: 'Art. 37 c. 7 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025: preposti',
  manager: 'Art. 37 c. 7 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025: dirigenti',
  employer: 'Art. 34 D.Lgs. 81/2008; Accordo Stato-Regioni 17/04/2025: datore di lavoro RSPP',
} as const;

/**
 * The seeded safety roles and the training each requires (`requirements`: any one course of a
 * requirement satisfies it, the first is the one to plan; a higher fire-warden level covers a lower one).
 */
const safetyRoleDefinitions: readonly { code: string; name: string; requirements: readonly { courses: readonly string[]; norm: string }[] }[] = [
  { code: 'RSPP', name: 'Responsabile del servizio di prevenzione e protezione (RSPP)', requirements: [{ courses: ['RSPP-A'], norm: NORMS.rspp }, { courses: ['RSPP-B'], norm: NORMS.rspp }, { courses: ['RSPP-C'], norm: NORMS.rspp }] },
  { code: 'ASPP', name: 'Addetto al servizio di prevenzione e protezione (ASPP)', requirements: [{ courses: ['RSPP-A'], norm: NORMS.rspp }, { courses: ['RSPP-B'], norm: NORMS.rspp }] },
  { code: 'RLS', name: 'Rappresentante dei lavoratori per la sicurezza (RLS)', requirements: [{ courses: ['RLS'], norm: NORMS.rls }] },
  { code: 'AI', name: 'Addetto antincendio', requirements: [{ courses: ['AI-L2', 'AI-L3'], norm: NORMS.fire(2) }] },
  { code: 'PS', name: 'Addetto al primo soccorso', requirements: [{ courses: ['PS-BC', 'PS-A'], norm: NORMS.firstAid }] },
  { code: 'PREP', name: 'Preposto', requirements: [{ courses: ['PREP'], norm: NORMS.supervisor }] },
  { code: 'DIR', name: 'Dirigente per la sicurezza', requirements: [{ courses: ['DIR'], norm: NORMS.manager }] },
  { code: 'DLSPP', name: 'Datore di lavoro con funzioni di RSPP', requirements: [{ courses: ['DLSPP-M', 'DLSPP-A'], norm: NORMS.employer }] },
  { code: 'CE', name: 'Coordinatore delle emergenze', requirements: [{ courses: ['AI-L3'], norm: NORMS.fire(3) }] },
  { code: 'EVAC', name: 'Addetto all’evacuazione', requirements: [{ courses: ['AI-L1', 'AI-L2', 'AI-L3'], norm: NORMS.fire(1) }] },
];

/** Courses first: safety roles name the courses they require. */
export async function seedCoursesAndSafetyRoles(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const ids = courseDefinitions.map(() => ctx.uuid());
  courseDefinitions.forEach((course, index) => state.courseIds.set(course.code, ids[index] as string));
  await ctx.insert('courses', courseDefinitions.map((course, index) => ({
    id: ids[index],
    attributes: {
      code: course.code,
      title: course.title,
      type: course.credits ? 'creditBased' : 'standard',
      category: course.base ? 'update' : 'base',
      module: 'edu',
      durationHours: course.hours,
      validityYears: course.validityYears,
      ...(course.validityYears ? { refresherNorm: refresherNormOf(course.code) } : {}),
      credits: course.credits,
      maxParticipants: course.hours >= 24 ? 25 : 35,
      price: course.price,
      description: `Corso conforme al D.Lgs. 81/2008 e agli accordi Stato-Regioni: ${course.title.toLowerCase()}. Durata ${course.hours} ore${course.validityYears ? `, validità ${course.validityYears} ${course.validityYears === 1 ? 'anno' : 'anni'}` : ''}.`,
      isActive: course.code !== 'GRU-TORRE',
    },
    relationships: { baseCourseId: course.base ? state.courseIds.get(course.base) : null },
  })));
  const safetyRoles = await ctx.insert('safetyRoles', safetyRoleDefinitions.map((role) => ({
    attributes: {
      code: role.code,
      name: role.name,
      requirements: role.requirements.map((requirement) => ({ courseIds: requirement.courses.map((c) => state.courseIds.get(c) as string), norm: requirement.norm })),
    },
  })));
  return { courses: ids.length, safetyRoles: safetyRoles.length };
}

const siteDefinitions = [
  { name: 'Centro formazione Milano', city: 'Milano', rooms: 3 },
  { name: 'Centro formazione Torino', city: 'Torino', rooms: 3 },
  { name: 'Sede didattica Bologna', city: 'Bologna', rooms: 3 },
  { name: 'Sede didattica Roma Tiburtina', city: 'Roma', rooms: 2 },
  { name: 'Aula Napoli Centro direzionale', city: 'Napoli', rooms: 2 },
  { name: 'Campo prove antincendio Padova', city: 'Padova', rooms: 3 },
  { name: 'Sede didattica Firenze', city: 'Firenze', rooms: 2 },
  { name: 'Sede didattica Bari', city: 'Bari', rooms: 2 },
];

const trainingEquipmentNames = [
  'Estintore didattico a polvere 6 kg', 'Estintore didattico a CO2 5 kg', 'Vasca per fuoco controllato', 'Manichino RCP adulto',
  'Manichino RCP pediatrico', 'Defibrillatore trainer (DAE)', 'Videoproiettore', 'Carrello elevatore didattico', 'Piattaforma elevabile didattica',
  'Kit imbracature anticaduta', 'Lavagna interattiva', 'Generatore di fumo scenico', 'Simulatore di spazio confinato', 'Kit DPI dimostrativo',
];

export async function seedTraining(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const siteIds = await ctx.insert('trainingSites', siteDefinitions.map((site) => {
    const city = cities.find((c) => c.name === site.city) ?? pickCity(ctx);
    const street = ctx.pick(streets);
    const houseNumber = String(int(ctx, 1, 120));
    return {
      attributes: {
        name: site.name,
        address: {
          address: `${street} ${houseNumber}`, road: street, houseNumber, zipCode: city.zipCode, city: city.name, province: city.province,
          completeAddress: `${street} ${houseNumber}, ${city.zipCode} ${city.name} (${city.province})`, latitude: city.latitude, longitude: city.longitude, erpCountryCode: 86,
          phoneNumber: landline(ctx, city.areaCode), email: `formazione.${slug(city.name)}@${DEMO_DOMAIN}`,
        },
        notes: 'Parcheggio riservato ai corsisti. Accesso disabili.',
      },
    };
  }));
  const roomItems: SeedItem[] = [];
  const equipmentItems: SeedItem[] = [];
  siteDefinitions.forEach((site, index) => {
    for (let r = 0; r < site.rooms; r++) {
      const practice = r === site.rooms - 1 && site.rooms >= 3;
      roomItems.push({
        attributes: {
          name: practice ? 'Area prove pratiche' : `Aula ${String.fromCharCode(65 + r)}`,
          type: practice ? 'practiceZone' : 'classroom',
          capacity: practice ? 15 : ctx.pick([20, 25, 30, 35]),
        },
        relationships: { trainingSiteId: siteIds[index] },
      });
    }
    for (let e = 0; e < 5; e++) {
      const name = trainingEquipmentNames[(index * 5 + e) % trainingEquipmentNames.length] as string;
      equipmentItems.push({
        attributes: { name, code: code('DID', index * 5 + e + 1, 3), quantity: int(ctx, 1, 8) },
        relationships: { trainingSiteId: siteIds[index] },
      });
    }
  });
  const rooms = await ctx.insert('trainingRooms', roomItems);
  const trainingEquipments = await ctx.insert('trainingEquipments', equipmentItems);

  // Employees belong to companies that buy training or medicine; a few big customers have many.
  const eligible = state.customers
    .map((customer, index) => ({ customer, index }))
    .filter(({ customer }) => !customer.isPerson && customer.type !== 'potential' && customer.modules.some((m) => m === 'edu' || m === 'med'));
  const demo = state.demoCustomerIndexes.map((i) => ({ customer: state.customers[i] as CustomerInfo, index: i }));
  const pool = [...demo, ...eligible.filter(({ index }) => !state.demoCustomerIndexes.includes(index))];
  const jobIds = ctx.idsOf('jobs');
  const jobScopeIds = ctx.idsOf('jobScopes');
  const safetyRoleIds = ctx.idsOf('safetyRoles');
  const taken = new Set<string>();
  const employeeCount = ctx.scaled(3000);
  const employees: SeedItem[] = [];
  for (let n = 0; n < employeeCount; n++) {
    // Skewed towards the front of the pool, where the demo customers are.
    const { customer } = pool[Math.floor(pool.length * ctx.faker.number.float({ min: 0, max: 0.9999 }) ** 2)] as { customer: CustomerInfo };
    const who = uniquePerson(ctx, taken, 19, 64);
    const adult = addDays(who.birthDate, 18 * 366);
    const hireDate = addDays(adult, int(ctx, 0, Math.max(0, Math.round((Date.parse(ctx.referenceDay) - Date.parse(adult)) / 86_400_000) - 1)));
    const id = fastId(ctx);
    customer.employeeIds.push(id);
    employees.push({
      id,
      createdDateTime: ctx.dateTime(-int(ctx, 1, 700)),
      attributes: {
        firstName: who.firstName, lastName: who.lastName, fiscalCode: who.fiscalCode, birthDate: who.birthDate,
        birthCity: who.birthCity.name, birthProvince: who.birthCity.province, hireDate,
        email: chance(ctx, 0.6) ? `${personSlug(who.firstName, who.lastName)}@${customer.emailDomain}` : undefined,
        phone: chance(ctx, 0.3) ? landline(ctx, customer.city.areaCode) : undefined,
      },
      relationships: {
        customerId: customer.id,
        officeLocationId: customer.officeLocationIds.length > 0 && chance(ctx, 0.4) ? ctx.pick(customer.officeLocationIds) : null,
        jobId: ctx.pick(jobIds),
        jobScopeId: chance(ctx, 0.8) ? ctx.pick(jobScopeIds) : null,
        safetyRoleIds: chance(ctx, 0.15) ? some(ctx, safetyRoleIds, int(ctx, 1, 2)) : [],
      },
    });
  }
  await ctx.insert('employees', employees);

  const year = Number(ctx.referenceDay.slice(0, 4));
  const withEmployees = pool.filter(({ customer }) => customer.employeeIds.length > 0);
  const courseIds = [...state.courseIds.values()];
  const plans: SeedItem[] = [];
  const planCount = ctx.scaled(100);
  for (let n = 0; n < planCount && withEmployees.length > 0; n++) {
    const { customer } = withEmployees[n % withEmployees.length] as { customer: CustomerInfo };
    const planYear = year - Math.floor(n / withEmployees.length) % 3 + (n % 7 === 0 ? 1 : 0);
    plans.push({
      createdDateTime: ctx.dateTime(Math.min(-1, (planYear - year) * 365 - int(ctx, 10, 60))),
      attributes: {
        year: planYear,
        title: `Piano formativo ${planYear} – ${customer.displayName}`,
        items: some(ctx, courseIds, int(ctx, 1, 4)).map((courseId) => ({
          courseId,
          employeeIds: some(ctx, customer.employeeIds, int(ctx, 1, 12)),
          plannedDate: `${planYear}-${String(int(ctx, 1, 12)).padStart(2, '0')}-${String(int(ctx, 1, 28)).padStart(2, '0')}`,
        })),
      },
      relationships: { customerId: customer.id },
    });
  }
  await ctx.insert('trainingPlans', plans);
  const editions = await ctx.insert('courseEditions', courseEditionItems(ctx, withEmployees.map(({ customer }) => customer), rooms, roomItems));
  return {
    trainingSites: siteIds.length, trainingRooms: rooms.length, trainingEquipments: trainingEquipments.length, employees: employees.length,
    trainingPlans: plans.length, courseEditions: editions.length,
  };
}

/**
 * Course editions around the reference day: two closed with attendance and outcomes (their
 * certificates are issued from the app: the demo has no file bytes), one in progress, two planned
 * and one cancelled, for the customers with employees first in the pool (the demo customers).
 */
function courseEditionItems(ctx: SeedContext, customers: readonly CustomerInfo[], roomIds: readonly string[], rooms: readonly SeedItem[]): SeedItem[] {
  const state = stateOf(ctx);
  const trainers = ctx.idsOf('users').slice(0, 6);
  const plan: { course: string; from: number; days: number; state: string }[] = [
    { course: 'AI-L2', from: -40, days: 1, state: 'closed' },
    { course: 'PS-BC', from: -15, days: 2, state: 'closed' },
    { course: 'FORM-SPEC-M', from: -1, days: 2, state: 'in-progress' },
    { course: 'AGG-AI-L2', from: 7, days: 1, state: 'planned' },
    { course: 'PREP', from: 21, days: 2, state: 'planned' },
    { course: 'AI-L1', from: 3, days: 1, state: 'cancelled' },
  ];
  const items: SeedItem[] = [];
  plan.forEach((entry, n) => {
    const customer = customers[n % Math.max(1, Math.min(3, customers.length))];
    const courseId = state.courseIds.get(entry.course);
    if (!customer || customer.employeeIds.length === 0 || !courseId) return;
    const roomIndex = (n * 2) % roomIds.length;
    const seats = Number(rooms[roomIndex]?.attributes.capacity ?? 12);
    const startDate = addDays(ctx.referenceDay, entry.from);
    const endDate = addDays(startDate, entry.days - 1);
    const sessions = Array.from({ length: entry.days }, (_, d) => [
      { id: ctx.uuid(), date: addDays(startDate, d), startTime: '09:00', endTime: '13:00' },
      { id: ctx.uuid(), date: addDays(startDate, d), startTime: '14:00', endTime: '18:00' },
    ]).flat();
    const capacity = Math.min(seats, 12);
    const held = sessions.filter((session) => session.date <= ctx.referenceDay).map((session) => session.id);
    const participants = some(ctx, customer.employeeIds, Math.min(capacity, int(ctx, 4, 8))).map((employeeId) => {
      const attended = entry.state === 'closed' || entry.state === 'in-progress' ? held.filter(() => chance(ctx, 0.92)) : [];
      const outcome = entry.state === 'closed' ? (attended.length === held.length ? 'passed' : 'failed') : undefined;
      return { employeeId, presentSessionIds: attended, ...(outcome ? { outcome } : {}) };
    });
    items.push({
      createdDateTime: ctx.dateTime(Math.min(-1, entry.from - 30)),
      attributes: {
        code: `ED-${startDate.slice(0, 4)}-${String(n + 1).padStart(5, '0')}`,
        state: entry.state, startDate, endDate, capacity, sessions, participants,
        ...(entry.state === 'cancelled' ? { notes: 'Annullata su richiesta del cliente: da riprogrammare' } : {}),
      },
      relationships: { courseId, customerId: customer.id, trainingSiteId: rooms[roomIndex]?.relationships?.trainingSiteId ?? null, trainingRoomId: roomIds[roomIndex], trainerId: trainers.length > 0 ? trainers[n % trainers.length] : null },
    });
  });
  return items;
}
