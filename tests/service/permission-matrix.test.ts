/**
 * The permission matrix (DESIGN §6.13): every kind of the registry × every caller (the demo roles,
 * two customers' users, two users limited to fire) × every operation — list, its aggregate, read by id, history,
 * live notices, create, update, delete, each custom action, the document, a file attached to the row —
 * on one small fixture, against the expected outcomes in permission-matrix.expected.ts. Each cell is
 * a test named after what it proves (`Commerciale × quotations (salesman X’s fire draft, customer A)
 * × read → refused`); a cell the security issue says the code gets wrong today runs as an expected
 * failure, its finding in the name.
 *
 * Writes go through a service whose transactions roll back (setup.ts `dryRun`): each write runs its
 * whole pipeline, and the next cell finds the fixture as it was (the last test checks it).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindList } from '../../src/domain/kinds.ts';
import { documentForRecordType } from '../../src/domain/documents/placeholders.ts';
import { OWNER_TYPES_WITHOUT_FILES } from '../../src/domain/entities/media.ts';
import type { Entity } from '../../src/domain/entity.ts';
import { Problem } from '../../src/server/http/problems.ts';
import { DocumentData } from '../../src/server/documents/data.ts';
import { MediaFiles } from '../../src/server/media/files.ts';
import { linkSigner } from '../../src/server/media/links.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { EntityService } from '../../src/server/resources/service.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { registerIconRoutes } from '../../src/server/icons/routes.ts';
import { registerCalendarFeedRoutes } from '../../src/server/calendar/feed.ts';
import { registerMailRoutes } from '../../src/server/mail/routes.ts';
import { registerQuotationSignatureRoutes } from '../../src/server/signature/quotation-signature.ts';
import { registerInvitationRoutes } from '../../src/server/users/invitations.ts';
import { registerRegisterShareRoutes } from '../../src/server/documents/register-share.ts';
import { registerDownloadLogRoutes } from '../../src/server/documents/download-log.ts';
import { registerNextEditionsRoutes } from '../../src/server/kinds/support/next-editions.ts';
import { registerAdditionalFieldRoutes } from '../../src/server/kinds/support/additional-fields.ts';
import type { MediaStorage } from '../../src/server/storage/storage.ts';
import { demoCallerNames, engines, setupService, type DemoCallerName, type ServiceSetup } from './setup.ts';
import { buildFixture, type Fixture } from './permission-matrix.fixture.ts';
import { openEventStreams } from './event-streams.ts';
import {
  actionRows, documentSubstance, expected, fixtureRows, mediaOfCustomerA, notCreated, routeRows,
  type Finding, type FixtureType, type Grant, type Operation, type RouteRow, type RowKey, type Rows,
} from './permission-matrix.expected.ts';

/** Refusals of the permission checks (401 and 403 problems; NOT_FOUND where a row is hidden as if absent). */
const REFUSED = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'CTM_FST_NOT_AUTHORIZED', 'MODULE_NOT_ALLOWED', 'FIELD_NOT_AUTHORIZED', 'NOT_FOUND']);
/**
 * Business refusals that come after every permission check (the pipeline authorizes before it checks
 * relations and the state lock): the caller was allowed, the record's situation said no.
 */
const AFTER_AUTHORIZATION = new Set(['ENTITY_RELATIONS_FOUND', 'QUOTATION_NOT_EDITABLE', 'NOT_DELETABLE']);

type Outcome = string;
interface Cell {
  name: string;
  expected: Outcome;
  /** The findings of the security issue this cell proves. */
  findings: Finding[];
  /** Known gap: the code does otherwise today (see `Finding.open`). */
  open?: true | string;
  run(m: Matrix): Promise<Outcome>;
}
interface Matrix {
  s: ServiceSetup;
  f: Fixture;
  dry: EntityService;
  files: MediaFiles;
  documents: DocumentData;
  /** `type:id` of the notices each caller's stream received. */
  delivered: Map<string, Set<string>>;
}

async function outcomeOf(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    await work();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    if (REFUSED.has(error.code)) return 'refused';
    if (AFTER_AUTHORIZATION.has(error.code)) return 'allowed';
    return `failed ${error.code}: ${error.message}${error.errors ? ` ${JSON.stringify(error.errors)}` : ''}`;
  }
}

