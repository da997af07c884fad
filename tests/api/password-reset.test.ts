/**
 * Issue 12: an administrator sets or resets the password of the embedded sign-in (`resetPassword`
 * on users): a temporary one answered once when none is given, and a forced change at the next
 * sign-in — the login interaction then asks "Cambia la password", checks the new one with the same
 * rules, and only then completes. Over real HTTP, like oidc.test.ts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { AccountRepository } from '../../src/server/oidc/accounts.ts';
import { hashPassword } from '../../src/server/oidc/passwords.ts';
import { ADMIN_EMAIL, engines, setupApi, type Api } from './setup.ts';
import { freePort } from '../support/free-port.ts';
import { Browser } from '../support/browser.ts';

const ADMIN_PASSWORD = 'Prova-2026!';

describe.each(engines())('password reset and forced change on %s', (engine) => {
  let api: Api;
  let publicUrl: string;
  let redirectUri: string;
  let userId: string;
  let adminToken: string;
  const clientId = 'backoffice-workspace';

  /** Starts a sign-in and posts the login form: the answer to the POST, and what is needed to finish. */
  async function postLogin(login: string, password: string) {
    const browser = new Browser(publicUrl);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid offline_access api.sync', state: randomUUID(), code_challenge_method: 'S256', code_challenge: challenge });
    const start = await browser.request(`/oidc/auth?${params}`);
    expect(start.status, start.text).toBe(303);
    const interaction = start.location!;
    await browser.request(interaction);
    const posted = await browser.request(`${interaction}/login`, { form: { login, password } });
    return { browser, verifier, interaction, posted };
  }

  /** Follows the redirects to the client and exchanges the code: the access token. */
  async function finish(browser: Browser, location: string | undefined, verifier: string): Promise<string> {
    let next = location;
    for (let hops = 0; hops < 5 && next && !next.startsWith(redirectUri); hops++) next = (await browser.request(next)).location;
    const code = new URL(next!).searchParams.get('code')!;
    const response = await fetch(`${publicUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
    });
    const body = (await response.json()) as { access_token: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body.access_token;
  }

  const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const formAction = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1];

  async function apiAs(accessToken: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await api.app.inject({ method: method as 'POST', url, headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body ? JSON.stringify(body) : undefined });
    return { status: response.statusCode, body: JSON.parse(response.body || 'null') };
  }

  async function resetPassword(body: unknown) {
    const user = (await apiAs(adminToken, 'GET', `/api/users/${userId}`)).body.data;
    return apiAs(adminToken, 'POST', `/api/users/${userId}/actions/resetPassword`, body, { 'if-match': `"${user.metadata.lastUpdatedDateTime}"` });
  }

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    redirectUri = `${publicUrl}/auth/callback`;
    api = await setupApi(engine, { oidc: { publicUrl } });
    await api.app.listen({ port, host: '127.0.0.1' });
    await new AccountRepository(api.database.db).setPasswordHash(api.adminId, await hashPassword(ADMIN_PASSWORD));
    userId = randomUUID();
    await new EntityRepository(api.database.db, findKind('users')!).insert([
      {
        id: userId,
        by: null,
        data: {
          attributes: { userType: 'siv', displayName: 'Mario Rossi', email: 'mario.rossi@test.it', isMainteiner: false, isSalesman: false, allowedModules: [] },
          metadata: { isEnabled: true },
          relationships: { roleIds: [], customerIds: [], officeLocationIds: [] },
        },
      },
    ]);
    const admin = await postLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(admin.posted.status, admin.posted.text).toBe(303);
    adminToken = await finish(admin.browser, admin.posted.location, admin.verifier);
  });
  afterAll(() => api?.close());

  it('refuses a password that breaks the rules', async () => {
    const short = await resetPassword({ password: 'corta' });
    expect(short.status).toBe(422);
    expect(short.body.errors[0]).toMatchObject({ pointer: '/password', code: 'tooShort', message: expect.stringContaining('almeno 8') });
    const personal = await resetPassword({ password: 'mario.rossi-2026' });
    expect(personal.body.errors[0].code).toBe('personal');
  });

  it('generates a temporary password answered once; the user must change it at the next sign-in', async () => {
    const reset = await resetPassword({});
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const temporary = reset.body.meta.temporaryPassword as string;
    expect(temporary).toMatch(/^[\w]{4}(-[\w]{4}){3}$/);
    expect(reset.body.meta.notice).toContain(temporary);
    expect(JSON.stringify(reset.body.data)).not.toContain(temporary);
    // The history says who reset it, never the password.
    const history = await apiAs(adminToken, 'GET', `/api/users/${userId}/history`);
    expect(history.body.data[0]).toMatchObject({ action: 'resetPassword', by: api.adminId });
    expect(JSON.stringify(history.body)).not.toContain(temporary);

    const { browser, verifier, interaction, posted } = await postLogin('mario.rossi@test.it', temporary);
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('<h1>Cambia la password</h1>');
    expect(posted.text).not.toContain(temporary);
    expect(formAction(posted.text)).toBe(`${interaction}/password`);
    const token = hidden(posted.text, 'token');

    const tooShort = await browser.request(`${interaction}/password`, { form: { token, password: 'breve', confirm: 'breve' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.text).toContain('La password deve avere almeno 8 caratteri');
    const mismatch = await browser.request(`${interaction}/password`, { form: { token, password: 'Nuova-Password-1', confirm: 'Nuova-Password-2' } });
    expect(mismatch.text).toContain('Le due password non coincidono');
    const same = await browser.request(`${interaction}/password`, { form: { token, password: temporary, confirm: temporary } });
    expect(same.text).toContain('La nuova password deve essere diversa da quella attuale');
    const forged = await browser.request(`${interaction}/password`, { form: { token: `${token}x`, password: 'Nuova-Password-1', confirm: 'Nuova-Password-1' } });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('accedi di nuovo');

    const changed = await browser.request(`${interaction}/password`, { form: { token, password: 'Nuova-Password-1', confirm: 'Nuova-Password-1' } });
    expect(changed.status, changed.text).toBe(303);
    const userToken = await finish(browser, changed.location, verifier);
    expect((await apiAs(userToken, 'GET', '/api/identity/authorization')).body[0].id).toBe(userId);

    // Next time: the new password, no question; the temporary one no longer works.
    const again = await postLogin('mario.rossi@test.it', 'Nuova-Password-1');
    expect(again.posted.status, again.posted.text).toBe(303);
    expect((await postLogin('mario.rossi@test.it', temporary)).posted.status).toBe(401);

    // A user without the ability cannot reset anyone's password.
    const admin = (await apiAs(userToken, 'GET', `/api/users/${api.adminId}`)).status;
    expect(admin).toBe(403);
    const refused = await apiAs(userToken, 'POST', `/api/users/${api.adminId}/actions/resetPassword`, {}, { 'if-match': '"2026-01-01T00:00:00.000Z"' });
    expect(refused.status).toBe(403);
  });

  it('sets a chosen password without a forced change when asked', async () => {
    const reset = await resetPassword({ password: 'Scelta-Dall-Admin-9', mustChange: false });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.meta.temporaryPassword).toBeUndefined();
    const { posted } = await postLogin('mario.rossi@test.it', 'Scelta-Dall-Admin-9');
    expect(posted.status, posted.text).toBe(303);
  });
});
