/**
 * `setupApi(engine)`: a fresh, migrated database on the given engine (in-memory PGlite, or an
 * isolated schema on the PostgreSQL server), the real HTTP app on top, and small helpers to call
 * it. Requests go through Fastify's full request pipeline (inject), without a socket.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/database.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { roleDefinitions } from '../../src/server/seed/generators/roles.ts';
import { ADMIN_ROLE_NAME } from '../../src/domain/rules/identity.ts';
import type { LoginLimits } from '../../src/server/oidc/index.ts';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const engines = () => inject('engines');
/**
 * For what the HTTP layer decides before any SQL runs (body parsing, content types, sizes, depth,
 * timeouts, headers, connection caps): one engine, the embedded one. The engine plays no part there,
 * so a second run would prove nothing more and cost minutes (DESIGN §6.13: each behaviour once, at
 * the cheapest tier that proves it).
 */
export const httpLayerEngines = () => engines().slice(0, 1);
export const TODAY = '2026-06-15';
export const ADMIN_EMAIL = 'admin@test.it';

/** The test issuer's key: tokens the app accepts are signed with it, as the embedded provider's would be. */
let testKey: Promise<{ privateKey: CryptoKey; jwks: { keys: object[] } }> | undefined;
function testSigningKey() {
  testKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    return { privateKey, jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' }] } };
  })();
  return testKey;
}

export interface Response<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

