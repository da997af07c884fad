/**
 * `GET /api/users/names?ids=…` (issue 22): the display names of staff users, for staff callers who
 * may not read users (the Operatore and the Manutentore see their colleagues on an intervention
 * instead of a placeholder, and a colleague's board lane marked once disabled). A declared, narrow
 * read: only `id`, `displayName` and `isEnabled`, only of staff users (internal or external, enabled
 * or not), only for a staff caller; nothing else of a user, no
 * search, no listing (at most `MAX_IDS` ids asked by id). Controller and service: the caller checked
 * first, then one read by ids.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '../auth/read-rule.ts';
import { OPERATOR_USER_TYPES } from '../../domain/rules/intervention.ts';
import { Problem } from '../http/problems.ts';
import type { Caller } from '../auth/identity.ts';
import type { EntityService } from '../resources/service.ts';
import type { StaffName } from '../../domain/entities/users.ts';

export const MAX_IDS = 100;

const isStaff = (userType: unknown) => (OPERATOR_USER_TYPES as readonly unknown[]).includes(userType);

/** The names of the staff users among `ids` (others are left out, as if absent), for a staff caller. */
export async function staffNames(service: EntityService, caller: Pick<Caller, 'profile'>, ids: readonly string[]): Promise<StaffName[]> {
  if (!isStaff(caller.profile.userType)) throw new Problem('FORBIDDEN', { message: 'I nomi del personale sono riservati al personale' });
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const invalid = wanted.findIndex((id) => !isUuid(id));
  if (invalid >= 0 || wanted.length > MAX_IDS) {
    const message = invalid >= 0 ? `Identificativo non valido: ${wanted[invalid]!}` : `Al massimo ${MAX_IDS} identificativi`;
    throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/ids', code: 'invalidValue', message }] });
  }
  if (wanted.length === 0) return [];
  const users = await service.repository(service.kind('users')).findByIds(wanted);
  return wanted
    .map((id) => users.get(id))
    .filter((user) => user !== undefined && user.metadata.isDeleted !== true && isStaff(user.attributes.userType))
    .map((user) => ({ id: user!.id, displayName: String(user!.attributes.displayName ?? ''), isEnabled: user!.metadata.isEnabled !== false }));
}

export function registerStaffNameRoutes(app: FastifyInstance, service: EntityService, callerOf: (request: FastifyRequest) => Caller): void {
  app.get('/api/users/names', async (request, reply) => {
    const caller = callerOf(request);
    const raw = (request.query as Record<string, unknown>).ids;
    const ids = typeof raw === 'string' && raw.trim() !== '' ? raw.split(',').map((id) => id.trim()) : [];
    reply.header('Cache-Control', 'no-store');
    return { data: await staffNames(service, caller, ids) };
  });
}
