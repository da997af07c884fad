/**
 * `setupService(engine)`: the service tier's harness (DESIGN §6.8 and §6.13; immich's "medium
 * tests"). A fresh, migrated database on the engine (in-memory PGlite, or a schema of its own on
 * the PostgreSQL server), `new EntityService(db, options)` on it, and callers built by the code the
 * server builds them with (`callerOfUser`: the user row → roles read from the database → the
 * SPEC §3 identity → the CASL ability → `Access`). No HTTP: a test calls the service as a route would.
 *
 * Set up once per test file (`beforeAll`): migrating costs about a second, a test costs milliseconds.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database, DatabaseSchema } from '../../src/server/db/database.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { EntityService, type ActionResult, type CallContext, type ServiceOptions } from '../../src/server/resources/service.ts';
import { kindHooks } from '../../src/server/kinds/index.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { callerOfUser, type Caller } from '../../src/server/auth/identity.ts';
import { inProcessChangeBus, type ChangeBus } from '../../src/server/events/bus.ts';
import { diskStorage } from '../../src/server/storage/disk.ts';
import type { MediaStorage } from '../../src/server/storage/storage.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { modules, type ModuleName } from '../../src/domain/enums.ts';
import type { Entity } from '../../src/domain/entity.ts';
import { roleDefinitions } from '../../src/server/seed/generators/roles.ts';
import { ADMIN_ROLE_NAME } from '../../src/domain/rules/identity.ts';

export const engines = () => inject('engines');
/** The business day every service test runs on (validity, deadlines, guards). */
export const TODAY = '2026-06-15';

/** The demo roles of src/server/seed/generators/roles.ts, by name. */
export type DemoRoleName = (typeof roleDefinitions)[number]['name'];

export interface ServiceSetup {
  engine: string;
  database: Database;
  db: Kysely<DatabaseSchema>;
  /** The service every write of which commits. */
  service: EntityService;
  /** Where the service announces committed writes (in-process on both engines: no LISTEN connection needed). */
  changes: ChangeBus;
  /** The media store of the service (a temporary directory). */
  storage: MediaStorage;
  options: ServiceOptions;
  /** The administrator every fixture is written as (role Admin, every module). */
  admin: Caller;
  /** Role ids by name: Admin, and the other demo roles when asked for (`demoRoles`). */
  roleIds: Record<string, string>;
  /** The caller the server would build for this user now (roles and zones read again). */
  callerOf(userId: string): Promise<Caller>;
  /** An enabled user with these roles, created by the administrator through the service, and its caller. */
  user(roleNames: readonly string[], attributes?: Record<string, unknown>, relationships?: Record<string, unknown>): Promise<Caller>;
  /** Creates through the service (as the administrator unless `call` says otherwise). */
  create(type: string, body: unknown, call?: CallContext): Promise<Entity>;
  /** Runs an action on the entity's current version (as the administrator unless `call` says otherwise). */
  act(type: string, entity: Pick<Entity, 'id'>, action: string, body?: unknown, call?: CallContext): Promise<ActionResult>;
  /** The row as stored now (no ability involved). */
  stored(type: string, id: string): Promise<Entity | undefined>;
  /**
   * A second service on the same database whose writes all roll back: each write runs its whole
   * pipeline (authorization, hooks, references, the SQL, the checks after it) in a transaction
   * that is then rolled back, so a permission matrix can try every write on one fixture.
   */
  dryRun(): EntityService;
  close(): Promise<void>;
}

export interface SetupOptions {
  /** Create the demo roles besides Admin (default true). */
  demoRoles?: boolean;
  today?: string;
  maxDiscountPercent?: number;
}

class RolledBack extends Error {}

/**
 * `db` whose `transaction().execute(work)` runs `work` in a real transaction and rolls it back,
 * answering what `work` answered. EntityService opens every write with `db.transaction()`; a
 * controlled transaction (`startTransaction`) would escape the dry run, so it fails loudly instead.
 */
