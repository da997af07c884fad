/**
 * Invitations (issue 26 §9): a customer's administrator invites a colleague.
 * - `POST /api/users/invitations`: the colleague is created through the one write pipeline (a
 *   customer user of the administrator's customer, with the administrator's roles, the sites and
 *   modules chosen, checked by the users' hook), and an e-mail carries a single-use link to choose
 *   a password, valid INVITATION_TTL_HOURS;
 * - `POST /api/users/{id}/invitation`: a new link for a colleague who has not chosen a password
 *   yet (the previous links stop working).
 * The link is `PUBLIC_URL/oidc/invitation/<token>`, the token `<id>.<secret>.<signature>`: signed
 * with a key kept in the database, only the secret's SHA-256 stored (`user_invitations`), so
 * neither a copy of the database nor a guessed id makes a link. The page behind it is the sign-in
 * provider's (oidc/routes.ts); `checkInvitation` and `acceptInvitation` are what it calls.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { inviteUserRequest } from '../../domain/rules/customer-users.ts';
import { passwordIssues, passwordMessages } from '../../domain/rules/passwords.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem } from '../http/problems.ts';
import type { Mailer } from '../mail/mailer.ts';
import { AccountRepository } from '../oidc/accounts.ts';
import { hashPassword } from '../oidc/passwords.ts';
import { loadOrCreate } from '../oidc/secrets.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import { zodProblem } from '../resources/zod-problem.ts';

export interface InvitationDeps {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  mailer: Mailer;
  publicUrl: string;
  ttlHours: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function signingKey(db: Kysely<DatabaseSchema>): Promise<Buffer> {
  return Buffer.from(await loadOrCreate(db, 'invitation-key', async () => randomBytes(32).toString('base64url')), 'base64url');
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new link for `userId`, replacing the ones not used yet: its token (never stored) and expiry. */
export async function createInvitation(db: Kysely<DatabaseSchema>, userId: string, invitedBy: string | null, ttlHours: number): Promise<{ token: string; expires: Date }> {
  const key = await signingKey(db);
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + ttlHours * 3_600_000);
  await db.transaction().execute(async (trx) => {
    await sql`UPDATE user_invitations SET expires_date_time = least(expires_date_time, now()) WHERE user_id = ${userId}::uuid AND consumed_date_time IS NULL`.execute(trx);
    await sql`INSERT INTO user_invitations (id, user_id, token_hash, invited_by, expires_date_time)
      VALUES (${id}::uuid, ${userId}::uuid, ${sha256(secret)}, ${invitedBy}::uuid, ${expires.toISOString()}::timestamptz)`.execute(trx);
  });
  return { token: `${id}.${secret}.${mac(key, `${id}.${secret}`)}`, expires };
}

export type InvitationCheck =
  | { ok: true; invitationId: string; userId: string; email: string; displayName: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'disabled' };

