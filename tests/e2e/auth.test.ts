// Sign-in end to end (issue 3): the real server with its embedded OpenID provider, a real Chromium,
// the real login page driven by the keyboard.
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, launchBrowser, signIn, startServer, storedUser, type TestServer } from './harness.ts';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  // A server of its own: the demo accounts as seeded (others disable, lock or change them).
  server = await startServer({ own: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ locale: 'it-IT' });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** The app is on screen: no sign-in screen left, something rendered in #root. */
async function expectAppShown(p: Page) {
  await p.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && root.childElementCount > 0 && !root.querySelector('[data-auth-screen]');
  });
}

async function identityOf(token: string) {
  const response = await server.api('/identity/authorization', { token });
  expect(response.status).toBe(200);
  const [identity] = (await response.json()) as { id: string; email: string; userType: string; customerId?: string }[];
  return identity!;
}

async function tokenEndpoint(): Promise<string> {
  const discovery = (await (await fetch(`${server.url}/oidc/.well-known/openid-configuration`)).json()) as { token_endpoint: string };
  return discovery.token_endpoint;
}

describe('sign-in', () => {
  it('remembers the deep link, signs in through the real login page by keyboard and lands on it', async () => {
    await page.goto(`${server.url}/customersGroups`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    expect(new URL(page.url()).pathname).toBe('/customersGroups');
    // The remembered route's screen, not the catch-all.
    expect(await page.getByText('Pagina non trovata').count()).toBe(0);
    const stored = await storedUser(page);
    expect(stored?.user.refresh_token).toBeTruthy();
    expect((await identityOf(stored!.user.access_token)).email).toBe(DEMO.admin);
  });

  it('sends a page opened on 127.0.0.1 to PUBLIC_URL (localhost) before signing in, and signs in there', async () => {
    await page.goto(`http://127.0.0.1:${server.port}/customersGroups?x=1`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    const url = new URL(page.url());
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toBe('/customersGroups');
  });

  it('sends a visit to the root to the Dashboard', async () => {
    await page.goto(`${server.url}/`);
    await signIn(page, server, DEMO.salesman);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expectAppShown(page);
  });

  it('shows a clear Italian error for a wrong password and stays on the login page', async () => {
    await page.goto(`${server.url}/dashboard`);
    // The URL reaches /oidc (the authorization endpoint) before the login page is there: typing then
    // would go nowhere. Wait for the field that takes the keyboard (it has autofocus).
    const login = page.locator('input#login');
    await login.waitFor();
    await expect.poll(() => login.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(DEMO.admin);
    await page.keyboard.press('Tab');
    await page.keyboard.type('sbagliata');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname.startsWith('/oidc')).toBe(true);
    // The right password then works from the same page, still by keyboard (focus is on the password).
    await page.keyboard.type('Demo-2026!');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  it('comes back from a cancelled login to a page that offers to sign in again', async () => {
    await page.goto(`${server.url}/customersGroups`);
    await page.waitForURL((u) => u.pathname.startsWith('/oidc'));
    await page.locator('input#login').waitFor();
    await page.keyboard.press('Tab'); // password
    await page.keyboard.press('Tab'); // "Accedi"
    await page.keyboard.press('Tab'); // "Ricevi un codice via e-mail"
    await page.keyboard.press('Tab'); // "Annulla"
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Annulla');
    await page.keyboard.press('Enter');
    const screen = page.locator('[data-auth-screen="cancelled"]');
    await screen.waitFor();
    expect(await screen.locator('h1').textContent()).toBe('Accesso annullato');
    await page.keyboard.press('Enter'); // "Accedi di nuovo" has focus
    await signIn(page, server, DEMO.admin);
    await page.waitForURL((u) => u.pathname === '/customersGroups');
  });

  it('lands a customer user on its own customer page, whatever it asked for', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.customer1);
    const identity = await identityOf((await storedUser(page))!.user.access_token);
    expect(identity.userType).toBe('customer');
    expect(identity.customerId).toBeTruthy();
    await page.waitForURL((u) => u.pathname === `/customers/${identity.customerId}`);
    await expectAppShown(page);
    expect(await page.getByText('Pagina non trovata').count()).toBe(0);
  });
});

describe('session', () => {
  it('refreshes the access token after it expires without losing the page, and again at start', async () => {
    // Fake time in the page only: the provider really issues and rotates tokens.
    await page.clock.install();
    await page.goto(`${server.url}/customersGroups`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    const before = (await storedUser(page))!.user;
    // A mark that only survives if the page is never reloaded.
    await page.evaluate(() => ((window as unknown as { e2eMark: string }).e2eMark = 'still here'));
    const pathname = new URL(page.url()).pathname;

    // Access tokens live 10 minutes; renewal starts a minute before expiry.
    await page.clock.fastForward('11:00');
    await page.waitForFunction((old) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      return key !== undefined && JSON.parse(localStorage.getItem(key) ?? '{}').access_token !== old;
    }, before.access_token);
    const after = (await storedUser(page))!.user;
    expect(after.refresh_token).toBeTruthy();
    expect(after.refresh_token).not.toBe(before.refresh_token); // rotated
    expect(await page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark)).toBe('still here'); // no reload
    expect(new URL(page.url()).pathname).toBe(pathname); // no redirect
    expect((await identityOf(after.access_token)).email).toBe(DEMO.admin);

    // The rotated-away refresh token is dead; the new one is what the next start uses.
    const refused = await fetch(await tokenEndpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh_token!, client_id: 'backoffice-workspace' }),
    });
    expect(refused.status).toBe(400);

    // SPEC §4: at start the stored refresh token buys a fresh access token; the route survives.
    await page.reload();
    await expectAppShown(page);
    const restarted = (await storedUser(page))!.user;
    expect(restarted.refresh_token).not.toBe(after.refresh_token);
    expect(new URL(page.url()).pathname).toBe('/customersGroups');
  });

  it('answers a 401 with one refresh and one repeat of the request', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    const before = (await storedUser(page))!.user;
    // The next identity request is refused once as if its token had been revoked; the rest pass.
    const seen: string[] = [];
    await page.route('**/api/identity/authorization', async (route) => {
      const authorization = route.request().headers().authorization ?? '';
      seen.push(authorization);
      if (seen.length === 1) {
        await route.fulfill({ status: 401, contentType: 'application/problem+json', body: JSON.stringify({ type: '/problems/UNAUTHORIZED', title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED' }) });
      } else await route.continue();
    });
    // After the reload the refresh at start rotates once; the 401 makes the client rotate again and repeat.
    await page.reload();
    await expectAppShown(page);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatch(/^Bearer /);
    expect(seen[1]).toMatch(/^Bearer /);
    expect(seen[1]).not.toBe(seen[0]);
    const after = (await storedUser(page))!.user;
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect((await identityOf(after.access_token)).email).toBe(DEMO.admin);
  });

  it('serialises renewals across tabs: no refresh token is ever presented twice', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    const presented: string[] = [];
    const authorizations: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'POST' && url.pathname.startsWith('/oidc') && url.pathname.endsWith('/token')) {
        const token = new URLSearchParams(request.postData() ?? '').get('refresh_token');
        if (token) presented.push(token);
      }
      if (url.pathname.startsWith('/oidc') && url.pathname.includes('/auth')) authorizations.push(url.pathname);
    });
    // Three tabs start at once: each refreshes at start, one after the other under the Web Lock,
    // and a tab that waited takes the token the previous one got instead of reusing the old one.
    // This test used to fail about once in ten runs on a loaded machine: Chromium syncs localStorage
    // between tab processes asynchronously, so a tab granted the lock could still read the old token
    // and present it again (the provider then revokes the grant and the tab signs in anew). The tab
    // now also reads the renewal's handoff record from IndexedDB (src/client/auth/renewal-handoff.ts),
    // which every process sees once written: 0 failures in 30 runs beside a 1-million-row seed.
    const tabs = await Promise.all([context.newPage(), context.newPage(), context.newPage()]);
    await Promise.all(tabs.map((tab, i) => tab.goto(`${server.url}/${i === 0 ? 'customersGroups' : 'dashboard'}`)));
    await Promise.all(tabs.map((tab) => expectAppShown(tab)));
    expect(new URL(tabs[0]!.url()).pathname).toBe('/customersGroups');
    expect(presented.length).toBeGreaterThan(0);
    expect(new Set(presented).size).toBe(presented.length);
    // Nobody had to sign in again (reuse detection would have revoked the grant).
    expect(authorizations).toEqual([]);
    const stored = (await storedUser(tabs[0]!))!.user;
    const response = await fetch(await tokenEndpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: stored.refresh_token!, client_id: 'backoffice-workspace' }),
    });
    expect(response.status).toBe(200);
  });

  it('signs out: refresh token revoked, provider session ended, back on the signed-out page', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.operator);
    await expectAppShown(page);
    const before = (await storedUser(page))!.user;

    // The client sends its ID token as hint: the provider ends the session without asking "Vuoi uscire?"
    // (nothing is pressed on the provider's page; its form posts itself to the confirm endpoint).
    const confirmations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/oidc/session/end/confirm')) confirmations.push(request.method());
    });
    const signOut = page.getByRole('button', { name: /^Esci$/ }).or(page.getByRole('menuitem', { name: /^Esci$/ }));
    await signOut.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/auth/logged-out');
    expect(confirmations).toEqual(['POST']);
    expect(await page.getByText('Vuoi uscire?').count()).toBe(0);
    await page.locator('[data-auth-screen="logged-out"]').waitFor();
    expect(await storedUser(page)).toBeNull();

    const refused = await fetch(await tokenEndpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.refresh_token!, client_id: 'backoffice-workspace' }),
    });
    expect(refused.status).toBe(400);

    // Signing in again needs the password: the provider session is gone too.
    await page.keyboard.press('Enter'); // "Accedi di nuovo" has focus
    await page.waitForURL((u) => u.pathname.startsWith('/oidc'));
    await page.locator('input#login').waitFor();
  });
});