export interface Api {
  database: Database;
  app: FastifyInstance;
  adminId: string;
  adminRoleId: string;
  config: ReturnType<typeof loadConfig>;
  /** An access token for `userId` as the issuer would sign it; `claims`/`header` override the defaults (for bad-token tests). */
  token(userId: string, options?: { claims?: JWTPayload; header?: Record<string, unknown>; expiresIn?: string | number; key?: CryptoKey | Uint8Array }): Promise<string>;
  request<T = any>(method: string, url: string, options?: { body?: unknown; headers?: Record<string, string>; rawBody?: string }): Promise<Response<T>>;
  get<T = any>(url: string): Promise<Response<T>>;
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>): Promise<Response<T>>;
  patch<T = any>(url: string, body: unknown, version: string): Promise<Response<T>>;
  /** Creates an entity and returns it (fails the test when the API refuses). */
  create(type: string, body: unknown): Promise<any>;
  /** Calls the API signed in as `userId` (a token from `token`); `extra` headers go on every request. */
  as(userId: string, extra?: Record<string, string>): { request<T = any>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response<T>> };
  /** Runs an action with the entity's current version. */
  act(type: string, entity: { id: string; metadata: { lastUpdatedDateTime: string } }, action: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export interface SetupOptions {
  today?: string;
  authDisabled?: boolean;
  /**
   * Runs the embedded OpenID provider at PUBLIC_URL/oidc (the app must then listen where PUBLIC_URL says):
   * tokens are then checked against the provider's keys, not the test key. Off by default.
   */
  oidc?: { publicUrl: string; loginLimits?: LoginLimits };
  /** More configuration variables (e.g. MEDIA_DIR, S3_*). */
  env?: Record<string, string>;
}

export async function setupApi(engine: string, options: SetupOptions = {}): Promise<Api> {
  const url = inject('testDatabaseUrl');
  const opened = await openTestDatabase(engine, { url, schemaPrefix: 't_', pgliteTemplate: inject('pgliteTemplate'), postgresTemplate: inject('postgresTemplate') ?? undefined });
  const { database } = opened;
  const adminId = randomUUID();
  const adminRoleId = randomUUID();
  await new EntityRepository(database.db, findKind('roles')!).insert([
    { id: adminRoleId, by: null, data: { attributes: { name: ADMIN_ROLE_NAME, description: 'Amministratore di sistema', permissions: [{ action: 'manage', subject: 'all' }] }, metadata: {}, relationships: {} } },
  ]);
  await new EntityRepository(database.db, findKind('users')!).insert([
    {
      id: adminId,
      by: null,
      data: {
        attributes: { userType: 'siv', displayName: 'Amministratore Test', email: ADMIN_EMAIL, firstName: 'Amministratore', lastName: 'Test', isMainteiner: false, isSalesman: false, allowedModules: [] },
        metadata: { isEnabled: true },
        relationships: { roleIds: [adminRoleId], customerIds: [], officeLocationIds: [] },
      },
    },
  ]);
  // DATABASE_URL: the app's change notices LISTEN on the same server (events.test.ts).
  const env = { ...(options.oidc ? { PUBLIC_URL: options.oidc.publicUrl } : {}), ...(opened.url ? { DATABASE_URL: opened.url } : {}), ...options.env };
  const loaded = loadConfig(env);
  // A test without a DATA_DIR of its own writes its e-mail (no SMTP_URL) to a folder of its own, never to ./data/outbox.
  const outboxDir = options.env?.DATA_DIR ? undefined : path.join(os.tmpdir(), `api-outbox-${randomUUID()}`);
  const config = { ...loaded, ...(outboxDir ? { mail: { ...loaded.mail, outboxDir } } : {}), authDisabled: options.authDisabled ?? !options.oidc, devUserEmail: ADMIN_EMAIL, logLevel: 'silent' };
  const signing = await testSigningKey();
  const app = await buildApp({
    database,
    config,
    today: () => options.today ?? TODAY,
    logger: false,
    ...(options.oidc
      ? { oidcProvider: true, loginLimits: options.oidc.loginLimits }
      : { oidcProvider: false, tokenKeys: createLocalJWKSet(signing.jwks as never) }),
  });
  await app.ready();

  const request: Api['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    let payload: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.inject({ method: method as 'GET', url: path, headers, payload });
    const text = response.body;
    let body: unknown = text;
    if (String(response.headers['content-type'] ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: response.statusCode, headers: response.headers as Response['headers'], body: body as never };
  };
  const api: Api = {
    database,
    app,
    adminId,
    adminRoleId,
    config,
    async token(userId, opts = {}) {
      const claims = { scope: `openid offline_access ${config.oidc.apiScope}`, client_id: config.oidc.clientId, iss: config.oidc.issuer, aud: config.oidc.audience, sub: userId, ...opts.claims };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'test-key', ...opts.header })
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(opts.expiresIn ?? '10m')
        .sign(opts.key ?? signing.privateKey);
    },
    request,
    as: (userId, extra = {}) => ({
      async request(method, path, body, headers = {}) {
        return request(method, path, { body, headers: { authorization: `Bearer ${await api.token(userId)}`, ...extra, ...headers } });
      },
    }),
    get: (path) => request('GET', path),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    patch: (path, body, version) => request('PATCH', path, { body, headers: { 'if-match': `"${version}"` } }),
    async create(type, body) {
      const response = await request('POST', `/api/${type}`, { body });
      if (response.status !== 201) throw new Error(`create ${type} → ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data;
    },
    act: (type, entity, action, body) =>
      request('POST', `/api/${type}/${entity.id}/actions/${action}`, { body, headers: { 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` } }),
    async close() {
      await app.close();
      await opened.drop();
      if (outboxDir) fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
  return api;
}

/** Inserts the demo roles (seed/generators/roles.ts) besides the administrators' one, which setupApi made; returns every role id by name. */
export async function insertDemoRoles(api: Api): Promise<Record<string, string>> {
  const roleIds: Record<string, string> = { [ADMIN_ROLE_NAME]: api.adminRoleId };
  const roles = roleDefinitions.filter((role) => role.name !== ADMIN_ROLE_NAME).map((role) => ({ id: randomUUID(), role }));
  await new EntityRepository(api.database.db, findKind('roles')!).insert(
    roles.map(({ id, role }) => ({ id, by: null, data: { attributes: { ...role }, metadata: {}, relationships: {} } })),
  );
  for (const { id, role } of roles) roleIds[role.name] = id;
  return roleIds;
}

/**
 * Inserts an enabled internal user with the given roles straight into the table (as the seed does); `attributes`/`metadata`
 * override the defaults, `relationships` too (a customer's user's `officeLocationIds`: its sites).
 */
export async function insertUser(api: Api, roleIds: string[], attributes: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}): Promise<string> {
  const id = randomUUID();
  await new EntityRepository(api.database.db, findKind('users')!).insert([
    {
      id,
      by: null,
      data: {
        attributes: { userType: 'siv', displayName: id, email: `${id}@test.it`, isMainteiner: false, isSalesman: false, allowedModules: [], ...attributes },
        metadata: { isEnabled: true, ...metadata },
        relationships: { roleIds, customerIds: [], officeLocationIds: [], ...relationships },
      },
    },
  ]);
  return id;
}
