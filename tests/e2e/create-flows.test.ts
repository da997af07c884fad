// «Nuovo intervento» (issue 22), keyboard only, as the planner under the journey guard: the palette's
// command opens the dedicated create flow (customer picker focused, no code and no state field); the
// customer typed, a module chosen with the arrows, Ctrl+S stores it and the tab becomes the
// intervention's page, numbered by the server in its one series INT-YYYY-NNNNN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, pressKeys, pressUntil, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);
const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element === document.activeElement);

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.planner, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('«Nuovo intervento», keyboard only', () => {
  it('customer first, no code or state; Ctrl+S stores it with the server’s code and opens its page', async () => {
    const customers = await api<Entity[]>('/customers?page[size]=20&sort=displayName&filter[type]=active');
    const customer = customers.find((c) => String(c.metadata.displayName ?? '').length >= 6)!;
    expect(customer).toBeTruthy();
    await openFromPalette(page, 'Nuovo intervento', 'Nuovo intervento', { title: true });
    await page.waitForURL((url) => url.pathname === '/planning/assignments/new');
    const form = page.locator('.intervention-new:visible');
    await form.waitFor({ timeout: 20_000 });
    const picker = form.getByRole('combobox', { name: /^Cliente/ });
    await expect.poll(() => focused(picker), { timeout: 10_000 }).toBe(true);
    expect(await form.getByLabel(/^Codice/).count()).toBe(0);
    expect(await form.getByLabel(/^Stato/).count()).toBe(0);
    // The whole name: the picker's highlighted option is that customer (its namesakes by prefix come after).
    const name = String(customer.metadata.displayName);
    await page.keyboard.type(name, { delay: 10 });
    const highlighted = () => picker.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await expect.poll(highlighted, { timeout: 10_000 }).toContain(name);
    // Its office locations carry its name too: down to the customer itself.
    await pressUntil(page, 'ArrowDown', async () => (await highlighted()).trim() === name, 10);
    await pressKeys(page, 'Enter');
    const module = form.getByLabel(/^Modulo/);
    await pressUntil(page, 'Tab', () => focused(module), 10);
    await pressUntil(page, 'ArrowDown', async () => (await module.inputValue()) !== '', 5);
    await guard.expectAccessible('new intervention');
    await pressKeys(page, 'Control+s');
    await page.waitForURL((url) => /^\/planning\/assignments\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 15_000 });
    const created = await api<Entity>(`/assignments/${page.url().split('/').pop()!}`);
    // The customer typed (an office location may carry its customer's name: the name is what the user chose by).
    expect((await api<Entity>(`/customers/${String(created.relationships.customerId)}`)).metadata.displayName).toBe(name);
    expect(created.attributes.state).toBe('open');
    expect(String(created.attributes.code)).toMatch(/^INT-\d{4}-\d{5}$/);
    guard.expectClean();
  });
});
