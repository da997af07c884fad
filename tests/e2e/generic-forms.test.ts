// Generic forms end to end (issue 7 "Generic forms that work"), as the demo admin in Chromium: ids
// inside list items are chosen by typing names in pickers (price-list rows, order lines, product
// suppliers) and the stored ids are checked through the API; an equipment's additional data is
// edited with its customer's definitions as typed inputs; a quotation's lines grid shows quantity,
// unit price, discount and net total, and "Nuovo" (key n) opens a new line with the quotation filled.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chooseSuggestion, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

/** A word no seeded record holds, so a picker search finds exactly the records made here. */
const tag = `qz${randomUUID().slice(0, 6).replace(/-/g, '')}`;

async function call(method: string, path: string, body?: unknown): Promise<Entity> {
  const response = await server.api(path, { method, token, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: Entity }).data;
}
const create = (type: string, body: unknown) => call('POST', `/${type}`, body);
const fetchOne = (type: string, id: string) => call('GET', `/${type}/${id}`);

async function open(path: string) {
  await page.goto(`${server.url}${path}`);
  await form().waitFor({ timeout: 30_000 });
}
const form = () => page.locator('.entity-form:visible');

/** Types part of a name in a reference picker and takes the one suggestion carrying `title`. */
async function pick(combobox: Locator, typed: string, title: string) {
  await combobox.focus();
  await page.keyboard.type(typed);
  const listbox = page.locator(`#${await combobox.getAttribute('aria-controls')}`);
  // ↓ to the suggestion (the search may offer others too), then Enter.
  await chooseSuggestion(page, listbox.locator('[role=option]', { hasText: title }).first());
  await expect.poll(() => combobox.inputValue()).toContain(title);
}

async function save() {
  await page.keyboard.press('Control+s');
  await page.getByText('Salvataggio completato').last().waitFor();
}

let customer: Entity;
let alpha: Entity;
let beta: Entity;
let supplier: Entity;

beforeAll(async () => {
  session = await signedInSession({ viewport: { width: 1400, height: 1000 } });
  ({ server, page, token } = session);
  customer = await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: `Cliente ${tag} Srl` } } });
  alpha = await create('products', { attributes: { code: `A-${tag}`, name: `Estintore ${tag} alfa`, listPrice: 40 } });
  beta = await create('products', { attributes: { code: `B-${tag}`, name: `Idrante ${tag} beta`, listPrice: 90 } });
  supplier = await create('suppliers', { attributes: { businessName: `Fornitore ${tag} Spa` } });
});

afterAll(() => session?.close());

describe('references inside list items are pickers', () => {
  // Price-list rows have their own editor (tests/e2e/price-lists.test.ts), no longer the generic form.

  it('edits an order line by typing a product name (the order detail’s lines)', async () => {
    const order = await create('orders', {
      attributes: { orderDate: '2026-06-10', lines: [{ productId: alpha.id, quantity: 2, unitPrice: 40 }] },
      relationships: { customerId: customer.id },
    });
    await open(`/marketing/orders/detail/${order.id}`);
    const product = form().getByRole('combobox', { name: 'Prodotto della riga 1' });
    await expect.poll(() => product.inputValue()).toContain(`Estintore ${tag} alfa`);
    await pick(product, `${tag} beta`, `Idrante ${tag} beta`);
    await save();
    const stored = await fetchOne('orders', order.id);
    expect(stored.attributes.lines).toEqual([expect.objectContaining({ productId: beta.id, quantity: 2 })]);
  });

  it('adds a supplier to a product by typing its name', async () => {
    await open(`/products/${alpha.id}`);
    await form().getByRole('button', { name: 'Aggiungi (Fornitori)' }).click();
    const row = form().locator('[data-item-index="0"]');
    await pick(row.getByRole('combobox', { name: 'Fornitore' }), `Fornitore ${tag}`, `Fornitore ${tag} Spa`);
    await row.getByRole('checkbox', { name: 'Predefinito' }).check();
    await save();
    const stored = await fetchOne('products', alpha.id);
    expect(stored.attributes.suppliers).toEqual([expect.objectContaining({ supplierId: supplier.id, isDefault: true })]);
  });
});

