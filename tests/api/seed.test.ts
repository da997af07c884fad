/** The demo data set on a real database: every kind filled, every state present, valid, deterministic, listable. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { quotationStatuses, assignmentStates, orderStates } from '../../src/domain/enums.ts';
import { tableName } from '../../src/server/db/entity-sql.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';
import { seedDemoData } from '../../src/server/seed/seed.ts';
import { SeedContext, type SeedItem } from '../../src/server/seed/seed-context.ts';
import { findKind, kindList } from '../../src/domain/kinds.ts';
import { entitySchema } from '../../src/domain/kind.ts';
import { isDeepStrictEqual } from 'node:util';
import { seedSteps } from '../../src/server/seed/generators/index.ts';
import { DEMO_USERS } from '../../src/server/seed/generators/demo-users.ts';
import { isValidFiscalCode, isValidVatNumber } from '../../src/domain/validation.ts';
import { engines, setupApi, type Api } from './setup.ts';
import { addDays } from '../../src/domain/rules/calendar.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { seedAssignments } from '../../src/server/seed/generators/planning.ts';
import { BUSY_STATES, doubleBookings, placementOf, romeWallClock } from '../../src/domain/rules/planning.ts';

const OPTIONS = { scale: 0.05, log: () => {}, referenceDay: '2026-06-15', validateAll: true } as const;

type Db = Api['database']['db'];

/** Records every generated row whose validated form differs from what the generator wrote. */
class CheckingContext extends SeedContext {
  readonly notNormalised: string[] = [];

  override async insert(type: string, items: SeedItem[]): Promise<string[]> {
    const kind = findKind(type);
    if (kind) {
      const schema = entitySchema(kind);
      for (const [index, item] of items.entries()) {
        const input = JSON.parse(JSON.stringify({ attributes: item.attributes, metadata: item.metadata ?? {}, relationships: item.relationships ?? {} }));
        const parsed = schema.safeParse(input);
        if (parsed.success && !isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), input)) {
          this.notNormalised.push(`${type} #${index}: ${difference(JSON.parse(JSON.stringify(parsed.data)), input)}`);
        }
      }
    }
    return super.insert(type, items);
  }
}

/** The first path where two JSON values differ. */
function difference(a: unknown, b: unknown, path = ''): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = difference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path} = ${JSON.stringify(a)?.slice(0, 80)} (generated ${JSON.stringify(b)?.slice(0, 80)})`;
}

async function count(db: Db, type: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(tableName({ type }))}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

async function distinct(db: Db, type: string, path: string): Promise<string[]> {
  const result = await sql<{ v: string }>`SELECT DISTINCT attributes->>${path} AS v FROM ${sql.raw(tableName({ type }))}`.execute(db);
  return result.rows.map((r) => r.v).sort();
}

/** The first customers by name: name and codes (content only: ids differ between installations). */
async function firstCustomers(db: Db) {
  const result = await sql<{ name: string; vat: string | null }>`
    SELECT metadata->>'displayName' AS name, attributes->'registry'->>'vatNumber' AS vat FROM customers ORDER BY 1, 2 LIMIT 5`.execute(db);
  return result.rows;
}

/** What the demo content is, without ids: quotations and the training history the seed computes in order. */
async function contentDigest(db: Db) {
  const quotations = await sql<{ code: string; status: string; date: string; total: string | null }>`
    SELECT attributes->>'code' AS code, attributes->>'status' AS status, attributes->>'date' AS date, metadata->>'totalNetPrice' AS total FROM quotations ORDER BY 1`.execute(db);
  const refreshers = await sql<{ due: string; name: string }>`
    SELECT attributes->>'deadlineDate' AS due, metadata->>'targetName' AS name FROM physical_activities WHERE attributes->'rule'->>'kind' = 'aggiornamentoFormativo' ORDER BY 1, 2`.execute(db);
  return { quotations: quotations.rows, refreshers: refreshers.rows };
}

/** Id by name (roles) or e-mail (users). */
async function idsByName(db: Db, table: 'roles' | 'users', key: 'name' | 'email') {
  const result = await sql<{ key: string; id: string }>`SELECT attributes->>${key} AS key, id FROM ${sql.raw(table)}`.execute(db);
  return new Map(result.rows.map((row) => [row.key, row.id]));
}

async function allIds(db: Db, type: string): Promise<string[]> {
  return (await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName({ type }))}`.execute(db)).rows.map((row) => row.id);
}

