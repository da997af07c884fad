// A user limited to one module (allowedModules ['fire'], role Operatore), created by the administrator
// through the API and signed in with the real login page: the sidebar has no «Formazione», the palette
// offers no «Corsi» and its record search asks for no kind of another module (no 403 while typing), a
// new equipment (which the role may not create) is refused in Italian, a deep link to another module's
// calendar gives the product's refusal with a way back, and a planner of that module alone starts a new
// intervention on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openFromPalette, signedInSession, signIn, type SignedInSession } from './harness.ts';

const PASSWORD = 'Estintore-Rosso-2026';

let session: SignedInSession;
let context: BrowserContext;
let page: Page;
const refused: string[] = [];

/** A staff user of `roleName` limited to the fire module, made by the administrator through the API: their e-mail. */
async function fireOnlyUser(roleName: string, displayName: string): Promise<string> {
  const { server, token } = session;
  const json = { 'content-type': 'application/json' };
  const roles = (await (await server.api('/roles?page[size]=100', { token })).json()) as { data: { id: string; attributes: { name: string } }[] };
  const role = roles.data.find((candidate) => candidate.attributes.name === roleName);
  expect(role, `the demo role ${roleName}`).toBeDefined();
  const email = `solo.antincendio.${Date.now()}@demo.sicurezza.it`;
  const created = await server.api('/users', {
    method: 'POST', token, headers: json,
    body: JSON.stringify({
      attributes: { userType: 'siv', displayName, email, isMainteiner: false, isSalesman: false, allowedModules: ['fire'] },
      metadata: { isEnabled: true },
      relationships: { roleIds: [role!.id], customerIds: [], officeLocationIds: [] },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const user = ((await created.json()) as { data: { id: string; metadata: { lastUpdatedDateTime: string } } }).data;
  const reset = await server.api(`/users/${user.id}/actions/resetPassword`, {
    method: 'POST', token, headers: { ...json, 'if-match': `"${user.metadata.lastUpdatedDateTime}"` },
    body: JSON.stringify({ password: PASSWORD, mustChange: false }),
  });
  expect(reset.status, await reset.clone().text()).toBe(200);
  return email;
}

/** A browser context of its own, signed in as `email` on the real login page, on the dashboard; `onPage` sees the page first. */
async function signedInAs(email: string, onPage?: (page: Page) => void): Promise<{ context: BrowserContext; page: Page }> {
  const context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  onPage?.(page);
  await page.goto(`${session.server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
  await signIn(page, session.server, email, PASSWORD);
  await page.locator('nav.sidebar .sidebar-group-title', { hasText: 'Pianificazione' }).waitFor({ timeout: 60_000 });
  return { context, page };
}

beforeAll(async () => {
  session = await signedInSession();
  ({ context, page } = await signedInAs(await fireOnlyUser('Operatore', 'Solo Antincendio'), (opened) => opened.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  })));
}, 180_000);

afterAll(async () => {
  await context?.close();
  await session?.close();
});

describe('a user limited to the fire module', () => {
  it('has no «Formazione» in the sidebar', async () => {
    const groups = await page.locator('nav.sidebar .sidebar-group-title').allTextContents();
    expect(groups).toContain('Pianificazione');
    expect(groups).not.toContain('Formazione');
  });

  it('is offered no «Corsi» in the palette, and typing asks the API for nothing it refuses', async () => {
    const palette = page.locator('[cmdk-dialog]');
    await page.keyboard.press('Control+k');
    await palette.waitFor({ state: 'visible' });
    const field = palette.locator('[cmdk-input]');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);
    const searches: string[] = [];
    const listen = (request: { url(): string }) => {
      if (request.url().includes('filter%5BfullText%5D') || request.url().includes('filter[fullText]')) searches.push(request.url());
    };
    page.on('request', listen);
    await page.keyboard.type('Corsi', { delay: 20 });
    // The record search has run (debounced), and its answers are in.
    await expect.poll(() => searches.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await expect.poll(() => palette.locator('[cmdk-item]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const titles = await palette.locator('[cmdk-item] .palette-item-title').allTextContents();
    expect(titles.map((title) => title.trim())).not.toContain('Corsi');
    page.off('request', listen);
    expect(searches.filter((url) => /\/api\/(courseEditions|courses)\b/.test(url))).toEqual([]);
    expect(refused).toEqual([]);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });
  });

  it('is told it may not create an equipment, instead of a read-only form whose «Salva» the server refuses', async () => {
    await page.goto(`${session.server.url}/equipments/new`);
    const denied = page.locator('.screen-denied:visible');
    await denied.waitFor({ timeout: 60_000 });
    expect(await denied.getByRole('note').textContent()).toContain('Il tuo profilo non può creare «Attrezzatura»');
    expect(await page.locator('[role=tabpanel]:visible form, [role=tabpanel]:visible .record-form').count()).toBe(0);
    expect(refused).toEqual([]);
  });

  it('as a planner of that module alone, starts a new intervention from the palette on «Antincendio», the only module offered', async () => {
    const planner = await signedInAs(await fireOnlyUser('Pianificatore', 'Pianifica Antincendio'));
    try {
      await openFromPalette(planner.page, 'Nuovo intervento');
      await planner.page.waitForURL((url) => url.pathname.endsWith('/new'));
      const module = planner.page.locator('[role=tabpanel]:visible').getByLabel(/^Modulo/);
      await module.waitFor({ timeout: 30_000 });
      expect(await module.inputValue()).toBe('fire');
      expect(await module.locator('option').allTextContents()).toEqual(['Antincendio']);
    } finally {
      await planner.context.close();
    }
  });

  it('opens another module\'s calendar as a refusal in Italian, with a way back', async () => {
    await page.goto(`${session.server.url}/planning/calendar/edu`);
    const denied = page.locator('.screen-denied:visible');
    await denied.waitFor({ timeout: 60_000 });
    expect(await denied.locator('h1').textContent()).toBe('Calendario Formazione');
    expect(await denied.getByRole('note').textContent()).toContain('il modulo Formazione non è abilitato per il tuo utente');
    expect(await denied.getByRole('link', { name: 'Torna al Cruscotto' }).getAttribute('href')).toBe('/dashboard');
    expect(refused).toEqual([]);
  });
});
