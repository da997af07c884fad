/**
 * Maintenance mode (issue 12, SPEC §2 Maintenance route): an administrator switches it on; from
 * then on every other user's API request answers 503 MAINTENANCE (the client then shows the
 * Maintenance route), while administrators — judged on the real identity, also when acting as
 * someone — keep working. The switch lives in `app_settings` (migration 0010-admin), so every
 * process agrees; each process reads it at most once every few seconds.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isAdmin } from '../../domain/rules/identity.ts';
import type { DatabaseSchema } from '../db/database.ts';
import type { Caller } from '../auth/identity.ts';
import { Problem } from '../http/problems.ts';
import { zodProblem } from '../resources/zod-problem.ts';

/** How long a process trusts the switch it last read (seconds): the delay before another process follows. */
export const MAINTENANCE_CACHE_SECONDS = 3;

export interface MaintenanceState {
  enabled: boolean;
  /** Italian text shown on the Maintenance page (optional). */
  message?: string;
  since?: string;
}

export const maintenanceBody = z.strictObject({
  enabled: z.boolean(),
  message: z.string().trim().max(500).optional(),
});

const KEY = 'maintenance';
/** What users may still call while it is on: who they are, and whether it is still on. */
const OPEN_DURING_MAINTENANCE = ['/api/maintenance', '/api/identity/authorization'];

export class MaintenanceSwitch {
  private readonly db: Kysely<DatabaseSchema>;
  private cached: { state: MaintenanceState; at: number } | undefined;

  constructor(db: Kysely<DatabaseSchema>) {
    this.db = db;
  }

  async state(): Promise<MaintenanceState> {
    if (this.cached && Date.now() - this.cached.at < MAINTENANCE_CACHE_SECONDS * 1000) return this.cached.state;
    const row = (await sql<{ value: MaintenanceState }>`SELECT value FROM app_settings WHERE key = ${KEY}`.execute(this.db)).rows[0];
    const state = row?.value ?? { enabled: false };
    this.cached = { state, at: Date.now() };
    return state;
  }

  async set(body: z.infer<typeof maintenanceBody>, by: string): Promise<MaintenanceState> {
    const state: MaintenanceState = { enabled: body.enabled, ...(body.message ? { message: body.message } : {}), ...(body.enabled ? { since: new Date().toISOString() } : {}) };
    await sql`INSERT INTO app_settings (key, value, updated_at, updated_by) VALUES (${KEY}, ${JSON.stringify(state)}::jsonb, now(), ${by}::uuid)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`.execute(this.db);
    this.cached = { state, at: Date.now() };
    return state;
  }

  /** Throws MAINTENANCE for a non-administrator's request while it is on. */
  async enforce(request: FastifyRequest, caller: Caller): Promise<void> {
    const path = request.url.split('?', 1)[0] ?? '';
    if (OPEN_DURING_MAINTENANCE.includes(path)) return;
    if (isAdmin(caller.profile.originalData ?? caller.profile)) return;
    const state = await this.state();
    if (state.enabled) throw new Problem('MAINTENANCE', state.message ? { message: state.message } : {});
  }
}

/** `GET /api/maintenance` (anyone signed in) and `PUT /api/maintenance` `{ enabled, message? }` (administrators). */
export function registerMaintenanceRoutes(app: FastifyInstance, maintenance: MaintenanceSwitch, callerOf: (request: FastifyRequest) => Caller): void {
  app.get('/api/maintenance', async (request, reply) => {
    callerOf(request);
    reply.header('Cache-Control', 'no-store');
    return { data: await maintenance.state() };
  });
  app.put('/api/maintenance', async (request) => {
    const caller = callerOf(request);
    if (!isAdmin(caller.profile.originalData ?? caller.profile)) throw new Problem('FORBIDDEN', { message: 'Solo un amministratore può attivare o disattivare la manutenzione' });
    const parsed = maintenanceBody.safeParse(request.body);
    if (!parsed.success) throw zodProblem(parsed.error);
    return { data: await maintenance.set(parsed.data, caller.profile.originalData?.id ?? caller.profile.id) };
  });
}