describe.each(engines())('demo data set on %s', (engine) => {
  let api: Api;

  beforeAll(async () => {
    api = await setupApi(engine);
    await seedDemoData(api.database.db, OPTIONS);
  }, 300_000);
  afterAll(() => api?.close());

  it('fills every kind of the registry', async () => {
    const empty: string[] = [];
    for (const kind of kindList) if ((await count(api.database.db, kind.type)) === 0) empty.push(kind.type);
    expect(empty).toEqual([]);
  });

  it('has quotations, orders and assignments in every state', async () => {
    expect(await distinct(api.database.db, 'quotations', 'status')).toEqual([...quotationStatuses].sort());
    expect(await distinct(api.database.db, 'orders', 'state')).toEqual([...orderStates].sort());
    expect(await distinct(api.database.db, 'assignments', 'state')).toEqual([...assignmentStates].sort());
  });

  it('keeps assignment activities coherent with their assignment', async () => {
    const result = await sql<{ a: string; s: string }>`
      SELECT DISTINCT a.attributes->>'state' AS a, aa.attributes->>'state' AS s
      FROM assignment_activities aa JOIN assignments a ON a.id = (aa.relationships->>'assignmentId')::uuid`.execute(api.database.db);
    const pairs = result.rows.map((r) => `${r.a}→${r.s}`);
    expect(pairs.filter((p) => p.startsWith('canceled→'))).toEqual(['canceled→canceled']);
    expect(pairs.filter((p) => p.startsWith('closed→') && !['closed→closed', 'closed→activity-substituted'].includes(p))).toEqual([]);
    const unstaffed = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM assignments WHERE attributes->>'state' <> 'open'
        AND (jsonb_array_length(relationships->'operatorIds') = 0 OR NOT (relationships->'operatorIds') ? (relationships->>'operatorInChargeId')
          OR coalesce(attributes->>'plannedStartDateTime', '') = '')`.execute(api.database.db);
    expect(unstaffed.rows[0]?.n).toBe(0);
  });

  it('creates the demo users, and two customer users on different customers', async () => {
    const result = await sql<{ email: string; type: string; customer: string | null }>`
      SELECT attributes->>'email' AS email, attributes->>'userType' AS type, attributes->>'customerId' AS customer FROM users`.execute(api.database.db);
    const emails = result.rows.map((r) => r.email);
    for (const demo of DEMO_USERS) expect(emails).toContain(demo.email);
    const customerUsers = result.rows.filter((r) => r.type === 'customer');
    expect(customerUsers).toHaveLength(2);
    expect(customerUsers[0]?.customer).toBeTruthy();
    expect(customerUsers[0]?.customer).not.toBe(customerUsers[1]?.customer);
  });

  it('gives head customers valid, unique VAT numbers and fiscal codes', async () => {
    const result = await sql<{ vat: string | null; cf: string | null }>`
      SELECT attributes->'registry'->>'vatNumber' AS vat, attributes->'registry'->>'fiscalCode' AS cf FROM customers
      WHERE attributes->>'parentId' IS NULL`.execute(api.database.db);
    const vats = result.rows.flatMap((r) => (r.vat ? [r.vat] : []));
    const codes = result.rows.flatMap((r) => (r.cf ? [r.cf] : []));
    expect(vats.every(isValidVatNumber)).toBe(true);
    expect(codes.every(isValidFiscalCode)).toBe(true);
    expect(new Set(vats).size).toBe(vats.length);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.some((c) => c.length === 16)).toBe(true);
  });

  it('is the same content in every installation with other ids (roles, users, every row), and generates rows already in their stored form', async () => {
    const other = await openDatabase({});
    try {
      await migrateToLatest(other);
      const ctx = new CheckingContext(other.db, OPTIONS);
      for (const step of seedSteps) await step.run(ctx);
      expect(await firstCustomers(other.db)).toEqual(await firstCustomers(api.database.db));
      expect(await contentDigest(other.db)).toEqual(await contentDigest(api.database.db));
      // The same demo roles and users, by name and e-mail, under other ids: nobody can name them from the demo's source.
      for (const [table, key] of [['roles', 'name'], ['users', 'email']] as const) {
        const here = await idsByName(api.database.db, table, key);
        const there = await idsByName(other.db, table, key);
        // (This database also holds the test's own administrator.)
        expect([...there.keys()].filter((name) => !here.has(name))).toEqual([]);
        expect([...there].filter(([name, id]) => here.get(name) === id)).toEqual([]);
      }
      for (const kind of kindList) {
        const here = new Set(await allIds(api.database.db, kind.type));
        expect((await allIds(other.db, kind.type)).filter((id) => here.has(id)), kind.type).toEqual([]);
      }
      // Above scale 1 only a sample is validated and the rest is stored as generated: it must need no defaults or normalising.
      expect(ctx.notNormalised.slice(0, 400)).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);

  it('computes the demo deadlines with the deadline engine, around today, some overdue', async () => {
    const rows = await sql<{ norm: string; edition: string; overdue: number; n: number }>`SELECT attributes->'rule'->>'norm' AS norm,
      attributes->'rule'->>'edition' AS edition, count(*) FILTER (WHERE attributes->>'deadlineDate' < ${OPTIONS.referenceDay})::int AS overdue, count(*)::int AS n
      FROM physical_activities WHERE attributes ? 'rule' GROUP BY 1, 2`.execute(api.database.db);
    const byNorm = new Map(rows.rows.map((r) => [`${r.norm}:${r.edition}`, r]));
    for (const norm of ['UNI 9994-1:2013', 'UNI 9994-1:2024', 'UNI EN 671-3:2009', 'UNI 11473-1:2013', 'UNI 11222:2013', 'UNI 11224:2019']) {
      expect(byNorm.get(norm)?.n, norm).toBeGreaterThan(0);
    }
    const all = rows.rows.reduce((sum, r) => sum + r.n, 0);
    const overdue = rows.rows.reduce((sum, r) => sum + r.overdue, 0);
    expect(overdue / all).toBeGreaterThan(0.03);
    expect(overdue / all).toBeLessThan(0.5);
  });

  it('gives the demo customers’ employees with a safety role refresher deadlines of module edu, from past editions, some overdue', async () => {
    const rows = await sql<{ norm: string; due: string; employee: string; edition: string; state: string | null }>`SELECT d.attributes->'rule'->>'norm' AS norm, d.attributes->>'deadlineDate' AS due,
      d.relationships->>'employeeId' AS employee, d.relationships->>'courseEditionId' AS edition, e.attributes->>'state' AS state
      FROM physical_activities d LEFT JOIN course_editions e ON e.id::text = d.relationships->>'courseEditionId'
      WHERE d.attributes->'rule'->>'kind' = 'aggiornamentoFormativo'`.execute(api.database.db);
    expect(rows.rows.length).toBeGreaterThan(3);
    expect(rows.rows.every((row) => row.state === 'closed')).toBe(true);
    expect(rows.rows.some((row) => row.due < OPTIONS.referenceDay)).toBe(true);
    expect(rows.rows.some((row) => row.due > OPTIONS.referenceDay)).toBe(true);
    // Past editions: none ends after today (a yearly update once came out finished in 2029).
    const ends = await sql<{ end: string }>`SELECT attributes->>'endDate' AS end FROM course_editions WHERE attributes->>'state' = 'closed'`.execute(api.database.db);
    expect(ends.rows.filter((row) => row.end > OPTIONS.referenceDay)).toEqual([]);
    expect(new Set(rows.rows.map((row) => row.norm))).toContain('D.M. 2/9/2021');
    // Every safety role says what it requires, with the norm; the workers' roles per risk class too.
    const roles = await sql<{ code: string; n: number }>`SELECT attributes->>'code' AS code, jsonb_array_length(attributes->'requirements')::int AS n FROM safety_roles ORDER BY 1`.execute(api.database.db);
    expect(roles.rows.every((role) => role.n > 0)).toBe(true);
    expect(roles.rows.filter((role) => role.code.startsWith('LAV-')).map((role) => [role.code, role.n])).toEqual([['LAV-A', 2], ['LAV-B', 2], ['LAV-M', 2]]);
  });

  it('spreads the interventions near today over the technicians: at most 6 a day each, no double booking, part of the backlog wanted this week', async () => {
    const near = await sql<Record<string, unknown> & { id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }>`
      SELECT id, attributes, relationships FROM assignments
      WHERE attributes->>'plannedStartDateTime' BETWEEN ${addDays(OPTIONS.referenceDay, -10)} AND ${addDays(OPTIONS.referenceDay, 11)}`.execute(api.database.db);
    const placements = near.rows.map((row) => placementOf(row));
    const perDay = new Map<string, number>();
    for (const p of placements) {
      if (!BUSY_STATES.includes(p.state) && !p.state.startsWith('closed')) continue;
      for (const operatorId of p.operatorIds) {
        const key = `${operatorId}|${romeWallClock(p.start!).day}`;
        perDay.set(key, (perDay.get(key) ?? 0) + 1);
      }
    }
    expect(perDay.size).toBeGreaterThan(0);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(6);
    expect([...doubleBookings(placements).keys()]).toEqual([]);
    // Each starts in a working day between 8:00 and 17:00 in Rome.
    for (const p of placements.filter((q) => BUSY_STATES.includes(q.state))) {
      const { minutes } = romeWallClock(p.start!);
      expect(minutes).toBeGreaterThanOrEqual(8 * 60);
      expect(minutes).toBeLessThanOrEqual(17 * 60);
    }
    const wanted = placements.filter((p) => p.state === 'open' && p.start && romeWallClock(p.start).day >= OPTIONS.referenceDay && romeWallClock(p.start).day < addDays(OPTIONS.referenceDay, 5));
    expect(wanted.length).toBeGreaterThan(0);
  });

  it('plans pending deadlines into the open interventions, so the worklist’s operator filter finds them', async () => {
    const planned = await sql<{ deadline: string; activity_state: string; same_activity: boolean; same_target: boolean; operator: string | null }>`
      SELECT d.id AS deadline, a.attributes->>'state' AS activity_state,
        d.relationships->>'activityId' = a.relationships->>'activityId' AS same_activity,
        coalesce(d.relationships->>'equipmentId' = a.relationships->>'equipmentId', false) OR coalesce(d.relationships->>'installationId' = a.relationships->>'installationId', false) AS same_target,
        s.relationships->'operatorIds'->>0 AS operator
      FROM physical_activities d
      JOIN assignment_activities a ON a.id::text = d.relationships->>'assignmentActivityId'
      JOIN assignments s ON s.id::text = a.relationships->>'assignmentId'
      WHERE (d.attributes->>'isExecuted')::boolean IS NOT TRUE`.execute(api.database.db);
    expect(planned.rows.length).toBeGreaterThan(0);
    for (const row of planned.rows) expect([row.activity_state, row.same_activity, row.same_target]).toEqual(['open', true, true]);
    const operator = planned.rows.find((row) => row.operator)?.operator;
    expect(operator).toBeDefined();
    const res = await api.get(`/api/physicalActivities?filter[operatorId]=${operator}&page[size]=5`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it('lists the seeded customers through the API', async () => {
    const res = await api.get('/api/customers?page[size]=5&sort=-lastUpdatedDateTime');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.meta.total).toBeGreaterThanOrEqual(100);
  });
});

describe('demo data seeded before the day’s planned times', () => {
  it('shows work under way as begun by the seeding, never later that day (a demo seeded in the morning)', async () => {
    const other = await openDatabase({});
    try {
      await migrateToLatest(other);
      // Seeded for a day ahead of this one: its «in corso» work is planned after this moment.
      const ctx = new SeedContext(other.db, { scale: 0.02, log: () => {}, referenceDay: addDays(businessDay(), 3) });
      for (const step of seedSteps.slice(0, seedSteps.findIndex((step) => step.run === seedAssignments) + 1)) await step.run(ctx);
      const seededBy = new Date().toISOString();
      const begun = await sql<{ state: string; planned: string; started: string; executed: string[] }>`
        SELECT s.attributes->>'state' AS state, s.attributes->>'plannedStartDateTime' AS planned, s.attributes->>'actualStartDateTime' AS started,
          coalesce(array_agg(a.attributes->>'executedDateTime') FILTER (WHERE a.attributes->>'executedDateTime' IS NOT NULL), '{}') AS executed
        FROM assignments s LEFT JOIN assignment_activities a ON a.relationships->>'assignmentId' = s.id::text
        WHERE s.attributes->>'state' IN ('running', 'paused') GROUP BY s.id`.execute(other.db);
      const running = begun.rows.filter((row) => row.state === 'running');
      expect(running.some((row) => row.planned > seededBy), 'running work planned after the seeding').toBe(true);
      for (const row of begun.rows) {
        expect(row.started <= seededBy, `${row.state} since ${row.started}`).toBe(true);
        expect(row.executed.filter((at) => at > seededBy || at < row.started)).toEqual([]);
      }
    } finally {
      await other.close();
    }
  }, 120_000);
});