/** What a link is worth now: its user when valid, or why not. */
export async function checkInvitation(db: Kysely<DatabaseSchema>, token: string): Promise<InvitationCheck> {
  const [id, secret, signature] = token.split('.');
  if (!id || !secret || !signature || !UUID.test(id)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(await signingKey(db), `${id}.${secret}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const row = (await sql<{ user_id: string; token_hash: string; expires: Date; consumed: Date | null; email: string | null; display_name: string | null; enabled: boolean | null }>`
    SELECT i.user_id, i.token_hash, i.expires_date_time AS expires, i.consumed_date_time AS consumed, u.attributes->>'email' AS email,
      u.attributes->>'displayName' AS display_name, coalesce((u.metadata->>'isEnabled')::boolean, true) AS enabled
    FROM user_invitations i LEFT JOIN users u ON u.id = i.user_id AND NOT u.is_deleted WHERE i.id = ${id.toLowerCase()}::uuid`.execute(db)).rows[0];
  if (!row || row.token_hash !== sha256(secret) || !row.email) return { ok: false, reason: 'invalid' };
  if (row.consumed) return { ok: false, reason: 'used' };
  if (new Date(row.expires).getTime() < Date.now()) return { ok: false, reason: 'expired' };
  if (row.enabled === false) return { ok: false, reason: 'disabled' };
  return { ok: true, invitationId: id.toLowerCase(), userId: row.user_id, email: row.email, displayName: row.display_name ?? row.email };
}

/**
 * The password chosen on the link's page: checked with the password rules, then stored and the link
 * used up, once (two submissions at the same time: the second finds it used). Answers the Italian
 * errors, empty when done.
 */
export async function acceptInvitation(db: Kysely<DatabaseSchema>, token: string, password: string, confirm: string): Promise<{ errors: string[]; check: InvitationCheck }> {
  const check = await checkInvitation(db, token);
  if (!check.ok) return { errors: [], check };
  const errors = passwordIssues(password, check.email).map((issue) => issue.message);
  if (password !== confirm) errors.push(passwordMessages.mismatch);
  if (errors.length > 0) return { errors, check };
  const hash = await hashPassword(password);
  const used = await db.transaction().execute(async (trx) => {
    const taken = await sql<{ id: string }>`UPDATE user_invitations SET consumed_date_time = now()
      WHERE id = ${check.invitationId}::uuid AND consumed_date_time IS NULL AND expires_date_time > now() RETURNING id`.execute(trx);
    if (taken.rows.length === 0) return false;
    await new AccountRepository(trx).setPasswordHash(check.userId, hash, false);
    return true;
  });
  return used ? { errors: [], check } : { errors: [], check: { ok: false, reason: 'used' } };
}

/** The caller's customer and roles (a customer's administrator), read fresh. */
async function inviter(db: Kysely<DatabaseSchema>, call: CallContext): Promise<{ customerId: string; roleIds: string[]; customerName: string }> {
  const userId = call.identity.userId;
  if (!userId) throw new Problem('FORBIDDEN');
  const row = (await sql<{ customer_id: string | null; role_ids: string[] | null; user_type: string; customer_name: string | null }>`
    SELECT u.attributes->>'customerId' AS customer_id, u.relationships->'roleIds' AS role_ids, u.attributes->>'userType' AS user_type,
      c.attributes->'registry'->>'businessName' AS customer_name
    FROM users u LEFT JOIN customers c ON c.id::text = u.attributes->>'customerId' WHERE u.id = ${userId}::uuid`.execute(db)).rows[0];
  if (!row || row.user_type !== 'customer' || !row.customer_id) throw new Problem('CUSTOMER_ADMIN_SCOPE');
  return { customerId: row.customer_id, roleIds: row.role_ids ?? [], customerName: row.customer_name ?? '' };
}

/** The caller's access plus creating users, which inviting does by itself (the users' hook checks what is given). */
function invitingCall(call: CallContext): CallContext {
  const access = call.access;
  const ownEffect = (action: string, kind: KindDefinition) => kind.type === 'users' && action === 'create';
  return {
    ...call,
    access: {
      ...access,
      can: (action, kind, entity) => ownEffect(action, kind) || access.can(action, kind, entity),
      authorize: (action, kind, entity) => {
        if (!ownEffect(action, kind)) access.authorize(action, kind, entity);
      },
      authorizeFields: (action, kind, entity, fields) => {
        if (!ownEffect(action, kind)) access.authorizeFields(action, kind, entity, fields);
      },
    },
  };
}

async function sendInvitation(deps: InvitationDeps, user: Entity, inviterName: string, customerName: string, token: string): Promise<boolean> {
  const link = `${deps.publicUrl}/oidc/invitation/${token}`;
  const name = String(user.attributes.displayName ?? user.attributes.email);
  const sent = await deps.mailer.send({
    to: String(user.attributes.email),
    subject: `Invito all’area clienti${customerName ? ` di ${customerName}` : ''}`,
    text: [
      `Gentile ${name},`,
      `${inviterName} la invita a usare l’area clienti${customerName ? ` di ${customerName}` : ''}. Per scegliere la sua password apra questo collegamento:`,
      link,
      `Il collegamento vale ${deps.ttlHours} ore e una sola volta. Poi potrà accedere con la sua e-mail e la password, oppure con un codice ricevuto via e-mail.`,
      'Se non si aspettava questo invito, ignori il messaggio.',
    ].join('\n\n'),
  });
  return sent.outcome === 'mailSent';
}

export function registerInvitationRoutes(app: FastifyInstance, deps: InvitationDeps, callOf: (request: FastifyRequest) => CallContext): void {
  app.post('/api/users/invitations', async (request, reply) => {
    const { db, service } = deps;
    const call = callOf(request);
    const kind = service.kind('users');
    call.access.authorize('invite', kind);
    const parsed = inviteUserRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw zodProblem(parsed.error);
    const body = parsed.data;
    const { customerId, roleIds, customerName } = await inviter(db, call);
    const user = await service.transaction(call, async (trx) =>
      service.createWithin(trx, invitingCall(call), 'users', {
        attributes: {
          userType: 'customer', email: body.email, displayName: body.displayName, customerId, allowedModules: body.allowedModules,
          ...(body.firstName ? { firstName: body.firstName } : {}), ...(body.lastName ? { lastName: body.lastName } : {}),
        },
        metadata: { isEnabled: true },
        relationships: { roleIds, customerIds: [customerId], officeLocationIds: body.officeLocationIds },
      }));
    const { token, expires } = await createInvitation(db, user.id, call.identity.userId, deps.ttlHours);
    const mailSent = await sendInvitation(deps, user, call.identity.displayName, customerName, token);
    const data = await service.get('users', user.id, call);
    return reply.code(201).send({ data, meta: { invitationExpiresDateTime: expires.toISOString(), mailSent } });
  });

  app.post<{ Params: { id: string } }>('/api/users/:id/invitation', async (request, reply) => {
    const { db, service } = deps;
    const call = callOf(request);
    const kind = service.kind('users');
    const user = await service.get('users', request.params.id, call);
    call.access.authorize('invite', kind, user);
    if (user.metadata.isEnabled === false) throw new Problem('USER_DISABLED', { message: 'L’utente è disattivato: riattivarlo prima di invitarlo di nuovo' });
    const password = (await sql<{ set: boolean }>`SELECT password_hash IS NOT NULL AS set FROM users WHERE id = ${user.id}::uuid`.execute(db)).rows[0];
    if (password?.set) throw new Problem('USER_ALREADY_ACTIVE');
    const { customerName } = await inviter(db, call).catch(() => ({ customerName: '' }));
    const { token, expires } = await createInvitation(db, user.id, call.identity.userId, deps.ttlHours);
    const mailSent = await sendInvitation(deps, user, call.identity.displayName, customerName, token);
    if (!mailSent) throw new Problem('MAIL_NOT_SENT');
    return reply.code(202).send({ data: { invitationExpiresDateTime: expires.toISOString() } });
  });
}