describe('identity failures', () => {
  /** The client sends its ID token as hint, so the provider signs out without "Vuoi uscire?"; the app's signed-out page follows. */
  async function confirmProviderLogout(p: Page) {
    await p.waitForURL((u) => u.pathname === '/auth/logged-out');
    expect(await p.getByText('Vuoi uscire?').count()).toBe(0);
  }

  it('logs out with an Italian message when the identity cannot be read, without a redirect loop', async () => {
    await page.route('**/api/identity/authorization', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: '/problems/INTERNAL_ERROR', title: 'Internal Server Error', status: 500, code: 'INTERNAL_ERROR' }) }),
    );
    await page.goto(`${server.url}/customersGroups`);
    await signIn(page, server, DEMO.admin);
    await confirmProviderLogout(page);
    const screen = page.locator('[data-auth-screen="failed"]');
    await screen.waitFor();
    expect(await screen.locator('h1').textContent()).toBe('Accesso non riuscito');
    expect(await screen.textContent()).toContain('500 INTERNAL_ERROR');
    expect(await storedUser(page)).toBeNull();
    // It stays there: no automatic new attempt. The signed-out page's start ends by showing this screen
    // and giving its «Accedi di nuovo» the keyboard (main.tsx, auth-screen.tsx); a new attempt would
    // have left for the provider instead. Once the button has the focus, the start is over.
    await page.waitForFunction(() => document.activeElement?.closest('[data-auth-screen="failed"]') !== null && document.activeElement?.tagName === 'BUTTON', undefined, { timeout: 15_000 });
    expect(await screen.getAttribute('aria-busy')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/auth/logged-out');

    // The refresh token was revoked and the provider session ended: signing in needs the password again.
    await page.unroute('**/api/identity/authorization');
    await page.keyboard.press('Enter'); // "Accedi di nuovo" has focus
    await signIn(page, server, DEMO.admin);
    await page.waitForURL((u) => u.pathname === '/customersGroups');
    await expectAppShown(page);
  });
});

