// Roles and users administration end to end (issue 12), keyboard only: an administrator opens the
// roles from the palette, creates a role in the role screen — two actions on a subject, a condition
// on the user's own id picked from the user's values, a mistyped field path marked at once with the
// server's own message — reads it back in the readable table, saves it (the API holds exactly those
// rules), and acts as a user from that user's row in the users grid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, focusOutOfFields, pressKeys, signedInSession, type SignedInSession, type TestServer, settledAxe } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

beforeAll(async () => {
  // A server of its own: the roles and users as seeded, and a workspace no other file left tabs in.
  session = await signedInSession({ server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

/** Opens a palette entry by typing its title, ↓ to it, Enter. */
async function fromPalette(text: string, title: string): Promise<void> {
  await focusOutOfFields(page);
  await page.keyboard.press('Control+k');
  const palette = page.locator('[cmdk-dialog]');
  await palette.waitFor({ state: 'visible' });
  await page.keyboard.type(text, { delay: 15 });
  const item = palette.locator('[cmdk-item]', { hasText: title }).first();
  await item.waitFor({ state: 'visible', timeout: 15_000 });
  for (let i = 0; i < 30 && (await item.getAttribute('data-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await palette.waitFor({ state: 'hidden' });
}

/** Presses Tab until the focused element matches `accessibleName` (a label or aria-label), at most `max` times. */
async function tabTo(name: string | RegExp, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null);
      return (labelled ?? element.closest('label')?.textContent ?? element.textContent ?? '').trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached «${String(name)}»`);
}

/** Presses `key` until `focused` holds in the page (at most 30 times). */
async function keyUntil(key: string, focused: () => boolean): Promise<void> {
  for (let i = 0; i < 30; i++) {
    if (await page.evaluate(focused)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} never reached the expected element`);
}

describe('roles administration', () => {
  it('creates a role with a readable table of what it grants, keyboard only', async () => {
    await fromPalette('Ruoli', 'Ruoli');
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement)).toBe(true);
    // n: a new role, in the role screen.
    await page.keyboard.press('n');
    const screen = page.locator('.role-editor:visible');
    await screen.waitFor({ timeout: 30_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await tabTo(/^Nome/);
    await page.keyboard.type('Tecnico di zona');

    // r k adds a rule (read on every subject) and moves the keyboard into it.
    await page.keyboard.press('Escape');
    await pressKeys(page, 'r', 'k');
    const rule = screen.locator('.role-rules [data-item-index="0"]');
    await rule.waitFor();
    await expect.poll(() => rule.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // Several actions: "Modifica" besides "Legge".
    await tabTo('Modifica');
    await page.keyboard.press('Space');
    // A subject: interventions, picked by typing and added by Enter (it replaces "every subject").
    await tabTo('Aggiungi soggetto');
    await page.keyboard.type('interventi', { delay: 30 });
    await page.keyboard.press('Enter');
    // By its Italian name only (no CASL name beside it).
    await expect.poll(() => rule.locator('.form-chips').first().textContent()).toMatch(/^interventi(?![^(]*\()/);

    // A condition on the user's own id, all in words: the field by its label, the operator, the user's value by name.
    // «è uno di» first: the user is one value, marked at once with the server's check in the same words.
    await tabTo('Aggiungi condizione');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Campo della condizione');
    await page.keyboard.type('Operatori');
    await expect.poll(() => rule.getByLabel('Campo della condizione').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Operatori');
    await page.keyboard.press('Tab');
    await keyUntil('ArrowDown', () => (document.activeElement as HTMLSelectElement | null)?.selectedOptions?.[0]?.textContent === 'è uno di');
    await expect.poll(() => rule.getByLabel('Operatore').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('è uno di');
    await page.keyboard.press('Tab');
    // The first of the user's values: the user themself, said by name (no `${user.id}` box).
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => rule.getByLabel('Valore dell’utente').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('l’utente connesso');
    expect(await rule.getByLabel('Valore della condizione').count()).toBe(0);
    const problem = rule.locator('.form-conditions [role=alert]');
    await expect.poll(() => problem.textContent()).toBe('«l’utente connesso» è un solo valore: in «Operatori» usa «è» o un elenco di valori');
    await expect.poll(() => screen.locator('.role-issues').textContent()).toContain('1 problema nelle regole');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Operatore');
    await page.keyboard.press('Home');
    await expect.poll(() => problem.count()).toBe(0);

    // The readable table says it in Italian.
    const row = screen.locator('.role-grants-table tbody tr').first();
    await expect.poll(() => row.locator('td').allTextContents()).toEqual(['1', 'Può', 'leggere, modificare', 'interventi', 'tutti', 'Operatori è l’utente connesso']);

    // The rule's number in the table leads back to its editor.
    await keyUntil('Shift+Tab', () => document.activeElement?.getAttribute('aria-label') === 'Modifica la regola 1');
    await page.keyboard.press('Enter');
    await expect.poll(() => rule.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Control+s');
    // Saved: the tab becomes the role's own.
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/preview\/roles\/[0-9a-f-]{36}$/);
    const id = /\/preview\/roles\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    // axe finds no serious or critical violation on the role screen (the stored role's, once shown).
    await page.locator('.role-editor:visible .role-grants-table').waitFor({ timeout: 30_000 });
    const axe = await (await settledAxe(page)).include('.role-editor').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    const stored = await apiData<{ attributes: { name: string; permissions: unknown[] } }>(server, token, `/roles/${id}`);
    expect(stored.attributes.name).toBe('Tecnico di zona');
    expect(stored.attributes.permissions).toEqual([
      { action: ['read', 'update'], subject: 'assignment', conditions: { 'relationships.operatorIds': '$' + '{user.id}' } },
    ]);
  });

  it('acts as a user from their row in the users grid (r m)', async () => {
    const [user] = await apiData<{ id: string; attributes: { displayName: string } }[]>(server, token, `/users?filter[email]=${encodeURIComponent(DEMO.maintainer)}`);
    await fromPalette('Utenti', 'Utenti');
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement)).toBe(true);
    // The user's row: back (Shift+Tab) to the grid's full-text search, type, forward (Tab) to the grid.
    await keyUntil('Shift+Tab', () => (document.activeElement as HTMLInputElement | null)?.type === 'search');
    await page.keyboard.type(DEMO.maintainer);
    await expect.poll(() => grid.getAttribute('aria-rowcount')).toBe('2');
    await keyUntil('Tab', () => document.activeElement?.getAttribute('role') === 'grid');
    await pressKeys(page, 'r', 'm');
    await page.getByText(`Stai operando come ${user!.attributes.displayName}`).waitFor({ timeout: 30_000 });
  });
});
