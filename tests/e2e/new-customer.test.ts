// «Nuovo cliente» (issue 22), keyboard only, as the Commerciale under the journey guard: the palette's
// command opens the short registry form; Ctrl+S on an empty form lands on the business name with its
// message, a wrong VAT number is refused in Italian on its field, and once valid the tab becomes the
// new customer's page, made by the salesman.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, pressKeys, pressUntil, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';
import { isValidVatNumber } from '../../src/domain/validation.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;

const focusedLabel = () => page.evaluate(() => {
  const element = document.activeElement as HTMLElement | null;
  return element?.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent?.trim() ?? '' : '';
});
/** A valid partita IVA of this run (its check digit computed as the rule checks it). */
const vatOfThisRun = () => {
  const head = String(Date.now()).slice(-10).padStart(10, '1');
  return [...'0123456789'].map((digit) => head + digit).find(isValidVatNumber)!;
};

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.salesman, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.tab-strip [role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('«Nuovo cliente», keyboard only', () => {
  it('refuses an empty name and a wrong VAT number on their fields, then stores the customer and opens its page', async () => {
    await openFromPalette(page, 'Nuovo cliente', 'Nuovo cliente', { title: true });
    await page.waitForURL((url) => url.pathname === '/customers/new');
    const form = page.locator('.customer-new:visible');
    await form.waitFor({ timeout: 20_000 });

    // Nothing typed: the save lands on the first field to correct, the modules (a group of boxes), and names the name too.
    await pressKeys(page, 'Control+s');
    const focusedText = () => page.evaluate(() => document.activeElement?.closest('label')?.textContent?.trim() ?? '');
    await expect.poll(focusedText, { timeout: 10_000 }).toBe('Portale');
    await expect.poll(() => form.textContent()).toContain('Selezionare almeno un modulo');
    await expect(form.getByLabel(/^Ragione sociale/).getAttribute('aria-invalid')).resolves.toBe('true');
    await pressUntil(page, 'Tab', async () => (await focusedText()) === 'Antincendio', 5);
    await pressKeys(page, 'Space');
    await pressUntil(page, 'Tab', async () => /^Ragione sociale/.test(await focusedLabel()), 15);
    const name = `Officine Prova Tastiera ${Date.now()}`;
    await page.keyboard.type(name, { delay: 5 });

    // A wrong partita IVA: refused on its own field, in Italian.
    await pressUntil(page, 'Tab', async () => /^Partita IVA$/.test(await focusedLabel()), 5);
    await page.keyboard.type('12345678901', { delay: 5 });
    await pressKeys(page, 'Control+s');
    await expect.poll(focusedLabel, { timeout: 10_000 }).toMatch(/^Partita IVA/);
    await expect.poll(() => form.textContent()).toContain('Partita IVA non valida');
    expect(new URL(page.url()).pathname).toBe('/customers/new');
    await guard.expectAccessible('new customer with errors');

    await pressKeys(page, 'Control+a');
    const valid = vatOfThisRun();
    await page.keyboard.type(valid, { delay: 5 });
    await pressKeys(page, 'Control+s');
    await page.waitForURL((url) => /^\/customers\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 15_000 });
    const created = await apiData<Entity>(server, token, `/customers/${page.url().split('/').pop()!}`);
    expect(created.metadata.displayName).toBe(name);
    expect((created.attributes.registry as { vatNumber?: string }).vatNumber).toBe(valid);
    expect(created.attributes.allowedModules).toEqual(['fire']);
    await expect.poll(() => page.locator('.pane:not([hidden]) .customer-page h1, .pane:not([hidden]) .customer-page [role=heading]').first().textContent()).toContain(name);
    guard.expectClean();
  });
});
