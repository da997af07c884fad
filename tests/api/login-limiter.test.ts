/**
 * The sign-in limiter (README "Sign-in limiter"), on both engines: failures counted per account
 * whatever the user typed (e-mail or short name), reserved before the password is checked so a
 * burst of concurrent attempts checks no more passwords than the limit, a lock that doubles and
 * says in Italian how long to wait, and an address that is the one Fastify resolved (socket, or the
 * right-most untrusted X-Forwarded-For hop with TRUSTED_PROXIES), slowed past its limit but never
 * keeping out the users behind it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { AccountRepository } from '../../src/server/oidc/accounts.ts';
import { LoginService, type LoginLimits } from '../../src/server/oidc/login-service.ts';
import { hashPassword } from '../../src/server/oidc/passwords.ts';
import { engines, setupApi } from './setup.ts';
import { freePort } from '../support/free-port.ts';
import { Browser } from '../support/browser.ts';

const PASSWORD = 'Prova-2026!';
const WRONG = 'sbagliata';

/** An app with the embedded provider listening on a real port, and what the tests do with it. */
async function startProvider(engine: string, options: { limits: LoginLimits; https?: boolean; env?: Record<string, string> }) {
  const port = await freePort();
  // An https PUBLIC_URL is what turned on trusting X-Forwarded-For before: the address tests use one.
  const publicUrl = `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`;
  const api = await setupApi(engine, { oidc: { publicUrl, loginLimits: options.limits }, env: options.env });
  await api.app.listen({ port, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${port}`;
  const accounts = new AccountRepository(api.database.db);

  async function insertUser(email: string) {
    const id = randomUUID();
    await new EntityRepository(api.database.db, findKind('users')!).insert([
      {
        id,
        by: null,
        data: {
          attributes: { userType: 'siv', displayName: email, email, firstName: 'Prova', lastName: 'Utente', isMainteiner: false, isSalesman: false, allowedModules: [] },
          metadata: { isEnabled: true },
          relationships: { roleIds: [api.adminRoleId], customerIds: [], officeLocationIds: [] },
        },
      },
    ]);
    await accounts.setPasswordHash(id, await hashPassword(PASSWORD));
    return id;
  }

  /** A browser at the login form of a new authorization request; `headers` go with every request. */
  async function loginForm(headers: Record<string, string> = {}) {
    const browser = new Browser(origin);
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const search = new URLSearchParams({
      client_id: 'backoffice-workspace',
      redirect_uri: `${publicUrl}/auth/callback`,
      response_type: 'code',
      scope: 'openid offline_access api.sync',
      state: randomUUID(),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const start = await browser.request(`/oidc/auth?${search}`, { headers });
    expect(start.status, start.text).toBe(303);
    const interaction = start.location!;
    expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    const submit = (login: string, password: string, extra: Record<string, string> = {}) =>
      browser.request(`${interaction}/login`, { form: { login, password }, headers: { ...headers, ...extra } });
    return { submit };
  }

  return { api, accounts, insertUser, loginForm };
}

describe.each(engines())('sign-in limiter on %s', (engine) => {
  describe('per account', () => {
    const limits: LoginLimits = { perAccount: 5, perAddress: 1000, windowSeconds: 900 };
    let env: Awaited<ReturnType<typeof startProvider>>;

    beforeAll(async () => {
      env = await startProvider(engine, { limits });
    });
    afterAll(async () => {
      await env?.api.close();
    });

    it('counts failures per account: five by e-mail, then the short name is refused too (and the other way round)', async () => {
      await env.insertUser('breve@test.it');
      await env.insertUser('corto@test.it');
      const form = await env.loginForm();
      for (let n = 0; n < limits.perAccount; n++) expect((await form.submit('breve@test.it', WRONG)).status).toBe(401);
      const short = await form.submit('breve', PASSWORD);
      expect(short.status, short.text).toBe(429);
      expect(short.text).toContain('Troppi tentativi');

      for (let n = 0; n < limits.perAccount; n++) expect((await form.submit(n % 2 ? 'corto' : 'Corto', WRONG)).status).toBe(401);
      expect((await form.submit('CORTO@test.it', PASSWORD)).status).toBe(429);
    });

    it('answers an unknown login exactly as a known one: the same refusals after the same count', async () => {
      await env.insertUser('noto@test.it');
      const form = await env.loginForm();
      const answers = async (login: string) => {
        const statuses: number[] = [];
        for (let n = 0; n <= limits.perAccount; n++) statuses.push((await form.submit(login, WRONG)).status);
        return statuses;
      };
      const known = await answers('noto@test.it');
      expect(known).toEqual([401, 401, 401, 401, 401, 429]);
      expect(await answers('nessuno@test.it')).toEqual(known);
      expect(await answers('nessuno')).toEqual(known);
    });

    it('checks no more passwords than the limit when 40 attempts on one account arrive at once', async () => {
      await env.insertUser('raffica@test.it');
      const service = new LoginService(env.accounts, limits);
      const outcomes = await Promise.all(Array.from({ length: 40 }, (_, n) => service.signIn(n % 2 ? 'raffica' : 'raffica@test.it', `${WRONG}-${n}`, `198.51.100.${n}`)));
      const reasons = outcomes.map((o) => (o.ok ? 'ok' : o.reason));
      expect(reasons.filter((r) => r === 'invalid')).toHaveLength(limits.perAccount);
      expect(reasons.filter((r) => r === 'locked')).toHaveLength(40 - limits.perAccount);
      // And the right password waits for the lock like any other.
      expect(await service.signIn('raffica@test.it', PASSWORD, '198.51.100.200')).toMatchObject({ ok: false, reason: 'locked' });
    });

    it('lets no more than the limit through a burst of 30 concurrent login forms', async () => {
      await env.insertUser('assalto@test.it');
      const form = await env.loginForm();
      const responses = await Promise.all(Array.from({ length: 30 }, (_, n) => form.submit('assalto@test.it', `${WRONG}-${n}`)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(limits.perAccount);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limits.perAccount);
    });

    it('refuses a locked account for a period that doubles at each lock, and says in Italian how long', async () => {
      const id = await env.insertUser('recidivo@test.it');
      const form = await env.loginForm();
      const lockOnce = async () => {
        for (let n = 0; n < limits.perAccount; n++) expect((await form.submit('recidivo', WRONG)).status).toBe(401);
        return form.submit('recidivo@test.it', PASSWORD);
      };
      const first = await lockOnce();
      expect(first.status).toBe(429);
      expect(first.text).toContain('Troppi tentativi di accesso non riusciti. Riprova fra 15 minuti.');
      expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(890);
      expect(Number(first.headers.get('retry-after'))).toBeLessThanOrEqual(900);

      // The lock is over (as if 15 minutes had passed): the next five failures lock it for 30.
      await sql`UPDATE oidc_login_limits SET locked_until = now() - interval '1 second' WHERE key = ${`account:${id}`}`.execute(env.api.database.db);
      const second = await lockOnce();
      expect(second.status).toBe(429);
      expect(second.text).toContain('Riprova fra 30 minuti.');
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(1790);
    });

    it('clears the count on success, and lets a locked user in once an administrator set a new password', async () => {
      await env.insertUser('distratto@test.it');
      const service = new LoginService(env.accounts, limits);
      const address = '192.0.2.10';
      for (let n = 0; n < limits.perAccount - 1; n++) expect(await service.signIn('distratto', WRONG, address)).toMatchObject({ ok: false, reason: 'invalid' });
      expect(await service.signIn('distratto@test.it', PASSWORD, address)).toMatchObject({ ok: true });
      for (let n = 0; n < limits.perAccount; n++) expect(await service.signIn('distratto', WRONG, address)).toMatchObject({ ok: false, reason: 'invalid' });
      expect(await service.signIn('distratto', PASSWORD, address)).toMatchObject({ ok: false, reason: 'locked' });
      // What the users kind does after resetPassword (it names the user by e-mail).
      await env.accounts.clearFailures('login:distratto@test.it');
      expect(await service.signIn('distratto', PASSWORD, address)).toMatchObject({ ok: true });
    });
    it('deletes limiter rows that no longer count, and sign-in addresses past their 30 days', async () => {
      const db = env.api.database.db;
      await sql`INSERT INTO oidc_login_limits (key, failures, updated_at) VALUES ('login:vecchio', 3, now() - interval '2 days'), ('login:recente', 3, now())`.execute(db);
      await sql`INSERT INTO oidc_login_addresses (user_id, address, signed_in_at) VALUES (${env.api.adminId}::uuid, '192.0.2.200', now() - interval '31 days'), (${env.api.adminId}::uuid, '192.0.2.201', now())`.execute(db);
      await env.accounts.pruneLimits(9 * 3600, 30);
      const keys = await sql<{ key: string }>`SELECT key FROM oidc_login_limits WHERE key IN ('login:vecchio', 'login:recente')`.execute(db);
      expect(keys.rows.map((r) => r.key)).toEqual(['login:recente']);
      const addresses = await sql<{ address: string }>`SELECT address FROM oidc_login_addresses WHERE address LIKE '192.0.2.20%'`.execute(db);
      expect(addresses.rows.map((r) => r.address)).toEqual(['192.0.2.201']);
    });
  });

  describe('per address, with no trusted proxy', () => {
    const limits: LoginLimits = { perAccount: 5, perAddress: 4, windowSeconds: 900 };
    let env: Awaited<ReturnType<typeof startProvider>>;

    beforeAll(async () => {
      env = await startProvider(engine, { limits, https: true });
    });
    afterAll(async () => {
      await env?.api.close();
    });

    it('ignores X-Forwarded-For: rotating it does not avoid the address limit, and an account behind the address still signs in', async () => {
      await env.insertUser('collega@test.it');
      await env.insertUser('nuovo@test.it');
      const proto = { 'x-forwarded-proto': 'https' };
      // A colleague signed in from this address earlier.
      expect((await (await env.loginForm(proto)).submit('collega', PASSWORD)).status).toBe(303);

      const form = await env.loginForm(proto);
      const forged = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
      for (let n = 0; n < limits.perAddress; n++) expect((await form.submit(`ignoto${n}@test.it`, WRONG, forged(n))).status).toBe(401);
      // Past the limit the address is slowed: one attempt, then wait its turn, whatever the header says.
      expect((await form.submit('ignoto-a@test.it', WRONG, forged(50))).status).toBe(401);
      const slowed = await form.submit('ignoto-b@test.it', WRONG, forged(51));
      expect(slowed.status).toBe(429);
      expect(slowed.text).toContain('Troppi tentativi di accesso da questa rete. Riprova fra');
      expect((await form.submit('ignoto-c@test.it', WRONG, forged(52))).status).toBe(429);

      // Never locked out: the colleague who signs in here signs in at once, a new one at the address's next turn.
      expect((await (await env.loginForm(proto)).submit('collega@test.it', PASSWORD)).status).toBe(303);
      const newcomer = await env.loginForm(proto);
      expect((await newcomer.submit('nuovo', PASSWORD)).status).toBe(429);
      await sql`UPDATE oidc_login_limits SET next_attempt_at = now() - interval '1 second' WHERE key LIKE 'ip:%'`.execute(env.api.database.db);
      expect((await newcomer.submit('nuovo', PASSWORD)).status).toBe(303);
    });
  });

  describe('per address, behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
    const limits: LoginLimits = { perAccount: 5, perAddress: 4, windowSeconds: 900 };
    let env: Awaited<ReturnType<typeof startProvider>>;

    beforeAll(async () => {
      env = await startProvider(engine, { limits, https: true, env: { TRUSTED_PROXIES: '127.0.0.1' } });
    });
    afterAll(async () => {
      await env?.api.close();
    });

    it('counts the right-most untrusted hop: a forged left-most entry changes nothing, and nobody locks out another address', async () => {
      await env.insertUser('vittima@test.it');
      const form = await env.loginForm();
      // What our proxy forwards for the attacker at 203.0.113.66, who writes the victim's address first.
      const attacker = (n: number) => ({ 'x-forwarded-for': `192.0.2.${n}, 198.51.100.7, 203.0.113.66` });
      for (let n = 0; n < limits.perAddress + 1; n++) expect((await form.submit(`ignoto${n}@test.it`, WRONG, attacker(n))).status).toBe(401);
      expect((await form.submit('ignoto-x@test.it', WRONG, attacker(99))).status).toBe(429);
      expect((await form.submit('ignoto-y@test.it', WRONG, { 'x-forwarded-for': '203.0.113.66' })).status).toBe(429);

      // The victim at 198.51.100.7 (what the proxy forwards for them) is not slowed, and signs in.
      const victim = { 'x-forwarded-for': '198.51.100.7' };
      for (let n = 0; n < limits.perAddress; n++) expect((await form.submit(`altro${n}@test.it`, WRONG, victim)).status).toBe(401);
      expect((await (await env.loginForm(victim)).submit('vittima', PASSWORD, victim)).status).toBe(303);
    });
  });
});