describe('impersonation', () => {
  async function userNamed(token: string, email: string) {
    const response = await server.api(`/users?filter[fullText]=${encodeURIComponent(email.split('@')[0]!)}&page[size]=50`, { token });
    const { data } = (await response.json()) as { data: { id: string; attributes: { email: string; displayName: string } }[] };
    const user = data.find((u) => u.attributes.email === email);
    expect(user).toBeTruthy();
    return user!;
  }

  it('lets an Admin act as another user and stop, each with a reload and a visible banner', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    const operator = await userNamed((await storedUser(page))!.user.access_token, DEMO.operator);

    await page.getByRole('button', { name: 'Impersonifica…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Utente da impersonificare' }).waitFor();
    await page.keyboard.type(operator.attributes.displayName);
    await page.getByRole('option', { name: new RegExp(operator.attributes.email.replace('.', '\\.')) }).waitFor();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    const banner = page.locator('.impersonation-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(`Stai operando come ${operator.attributes.displayName}`);
    expect(await page.evaluate(() => localStorage.getItem('backoffice.impersonation'))).toBe(JSON.stringify({ userId: operator.id }));

    // The API sees the impersonated user through the header the client sends.
    const token = (await storedUser(page))!.user.access_token;
    const asOperator = await server.api('/identity/authorization', { token, headers: { 'X-Impersonation': JSON.stringify({ userId: operator.id }) } });
    expect(((await asOperator.json()) as { email: string }[])[0]!.email).toBe(DEMO.operator);

    const stopped = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Termina impersonificazione' }).focus();
    await page.keyboard.press('Enter');
    await stopped;
    await expectAppShown(page);
    expect(await page.locator('.impersonation-banner').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('backoffice.impersonation'))).toBeNull();
  });

  it('offers nothing to a user who is not an Admin', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.salesman);
    await expectAppShown(page);
    expect(await page.getByRole('button', { name: 'Impersonifica…' }).count()).toBe(0);
  });

  it('drops an impersonation the server refuses and carries on as the real user', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    await page.evaluate(() => localStorage.setItem('backoffice.impersonation', JSON.stringify({ userId: '00000000-0000-4000-8000-000000000000' })));
    await page.reload();
    await expectAppShown(page);
    await page.waitForFunction(() => localStorage.getItem('backoffice.impersonation') === null);
    expect(await page.locator('.impersonation-banner').count()).toBe(0);
  });
});

