// Grids, forms and transitions end to end (issue 4 "Grids and forms"): a real server with the
// embedded sign-in, a real Chromium, real key presses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { focusOutOfFields, pressOnRecord, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

async function list(type: string, query: string): Promise<Entity[]> {
  const response = await server.api(`/${type}?${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Entity[] }).data;
}

/** Navigates inside the app like a pasted deep link: the tab opens after the page loads. */
async function open(path: string) {
  await page.goto(`${server.url}${path}`);
}

/** The state badge of the focused entity tab. */
const stateBadge = () => page.locator('.entity-state strong:visible');


beforeAll(async () => {
  // A server of its own: the administrator's workspace as seeded (others leave tabs and a split view open).
  session = await signedInSession({ server: { own: true } });
  ({ server, page, token } = session);
});

afterAll(() => session?.close());

describe('grids', () => {
  it('opens a list, arrows to a row and opens its tab with Enter; the DOM row count stays small', async () => {
    await open('/marketing/quotations?sort=-date');
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor();
    await page.locator('[role=row][aria-rowindex="3"]:visible a').waitFor();
    const total = Number(await grid.getAttribute('aria-rowcount')) - 1;
    expect(total).toBeGreaterThan(20);
    // Only the rows in view (plus overscan) are in the DOM, whatever the total.
    expect(await grid.locator('[role=row]').count()).toBeLessThan(60);
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    const third = await page.locator('[role=row][aria-rowindex="4"]:visible a').getAttribute('href');
    await expect.poll(() => grid.getAttribute('aria-activedescendant')).toBe('quotations-row-2');
    // x selects, Shift+↓ extends the selection from there, k goes back up.
    await page.keyboard.press('x');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => grid.locator('[role=row][aria-selected=true]').count()).toBe(3);
    await page.getByRole('button', { name: 'Apri le 3 selezionate' }).waitFor();
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect.poll(() => grid.getAttribute('aria-activedescendant')).toBe('quotations-row-2');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === third);
    await page.locator('.entity-form:visible').waitFor();
    // The grid view is in the URL: sorting by a header changes the link.
    await open('/marketing/quotations');
    await page.locator('[role=columnheader] button', { hasText: 'Codice' }).first().click();
    await page.waitForURL((url) => url.search.includes('sort=code'));
  });

  it('scrolling down reads the next page after the keyset cursor of the one before, not by offset', async () => {
    const reads: URL[] = [];
    const listen = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/quotations') reads.push(url);
    };
    page.on('request', listen);
    try {
      await open('/marketing/quotations?sort=code');
      const grid = page.locator('[role=grid]:visible');
      await page.locator('[role=row][aria-rowindex="3"]:visible a').waitFor();
      expect(Number(await grid.getAttribute('aria-rowcount')) - 1).toBeGreaterThan(100);
      await grid.focus();
      for (let i = 0; i < 30 && !reads.some((url) => url.searchParams.get('page[number]') === '2'); i++) await page.keyboard.press('PageDown');
      await expect.poll(() => reads.find((url) => url.searchParams.get('page[number]') === '2')?.searchParams.get('page[after]')).toMatch(/^[A-Za-z0-9_-]+$/);
    } finally {
      page.off('request', listen);
    }
  });
});

describe('forms and transitions', () => {
  it('deep-links into a quotation and emits it with t p e', async () => {
    const drafts = await list('quotations', 'filter[status]=draft&page[size]=50');
    const quotation = drafts.find((q) => Number(q.metadata.discountPercent ?? 0) <= 20 && Number(q.metadata.productsCount ?? 0) > 0)!;
    expect(quotation).toBeTruthy();
    await open(`/marketing/quotations/detail/${quotation.id}`);
    await expect.poll(() => stateBadge().textContent()).toBe('Bozza');
    // The palette offers the document's legal transitions (and says why the others are not possible).
    await focusOutOfFields(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Preventivo: Emetti');
    await page.getByRole('option', { name: /Preventivo: Emetti/ }).first().waitFor();
    await page.keyboard.press('Escape');
    await focusOutOfFields(page);
    await page.keyboard.press('t');
    await page.keyboard.press('p');
    await page.keyboard.press('e');
    await expect.poll(() => stateBadge().textContent(), { timeout: 10_000 }).toBe('Emesso');
    const after = await (await server.api(`/quotations/${quotation.id}`, { token })).json() as { data: Entity };
    expect(after.data.attributes.status).toBe('issued');
  });

  it('moves an assignment with its t i … shortcut and undoes it with t z', async () => {
    // Whichever the demo data has: a running one is paused (undo resumes), a paused one resumed (undo pauses).
    const running = await list('assignments', 'filter[state]=running&page[size]=1');
    const paused = running.length ? [] : await list('assignments', 'filter[state]=paused&page[size]=1');
    const [assignment] = running.length ? running : paused;
    expect(assignment, 'a running or paused assignment in the demo data').toBeTruthy();
    const [from, to, key] = running.length ? ['In corso', 'In pausa', 'm'] : ['In pausa', 'In corso', 'r'];
    await open(`/planning/assignments/${assignment!.id}`);
    await expect.poll(() => stateBadge().textContent()).toBe(from);
    await pressOnRecord(page, `assignments/${assignment!.id}`, 't', 'i', key);
    await expect.poll(() => stateBadge().textContent(), { timeout: 10_000 }).toBe(to);
    // t z once the undo is offered (its button shows on the record's bar): the badge can change first.
    await page.locator('[data-command="undo.last"]:visible').first().waitFor({ timeout: 10_000 });
    await focusOutOfFields(page);
    for (const k of ['t', 'z']) await page.keyboard.press(k);
    await expect.poll(() => stateBadge().textContent(), { timeout: 10_000 }).toBe(from);
  });

  it('refuses to save a missing required field, then saves it fixed with Ctrl+S', async () => {
    const [product] = await list('products', 'page[size]=1');
    await open(`/products/${product!.id}`);
    const name = page.locator('.entity-form:visible input[name="attributes.name"]');
    await name.waitFor();
    await name.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+s');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.locator('.entity-form:visible .form-error').first().textContent()).toBe('Obbligatorio');
    await name.focus();
    await page.keyboard.type('Estintore collaudato E2E');
    await page.keyboard.press('Control+s');
    await page.getByText('Salvataggio completato').waitFor();
    const saved = await (await server.api(`/products/${product!.id}`, { token })).json() as { data: Entity };
    expect(saved.data.attributes.name).toBe('Estintore collaudato E2E');
  });

  it('steps numbers with the arrow keys, counts textarea characters, and resolves a 409 by applying the changes on top', async () => {
    const [, product] = await list('products', 'page[size]=2&sort=code');
    await open(`/products/${product!.id}`);
    const price = page.locator('.entity-form:visible input[name="attributes.listPrice"]');
    await price.waitFor();
    await price.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('10,5');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => price.inputValue()).toBe('12,50');
    const description = page.locator('.entity-form:visible textarea[name="attributes.description"]');
    await description.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Nota');
    await expect.poll(async () => page.locator(`#${await description.getAttribute('aria-describedby')}`).textContent()).toBe('4 / 5000');
    // Meanwhile a colleague renames the product.
    const before = (await (await server.api(`/products/${product!.id}`, { token })).json()) as { data: Entity };
    const colleague = await server.api(`/products/${product!.id}`, {
      token,
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json', 'If-Match': `"${String(before.data.metadata.lastUpdatedDateTime)}"` },
      body: JSON.stringify({ attributes: { name: 'Rinominato da un collega' } }),
    });
    expect(colleague.status).toBe(200);
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Rinominato da un collega').waitFor();
    await dialog.getByRole('button', { name: 'Applica le mie modifiche alla versione attuale' }).click();
    await page.getByText('Salvataggio completato').waitFor();
    const saved = (await (await server.api(`/products/${product!.id}`, { token })).json()) as { data: Entity };
    expect(saved.data.attributes).toMatchObject({ name: 'Rinominato da un collega', listPrice: 12.5, description: 'Nota' });
  });

  it('creates a record from its grid: the tab becomes the new record\'s deep link', async () => {
    await open('/jobs');
    await page.locator('.data-grid:visible button', { hasText: 'Nuovo: Mansione' }).click();
    const code = page.locator('.entity-form:visible input[name="attributes.code"]');
    await code.waitFor();
    await code.focus();
    await page.keyboard.type('E2E-01');
    await page.locator('.entity-form:visible input[name="attributes.name"]').focus();
    await page.keyboard.type('Mansione di prova');
    await page.keyboard.press('Control+s');
    await page.getByText('Creazione completata').waitFor();
    await page.waitForURL((url) => /^\/preview\/jobs\/[0-9a-f-]{36}$/.test(url.pathname));
    const created = await list('jobs', 'filter[code]=E2E-01');
    expect(created[0]?.attributes.name).toBe('Mansione di prova');
  });

  it('shows a training site\'s rooms and equipment below it; a new room from there belongs to the site', async () => {
    const [site] = await list('trainingSites', 'page[size]=1&sort=name');
    const rooms = await list('trainingRooms', `filter[trainingSiteId]=${site!.id}&page[size]=100`);
    await open(`/preview/trainingSites/${site!.id as string}`);
    const roomsGrid = page.locator('.training-site-contents section[aria-label="Aule"] [role=grid]');
    await roomsGrid.waitFor({ timeout: 30_000 });
    await expect.poll(() => roomsGrid.locator('[role=row]').count()).toBe(rooms.length + 1);
    await page.locator('.training-site-contents section[aria-label="Attrezzature didattiche"] [role=grid]').waitFor();
    // From the rooms grid, n opens a new room of this site.
    await roomsGrid.focus();
    await page.keyboard.press('n');
    await page.waitForURL((url) => url.pathname === '/preview/trainingRooms/new' && url.searchParams.get('relationships.trainingSiteId') === site!.id);
    const name = page.locator('.entity-form:visible input[name="attributes.name"]');
    await name.waitFor();
    await name.focus();
    await page.keyboard.type('Aula E2E');
    await page.locator('.entity-form:visible input[name="attributes.capacity"]').focus();
    await page.keyboard.type('12');
    await page.keyboard.press('Control+s');
    await page.getByText('Creazione completata').waitFor();
    const created = await list('trainingRooms', `filter[trainingSiteId]=${site!.id}&filter[name]=Aula E2E`);
    expect(created).toHaveLength(1);
  });

  it('creates an order with the five-step wizard, confirming a delivery above the ordered quantity', async () => {
    const [customer] = await list('customers', 'page[size]=1&filter[type]=active&sort=displayName');
    const [product] = await list('products', 'page[size]=1&filter[type]=physical&sort=code');
    const customerWord = String(customer!.metadata.displayName).split(/\s+/)[0]!;
    const productCode = String(product!.attributes.code);
    await open('/marketing/orders/detail/new');
    const wizard = page.locator('.order-wizard:visible');
    await wizard.locator('select[name="attributes.module"]').selectOption('fire');
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    // Step 2: the customer by typing part of its name.
    await wizard.getByRole('combobox', { name: 'Cliente' }).focus();
    await page.keyboard.type(customerWord);
    await wizard.getByRole('option', { name: String(customer!.metadata.displayName), exact: true }).first().waitFor();
    await wizard.getByRole('combobox', { name: 'Cliente' }).focus();
    await wizard.getByRole('option', { name: String(customer!.metadata.displayName), exact: true }).first().click();
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    // Step 3: one product, 3 delivered now against 1 ordered.
    await wizard.getByRole('combobox', { name: 'Aggiungi un prodotto' }).focus();
    await page.keyboard.type(productCode);
    await wizard.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    const toDeliver = wizard.getByRole('textbox', { name: 'Da consegnare ora' });
    await toDeliver.waitFor();
    await toDeliver.fill('3');
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('supera la quantità ordinata').waitFor();
    await confirm.locator('button.primary').click();
    // Step 4, then 5: the provisional assignment.
    await wizard.getByText('4. Attività').and(page.locator('[aria-current=step]')).waitFor();
    await wizard.getByRole('button', { name: 'Avanti' }).click();
    // No code to type: the intervention takes the next of the INT-YYYY-NNNNN series.
    await wizard.getByText('Il codice dell’intervento è assegnato in automatico').waitFor();
    // The administrator reads users: an operator allowed on the module, who is then the one in charge.
    await wizard.getByRole('combobox', { name: 'Aggiungi un operatore' }).focus();
    await wizard.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => wizard.locator('.wizard-operators .form-chips li').count()).toBe(1);
    await wizard.getByRole('button', { name: 'Crea l’ordine' }).click();
    await page.getByText(/Creato l’ordine ORD-\d{4}-\d{5} con l’intervento INT-\d{4}-\d{5}/).waitFor();
    await page.waitForURL((url) => /^\/marketing\/orders\/detail\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = ((await (await server.api(`/orders/${orderId}`, { token })).json()) as { data: Entity }).data;
    expect(order.relationships.customerId).toBe(customer!.id);
    expect(order.attributes.lines).toMatchObject([{ productId: product!.id, quantity: 3, deliveredQuantity: 3 }]);
    const [assignment] = await list('assignments', `filter[orderId]=${orderId}`);
    expect(assignment?.attributes).toMatchObject({ code: expect.stringMatching(/^INT-\d{4}-\d{5}$/), isProvisional: true });
    expect(assignment?.relationships.operatorIds).toHaveLength(1);
    expect(assignment?.relationships.operatorInChargeId).toBe((assignment?.relationships.operatorIds as string[])[0]);
  });
});
