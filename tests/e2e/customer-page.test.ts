// The customer page (issue 12 "Customer page"), keyboard only in a real Chromium against the real
// server: the demo salesman opens a customer from the palette, reads its overview figures (each equal
// to what the API's lists count), logs a phone contact with a next call (a reminder of theirs) with
// r t, and opens its quotations section with s p; an administrator defines a combobox additional
// field for extinguishers in the customer's settings, and the demo maintainer fills it on one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { businessDay } from '../../src/domain/business-day.ts';
import { isAgreementActive, isAgreementExpiring } from '../../src/domain/rules/customer-figures.ts';
import { apiData, chooseSuggestion, DEMO, focusOutOfFields, openFromPalette, pressKeys, pressUntil, signedInSession, signIn, storedUser, type SignedInSession, settledAxe } from './harness.ts';

interface Entity {
  id: string;
  attributes: Record<string, any>;
  metadata: Record<string, any>;
  relationships: Record<string, any>;
}

let session: SignedInSession;
let admin: Page;
let adminToken: string;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.salesman });
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  // The administrator in a second context: the deadline lists the salesman may not read, and the settings.
  const context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
  admin = await context.newPage();
  await admin.goto(`${session.server.url}/dashboard`);
  await signIn(admin, session.server, DEMO.admin);
  await admin.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  adminToken = (await storedUser(admin))!.user.access_token;
});

afterAll(() => session?.close());