describe('without sign-in (AUTH_DISABLED=1)', () => {
  let devServer: TestServer;
  beforeAll(async () => {
    devServer = await startServer({ authDisabled: true });
  });
  afterAll(async () => {
    await devServer?.stop();
  });

  it('opens the app as the development user with no login page and no token', async () => {
    const config = (await (await fetch(`${devServer.url}/config.json`)).json()) as { auth: { mode: string } };
    expect(config.auth.mode).toBe('disabled');
    const authorizations: string[] = [];
    page.on('request', (request) => {
      if (request.headers().authorization) authorizations.push(request.url());
    });
    await page.goto(`${devServer.url}/customersGroups`);
    await expectAppShown(page);
    expect(new URL(page.url()).pathname).toBe('/customersGroups');
    await page.goto(`${devServer.url}/`);
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(authorizations).toEqual([]);
    expect(await storedUser(page)).toBeNull();
  });
});

describe('harness', () => {
  it('signIn returns when the provider still has a session (no login page)', async () => {
    await page.goto(`${server.url}/dashboard`);
    await signIn(page, server, DEMO.admin);
    await expectAppShown(page);
    // Drop the app's tokens only: the provider's session cookie signs the browser back in silently.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/customersGroups`);
    await signIn(page, server, DEMO.admin);
    expect(new URL(page.url()).pathname).toBe('/customersGroups');
    expect(await storedUser(page)).not.toBeNull();
  });
});