const rowsOf = (type: FixtureType) => Object.keys(fixtureRows[type]) as RowKey[];
const labelOf = (type: FixtureType, row: RowKey) => (fixtureRows[type] as Record<string, string>)[row]!;
const includes = (rows: Rows | undefined, row: RowKey) => rows === 'all' || (rows ?? []).includes(row);
const listed = (keys: readonly RowKey[]) => (keys.length === 0 ? 'lists nothing' : `lists ${keys.join(', ')}`);
const counted = (count: number) => `counts ${count}`;

/** The cells of one caller on one kind, with their expectations. */
function cellsOf(callerName: DemoCallerName, type: FixtureType): Cell[] {
  const caller = expected[callerName]!;
  const grant: Grant = caller.kinds[type] ?? {};
  const rows = rowsOf(type);
  const primary = rows[0]!;
  const readable = (row: RowKey) => includes(grant.read, row);
  const cells: Cell[] = [];
  // A list cell proves the findings on every row it must not show; another cell those on its row.
  const findingsOf = (op: Operation, row?: RowKey) =>
    (caller.findings ?? []).filter((f) => f.kind === type && f.op === op && (row === undefined || f.row === row));
  const cell = (op: Operation, row: RowKey | undefined, expectedOutcome: Outcome, run: Cell['run']) => {
    const found = findingsOf(op, row);
    const where = row ? `${type} (${labelOf(type, row)})` : type;
    const openOne = found.find((f) => f.open);
    const said = [...new Set(found.map((f) => f.finding))].join('; ');
    const tag = said ? ` [${openOne ? 'known gap' : 'issue'}: ${said}]` : '';
    cells.push({ name: `${callerName} × ${where} × ${op} → ${expectedOutcome}${tag}`, expected: expectedOutcome, findings: found, open: openOne?.open, run });
  };
  const call = (m: Matrix) => m.f.callers[callerName];
  const version = (m: Matrix, row: RowKey) => `"${m.f.rows[row].metadata.lastUpdatedDateTime}"`;
  const listOutcome = async (m: Matrix, query: Record<string, string>) => {
    let answer: { data: Entity[] };
    try {
      answer = await m.s.service.list(type, { 'page[size]': '500', ...query }, call(m));
    } catch (error) {
      return outcomeOf(() => Promise.reject(error));
    }
    const ids = new Set(answer.data.map((entity) => entity.id));
    return listed(rows.filter((row) => ids.has(m.f.rows[row].id)));
  };

  cell('list', undefined, grant.read === undefined ? 'refused' : listed(rows.filter(readable)), (m) => listOutcome(m, {}));
  // The list's figures (GET /api/{type}/aggregate, issue 23): the same read rule counts the same rows.
  cell('aggregate', undefined, grant.read === undefined ? 'refused' : counted(rows.filter(readable).length), async (m) => {
    try {
      const answer = await m.s.service.aggregate(type, { ids: rows.map((row) => m.f.rows[row].id).join(',') }, call(m));
      return counted(answer.data.reduce((sum, group) => sum + group.count, 0));
    } catch (error) {
      return outcomeOf(() => Promise.reject(error));
    }
  });
  if (type === 'media') {
    const ofA = rows.filter((row) => mediaOfCustomerA.includes(row));
    cell('list by customer A', undefined, grant.read === undefined ? 'refused' : listed(ofA.filter(readable)), (m) => listOutcome(m, { 'filter[customerId]': m.f.rows.customerA.id }));
  }
  const document = documentForRecordType(type);
  for (const row of rows) {
    const read = readable(row) ? 'allowed' : 'refused';
    cell('read', row, read, (m) => outcomeOf(() => m.s.service.get(type, m.f.rows[row].id, call(m))));
    cell('history', row, read, (m) => outcomeOf(() => m.s.service.history(type, m.f.rows[row].id, call(m))));
    cell('events', row, read === 'allowed' ? 'delivered' : 'not delivered', async (m) =>
      (m.delivered.get(callerName)!.has(`${type}:${m.f.rows[row].id}`) ? 'delivered' : 'not delivered'));
    if (document) {
      const printable = (documentSubstance[type] ?? []).every((printed) => caller.kinds[printed]?.read !== undefined);
      cell('document', row, read === 'allowed' && printable ? 'allowed' : 'refused', (m) => outcomeOf(() => m.documents.load(type, m.f.rows[row].id, call(m))));
    }
  }
  if (!notCreated.includes(type)) {
    cell('create', undefined, grant.create ? 'allowed' : 'refused', (m) => outcomeOf(() => m.dry.create(type, m.f.createBody(type, call(m)), call(m))));
  }
  for (const row of rows) {
    cell('update', row, includes(grant.update, row) ? 'allowed' : 'refused', (m) =>
      outcomeOf(() => m.dry.update(type, m.f.rows[row].id, m.f.patch(type, m.f.rows[row]), version(m, row), call(m))));
  }
  cell('delete', primary, grant.delete ? 'allowed' : 'refused', (m) => outcomeOf(() => m.dry.remove(type, m.f.rows[primary].id, version(m, primary), call(m))));
  const kind = kindList.find((k) => k.type === type)!;
  for (const action of Object.keys(kind.actions ?? {})) {
    for (const row of actionRows[type]?.[action] ?? []) {
      cell(`action ${action}`, row, includes(grant.actions?.[action], row) ? 'allowed' : 'refused', (m) =>
        outcomeOf(() => m.dry.runAction(type, m.f.rows[row].id, action, m.f.actionBody(type, action), version(m, row), call(m))));
    }
  }
  // A file attached to the row: whoever may read and change the record (media/files.ts createUpload);
  // none to what every user keeps for themselves (views, settings: OWNER_TYPES_WITHOUT_FILES).
  if (type !== 'media' && !OWNER_TYPES_WITHOUT_FILES.has(type)) {
    cell('upload', primary, readable(primary) && includes(grant.update, primary) ? 'allowed' : 'refused', (m) =>
      outcomeOf(() => m.files.createUpload(call(m), { name: 'allegato.pdf', mimeType: 'application/pdf', bytesCount: 1000, owner: { type, id: m.f.rows[primary].id } })));
  }
  return cells;
}

