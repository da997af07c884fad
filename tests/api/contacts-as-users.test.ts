/**
 * Issue 26 §9, contacts as users, over real HTTP with the embedded sign-in and an in-process SMTP
 * server: a customer's administrator invites a colleague (the link in the mail sets the password
 * once, then the colleague signs in and reads only its sites), cannot give more than its customer
 * and its own modules, nor touch staff; and everyone signs in with a one-time code by e-mail
 * (right, wrong, expired, out of tries, limited), without learning which addresses have a user.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRepository } from '../../src/server/oidc/accounts.ts';
import { hashPassword } from '../../src/server/oidc/passwords.ts';
import { freePort } from '../support/free-port.ts';
import { Browser } from '../support/browser.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { ADMIN_EMAIL, engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

const PASSWORD = 'Prova-2026!';

describe.each(engines())('contacts as users on %s', (engine) => {
  let api: Api;
  let mailbox: Mailbox;
  let publicUrl: string;
  let redirectUri: string;
  let roleIds: Record<string, string>;
  let customerId: string;
  let brescia: string;
  let otherCustomerId: string;
  let adminToken: string;
  let customerAdminToken: string;
  let customerAdminId: string;
  let plainCustomerUserId: string;
  const clientId = 'backoffice-workspace';

  /** Starts a sign-in in a new browser: the browser, the PKCE verifier and the interaction's address. */
  async function startSignIn() {
    const browser = new Browser(publicUrl);
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const params = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid offline_access api.sync', state: randomUUID(), code_challenge_method: 'S256', code_challenge: challenge });
    const start = await browser.request(`/oidc/auth?${params}`);
    expect(start.status, start.text).toBe(303);
    const interaction = start.location!;
    const page = await browser.request(interaction);
    return { browser, verifier, interaction, page };
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

  async function signIn(login: string, password: string): Promise<string> {
    const { browser, verifier, interaction } = await startSignIn();
    const posted = await browser.request(`${interaction}/login`, { form: { login, password } });
    expect(posted.status, posted.text).toBe(303);
    return finish(browser, posted.location, verifier);
  }

  async function apiAs(accessToken: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await api.app.inject({ method: method as 'POST', url, headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body ? JSON.stringify(body) : undefined });
    return { status: response.statusCode, body: JSON.parse(response.body || 'null') };
  }

  async function created(type: string, body: unknown) {
    const response = await apiAs(adminToken, 'POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }

  /** The messages to `to` received from `since` on. */
  const mailTo = (to: string, since: number) => mailbox.messages.slice(since).filter((message) => message.to.includes(to));
  const linkIn = (text: string) => /https?:\/\/[^\s"<>]+\/oidc\/invitation\/[A-Za-z0-9._~-]+/.exec(text)?.[0];
  const codeIn = (subject: string) => /(\d{6})$/.exec(subject)?.[1];

  beforeAll(async () => {
    mailbox = await startMailbox();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    redirectUri = `${publicUrl}/auth/callback`;
    api = await setupApi(engine, { oidc: { publicUrl }, env: { SMTP_URL: mailbox.url, INVITATION_TTL_HOURS: '48' } });
    await api.app.listen({ port, host: '127.0.0.1' });
    roleIds = await insertDemoRoles(api);
    const accounts = new AccountRepository(api.database.db);
    await accounts.setPasswordHash(api.adminId, await hashPassword(PASSWORD));
    adminToken = await signIn(ADMIN_EMAIL, PASSWORD);
    customerId = (await created('customers', { attributes: { allowedModules: ['fire', 'edu'], registry: { businessName: 'Officine Lombarde Srl' } } })).id;
    brescia = (await created('customers', { attributes: { parentId: customerId, allowedModules: ['fire'], registry: { businessName: 'Officine Lombarde – sede di Brescia' } }, metadata: { type: 'officeLocation' } })).id;
    otherCustomerId = (await created('customers', { attributes: { allowedModules: ['fire', 'edu', 'med'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    await created('customers', { attributes: { parentId: customerId, allowedModules: ['fire'], registry: { businessName: 'Officine Lombarde – sede di Bergamo' } }, metadata: { type: 'officeLocation' } });
    customerAdminId = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Anna Marchetti', email: 'anna@officine.test', customerId, allowedModules: ['fire', 'edu'], isCustomerAdmin: true });
    plainCustomerUserId = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Bruno Neri', email: 'bruno@officine.test', customerId, allowedModules: ['fire'] });
    await accounts.setPasswordHash(customerAdminId, await hashPassword(PASSWORD));
    await accounts.setPasswordHash(plainCustomerUserId, await hashPassword(PASSWORD));
    customerAdminToken = await signIn('anna@officine.test', PASSWORD);
    await created('installations', { attributes: { code: 'IDR-SEDE', name: 'Rete idranti della sede principale', module: 'fire' }, relationships: { customerId } });
    await created('installations', { attributes: { code: 'IDR-BS', name: 'Rete idranti di Brescia', module: 'fire' }, relationships: { customerId, customerLocationId: brescia } });
  });
  afterAll(async () => {
    await api?.close();
    await mailbox?.close();
  });

  it('invites a colleague: the mail’s link sets the password once, then the colleague signs in and reads only its site and modules', async () => {
    const before = mailbox.messages.length;
    const invited = await apiAs(customerAdminToken, 'POST', '/api/users/invitations', {
      email: 'Carla.Bianchi@Officine.test', displayName: 'Carla Bianchi', firstName: 'Carla', lastName: 'Bianchi', officeLocationIds: [brescia], allowedModules: ['fire'],
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    expect(invited.body.data).toMatchObject({
      attributes: { userType: 'customer', email: 'carla.bianchi@officine.test', customerId, allowedModules: ['fire'] },
      relationships: { officeLocationIds: [brescia], roleIds: [roleIds.Cliente] },
    });
    expect(invited.body.meta.mailSent).toBe(true);
    const hours = (Date.parse(invited.body.meta.invitationExpiresDateTime as string) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    const [mail] = mailTo('carla.bianchi@officine.test', before);
    expect(mail?.subject).toBe('Invito all’area clienti di Officine Lombarde Srl');
    expect(mail?.decoded).toContain('Anna Marchetti la invita');
    const link = linkIn(mail!.decoded)!;
    expect(link.startsWith(`${publicUrl}/oidc/invitation/`)).toBe(true);
    // Only a hash of the link's secret is kept.
    const secret = link.split('/').at(-1)!.split('.')[1]!;
    const stored = await sql<{ token_hash: string }>`SELECT token_hash FROM user_invitations WHERE user_id = ${invited.body.data.id as string}::uuid`.execute(api.database.db);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(secret);

    const browser = new Browser(publicUrl);
    const page = await browser.request(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('carla.bianchi@officine.test');
    const weak = await browser.request(link, { form: { password: 'corta', confirm: 'corta' } });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain('La password deve avere almeno 8 caratteri');
    const mismatch = await browser.request(link, { form: { password: 'Brescia-2026!', confirm: 'Brescia-2027!' } });
    expect(mismatch.text).toContain('Le due password non coincidono');
    const done = await browser.request(link, { form: { password: 'Brescia-2026!', confirm: 'Brescia-2026!' } });
    expect(done.status, done.text).toBe(200);
    expect(done.text).toContain('Password impostata');
    // Used: neither shown nor accepted again.
    const again = await browser.request(link);
    expect(again.status).toBe(410);
    expect(again.text).toContain('già stato usato');
    const replay = await browser.request(link, { form: { password: 'Altra-Password-1', confirm: 'Altra-Password-1' } });
    expect(replay.status).toBe(410);
    // A forged signature is no link at all.
    const forged = await browser.request(`${link.slice(0, -2)}xx`);
    expect(forged.status).toBe(404);

    const token = await signIn('carla.bianchi@officine.test', 'Brescia-2026!');
    const profile = (await apiAs(token, 'GET', '/api/identity/authorization')).body[0];
    expect(profile).toMatchObject({ userType: 'customer', customerId, allowedModules: ['fire'], officeLocationIds: [brescia] });
    const installations = await apiAs(token, 'GET', '/api/installations');
    expect(installations.body.data.map((row: any) => row.attributes.code)).toEqual(['IDR-BS']);
    // Its customer, and of the customer's office locations only its own.
    const sites = await apiAs(token, 'GET', `/api/customers?filter[parentId]=${customerId}`);
    expect(sites.body.data.map((row: any) => row.id)).toEqual([brescia]);
    expect((await apiAs(token, 'GET', `/api/customers/${customerId}`)).status).toBe(200);
    const headOffice = (await apiAs(adminToken, 'GET', '/api/installations?filter[code]=IDR-SEDE')).body.data[0];
    expect((await apiAs(token, 'GET', `/api/installations/${headOffice.id as string}`)).status).toBe(403);
    // Its administrator reads every site, as before.
    const all = await apiAs(customerAdminToken, 'GET', '/api/installations');
    expect(all.body.data.map((row: any) => row.attributes.code).sort()).toEqual(['IDR-BS', 'IDR-SEDE']);
    expect((await apiAs(customerAdminToken, 'GET', `/api/customers?filter[parentId]=${customerId}`)).body.data).toHaveLength(2);
  });

  it('refuses an expired link, and a new invitation voids the previous link', async () => {
    const before = mailbox.messages.length;
    const invited = await apiAs(customerAdminToken, 'POST', '/api/users/invitations', { email: 'dario@officine.test', displayName: 'Dario Rossi', officeLocationIds: [customerId], allowedModules: ['edu'] });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const first = linkIn(mailTo('dario@officine.test', before)[0]!.decoded)!;
    const resent = await apiAs(customerAdminToken, 'POST', `/api/users/${invited.body.data.id as string}/invitation`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(202);
    const second = linkIn(mailTo('dario@officine.test', before)[1]!.decoded)!;
    expect(second).not.toBe(first);
    const browser = new Browser(publicUrl);
    expect((await browser.request(first)).status).toBe(410);
    expect((await browser.request(second)).status).toBe(200);
    await sql`UPDATE user_invitations SET expires_date_time = now() - interval '1 minute' WHERE user_id = ${invited.body.data.id as string}::uuid`.execute(api.database.db);
    const expired = await browser.request(second);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('è scaduto');
    const late = await browser.request(second, { form: { password: 'Dario-Rossi-26', confirm: 'Dario-Rossi-26' } });
    expect(late.status).toBe(410);
    const hash = await sql<{ password_hash: string | null }>`SELECT password_hash FROM users WHERE id = ${invited.body.data.id as string}::uuid`.execute(api.database.db);
    expect(hash.rows[0]!.password_hash).toBeNull();
  });

  it('a customer’s administrator gives no more than its customer’s sites and its own modules, and never touches staff or other customers', async () => {
    const invite = (body: Record<string, unknown>) => apiAs(customerAdminToken, 'POST', '/api/users/invitations', { email: `${randomUUID()}@officine.test`, displayName: 'Prova', officeLocationIds: [brescia], allowedModules: ['fire'], ...body });
    const module = await invite({ allowedModules: ['med'] });
    expect(module.status).toBe(422);
    expect(module.body).toMatchObject({ code: 'MODULE_NOT_OF_CUSTOMER', errors: [{ pointer: '/attributes/allowedModules/0' }] });
    const site = await invite({ officeLocationIds: [otherCustomerId] });
    expect(site.status).toBe(422);
    expect(site.body.code).toBe('SITE_NOT_OF_CUSTOMER');
    const extra = await invite({ userType: 'siv' });
    expect(extra.status).toBe(422);
    // A customer's user who is not its administrator invites nobody.
    const plainToken = await signIn('bruno@officine.test', PASSWORD);
    const plain = await apiAs(plainToken, 'POST', '/api/users/invitations', { email: 'x@officine.test', displayName: 'X', officeLocationIds: [brescia], allowedModules: ['fire'] });
    expect(plain.status).toBe(403);
    expect((await apiAs(plainToken, 'GET', '/api/users')).status).toBe(403);

    // Its colleagues only: the list, and what it may change on them.
    const listed = await apiAs(customerAdminToken, 'GET', '/api/users');
    expect(listed.status).toBe(200);
    expect(listed.body.data.every((user: any) => user.attributes.customerId === customerId)).toBe(true);
    expect(listed.body.data.map((user: any) => user.attributes.email)).toContain('bruno@officine.test');
    const bruno = (await apiAs(customerAdminToken, 'GET', `/api/users/${plainCustomerUserId}`)).body.data;
    const patch = (body: unknown) => apiAs(customerAdminToken, 'PATCH', `/api/users/${plainCustomerUserId}`, body, { 'if-match': `"${bruno.metadata.lastUpdatedDateTime as string}"` });
    const promote = await patch({ attributes: { isCustomerAdmin: true } });
    expect(promote.status).toBe(403);
    expect(promote.body.code).toBe('FIELD_NOT_AUTHORIZED');
    // A role it does not hold itself (the staff administrators'): refused by the users' rule before the field's.
    const role = await patch({ relationships: { roleIds: [api.adminRoleId] } });
    expect(role.status).toBe(403);
    expect(role.body.code).toBe('CUSTOMER_ADMIN_SCOPE');
    expect((await patch({ attributes: { allowedModules: ['fire', 'med'] } })).body.code).toBe('MODULE_NOT_OF_CUSTOMER');
    const narrowed = await patch({ attributes: { allowedModules: ['fire', 'edu'] }, relationships: { officeLocationIds: [brescia] } });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.data.relationships.officeLocationIds).toEqual([brescia]);
    const disabled = await apiAs(customerAdminToken, 'POST', `/api/users/${plainCustomerUserId}/actions/disable`, {}, { 'if-match': `"${narrowed.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(disabled.body.data.metadata.isEnabled).toBe(false);
    expect((await apiAs(plainToken, 'GET', '/api/installations')).body.code).toBe('USER_DISABLED');

    // Staff and other customers' users: not even readable.
    expect((await apiAs(customerAdminToken, 'GET', `/api/users/${api.adminId}`)).status).toBe(403);
    const admin = (await apiAs(adminToken, 'GET', `/api/users/${api.adminId}`)).body.data;
    const onStaff = await apiAs(customerAdminToken, 'PATCH', `/api/users/${api.adminId}`, { attributes: { displayName: 'Preso' } }, { 'if-match': `"${admin.metadata.lastUpdatedDateTime as string}"` });
    expect(onStaff.status).toBe(403);
    const stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Estraneo', email: 'estraneo@altraditta.test', customerId: otherCustomerId, allowedModules: ['fire'] });
    expect((await apiAs(customerAdminToken, 'GET', `/api/users/${stranger}`)).status).toBe(403);
    expect((await apiAs(customerAdminToken, 'POST', `/api/users/${stranger}/invitation`)).status).toBe(403);
    // Nor resets passwords (the link is the way in).
    expect((await apiAs(customerAdminToken, 'POST', `/api/users/${bruno.id as string}/actions/resetPassword`, {}, { 'if-match': `"${disabled.body.data.metadata.lastUpdatedDateTime as string}"` })).status).toBe(403);
  });

  it('a staff administrator makes a customer’s user its customer’s administrator, who may then list its colleagues', async () => {
    const id = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Elena Conti', email: 'elena@officine.test', customerId, allowedModules: ['fire'] });
    await new AccountRepository(api.database.db).setPasswordHash(id, await hashPassword(PASSWORD));
    const before = await signIn('elena@officine.test', PASSWORD);
    expect((await apiAs(before, 'GET', '/api/users')).status).toBe(403);
    const elena = (await apiAs(adminToken, 'GET', `/api/users/${id}`)).body.data;
    const marked = await apiAs(adminToken, 'PATCH', `/api/users/${id}`, { attributes: { isCustomerAdmin: true } }, { 'if-match': `"${elena.metadata.lastUpdatedDateTime as string}"` });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data.attributes.isCustomerAdmin).toBe(true);
    // The same token lists its colleagues once the change reaches the callers' cache (at once in process, by the database's notice on PostgreSQL).
    await expect.poll(async () => (await apiAs(before, 'GET', '/api/users')).status, { timeout: 10_000 }).toBe(200);
    const colleagues = await apiAs(before, 'GET', '/api/users');
    expect(colleagues.body.data.map((user: any) => user.attributes.email)).toContain('anna@officine.test');
  });

  describe('sign-in with a one-time code by e-mail', () => {
    async function askCode(email: string) {
      const flow = await startSignIn();
      expect(flow.page.text).toContain('Ricevi un codice via e-mail');
      const form = await flow.browser.request(`${flow.interaction}/code`);
      expect(form.status).toBe(200);
      const asked = await flow.browser.request(`${flow.interaction}/code`, { form: { email } });
      return { ...flow, asked };
    }
    const verify = (flow: { browser: Browser; interaction: string }, email: string, code: string) => flow.browser.request(`${flow.interaction}/code/verify`, { form: { email, code } });

    it('the right code signs in; a wrong one is counted; the same answers whether the address has a user or not', async () => {
      const before = mailbox.messages.length;
      const known = await askCode('anna@officine.test');
      expect(known.asked.status).toBe(200);
      const [mail] = mailTo('anna@officine.test', before);
      const code = codeIn(mail!.subject)!;
      expect(code).toMatch(/^\d{6}$/);
      expect(mail!.decoded).toContain('Vale 10 minuti');
      const stored = await sql<{ code_hash: string }>`SELECT code_hash FROM signature_codes WHERE purpose = 'signIn' AND email = 'anna@officine.test'`.execute(api.database.db);
      expect(stored.rows.map((row) => row.code_hash)).not.toContain(code);

      const unknown = await askCode('nessuno@officine.test');
      expect(unknown.asked.status).toBe(known.asked.status);
      expect(unknown.asked.text.replaceAll('nessuno@officine.test', 'X').replace(/interaction\/[^/"]+/g, '')).toBe(known.asked.text.replaceAll('anna@officine.test', 'X').replace(/interaction\/[^/"]+/g, ''));
      expect(mailTo('nessuno@officine.test', before)).toHaveLength(0);

      const wrong = code === '000000' ? '111111' : '000000';
      const wrongKnown = await verify(known, 'anna@officine.test', wrong);
      const wrongUnknown = await verify(unknown, 'nessuno@officine.test', wrong);
      expect(wrongKnown.status).toBe(401);
      expect(wrongKnown.text).toContain('Codice non corretto: restano 4 tentativi.');
      expect(wrongUnknown.status).toBe(401);
      expect(wrongUnknown.text).toContain('Codice non corretto: restano 4 tentativi.');

      const right = await verify(known, 'anna@officine.test', code);
      expect(right.status, right.text).toBe(303);
      const token = await finish(known.browser, right.location, known.verifier);
      expect((await apiAs(token, 'GET', '/api/identity/authorization')).body[0].email).toBe('anna@officine.test');
      // Used once.
      const reused = await askCode('anna@officine.test');
      const stale = await verify(reused, 'anna@officine.test', code);
      expect(stale.status).toBe(401);
    });

    it('works for staff too; refuses an expired code, and any code after five wrong ones', async () => {
      let before = mailbox.messages.length;
      const flow = await askCode(ADMIN_EMAIL);
      const code = codeIn(mailTo(ADMIN_EMAIL, before)[0]!.subject)!;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let attempt = 1; attempt <= 5; attempt++) await verify(flow, ADMIN_EMAIL, wrong);
      const exhausted = await verify(flow, ADMIN_EMAIL, code);
      expect(exhausted.status).toBe(401);
      expect(exhausted.text).toContain('ha superato i tentativi');

      before = mailbox.messages.length;
      const late = await askCode(ADMIN_EMAIL);
      const lateCode = codeIn(mailTo(ADMIN_EMAIL, before)[0]!.subject)!;
      await sql`UPDATE signature_codes SET expires_date_time = now() - interval '1 second' WHERE purpose = 'signIn' AND email = ${ADMIN_EMAIL} AND consumed_date_time IS NULL`.execute(api.database.db);
      const expired = await verify(late, ADMIN_EMAIL, lateCode);
      expect(expired.status).toBe(401);
      expect(expired.text).toContain('Il codice è scaduto');

      before = mailbox.messages.length;
      const fresh = await askCode(ADMIN_EMAIL);
      const right = await verify(fresh, ADMIN_EMAIL, codeIn(mailTo(ADMIN_EMAIL, before)[0]!.subject)!);
      expect(right.status, right.text).toBe(303);
      await finish(fresh.browser, right.location, fresh.verifier);
    });

    it('sends nothing to a disabled user, and limits the codes an address may ask for in an hour', async () => {
      const disabledId = await insertUser(api, [], { email: 'spento@test.it', displayName: 'Spento' }, { isEnabled: false });
      expect(disabledId).toBeTruthy();
      const before = mailbox.messages.length;
      const asked = await askCode('spento@test.it');
      expect(asked.asked.status).toBe(200);
      expect(mailTo('spento@test.it', before)).toHaveLength(0);

      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await askCode('limite@officine.test')).asked.status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const limited = await askCode('limite@officine.test');
      expect(limited.asked.status).toBe(429);
      expect(limited.asked.text).toContain('Troppi codici richiesti per questo indirizzo');
      const invalid = await askCode('non-un-indirizzo');
      expect(invalid.asked.status).toBe(400);
      expect(invalid.asked.text).toContain('Inserisci un indirizzo e-mail valido');
    });
  });
});