describe('record-valued fields have real editors', () => {
  it('edits an equipment’s additional data with its customer’s definitions, keeping values no definition names', async () => {
    const family = await create('equipmentFamilies', { attributes: { code: `F-${tag}`, name: `Famiglia ${tag}`, module: 'fire' } });
    const owner = await create('customers', {
      attributes: { allowedModules: ['fire'], registry: { businessName: `Cliente campi ${tag} Srl` } },
      metadata: {
        featureFlags: { hasAdditionalFields: true, hasMediaTree: false },
        additionalPEFields: [
          { type: 'number', label: 'Peso (kg)', name: 'peso', reportColumnOrder: 2 },
          { type: 'text', label: 'Piano', name: 'piano', reportColumnOrder: 1 },
          { type: 'combobox', label: 'Classe', name: 'classe', options: ['A', 'B'], reportColumnOrder: 3 },
          { type: 'checkbox', label: 'Revisionato', name: 'revisionato', reportColumnOrder: 4 },
          { type: 'text', label: 'Solo altre famiglie', name: 'altrove', equipmentFamilyId: family.id },
        ],
      },
    });
    const other = await create('equipmentFamilies', { attributes: { code: `G-${tag}`, name: `Altra famiglia ${tag}`, module: 'fire' } });
    const equipment = await create('equipments', {
      attributes: { equipmentId: `E-${tag}`, module: 'fire', additionalData: { matricolaVecchia: 'X-12' } },
      relationships: { customerId: owner.id, equipmentFamilyId: other.id },
    });
    await open(`/equipments/${equipment.id}`);
    const editor = form().locator('fieldset.form-additional');
    await editor.getByLabel('Piano', { exact: true }).waitFor();
    // In report column order; the other family's field is not offered.
    expect(await editor.locator('.form-fields label').allTextContents()).toEqual(['Piano', 'Peso (kg)', 'Classe', 'Revisionato']);
    await editor.getByLabel('Piano', { exact: true }).fill('Terzo');
    await editor.getByLabel('Peso (kg)').focus();
    await page.keyboard.type('6,5');
    await editor.getByLabel('Classe').selectOption('B');
    await editor.getByLabel('Revisionato').check();
    // The value no definition names is listed as a key/value pair.
    expect(await editor.getByRole('textbox', { name: 'Nome' }).inputValue()).toBe('matricolaVecchia');
    await save();
    const stored = await fetchOne('equipments', equipment.id);
    expect(stored.attributes.additionalData).toEqual({ matricolaVecchia: 'X-12', piano: 'Terzo', peso: 6.5, classe: 'B', revisionato: true });
  });
});

describe('long lists and role rules', () => {
  it('virtualizes a long list inside a form, Tab walks it, Alt+↓ moves an item', async () => {
    // A commercial agreement's services: a list the generic form edits (orders and price lists have their own screens).
    const serviceItems = Array.from({ length: 80 }, (_, i) => ({ productId: alpha.id, quantity: i + 1, unitPrice: 10 }));
    const agreement = await create('commercialAgreements', { attributes: { startDate: '2026-06-01', serviceItems }, relationships: { customerId: customer.id } });
    await open(`/preview/commercialAgreements/${agreement.id}`);
    const items = form().locator('[data-item-index]');
    await items.first().waitFor();
    // Only the rows near the view are in the DOM.
    expect(await items.count()).toBeLessThan(30);
    expect(await items.first().getAttribute('aria-setsize')).toBe('80');
    const firstField = items.first().locator('input, textarea, select').first();
    await firstField.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => form().locator('[data-item-index="1"] legend').first().textContent()).toContain('Voce 2 di 80');
    // Tab goes on through the rows: the next ones are rendered as the focus reaches them.
    for (let i = 0; i < 120; i++) await page.keyboard.press('Tab');
    const reached = await page.evaluate(() => Number(document.activeElement?.closest('[data-item-index]')?.getAttribute('data-item-index') ?? -1));
    expect(reached).toBeGreaterThan(8);
    await save();
    const stored = await fetchOne('commercialAgreements', agreement.id);
    expect(stored.attributes.serviceItems.slice(0, 2).map((item: { quantity: number }) => item.quantity)).toEqual([2, 1]);
    expect(stored.attributes.serviceItems).toHaveLength(80);
  });

  it('edits a role rule: actions, conditions with an operator', async () => {
    const role = await create('roles', {
      attributes: { name: `Ruolo ${tag}`, permissions: [{ action: ['read', 'update'], subject: 'quotation', conditions: { 'relationships.customerId': { $in: '${user.allowedCustomerIds}' } } }] },
    });
    await open(`/preview/roles/${role.id}`);
    const rule = form().locator('[data-item-index="0"]');
    await rule.getByRole('checkbox', { name: 'Elimina' }).check();
    // The stored condition is shown as a row: field (a choice of the subject's fields, by their labels), operator, value.
    expect(await rule.getByRole('combobox', { name: 'Campo della condizione' }).first().inputValue()).toBe('relationships.customerId');
    expect(await rule.getByRole('combobox', { name: 'Operatore' }).first().inputValue()).toBe('$in');
    await rule.getByRole('button', { name: 'Aggiungi condizione' }).click();
    await rule.getByRole('combobox', { name: 'Campo della condizione' }).nth(1).selectOption('attributes.status');
    await rule.getByRole('combobox', { name: 'Operatore' }).nth(1).selectOption('$ne');
    // The first condition's value is the user's own (named, no box): the new one's box is the only one.
    expect(await rule.getByRole('combobox', { name: 'Valore dell’utente' }).first().evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('i clienti assegnati all’utente connesso');
    await rule.getByRole('textbox', { name: 'Valore della condizione' }).fill('cancelled');
    await save();
    const stored = await fetchOne('roles', role.id);
    expect(stored.attributes.permissions).toEqual([
      { action: ['read', 'update', 'delete'], subject: 'quotation', conditions: { 'relationships.customerId': { $in: '${user.allowedCustomerIds}' }, 'attributes.status': { $ne: 'cancelled' } } },
    ]);
  });
});

