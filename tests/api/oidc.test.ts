/**
 * The embedded OpenID provider, over real HTTP on an ephemeral port, as a browser and the
 * workspace client would use it: discovery, authorization code + PKCE S256 through the Italian
 * login form (redirects followed by hand, cookies kept), JWT access tokens the API accepts,
 * refresh token rotation and reuse detection, revocation, logout, and a restart on the same
 * database that keeps refresh tokens valid.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { AccountRepository } from '../../src/server/oidc/accounts.ts';
import { hashPassword } from '../../src/server/oidc/passwords.ts';
import { ADMIN_EMAIL, engines, setupApi, type Api } from './setup.ts';
import { freePort } from '../support/free-port.ts';
import { Browser } from '../support/browser.ts';
import { CLIENT_ID, oidcClient, pkce } from '../support/oidc-client.ts';
import { parseClientConfig } from '../../src/client/auth/config.ts';

const PASSWORD = 'Prova-2026!';
const LIMITS = { perAccount: 3, perAddress: 100, windowSeconds: 900 };


describe.each(engines())('embedded OpenID provider on %s', (engine) => {
  let api: Api;
  let port: number;
  let publicUrl: string;
  let issuer: string;
  let redirectUri: string;
  const clientId = CLIENT_ID;
  const users: Record<string, string> = {};

  async function insertUser(email: string, options: { enabled?: boolean; password?: string } = {}) {
    const id = randomUUID();
    await new EntityRepository(api.database.db, findKind('users')!).insert([
      {
        id,
        by: null,
        data: {
          attributes: { userType: 'siv', displayName: email, email, firstName: 'Prova', lastName: 'Utente', isMainteiner: false, isSalesman: false, allowedModules: [] },
          metadata: { isEnabled: options.enabled ?? true },
          relationships: { roleIds: [api.adminRoleId], customerIds: [], officeLocationIds: [] },
        },
      },
    ]);
    await new AccountRepository(api.database.db).setPasswordHash(id, await hashPassword(options.password ?? PASSWORD));
    return id;
  }

  let client: ReturnType<typeof oidcClient>;
  const authorizeUrl = (params: Record<string, string | undefined>) => client.authorizeUrl(params);
  const followToClient = (browser: Browser, location: string | undefined) => client.followToClient(browser, location);
  const token = (form: Record<string, string>) => client.token(form);

  /** Starts an authorization request and returns the login page's address (after the provider's redirect). */
  async function startLogin(browser: Browser, challenge: string) {
    const start = await browser.request(authorizeUrl({ code_challenge: challenge }));
    expect(start.status, start.text).toBe(303);
    expect(start.location).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
    return start.location!;
  }

  /** Posts the login form; returns the response to the POST. */
  async function submitLogin(browser: Browser, interaction: string, login: string, password: string) {
    const page = await browser.request(interaction);
    expect(page.status).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(page.text)?.[1];
    expect(action).toBe(`${interaction}/login`);
    return browser.request(action!, { form: { login, password } });
  }

  /** The whole sign-in of a user: tokens, the code used, the browser with its session. */
  async function signIn(login: string, password = PASSWORD, browser = new Browser(publicUrl)) {
    const { verifier, challenge } = pkce();
    const interaction = await startLogin(browser, challenge);
    const posted = await submitLogin(browser, interaction, login, password);
    expect(posted.status, posted.text).toBe(303);
    const callback = await followToClient(browser, posted.location);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const exchanged = await token({ grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, code_verifier: verifier });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    return { tokens: exchanged.body, code: code!, verifier, browser };
  }

  const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });

  async function identity(accessToken: string, app: FastifyInstance = api.app) {
    const response = await app.inject({ method: 'GET', url: '/api/identity/authorization', headers: { authorization: `Bearer ${accessToken}` } });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  }

  beforeAll(async () => {
    port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    issuer = `${publicUrl}/oidc`;
    redirectUri = `${publicUrl}/auth/callback`;
    client = oidcClient(publicUrl);
    api = await setupApi(engine, { oidc: { publicUrl, loginLimits: LIMITS } });
    await api.app.listen({ port, host: '127.0.0.1' });
    await new AccountRepository(api.database.db).setPasswordHash(api.adminId, await hashPassword(PASSWORD));
    users.disabled = await insertUser('disattivato@test.it', { enabled: false });
    users.limited = await insertUser('limitato@test.it');
    users.operator = await insertUser('operatore@test.it');
  });

  afterAll(async () => {
    await api?.close();
  });

  it('publishes its discovery document and keys', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(discovery.token_endpoint).toBe(`${issuer}/token`);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(discovery.revocation_endpoint).toBe(`${issuer}/token/revocation`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.userinfo_endpoint).toBeUndefined();
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    const jwks = (await (await fetch(discovery.jwks_uri as string)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((k) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    for (const key of jwks.keys) expect(key).not.toHaveProperty('d');
  });

  it('sends the browser client its discovery document in /config.json, as the provider publishes it', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    const config = parseClientConfig((await api.get('/config.json')).body);
    const metadata = config.auth.mode === 'oidc' ? config.auth.metadata : undefined;
    expect(Object.keys(metadata ?? {})).toEqual(expect.arrayContaining(['issuer', 'authorization_endpoint', 'token_endpoint', 'revocation_endpoint', 'end_session_endpoint']));
    for (const [key, value] of Object.entries(metadata ?? {})) expect(value, key).toEqual(discovery[key]);
  });

  it('signs in with code + PKCE through the Italian login page, and the API accepts the access token', async () => {
    const browser = new Browser(publicUrl);
    const { challenge, verifier } = pkce();
    const interaction = await startLogin(browser, challenge);
    const page = await browser.request(interaction);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.text).toContain('<html lang="it">');
    expect(page.text).toContain('<label for="login">Nome utente o e-mail</label>');
    expect(page.text).toMatch(/<input id="login"[^>]*autofocus/);
    expect(page.text).toContain('prefers-color-scheme: dark');

    const posted = await browser.request(`${interaction}/login`, { form: { login: ADMIN_EMAIL.toUpperCase(), password: PASSWORD } });
    expect(posted.status, posted.text).toBe(303);
    const callback = await followToClient(browser, posted.location);
    const code = callback.searchParams.get('code')!;
    const exchanged = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    const tokens = exchanged.body;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.expires_in).toBeLessThanOrEqual(600);

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims.iss).toBe(issuer);
    expect(claims.aud).toBe(api.config.oidc.audience);
    expect(claims.aud).toBe(`${publicUrl}/api`);
    expect(claims.sub).toBe(api.adminId);
    expect(String(claims.scope).split(' ')).toContain('api.sync');
    expect(claims.client_id).toBe(clientId);

    const idToken = decodeJwt(tokens.id_token!);
    expect(idToken.sub).toBe(api.adminId);
    expect(idToken.aud).toBe(clientId);
    expect(idToken.email).toBe(ADMIN_EMAIL);

    const me = await identity(tokens.access_token);
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body[0]).toMatchObject({ id: api.adminId, email: ADMIN_EMAIL });
    // An ID token is not an access token.
    expect((await identity(tokens.id_token!)).status).toBe(401);
    // The password hash never leaves the server.
    const user = await api.app.inject({ method: 'GET', url: `/api/users/${api.adminId}`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(user.statusCode).toBe(200);
    expect(user.body).not.toMatch(/scrypt|password/i);

    // Same browser, second request: the session signs in without the form (silent renew with prompt=none too).
    const again = pkce();
    const silent = await browser.request(authorizeUrl({ code_challenge: again.challenge, prompt: 'none', redirect_uri: `${publicUrl}/auth/silent` }));
    expect(silent.status, silent.text).toBe(303);
    const silentCallback = new URL(silent.location!);
    expect(`${silentCallback.origin}${silentCallback.pathname}`).toBe(`${publicUrl}/auth/silent`);
    expect(silentCallback.searchParams.get('code')).toBeTruthy();
  });

  it('accepts an explicit resource indicator for the API, and refuses any other', async () => {
    const browser = new Browser(publicUrl);
    const { verifier, challenge } = pkce();
    const audience = api.config.oidc.audience;
    const start = await browser.request(authorizeUrl({ code_challenge: challenge, resource: audience }));
    expect(start.status, start.text).toBe(303);
    const posted = await submitLogin(browser, start.location!, ADMIN_EMAIL, PASSWORD);
    const callback = await followToClient(browser, posted.location);
    const exchanged = await token({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: verifier, resource: audience });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(decodeJwt(exchanged.body.access_token).aud).toBe(audience);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token!, resource: audience });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await identity(refreshed.body.access_token)).status).toBe(200);

    const other = await browser.request(authorizeUrl({ code_challenge: challenge, resource: 'https://altro.example/api' }));
    expect(new URL(other.location!).searchParams.get('error')).toBe('invalid_target');
  });

  it('accepts the part of the e-mail before the @ as user name', async () => {
    const { tokens } = await signIn('operatore');
    expect(decodeJwt(tokens.access_token).sub).toBe(users.operator);
  });

  it('refuses a replayed authorization code and revokes what it issued', async () => {
    const { code, verifier, tokens } = await signIn(ADMIN_EMAIL);
    const replay = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
  });

  it('requires PKCE with S256', async () => {
    const browser = new Browser(publicUrl);
    const missing = await browser.request(authorizeUrl({ code_challenge: undefined, code_challenge_method: undefined }));
    expect(missing.status).toBe(303);
    const missingError = new URL(missing.location!);
    expect(missingError.searchParams.get('error')).toBe('invalid_request');
    expect(missingError.searchParams.get('error_description')).toMatch(/PKCE/);

    const plain = await browser.request(authorizeUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }));
    expect(plain.status).toBe(303);
    expect(new URL(plain.location!).searchParams.get('error')).toBe('invalid_request');

    // A verifier that does not match the challenge does not get tokens.
    const { challenge } = pkce();
    const interaction = await startLogin(browser, challenge);
    const posted = await submitLogin(browser, interaction, ADMIN_EMAIL, PASSWORD);
    const callback = await followToClient(browser, posted.location);
    const wrong = await token({ grant_type: 'authorization_code', code: callback.searchParams.get('code')!, redirect_uri: redirectUri, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('accepts the API reference\'s redirect page ("Authorize" in /api/docs signs in with the same client)', async () => {
    const browser = new Browser(publicUrl);
    const start = await browser.request(authorizeUrl({ code_challenge: pkce().challenge, redirect_uri: `${publicUrl}/api/docs/oauth2-redirect.html` }));
    expect(start.status, start.text).toBe(303);
    expect(start.location).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  });

  it('refuses a redirect URI that is not registered, with an Italian page and no redirect', async () => {
    const browser = new Browser(publicUrl);
    for (const uri of ['https://evil.example/auth/callback', `${publicUrl}/auth/callback/extra`, `${publicUrl}/auth/callback?x=1`]) {
      const response = await browser.request(authorizeUrl({ code_challenge: pkce().challenge, redirect_uri: uri }));
      expect(response.status).toBe(400);
      expect(response.location).toBeUndefined();
      expect(response.text).toContain('<html lang="it">');
      expect(response.text).toContain('Accesso non riuscito');
    }
  });

  it('rotates refresh tokens; reusing an old one is refused and revokes the whole grant', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL);
    const first = await refresh(tokens.refresh_token!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.refresh_token).toBeTruthy();
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await identity(first.body.access_token)).status).toBe(200);
    expect(decodeJwt(first.body.access_token).aud).toBe(api.config.oidc.audience);

    const reuse = await refresh(tokens.refresh_token!);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The newer token of the same grant is dead too (a thief and the user cannot both go on).
    const after = await refresh(first.body.refresh_token!);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('spends a refresh token once even when two refreshes race', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL);
    const results = await Promise.all([refresh(tokens.refresh_token!), refresh(tokens.refresh_token!)]);
    // Exactly one new token pair; the other request is refused (whether the grant survives depends on who read first).
    expect(results.filter((r) => r.status === 200), JSON.stringify(results.map((r) => r.body))).toHaveLength(1);
    expect(results.find((r) => r.status !== 200)?.body.error).toBe('invalid_grant');
  });

  it('revokes a refresh token', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL);
    const revoked = await fetch(`${issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, token: tokens.refresh_token!, token_type_hint: 'refresh_token' }),
    });
    expect(revoked.status).toBe(200);
    const after = await refresh(tokens.refresh_token!);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  /** The logout form of a provider page: where it posts and the fields it sends (hidden inputs, wherever they are). */
  function logoutForm(html: string) {
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    return { action, fields };
  }

  it('signs out at once when the client sends the id_token_hint of this session: no question, the session and its refresh tokens end', async () => {
    const { tokens, browser } = await signIn(ADMIN_EMAIL);
    const state = randomUUID();
    const params = new URLSearchParams({
      client_id: clientId,
      post_logout_redirect_uri: `${publicUrl}/auth/logged-out`,
      logout_hint: ADMIN_EMAIL,
      id_token_hint: tokens.id_token!,
      state,
    });
    const page = await browser.request(`/oidc/session/end?${params}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="it">');
    expect(page.text).not.toContain('Vuoi uscire?');
    // The page posts its own form: the one inline script, allowed by its hash and nothing else.
    const script = /<script>([^<]+)<\/script>/.exec(page.text)?.[1];
    expect(script).toBe("document.getElementById('op.logoutForm').submit();");
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script!).digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    const { action, fields } = logoutForm(page.text);
    expect(fields.logout).toBe('yes');
    expect(fields.xsrf).toBeTruthy();

    // What the browser does with it.
    const done = await browser.request(action!, { form: fields });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${publicUrl}/auth/logged-out?state=${state}`);
    expect((await refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');
    // The browser has no session any more: a new request asks for the password again.
    const next = await browser.request(authorizeUrl({ code_challenge: pkce().challenge }));
    expect(next.location).toMatch(/^\/oidc\/interaction\//);
  });

  it('still asks "Vuoi uscire?" for a bare logout link or a hint naming someone else, and refuses an unregistered address', async () => {
    const { tokens, browser } = await signIn(ADMIN_EMAIL);
    const other = await signIn('operatore');
    for (const extra of [{}, { id_token_hint: other.tokens.id_token! }] as Record<string, string>[]) {
      const confirm = await browser.request(`/oidc/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: `${publicUrl}/auth/logged-out`, ...extra })}`);
      expect(confirm.status).toBe(200);
      expect(confirm.text).toContain('<html lang="it">');
      expect(confirm.text).toContain('Vuoi uscire?');
      expect(confirm.text).not.toContain('<script');
      expect(confirm.headers.get('content-security-policy')).not.toContain('script-src');
      expect(logoutForm(confirm.text).fields.logout).toBeUndefined();
    }
    // Confirmed by the user ("Esci"), the session ends.
    const confirm = await browser.request(`/oidc/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: `${publicUrl}/auth/logged-out` })}`);
    const { action, fields } = logoutForm(confirm.text);
    const done = await browser.request(action!, { form: { ...fields, logout: 'yes' } });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${publicUrl}/auth/logged-out`);
    expect((await refresh(tokens.refresh_token!)).body.error).toBe('invalid_grant');

    // An unregistered post-logout address is refused.
    const bad = await browser.request(`/oidc/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: 'https://evil.example/' })}`);
    expect(bad.status).toBe(400);
  });

  it('says "Credenziali non valide" for a wrong password or an unknown user, in Italian, keeping the form', async () => {
    const browser = new Browser(publicUrl);
    const interaction = await startLogin(browser, pkce().challenge);
    for (const [login, password] of [[ADMIN_EMAIL, 'sbagliata'], ['nessuno@test.it', PASSWORD]] as const) {
      const response = await submitLogin(browser, interaction, login, password);
      expect(response.status).toBe(401);
      expect(response.text).toContain('<html lang="it">');
      expect(response.text).toContain('Credenziali non valide.');
      expect(response.text).toContain(`value="${login}"`);
      // The password field has focus when the user name is already there.
      expect(response.text).toMatch(/<input id="password"[^>]*autofocus/);
    }
    // The same interaction still signs in with the right password.
    const ok = await submitLogin(browser, interaction, ADMIN_EMAIL, PASSWORD);
    expect(ok.status).toBe(303);
  });

  it('does not let a disabled user sign in, and refuses a form posted for another interaction', async () => {
    const browser = new Browser(publicUrl);
    const interaction = await startLogin(browser, pkce().challenge);
    const response = await submitLogin(browser, interaction, 'disattivato@test.it', PASSWORD);
    expect(response.status).toBe(403);
    expect(response.text).toContain('Account disattivato');

    // No interaction cookie (a form posted from another site or browser): nothing happens.
    const stranger = new Browser(publicUrl);
    const forged = await stranger.request(`${interaction}/login`, { form: { login: ADMIN_EMAIL, password: PASSWORD } });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('La sessione di accesso è scaduta');
  });

  it('stops a user whose account was disabled after sign-in from refreshing', async () => {
    const email = `temporaneo-${randomUUID().slice(0, 8)}@test.it`;
    const id = await insertUser(email);
    const { tokens } = await signIn(email);
    await sql`UPDATE users SET metadata = jsonb_set(metadata, '{isEnabled}', 'false') WHERE id = ${id}::uuid`.execute(api.database.db);
    const after = await refresh(tokens.refresh_token!);
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('refuses further attempts after too many failures on one account', async () => {
    const browser = new Browser(publicUrl);
    const interaction = await startLogin(browser, pkce().challenge);
    for (let n = 0; n < LIMITS.perAccount; n++) expect((await submitLogin(browser, interaction, 'limitato@test.it', 'sbagliata')).status).toBe(401);
    const locked = await submitLogin(browser, interaction, 'limitato@test.it', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Troppi tentativi');
  });

  it('keeps refresh tokens valid across a restart on the same database', async () => {
    const { tokens } = await signIn(ADMIN_EMAIL);
    await api.app.close();
    // Let the HTTP client notice its kept-alive connections were closed by the old server.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const restarted = await buildApp({ database: api.database, config: api.config, logger: false, oidcProvider: true });
    await restarted.listen({ port, host: '127.0.0.1' });
    try {
        const renewed = await refresh(tokens.refresh_token!);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      const me = await identity(renewed.body.access_token, restarted);
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body[0].id).toBe(api.adminId);
      // The access token issued before the restart is still accepted (same signing keys).
      expect((await identity(tokens.access_token, restarted)).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