/**
 * The routes of `routeRows`, registered on a stand-in for Fastify that keeps their handlers: a cell calls
 * the handler with a stand-in request and reply, as the server does once it has found the request's
 * caller (none: the server's «not signed in», 401).
 */
type RouteHandler = (request: unknown, reply: unknown) => Promise<unknown>;
const routeHandlers = new Map<string, RouteHandler>();
const keep = (method: string) => (path: string, handler: RouteHandler) => void routeHandlers.set(`${method} ${path}`, handler);
const standIn = { get: keep('GET'), post: keep('POST'), delete: keep('DELETE') };
const signedIn = (request: unknown): Caller => {
  const caller = (request as { testCaller?: Caller }).testCaller;
  if (!caller) throw new Problem('UNAUTHORIZED');
  return caller;
};
registerIconRoutes(standIn as unknown as FastifyInstance, signedIn);
// The calendar feed's routes read through the engine's service, set once it is up (beforeAll).
const calendarDeps = { service: undefined as unknown as EntityService, db: undefined as unknown as ServiceSetup['db'], publicUrl: 'http://matrix.test', today: () => '2026-11-28' };
registerCalendarFeedRoutes(standIn as unknown as FastifyInstance, calendarDeps, signedIn);
// The outbox reads its rows through the same service (the mailer only serves the .eml files, none here).
const mailDeps = { service: undefined as unknown as EntityService, mailer: { send: () => Promise.reject(new Error('no mail in the matrix')), readEml: async () => undefined, close: () => undefined } };
registerMailRoutes(standIn as unknown as FastifyInstance, mailDeps, signedIn);
// The signature's code is «sent» by a mailer that only says so; its rows go through the same service and database.
const signatureDeps = {
  service: undefined as unknown as EntityService, db: undefined as unknown as ServiceSetup['db'], storage: undefined as unknown as MediaStorage, publicUrl: 'http://matrix.test',
  mailer: { send: async () => ({ id: 'matrix', messageId: '<matrix@test>', transport: 'emlFile' as const, outcome: 'mailSent' as const }), readEml: async () => undefined, close: () => undefined },
};
registerQuotationSignatureRoutes(standIn as unknown as FastifyInstance, signatureDeps, signedIn);
// Invitations: the link «sent» by the same mailer (issue 26 §9).
const invitationDeps = { service: undefined as unknown as EntityService, db: undefined as unknown as ServiceSetup['db'], mailer: signatureDeps.mailer, publicUrl: 'http://matrix.test', ttlHours: 72 };
registerInvitationRoutes(standIn as unknown as FastifyInstance, invitationDeps, signedIn);
// The register's share links list through the same service and database (nothing is printed here).
const registerShareDeps = {
  service: undefined as unknown as EntityService, db: undefined as unknown as ServiceSetup['db'], publicUrl: 'http://matrix.test',
  printRegister: () => Promise.reject(new Error('no printing in the matrix')),
  // The rows are the documents' (tests/api/register-share.test.ts reads them); the route's own refusal is what the matrix checks.
  registerRows: async () => ({}),
};
registerRegisterShareRoutes(standIn as unknown as FastifyInstance, registerShareDeps, signedIn);
registerDownloadLogRoutes(standIn as unknown as FastifyInstance, registerShareDeps, signedIn);
registerNextEditionsRoutes(standIn as unknown as FastifyInstance, registerShareDeps, signedIn);
registerAdditionalFieldRoutes(standIn as unknown as FastifyInstance, registerShareDeps, signedIn);

