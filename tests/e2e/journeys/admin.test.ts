// The administrator's day (issue 22 "Every role's day works end to end"), keyboard only, as the demo
// Amministratore, under the journey guard (no console error, no refused answer it did not ask for,
// axe without serious findings):
//  - a new customer from the customers' grid (n): its business name and a module, Ctrl+S, and the
//    tab becomes its page;
//  - an additional field for its equipment in the page's settings (s m): a choice with two options,
//    Ctrl+S; then used on an equipment of that customer: the value chosen by typing, Ctrl+S;
//  - a role rule edited in the role screen: «Modifica» added to the Esterno role's rule, Ctrl+S.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, focusOutOfFields, openFromPalette, pressKeys, pressUntil, signedInSession, type SignedInSession, type Entity } from '../harness.ts';
import { guardJourney } from './guard.ts';

let session: SignedInSession;

beforeAll(async () => {
  // A server of its own: the administrator's workspace as seeded (others leave tabs and a split view open).
  session = await signedInSession({ server: { own: true } });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

/** The focused element's accessible name (aria-label, its label, or its text). */
const focusedName = (page: Page) => page.evaluate(() => {
  const element = document.activeElement as HTMLElement | null;
  if (!element) return '';
  const labelled = element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null);
  return (labelled ?? element.closest('label')?.textContent ?? element.textContent ?? '').replace(/\s*\*$/, '').trim();
});

/** Tab until the focused element's name matches. */
async function tabTo(page: Page, name: string | RegExp, key = 'Tab'): Promise<void> {
  await pressUntil(page, key, async () => {
    const focused = await focusedName(page);
    return typeof name === 'string' ? focused === name : name.test(focused);
  }, 150);
}

/** Tab until the focused element answers true (evaluated in the page). */
async function tabUntil(page: Page, test: string): Promise<void> {
  await pressUntil(page, 'Tab', () => page.evaluate((code) => Boolean((0, eval)(code)), test), 150);
}

describe('Amministratore: customer, additional field, role rule', () => {
  it('creates a customer, defines and uses an additional field, and edits a role rule', async () => {
    const { page, server, token } = session;
    const guard = guardJourney(page);
    const tag = Date.now().toString(36);
    const businessName = `Officine Sperimentali ${tag} Srl`;

    // A new customer from the customers' grid: n, its business name and a module, Ctrl+S.
    await openFromPalette(page, 'Clienti:', /^Clienti: /, { title: true });
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement)).toBe(true);
    await grid.locator('[role=row]').nth(1).waitFor({ timeout: 15_000 });
    await guard.expectItalian('customers grid');
    await page.keyboard.press('n');
    await page.locator('.customer-new:visible').waitFor({ timeout: 30_000 });
    await tabTo(page, 'Antincendio');
    await page.keyboard.press('Space');
    await tabTo(page, 'Ragione sociale');
    await page.keyboard.type(businessName);
    await page.keyboard.press('Control+s');
    await page.waitForURL((url) => /^\/customers\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 30_000 });
    const customerId = new URL(page.url()).pathname.split('/')[2]!;
    const customer = await apiData<Entity>(server, token, `/customers/${customerId}`);
    expect(customer.attributes.registry.businessName).toBe(businessName);
    expect(customer.attributes.allowedModules).toEqual(['fire']);
    await page.locator('.customer-page:visible [data-figure]').first().waitFor({ timeout: 30_000 });
    await guard.expectAccessible('new customer page');

    // Its settings (s m): an additional field for its equipment, a choice between two places.
    const label = `Posizione ${tag}`;
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'm');
    await page.locator('.customer-page:visible .additional-fields-editor').waitFor();
    await tabUntil(page, "document.activeElement?.matches('.additional-fields-editor .form-list-add')");
    await page.keyboard.press('Enter');
    const last = "document.activeElement?.closest('.additional-fields-editor li.form-list-item') === [...document.querySelectorAll('.additional-fields-editor li.form-list-item')].at(-1)";
    const labelled = (text: string) => `${last} && document.activeElement.labels?.[0]?.textContent?.replace(/\\s*\\*$/, '').trim() === ${JSON.stringify(text)}`;
    await tabUntil(page, labelled('Tipo'));
    await page.keyboard.type('Scelta');
    await tabUntil(page, labelled('Etichetta'));
    await page.keyboard.type(label);
    await tabUntil(page, labelled('Nome'));
    await page.keyboard.type(`posizione_${tag}`);
    await tabUntil(page, labelled('Opzioni'));
    await page.keyboard.type('Corridoio');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Magazzino');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => ((await apiData<Entity>(server, token, `/customers/${customerId}`)).metadata.additionalPEFields as { label: string }[]).map((f) => f.label), { timeout: 15_000 }).toEqual([label]);
    const defined = (await apiData<Entity>(server, token, `/customers/${customerId}`)).metadata.additionalPEFields[0];
    expect(defined).toMatchObject({ type: 'combobox', name: `posizione_${tag}`, options: ['Corridoio', 'Magazzino'] });

    // Used on an equipment of the customer: opened from the palette, «Magazzino» chosen by typing, Ctrl+S.
    const families = await apiData<Entity[]>(server, token, '/equipmentFamilies?page[size]=200');
    const family = families.find((f) => String(f.attributes.name).startsWith('Estintore a polvere'))!;
    const code = `EQ-${tag}`.toUpperCase();
    const created = await server.api('/equipments', {
      method: 'POST', token, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ attributes: { equipmentId: code, module: 'fire', serialNumber: `SN-${tag}` }, relationships: { customerId, equipmentFamilyId: family.id } }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const equipment = ((await created.json()) as { data: Entity }).data;
    await openFromPalette(page, code, new RegExp(`^${code}`), { title: true });
    const field = page.locator('.entity-form:visible fieldset.form-additional').getByLabel(label, { exact: true });
    await field.waitFor({ timeout: 30_000 });
    await guard.expectItalian('equipment with the additional field');
    await tabUntil(page, `document.activeElement?.labels?.[0]?.textContent === ${JSON.stringify(label)}`);
    await page.keyboard.type('Mag');
    await expect.poll(() => field.inputValue()).toBe('Magazzino');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await apiData<Entity>(server, token, `/equipments/${equipment.id}`)).attributes.additionalData?.[`posizione_${tag}`], { timeout: 15_000 }).toBe('Magazzino');

    // A role rule: the Esterno role's rule also lets it change what it reads («Modifica»), Ctrl+S.
    const roles = await apiData<Entity[]>(server, token, '/roles?page[size]=50');
    const esterno = roles.find((role) => role.attributes.name === 'Esterno')!;
    await focusOutOfFields(page);
    await openFromPalette(page, 'Ruoli', /^Ruoli$/, { title: true });
    const rolesGrid = page.locator('[role=grid]:visible');
    await rolesGrid.waitFor({ timeout: 30_000 });
    await expect.poll(() => rolesGrid.evaluate((element) => element === document.activeElement)).toBe(true);
    const activeRow = () => rolesGrid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await pressUntil(page, 'ArrowDown', async () => (await activeRow()).includes('Esterno'), 60);
    await page.keyboard.press('Enter');
    const editor = page.locator('.role-editor:visible');
    await editor.waitFor({ timeout: 30_000 });
    await editor.locator('.role-rules [data-item-index="0"]').waitFor();
    await tabTo(page, 'Modifica');
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await apiData<Entity>(server, token, `/roles/${esterno.id}`)).attributes.permissions[0].action, { timeout: 15_000 }).toEqual(['read', 'update']);
    await guard.expectAccessible('role screen');
    guard.expectClean();
  });
});