const total = async (token: string, pathAndQuery: string) => {
  const response = await session.server.api(pathAndQuery, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
};

/** Tab until the focused element answers true (evaluated in the page). */
async function tabTo(page: Page, test: string, key = 'Tab') {
  await pressUntil(page, key, () => page.evaluate((code) => Boolean((0, eval)(code)), test), 150);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The palette item whose title is exactly `text` (a quotation's title may contain its customer's name). */
const exactly = (text: string) => new RegExp(`^${escape(text)}$`);
const figure = (page: Page, name: string) => page.locator(`.customer-page:visible [data-figure=${name}] dd`);
const number = (value: number) => value.toLocaleString('it-IT');

describe('customer page', () => {
  it('the salesman reads the overview figures, logs a phone contact with a next call and opens the quotations', async () => {
    const { page, token, server } = session;
    // A customer of the salesman's quotations (the salesman can read it and its quotations).
    const [quotation] = await apiData<Entity[]>(server, token, '/quotations?page[size]=1&sort=-date');
    const customerId = quotation!.relationships.customerId as string;
    const customer = await apiData<Entity>(server, token, `/customers/${customerId}`);
    const name = String(customer.metadata.displayName);

    await openFromPalette(page, name, exactly(name), { title: true });
    await page.waitForURL((url) => url.pathname === `/customers/${customerId}`);
    await figure(page, 'officeLocationsCount').waitFor({ timeout: 30_000 });

    // The figures equal what the salesman's own lists count.
    const today = businessDay();
    const agreements = await apiData<Entity[]>(server, token, `/commercialAgreements?filter[customerId]=${customerId}&page[size]=500`);
    const expected = {
      officeLocationsCount: await total(token, `/customers?filter[parentId]=${customerId}&page[size]=1`),
      activeAgreementCount: agreements.filter((a) => isAgreementActive(a.attributes as never, today)).length,
      expiringAgreementCount: agreements.filter((a) => isAgreementExpiring(a.attributes as never, today)).length,
    };
    for (const [key, value] of Object.entries(expected)) {
      await expect.poll(() => figure(page, key).textContent(), { message: key }).toBe(number(value));
    }
    // Deadlines are not the salesman's to read: their counts are left out, not shown as zero.
    for (const key of ['expiredPhysicalActivitiesCount', 'expiringPhysicalActivitiesCount', 'nextExpirePhysicalActivity']) {
      expect(await page.locator(`.customer-page:visible [data-figure=${key}]`).count(), key).toBe(0);
    }

    // r t: a phone contact, the customer wants a call back, a note, and the next call tomorrow at 10:30.
    const contactsBefore = (customer.attributes.contacts as unknown[]).length;
    await focusOutOfFields(page);
    await pressKeys(page, 'r', 't');
    const dialog = page.locator('.log-contact-form');
    await dialog.waitFor();
    await page.keyboard.type('Tel');
    await expect.poll(() => dialog.getByLabel('Canale').inputValue()).toBe('phone');
    // The reply: ↓ past —, Interessato, Non interessato to «Da chiamare».
    await pressKeys(page, 'Tab', 'Tab', 'ArrowDown', 'ArrowDown', 'ArrowDown');
    await expect.poll(() => dialog.getByLabel('Risposta del cliente').inputValue()).toBe('toCall');
    await pressKeys(page, 'Tab');
    const note = `Vuole l’offerta per il rinnovo ${Date.now()}`;
    await page.keyboard.type(note);
    await pressKeys(page, 'Tab');
    const tomorrow = new Date(Date.now() + 86_400_000);
    const [y, m, d] = [tomorrow.getFullYear(), tomorrow.getMonth() + 1, tomorrow.getDate()];
    const typed = `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y} 10:30`;
    await page.keyboard.type(typed);
    await expect.poll(() => dialog.getByLabel('Prossimo richiamo (promemoria)').inputValue()).toBe(typed);
    await pressKeys(page, 'Control+Enter');
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(async () => ((await apiData<Entity>(server, token, `/customers/${customerId}`)).attributes.contacts as unknown[]).length, { timeout: 10_000 }).toBe(contactsBefore + 1);
    const stored = await apiData<Entity>(server, token, `/customers/${customerId}`);
    const contact = (stored.attributes.contacts as Record<string, unknown>[]).find((c) => c.notes === note);
    expect(contact).toMatchObject({ type: 'phone', kind: 'contact', lastReply: 'toCall' });
    expect(stored.metadata).toMatchObject({ lastReply: 'toCall', lastContact: contact!.dateTime });
    const reminders = await apiData<Entity[]>(server, token, `/reminders?filter[entityId]=${customerId}&sort=-createdDateTime&page[size]=5`);
    const reminder = reminders.find((r) => r.attributes.note === note);
    expect(reminder?.attributes).toMatchObject({ title: `Richiamare ${name}`, isDone: false });
    expect(new Date(reminder!.attributes.dateTime).getTime()).toBe(new Date(y, m - 1, d, 10, 30).getTime());

    // The timeline shows it first (s k), then s p opens the quotations section with the customer's quotations.
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'k');
    const timeline = page.locator('.customer-page:visible .customer-timeline li');
    await expect.poll(() => timeline.first().textContent()).toContain(note);
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'p');
    const panel = page.locator('.customer-page:visible [role=tabpanel][data-section=quotations]');
    await panel.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab' && document.activeElement.getAttribute('aria-selected'))).toBe('true');
    const grid = panel.locator('[role=grid]');
    await grid.waitFor();
    await expect.poll(() => grid.locator('[role=row]', { hasText: String(quotation!.attributes.code) }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it('the salesman creates an office location from its section (n), with the registry of a company; the overview counts it', async () => {
    const { page, token, server } = session;
    const customerId = new URL(page.url()).pathname.split('/')[2]!;
    const customer = await apiData<Entity>(server, token, `/customers/${customerId}`);
    const name = String(customer.metadata.displayName);
    const before = await total(token, `/customers?filter[parentId]=${customerId}&page[size]=1`);

    await focusOutOfFields(page);
    await pressKeys(page, 's', 's');
    const grid = page.locator('.customer-page:visible [role=tabpanel][data-section=locations] [role=grid]');
    await grid.waitFor();
    // Its «Nuovo» says what it makes: an office location, not another customer.
    const section = page.locator('.customer-page:visible [role=tabpanel][data-section=locations]');
    await expect.poll(() => section.getByRole('button', { name: /^Nuova sede/ }).count()).toBe(1);
    expect(await section.getByRole('button', { name: /Nuovo: Cliente/ }).count()).toBe(0);
    await pressUntil(page, 'Tab', () => grid.evaluate((element) => element === document.activeElement), 30);
    await pressKeys(page, 'n');
    await page.waitForURL((url) => url.pathname === '/customers/new' && url.searchParams.get('attributes.parentId') === customerId);
    const form = page.locator('.customer-new:visible');
    await form.getByRole('heading', { name: `Nuova sede di ${name}` }).waitFor({ timeout: 15_000 });
    // A company: its business name, no birth data.
    expect(await form.getByLabel('Data di nascita').count()).toBe(0);
    const label = (text: string) => `document.activeElement?.labels?.[0]?.textContent?.trim() === ${JSON.stringify(text)}`;
    const site = `Sede operativa ${Date.now()}`;
    // One address input, «Indirizzo» (walk 23: it was asked again as «Via» and «Numero civico»); its other addresses are added one by one.
    expect(await form.getByLabel('Via', { exact: true }).count()).toBe(0);
    expect(await form.getByLabel('Numero civico', { exact: true }).count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Aggiungi indirizzo' }).count()).toBe(1);
    await tabTo(page, label('Ragione sociale'));
    await page.keyboard.type(site);
    await tabTo(page, label('Indirizzo'));
    await page.keyboard.type('Via Nazario Sauro 116');
    await tabTo(page, label('Comune'));
    await page.keyboard.type('Bergamo');
    await pressKeys(page, 'Control+s');
    await page.waitForURL((url) => /^\/customers\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 15_000 });
    const created = await apiData<Entity>(server, token, new URL(page.url()).pathname);
    // The stored parts follow the line (older rows and imports keep them).
    expect(created.attributes).toMatchObject({ parentId: customerId, registry: { businessName: site, city: 'Bergamo', isPerson: false, address: 'Via Nazario Sauro 116', street: 'Via Nazario Sauro', streetNumber: '116' } });

    // Back on the customer (from the palette), the overview counts one office location more.
    await openFromPalette(page, name, exactly(name), { title: true });
    await page.waitForURL((url) => url.pathname === `/customers/${customerId}`);
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'v');
    await expect.poll(() => figure(page, 'officeLocationsCount').textContent(), { timeout: 15_000 }).toBe(number(before + 1));
  });

  it('axe finds no serious or critical violation in any section of the page', async () => {
    const { page } = session;
    const findings: string[] = [];
    const visited = new Set<string | null>();
    for (const key of ['v', 'n', 's', 'p', 'o', 'i', 't', 'c', 'd', 'f', 'k', 'm']) {
      // A section the salesman may not read has no tab (each tab names its keys): the key does nothing,
      // the page stays as it was. A section with a tab is shown, its data loaded, before axe reads it.
      const tab = page.locator(`.customer-page:visible [role=tab][aria-keyshortcuts="s ${key}"]`);
      const offered = (await tab.count()) > 0;
      await focusOutOfFields(page);
      await pressKeys(page, 's', key);
      if (offered) {
        await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
        const tabId = await tab.getAttribute('id');
        await expect.poll(() => page.locator('.customer-page:visible [role=tabpanel]').getAttribute('aria-labelledby'), { timeout: 15_000 }).toBe(tabId);
        await page.waitForFunction(() => !document.querySelector('.pane:not([hidden]) .customer-page [role=tabpanel] :is([aria-busy=true], .screen-loading)'), undefined, { timeout: 30_000 });
      }
      const section = await page.locator('.customer-page:visible [role=tabpanel]').getAttribute('data-section');
      visited.add(section);
      const result = await (await settledAxe(page)).include('.customer-page').analyze();
      for (const violation of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        findings.push(`${section}: ${violation.id} ${violation.help} ${violation.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(findings).toEqual([]);
    // The sections of what a salesman may read were all checked.
    expect([...visited]).toEqual(expect.arrayContaining(['overview', 'registry', 'locations', 'quotations', 'orders', 'files', 'contacts', 'settings']));
  });

  it('an administrator defines a combobox field for extinguishers; the maintainer fills it on one', async () => {
    const { server } = session;
    const families = await apiData<Entity[]>(server, adminToken, '/equipmentFamilies?page[size]=200');
    const extinguishers = families.find((f) => String(f.attributes.name).startsWith('Estintore a polvere'))!;
    expect(extinguishers, 'the extinguisher type of the demo catalogue').toBeDefined();
    // An extinguisher of a customer in business (an archived customer is not offered by the palette).
    const equipments = await apiData<Entity[]>(server, adminToken, `/equipments?filter[equipmentFamilyId]=${extinguishers.id}&filter[module]=fire&page[size]=50`);
    let found: { customer: Entity; equipment: Entity } | undefined;
    for (const candidate of equipments) {
      const owner = await apiData<Entity>(server, adminToken, `/customers/${candidate.relationships.customerId as string}`);
      if (owner.metadata.isArchived !== true && owner.metadata.isDeleted !== true) {
        found = { customer: owner, equipment: candidate };
        break;
      }
    }
    expect(found, 'an extinguisher of a customer in business').toBeDefined();
    const { customer, equipment } = found!;
    const customerId = customer.id;
    const fieldsBefore = (customer.metadata.additionalPEFields as unknown[]).length;
    const tag = Date.now().toString(36);
    const label = `Posizione ${tag}`;

    await openFromPalette(admin, String(customer.metadata.displayName), exactly(String(customer.metadata.displayName)), { title: true });
    await admin.waitForURL((url) => url.pathname === `/customers/${customerId}`);
    await figure(admin, 'officeLocationsCount').waitFor({ timeout: 30_000 });
    await focusOutOfFields(admin);
    await pressKeys(admin, 's', 'm');
    await admin.locator('.customer-page:visible .additional-fields-editor').waitFor();
    await tabTo(admin, "document.activeElement?.matches('.additional-fields-editor .form-list-add')");
    await pressKeys(admin, 'Enter');
    // The new field (last in the list) has the focus on its type: a choice from a list.
    const last = "document.activeElement?.closest('.additional-fields-editor li.form-list-item') === [...document.querySelectorAll('.additional-fields-editor li.form-list-item')].at(-1)";
    const labelled = (text: string) => `${last} && document.activeElement.labels?.[0]?.textContent?.replace(/\\s*\\*$/, '').trim() === ${JSON.stringify(text)}`;
    await tabTo(admin, labelled('Tipo'));
    await admin.keyboard.type('Scelta');
    await tabTo(admin, labelled('Etichetta'));
    await admin.keyboard.type(label);
    await tabTo(admin, labelled('Nome'));
    await admin.keyboard.type(`posizione_${tag}`);
    await tabTo(admin, labelled('Opzioni'));
    await admin.keyboard.type('Corridoio');
    await pressKeys(admin, 'Enter');
    await admin.keyboard.type('Magazzino');
    await tabTo(admin, labelled('Incluso nel rapporto'));
    await pressKeys(admin, 'Space');
    await tabTo(admin, `${last} && document.activeElement.getAttribute('role') === 'combobox'`);
    await admin.keyboard.type('Estintore a polvere');
    const picker = admin.locator(':focus');
    const listbox = admin.locator(`#${await picker.getAttribute('aria-controls')}`);
    await chooseSuggestion(admin, listbox.locator('[role=option]', { hasText: String(extinguishers.attributes.name) }).first());
    await pressKeys(admin, 'Control+s');

    await expect.poll(async () => ((await apiData<Entity>(server, adminToken, `/customers/${customerId}`)).metadata.additionalPEFields as unknown[]).length, { timeout: 10_000 }).toBe(fieldsBefore + 1);
    const defined = ((await apiData<Entity>(server, adminToken, `/customers/${customerId}`)).metadata.additionalPEFields as Record<string, unknown>[]).find((f) => f.label === label);
    expect(defined).toMatchObject({ type: 'combobox', name: `posizione_${tag}`, options: ['Corridoio', 'Magazzino'], isIncludedInReport: true, equipmentFamilyId: extinguishers.id, reportColumnOrder: fieldsBefore + 1 });

    // The maintainer opens the extinguisher from the palette and chooses "Magazzino" in the new field.
    const context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
    const maintainer = await context.newPage();
    try {
      await maintainer.goto(`${server.url}/dashboard`);
      await signIn(maintainer, server, DEMO.maintainer);
      await maintainer.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
      const code = String(equipment.attributes.equipmentId);
      await openFromPalette(maintainer, code, new RegExp(`^${escape(code)}`), { title: true });
      const field = maintainer.locator('.entity-form:visible fieldset.form-additional').getByLabel(label, { exact: true });
      await field.waitFor({ timeout: 30_000 });
      await tabTo(maintainer, `document.activeElement?.labels?.[0]?.textContent === ${JSON.stringify(label)}`);
      await maintainer.keyboard.type('Mag');
      await expect.poll(() => field.inputValue()).toBe('Magazzino');
      await pressKeys(maintainer, 'Control+s');
      await expect.poll(async () => (await apiData<Entity>(server, adminToken, `/equipments/${equipment.id}`)).attributes.additionalData?.[`posizione_${tag}`], { timeout: 10_000 }).toBe('Magazzino');
    } finally {
      await context.close();
    }
  });
});