describe('child grids', () => {
  it('shows a quotation’s lines with quantity, unit price, discount and net total, and adds one with Nuovo', async () => {
    const quotation = await create('quotations', { attributes: { date: '2026-06-10', title: `Preventivo ${tag}` }, relationships: { customerId: customer.id } });
    await create('quotationProducts', { attributes: { quantity: 2, unitPrice: 50, discountPercent: 10 }, relationships: { quotationId: quotation.id, productId: alpha.id } });
    await open(`/marketing/quotations/detail/${quotation.id}`);
    const lines = page.locator('.screen-below:visible [role=grid]');
    await lines.locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
    const headers = await lines.locator('[role=columnheader]').allTextContents();
    for (const name of ['Prodotto', 'Quantità', 'Prezzo unitario', 'Sconto %', 'Totale netto']) expect(headers.map((h) => h.trim())).toContain(name);
    const cells = await lines.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents();
    const at = (name: string) => cells[headers.findIndex((h) => h.trim() === name)];
    expect(at('Quantità')).toBe('2');
    expect(at('Prezzo unitario')).toMatch(/^50,00\s€$/);
    expect(at('Sconto %')).toBe('10%');
    expect(at('Totale netto')).toMatch(/^90,00\s€$/);

    // n in the lines grid opens a new line in its own tab, the quotation already chosen.
    await lines.focus();
    await page.keyboard.press('n');
    await page.waitForURL((url) => url.pathname === '/preview/quotationProducts/new' && url.search.includes(quotation.id));
    const quotationPicker = form().getByRole('combobox', { name: 'Preventivo' });
    await expect.poll(() => quotationPicker.inputValue()).toContain(`Preventivo ${tag}`);
    await pick(form().getByRole('combobox', { name: 'Prodotto' }), `${tag} beta`, `Idrante ${tag} beta`);
    await form().getByLabel('Quantità').fill('3');
    await form().getByLabel('Prezzo unitario').fill('12,5');
    await page.keyboard.press('Control+s');
    await page.getByText('Creazione completata').last().waitFor();
    const response = await server.api(`/quotationProducts?filter[quotationId]=${quotation.id}&page[size]=10`, { token });
    const stored = ((await response.json()) as { data: Entity[] }).data;
    expect(stored).toHaveLength(2);
    expect(stored).toContainEqual(expect.objectContaining({ attributes: expect.objectContaining({ quantity: 3, unitPrice: 12.5 }), relationships: expect.objectContaining({ quotationId: quotation.id, productId: beta.id }) }));
  });
});