/** The handler registered for `method` and a concrete path, with the path's parameters (`:id`). */
function handlerFor(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } | undefined {
  for (const [key, handler] of routeHandlers) {
    const [registered, pattern] = key.split(' ') as [string, string];
    if (registered !== method) continue;
    const names: string[] = [];
    const matcher = new RegExp(`^${pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    const found = matcher.exec(pathname);
    if (found) return { handler, params: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])) };
  }
  return undefined;
}

async function routeOutcome(m: Matrix, route: RouteRow, caller: Caller | undefined): Promise<Outcome> {
  const [method, written] = routeRows[route].request.split(' ') as [string, string];
  // `{rowKey}` in a route's path is that fixture row's id.
  const url = written.replace(/\{(\w+)\}/g, (_, key: string) => m.f.rows[key as RowKey].id);
  const { pathname, searchParams } = new URL(url, 'http://matrix.test');
  const found = handlerFor(method, pathname);
  if (!found) throw new Error(`no handler registered for ${routeRows[route].request}`);
  const { handler, params } = found;
  let status = 200;
  const reply = { code: (code: number) => ((status = code), reply), type: () => reply, header: () => reply, send: (body: unknown) => body };
  return outcomeOf(async () => {
    await handler({ method, url, params, query: Object.fromEntries(searchParams), headers: {}, testCaller: caller }, reply);
    if (status >= 400) throw new Error(`${routeRows[route].request} answered ${status}`);
  });
}

/** The cells of one caller (or of no one signed in) on the routes beside the kinds. */
function routeCellsOf(callerName: DemoCallerName | undefined): Cell[] {
  return (Object.keys(routeRows) as RouteRow[]).map((route) => {
    const answers = routeRows[route].answers as 'all' | readonly string[];
    const expectedOutcome = callerName && (answers === 'all' || answers.includes(callerName)) ? 'allowed' : 'refused';
    return {
      name: `${callerName ?? 'not signed in'} × ${route} (${routeRows[route].what}) × read → ${expectedOutcome}`,
      expected: expectedOutcome,
      findings: [],
      run: (m) => routeOutcome(m, route, callerName ? m.f.callers[callerName] : undefined),
    };
  });
}

const fixtureTypes = kindList.map((kind) => kind.type).filter((type): type is FixtureType => Object.hasOwn(fixtureRows, type));
const cells = [
  ...demoCallerNames.flatMap((caller) => [...fixtureTypes.flatMap((type) => cellsOf(caller, type)), ...routeCellsOf(caller)]),
  ...routeCellsOf(undefined),
];

describe('the permission matrix’s data', () => {
  it('covers every kind of the registry with fixture rows', () => {
    expect(kindList.map((kind) => kind.type).filter((type) => !Object.hasOwn(fixtureRows, type))).toEqual([]);
  });
  it('names target rows for every custom action of the registry', () => {
    const missing = kindList.flatMap((kind) => Object.keys(kind.actions ?? {}).filter((action) => !actionRows[kind.type as FixtureType]?.[action]?.length).map((action) => `${kind.type} ${action}`));
    expect(missing).toEqual([]);
  });
  it('has expectations for every caller, and every finding names a cell of the matrix', () => {
    expect(Object.keys(expected).toSorted()).toEqual([...demoCallerNames].toSorted());
    const used = new Set(cells.flatMap((c) => c.findings));
    const unused = Object.entries(expected).flatMap(([caller, e]) => (e.findings ?? []).filter((f) => !used.has(f)).map((f) => `${caller} ${f.kind} ${f.row ?? ''} ${f.op}`));
    expect(unused).toEqual([]);
  });
});

describe.each(engines())('permission matrix on %s', (engine) => {
  let m: Matrix;
  let before: string;

  /** Every fixture row's version and deletion, and the number of rows of each kind: what dry-run writes must not change. */
  const snapshot = async () => {
    const versions = await Promise.all(Object.entries(m.f.typeOf).map(async ([key, type]) => {
      const row = await m.s.stored(type, m.f.rows[key as RowKey].id);
      return `${key}:${row?.metadata.lastUpdatedDateTime}:${row?.metadata.isDeleted}`;
    }));
    const counts = await Promise.all(kindList.map(async (kind) => `${kind.type}:${(await m.s.service.list(kind.type, { 'page[size]': '1' }, m.s.admin).catch(() => ({ meta: { total: '?' } }))).meta.total}`));
    return [...versions, ...counts].join('\n');
  };

  let started = 0;
  beforeAll(async () => {
    started = Date.now();
    const s = await setupService(engine);
    const f = await buildFixture(s);
    const dry = s.dryRun();
    const streams = await openEventStreams(s, f.callers);
    const notices = Object.entries(f.typeOf).map(([key, type]) => {
      const row = f.rows[key as RowKey];
      return { type, id: row.id, version: String(row.metadata.lastUpdatedDateTime), action: 'update', by: s.admin.identity.userId };
    });
    let delivered: Map<string, Set<string>>;
    try {
      delivered = await streams.deliver(notices);
    } finally {
      await streams.close();
    }
    const config = loadConfig({});
    const files = new MediaFiles({ db: s.db, service: dry, storage: s.storage, config: config.media, links: linkSigner('matrice'), log: { error: () => undefined } });
    m = { s, f, dry, files, documents: new DocumentData(s.db, s.service), delivered };
    calendarDeps.service = s.service;
    mailDeps.service = s.service;
    signatureDeps.service = s.service;
    signatureDeps.db = s.db;
    invitationDeps.service = s.service;
    invitationDeps.db = s.db;
    registerShareDeps.service = s.service;
    registerShareDeps.db = s.db;
    calendarDeps.db = s.db;
    before = await snapshot();
  }, 120_000);
  afterAll(async () => {
    await m?.s.close();
    // MATRIX_TIMING=1: how long this engine's half took, setup included.
    if (process.env.MATRIX_TIMING) console.log(`permission matrix on ${engine}: ${cells.length} cells in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  for (const c of cells) {
    if (!c.open) {
      it(c.name, async () => {
        expect(await c.run(m)).toBe(c.expected);
      });
      continue;
    }
    // A known gap fails by giving today's answer; one that breaks otherwise (another error, a changed
    // fixture) passes here, which `it.fails` reports as a failure.
    const today = c.open;
    it.fails(c.name, async () => {
      const outcome = await c.run(m);
      if (typeof today === 'string' ? !outcome.startsWith(today) : outcome.startsWith('failed ')) {
        console.error(`${c.name}: ${outcome}`);
        return;
      }
      expect(outcome).toBe(c.expected);
    });
  }

  it('the dry-run writes left the fixture as it was', async () => {
    expect(await snapshot()).toBe(before);
  });
});
