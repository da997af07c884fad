/**
 * What priming keeps for the demo Manutentore (issue 25 «Prepared for offline, automatically»):
 * the demo data at `--scale` (default 1, the demo) in an embedded PGlite, the real app on top
 * (Fastify inject, signed in as manutentore@demo.sicurezza.it with their real role), and
 * `primeFieldWork` of the client — its own HTTP client, Dexie over fake-indexeddb — with
 * FIELD_PRIME_DAYS working days (default 7). Prints the interventions, the records by kind, the
 * bytes kept (records' JSON length + thumbnails' bytes) against the budget, the requests and the time.
 *
 *   node bench/offline-prime/run.ts [--scale 1] [--days 7]
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrator.ts';
import { seedDemoData } from '../../src/server/seed/seed.ts';
import { DEMO_DOMAIN } from '../../src/server/seed/generators/demo-users.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { businessDay } from '../../src/domain/business-day.ts';
import { FIELD_PRIME_DAYS_DEFAULT } from '../../src/domain/rules/field-prime-window.ts';
import { createApiClient } from '../../src/client/api/http.ts';
import { openOfflineDb } from '../../src/client/offline/db.ts';
import { createOutbox } from '../../src/client/offline/outbox.ts';
import { PRIME_BUDGET_BYTES, primeFieldWork } from '../../src/client/offline/prime.ts';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, days: { type: 'string', default: String(FIELD_PRIME_DAYS_DEFAULT) } } });
const scale = Number(values.scale);
const days = Number(values.days);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const started = Date.now();
const database = await openDatabase({});
await migrateToLatest(database);
const today = businessDay();
await seedDemoData(database.db, { scale, log: () => undefined, referenceDay: today });
console.log(`demo data at scale ${scale} (reference day ${today}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const email = `manutentore@${DEMO_DOMAIN}`;
const config = { ...loadConfig({}), authDisabled: true, devUserEmail: email, logLevel: 'silent' };
const app = await buildApp({ database, config, logger: false, oidcProvider: false });
await app.ready();

/** The app's HTTP client's fetch, answered by the app itself (no socket). */
const fetchViaApp: typeof fetch = async (input, init = {}) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
  const answer = await app.inject({ method: (init.method ?? 'GET') as 'GET', url: `${url.pathname}${url.search}`, headers, payload: typeof init.body === 'string' ? init.body : undefined });
  return new Response(new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: answer.headers as Record<string, string> });
};
const http = createApiClient({ baseUrl: 'http://bench/api', fetch: fetchViaApp, retryLimit: 0 });
// SPEC §3: a list whose first item is the signed-in identity.
const authorization = await http.get<{ id: string; displayName: string }[] | { data: { id: string; displayName: string }[] }>('/identity/authorization');
const identity = (Array.isArray(authorization) ? authorization : authorization.data)[0]!;

const db = await openOfflineDb(identity.id);
const outbox = createOutbox({ db, http, locks: null });
const primeStarted = Date.now();
const summary = await primeFieldWork({ db, outbox, userId: identity.id, http, days });
const seconds = (Date.now() - primeStarted) / 1000;

const byType = new Map<string, number>();
for (const record of await db.records.toArray()) byType.set(record.type, (byType.get(record.type) ?? 0) + 1);
const kept = summary.recordBytes + summary.thumbnailBytes;
console.log(`${identity.displayName} (${email}), window ${summary.window.from} → ${summary.window.to} (${days} working days)`);
console.log(`interventions kept ready: ${summary.interventions}; records: ${summary.records}; thumbnails: ${summary.thumbnails}`);
console.log(`records by kind: ${[...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, n]) => `${type} ${n}`).join(', ')}`);
console.log(`bytes kept: ${mb(kept)} (records ${mb(summary.recordBytes)}, thumbnails ${mb(summary.thumbnailBytes)}) of a ${mb(summary.budgetBytes)} budget (${((kept / PRIME_BUDGET_BYTES) * 100).toFixed(1)} %)`);
console.log(`refused kinds: ${summary.refused.join(', ') || 'none'}; dropped for the budget: ${summary.droppedThumbnails} thumbnails, ${summary.droppedInterventions} interventions`);
console.log(`requests: ${summary.requests}; time: ${seconds.toFixed(1)} s (in-process API, fake-indexeddb)`);
db.close();
await app.close();
await database.close();
