// Contacts as users (issue 26 §9), keyboard only: cliente1, its customer's administrator, opens
// «Utenti» in its portal and invites a colleague with one site; the colleague opens the link from
// the test mailbox (the server sends through SMTP_URL to an in-process SMTP server), chooses its
// password, signs in and lands on the portal, where only that site is shown; then signs out and
// signs in again with a one-time code read in the mailbox. Under the journey guard: axe clean, no
// console error, no refused request, Italian only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Mailbox } from '../support/mailbox.ts';
import { apiData, launchBrowser, pressUntil, signIn, type SignedInSession, type TestServer, type Entity, isFocused } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';
import { portalSessionWithMailbox, type PortalSession } from './portal-session.ts';

let mailbox: Mailbox;
let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let colleagueBrowser: Browser | undefined;
let portal: PortalSession | undefined;

beforeAll(async () => {
  portal = await portalSessionWithMailbox();
  ({ mailbox, session, guard } = portal);
  ({ server, page, token } = session);
});
afterAll(async () => {
  await colleagueBrowser?.close();
  await portal?.close();
});

describe('contacts as users', () => {
  it('cliente1 invites a colleague with one site; the colleague sets its password from the mail, sees only that site, then signs in with a code', async () => {
    const identity = await server.api('/identity/authorization', { token });
    const [me] = (await identity.json()) as { customerId: string }[];
    const customerId = me!.customerId;
    const locations = await apiData<Entity[]>(server, token, `/customers?filter[parentId]=${customerId}&sort=displayName`);
    expect(locations.length, 'office locations of cliente1’s customer in the demo data').toBeGreaterThan(0);
    const site = locations[0]!;
    const customer = await apiData<Entity>(server, token, `/customers/${customerId}`);
    const customerName = String(customer.metadata.displayName);
    const siteName = String(site.metadata.displayName);
    const email = `collega-${randomUUID().slice(0, 8)}@demo.sicurezza.it`;

    // Portal → «Utenti».
    const link = page.locator('.portal-app .portal-nav a', { hasText: 'Utenti' });
    await pressUntil(page, 'Tab', isFocused(link));
    await page.keyboard.press('Enter');
    const form = page.locator('.portal-users-invite:visible');
    await form.waitFor({ timeout: 30_000 });
    await page.locator('.portal-users table:visible').waitFor({ timeout: 30_000 });
    await guard.expectAccessible('portal users');

    // The invitation: e-mail, name, one site, the fire module.
    await pressUntil(page, 'Tab', isFocused(form.getByLabel('E-mail')));
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Carla Bianchi');
    const siteBox = form.getByRole('checkbox', { name: siteName });
    await pressUntil(page, 'Tab', isFocused(siteBox));
    await page.keyboard.press('Space');
    const fireBox = form.getByRole('checkbox', { name: 'Antincendio' });
    await pressUntil(page, 'Tab', isFocused(fireBox));
    await page.keyboard.press('Space');
    const send = form.getByRole('button', { name: 'Invia l’invito' });
    await pressUntil(page, 'Tab', isFocused(send));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.portal-users-notice:visible').textContent(), { timeout: 30_000 }).toContain(`Invito inviato a ${email}`);
    await page.locator('.portal-users table:visible tr', { hasText: email }).waitFor({ timeout: 30_000 });
    await guard.expectAccessible('colleague invited');
    guard.expectClean();

    // The mail's link.
    await expect.poll(() => mailbox.to(email).length, { timeout: 15_000 }).toBe(1);
    const invitation = mailbox.to(email)[0]!;
    expect(invitation.subject).toBe(`Invito all’area clienti di ${customerName}`);
    const url = /https?:\/\/\S+\/oidc\/invitation\/[A-Za-z0-9._~-]+/.exec(invitation.decoded)?.[0];
    expect(url).toBeDefined();

    // The colleague, in its own browser: chooses its password, then signs in.
    colleagueBrowser = await launchBrowser();
    const colleague = await (await colleagueBrowser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } })).newPage();
    const colleagueGuard = guardJourney(colleague);
    await colleague.goto(url!, { timeout: 60_000 });
    await colleague.locator('input#new-password').waitFor({ timeout: 30_000 });
    await colleagueGuard.expectAccessible('invitation page');
    const password = 'Brescia-Sede-2026!';
    await pressUntil(colleague, 'Tab', isFocused(colleague.locator('input#new-password')));
    await colleague.keyboard.type(password);
    await colleague.keyboard.press('Tab');
    await colleague.keyboard.type(password);
    await colleague.keyboard.press('Enter');
    const signInLink = colleague.getByRole('link', { name: 'Accedi' });
    await signInLink.waitFor({ timeout: 30_000 });
    await colleagueGuard.expectAccessible('password set');
    await pressUntil(colleague, 'Tab', isFocused(signInLink));
    await colleague.keyboard.press('Enter');
    await signIn(colleague, server, email, password);

    // The portal, with only its site.
    await colleague.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
    const cards = colleague.locator('.portal-compliance:visible .portal-site');
    await cards.first().waitFor({ timeout: 30_000 });
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(1);
    expect(await cards.first().textContent()).toContain(siteName.replace(`${customerName} – `, ''));
    await expect.poll(() => colleague.locator('.portal-app .portal-nav a', { hasText: 'Utenti' }).count(), { timeout: 10_000 }).toBe(0);
    await colleagueGuard.expectAccessible('colleague portal');

    // Out, and in again with a code by e-mail.
    const signOut = colleague.getByRole('button', { name: /^Esci$/ });
    await pressUntil(colleague, 'Tab', isFocused(signOut));
    await colleague.keyboard.press('Enter');
    // The client's own «signed out» screen, with «Accedi di nuovo» focused.
    await colleague.waitForURL((address) => address.pathname === '/auth/logged-out', { timeout: 30_000 });
    await colleague.locator('[data-auth-screen="logged-out"]').waitFor({ timeout: 30_000 });
    await colleague.keyboard.press('Enter');
    const codeLink = colleague.getByRole('link', { name: 'Ricevi un codice via e-mail' });
    await codeLink.waitFor({ timeout: 60_000 });
    await colleagueGuard.expectAccessible('login page');
    await pressUntil(colleague, 'Tab', isFocused(codeLink));
    await colleague.keyboard.press('Enter');
    const emailField = colleague.locator('input#email');
    await emailField.waitFor({ timeout: 30_000 });
    await colleagueGuard.expectAccessible('code request');
    await pressUntil(colleague, 'Tab', isFocused(emailField));
    await colleague.keyboard.type(email);
    await colleague.keyboard.press('Enter');
    const codeField = colleague.locator('input#code');
    await codeField.waitFor({ timeout: 30_000 });
    await colleagueGuard.expectAccessible('code entry');
    const codeMails = () => mailbox.to(email).filter((message) => message.subject.startsWith('Codice di accesso'));
    await expect.poll(() => codeMails().length, { timeout: 15_000 }).toBe(1);
    const code = /(\d{6})$/.exec(codeMails()[0]!.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await pressUntil(colleague, 'Tab', isFocused(codeField));
    await colleague.keyboard.type(code!);
    await colleague.keyboard.press('Enter');
    await colleague.waitForURL((address) => address.origin === new URL(server.url).origin && !address.pathname.startsWith('/oidc') && !address.pathname.startsWith('/auth/'), { timeout: 30_000 });
    await colleague.locator('.portal-app').waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => colleague.locator('.portal-compliance:visible .portal-site').count(), { timeout: 30_000 }).toBe(1);
    colleagueGuard.expectClean();
  });
});