function rollingBack(db: Kysely<DatabaseSchema>): Kysely<DatabaseSchema> {
  const builder = (real: ReturnType<Kysely<DatabaseSchema>['transaction']>): unknown =>
    new Proxy(real, {
      get(target, property) {
        if (property === 'execute') {
          return async (work: (trx: unknown) => Promise<unknown>) => {
            let result: unknown;
            try {
              await target.execute(async (trx) => {
                result = await work(trx);
                throw new RolledBack('dry run');
              });
            } catch (error) {
              if (!(error instanceof RolledBack)) throw error;
            }
            return result;
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        // setIsolationLevel / setAccessMode answer another builder: keep rolling it back.
        return (...args: unknown[]) => {
          const answer = (value as (...a: unknown[]) => unknown).apply(target, args);
          return answer && typeof answer === 'object' && 'execute' in answer ? builder(answer as typeof real) : answer;
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return () => builder(target.transaction());
      if (property === 'startTransaction') throw new Error('dry-run service: EntityService opened a controlled transaction, which the dry run does not roll back');
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export async function setupService(engine: string, setupOptions: SetupOptions = {}): Promise<ServiceSetup> {
  const started = Date.now();
  const opened = await openTestDatabase(engine, { url: inject('testDatabaseUrl'), schemaPrefix: 's_', pgliteTemplate: inject('pgliteTemplate'), postgresTemplate: inject('postgresTemplate') ?? undefined });
  const { database } = opened;
  if (process.env.MATRIX_TIMING) console.log(`migrated on ${engine}: ${Date.now() - started} ms`);
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-media-'));
  const storage = diskStorage(mediaDir);
  const changes = inProcessChangeBus();
  const options: ServiceOptions = {
    hooks: kindHooks,
    maxPageSize: 500,
    maxDiscountPercent: setupOptions.maxDiscountPercent ?? 20,
    today: () => setupOptions.today ?? TODAY,
    changes,
    storage,
  };
  const db = database.db;
  const service = new EntityService(db, options);

  // The first administrator cannot be created by anyone: it is inserted as the seed inserts it.
  const admin = roleDefinitions.find((role) => role.name === ADMIN_ROLE_NAME)!;
  const adminRoleId = randomUUID();
  const adminId = randomUUID();
  await new EntityRepository(db, findKind('roles')!).insert([
    { id: adminRoleId, by: null, data: { attributes: { name: admin.name, description: admin.description, permissions: admin.permissions }, metadata: {}, relationships: {} } },
  ]);
  await new EntityRepository(db, findKind('users')!).insert([
    {
      id: adminId,
      by: null,
      data: {
        attributes: { userType: 'siv', displayName: 'Amministratore', email: 'admin@service.test', isMainteiner: false, isSalesman: false, allowedModules: [] },
        metadata: { isEnabled: true },
        relationships: { roleIds: [adminRoleId], customerIds: [], officeLocationIds: [] },
      },
    },
  ]);
  const callerOf = (userId: string) => callerOfUser(db, userId);
  const adminCaller = await callerOf(adminId);
  const roleIds: Record<string, string> = { [ADMIN_ROLE_NAME]: adminRoleId };
  if (setupOptions.demoRoles ?? true) {
    for (const role of roleDefinitions.filter((r) => r.name !== ADMIN_ROLE_NAME)) {
      roleIds[role.name] = (await service.create('roles', { attributes: { name: role.name, description: role.description, permissions: role.permissions } }, adminCaller)).id;
    }
  }

  let users = 0;
  let dry: EntityService | undefined;
  const setup: ServiceSetup = {
    engine,
    database,
    db,
    service,
    changes,
    storage,
    options,
    admin: adminCaller,
    roleIds,
    callerOf,
    async user(roleNames, attributes = {}, relationships = {}) {
      users += 1;
      const ids = roleNames.map((name) => {
        const id = roleIds[name];
        if (!id) throw new Error(`no role ${name} in this setup`);
        return id;
      });
      const created = await service.create(
        'users',
        {
          attributes: { userType: 'siv', displayName: `Utente ${users}`, email: `utente${users}@service.test`, isMainteiner: false, isSalesman: false, allowedModules: [], ...attributes },
          metadata: { isEnabled: true },
          relationships: { roleIds: ids, ...relationships },
        },
        adminCaller,
      );
      return callerOf(created.id);
    },
    create: (type, body, call = adminCaller) => service.create(type, body, call),
    async act(type, entity, action, body = {}, call = adminCaller) {
      const current = await setup.stored(type, entity.id);
      if (!current) throw new Error(`${type} ${entity.id} not found`);
      return service.runAction(type, entity.id, action, body, `"${current.metadata.lastUpdatedDateTime}"`, call);
    },
    stored: (type, id) => service.repository(service.kind(type)).findById(id),
    dryRun() {
      dry ??= new EntityService(rollingBack(db), options);
      return dry;
    },
    async close() {
      await opened.drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
  return setup;
}

/** The callers of the permission matrix: every demo role, two customers' users, and two users limited to `fire`. */
export const demoCallerNames = [
  'Admin',
  'Commerciale',
  'Responsabile commerciale',
  'Manutentore',
  'Pianificatore',
  'Operatore',
  'Esterno',
  'Cliente A',
  'Cliente B',
  'Cliente A (amministratore)',
  'Admin (fire only)',
  'Pianificatore (fire only)',
] as const;
export type DemoCallerName = (typeof demoCallerNames)[number];

/**
 * A user per demo role (staff `siv`, Esterno `external`), the Cliente role for a user of customer A
 * and one of customer B (their customer's modules), and an Admin and a Pianificatore whose
 * `allowedModules` is `fire` only (module limits win over `manage all`: SPEC §6 closing rules).
 */
export async function demoCallers(setup: ServiceSetup, customers: { A: Entity; B: Entity }): Promise<Record<DemoCallerName, Caller>> {
  const staff = (role: string, attributes: Record<string, unknown> = {}) => setup.user([role], { displayName: role, ...attributes });
  const customerUser = (customer: Entity, name: string, attributes: Record<string, unknown> = {}) =>
    setup.user(['Cliente'], {
      userType: 'customer',
      displayName: name,
      customerId: customer.id,
      allowedModules: (customer.attributes.allowedModules as ModuleName[] | undefined) ?? [...modules],
      ...attributes,
    });
  return {
    Admin: setup.admin,
    Commerciale: await staff('Commerciale', { isSalesman: true }),
    'Responsabile commerciale': await staff('Responsabile commerciale', { isSalesman: true }),
    Manutentore: await staff('Manutentore', { isMainteiner: true }),
    Pianificatore: await staff('Pianificatore'),
    Operatore: await staff('Operatore'),
    Esterno: await staff('Esterno', { userType: 'external' }),
    'Cliente A': await customerUser(customers.A, 'Cliente A'),
    'Cliente B': await customerUser(customers.B, 'Cliente B'),
    // Issue 26 §9: customer A's administrator, who manages its colleagues (none in the fixture) and nobody else.
    'Cliente A (amministratore)': await customerUser(customers.A, 'Cliente A (amministratore)', { isCustomerAdmin: true }),
    'Admin (fire only)': await staff(ADMIN_ROLE_NAME, { displayName: 'Amministratore antincendio', allowedModules: ['fire'] }),
    'Pianificatore (fire only)': await staff('Pianificatore', { displayName: 'Pianificatore antincendio', allowedModules: ['fire'] }),
  };
}
