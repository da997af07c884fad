// The Commerciale's journey (issue 22), keyboard only, under the journey guard (no console error, no
// unasked-for refused answer, axe 0 serious), from an empty quotation to its order:
//  - «Nuovo preventivo» from the palette opens the create flow with the customer picker focused, dated
//    today, without «Stato» or «Revisione»; the customer is typed and the module chosen;
//  - Ctrl+Enter stores the draft and opens its first line at once; a second line; Ctrl+S;
//  - emitted (t p e), it opens read-only with the reason; the customer's signed copy is attached
//    (Ctrl+U) and the quotation accepted (t p c);
//  - «Crea ordine» (r o) opens the order wizard filled from it; step 4 adds a service, step 5 asks no
//    intervention code and says the planner assigns the operators; «Crea l’ordine» succeeds for the
//    Commerciale (the intervention is created under the order's authority), and the order opens with
//    the service as a line and the activities it brings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addQuotationLineByCode, apiData, DEMO, openFromPalette, pressKeys, pressOnRecord, pressUntil, pressWhenOffered, signedInSession, type SignedInSession, type TestServer, type Entity } from '../harness.ts';
import { focusedIs, tabUntil } from '../deadline-steps.ts';
import { attachSignedQuotation, quotationTransition } from '../quotation-steps.ts';
import { guardJourney, type JourneyGuard } from './guard.ts';

/** The module of the quotation, its products and the service added in the wizard. */
const MODULE = 'fire';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
let customer: Entity;
let products: Entity[] = [];
let quotationId = '';

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);
const editor = () => page.locator('.quotation-editor:visible');
const grid = () => editor().getByRole('grid', { name: 'Righe del preventivo' });
const focused = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element === document.activeElement || element.contains(document.activeElement));
/** Today in Rome, as the server and the screen count it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.salesman, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  // A customer the salesman reads, with a name that finds it.
  const customers = await api<Entity[]>('/customers?page[size]=20&sort=displayName');
  customer = customers.find((c) => typeof c.metadata.displayName === 'string' && String(c.metadata.displayName).length >= 6)!;
  expect(customer, 'a customer of the salesman in the demo data').toBeTruthy();
  products = (await api<Entity[]>(`/products?filter[module]=${MODULE}&filter[type]=physical&page[size]=50&sort=code`)).filter((p) => typeof p.attributes.listPrice === 'number' && Number(p.attributes.listPrice) > 0 && typeof p.attributes.code === 'string').slice(0, 2);
  expect(products.length).toBe(2);
});

afterAll(() => session?.close());

describe('Commerciale: a quotation from «Nuovo preventivo» to its order, keyboard only', () => {
  it('«Nuovo preventivo» in the palette opens the create flow: customer first and focused, dated today, no state or revision', async () => {
    await openFromPalette(page, 'Nuovo preventivo', 'Nuovo preventivo', { title: true });
    await page.waitForURL((url) => url.pathname === '/marketing/quotations/detail/new');
    const form = page.locator('.quotation-new:visible');
    await form.waitFor({ timeout: 20_000 });
    const picker = form.getByRole('combobox', { name: /^Cliente/ });
    await expect.poll(() => focused(picker), { timeout: 10_000 }).toBe(true);
    expect(await form.getByLabel(/^Stato/).count()).toBe(0);
    expect(await form.getByLabel(/^Revisione/).count()).toBe(0);
    expect(await form.getByLabel(/^Codice/).count()).toBe(0);
    // The writing date (the first date of the header) is today, as gg/mm/aaaa whatever the browser's language.
    const dateField = form.locator('.date-input input[type=text]').first();
    expect(await dateField.getAttribute('placeholder')).toBe('gg/mm/aaaa');
    expect(await dateField.inputValue()).toBe(today().split('-').reverse().join('/'));
    // The lines are there at once, empty.
    await form.getByRole('grid', { name: 'Righe del preventivo' }).waitFor();
    // The whole name: the picker's highlighted option is that customer (its namesakes by prefix come after).
    const name = String(customer.metadata.displayName);
    await page.keyboard.type(name, { delay: 10 });
    const highlighted = () => picker.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await expect.poll(highlighted, { timeout: 10_000 }).toContain(name);
    // Its office locations carry its name too: down to the customer itself.
    await pressUntil(page, 'ArrowDown', async () => (await highlighted()).trim() === name, 10);
    await pressKeys(page, 'Enter');
    await expect.poll(() => picker.inputValue()).toBe(name);
    // The module, from its list by typing its name.
    const module = form.locator('select[name="attributes.module"]');
    await tabUntil(page, 'Tab', focusedIs(page, "el?.getAttribute('name') === 'attributes.module'"));
    await page.keyboard.type('Antincendio');
    await expect.poll(() => module.inputValue()).toBe(MODULE);
    await guard.expectAccessible('new quotation');
  });

  it('Ctrl+Enter stores the draft and opens its first line: lines are typed at once, Ctrl+S saves them', async () => {
    await pressKeys(page, 'Control+Enter');
    await page.waitForURL((url) => /^\/marketing\/quotations\/detail\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 15_000 });
    quotationId = page.url().split('/').pop()!;
    // The first line's product cell is open with the focus.
    const picker = grid().getByRole('combobox');
    await picker.waitFor({ timeout: 15_000 });
    await expect.poll(() => focused(picker)).toBe(true);
    const code = String(products[0]!.attributes.code);
    await page.keyboard.type(code, { delay: 15 });
    const highlighted = () => picker.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await expect.poll(highlighted, { timeout: 10_000 }).toContain(code);
    await pressKeys(page, 'Enter');
    await grid().getByRole('textbox', { name: /^Quantità della riga 1/ }).waitFor();
    await page.keyboard.type('2');
    await pressKeys(page, 'Enter');
    await expect.poll(() => grid().locator('[data-line="0"] [data-column="unitPrice"]').textContent()).not.toBe('');
    // Enter on the read-only margin does nothing (no product picker opens).
    await pressUntil(page, 'ArrowRight', async () => (await grid().locator('[aria-selected=true]').getAttribute('data-column')) === 'marginPercent', 12);
    await pressKeys(page, 'Enter');
    expect(await grid().getByRole('combobox').count()).toBe(0);
    await addQuotationLineByCode(page, grid(), String(products[1]!.attributes.code), 3, 1);
    await pressKeys(page, 'Control+s');
    await expect.poll(async () => (await api<Entity[]>(`/quotationProducts?filter[quotationId]=${quotationId}&page[size]=50`)).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => editor().locator('.entity-form-dirty').count()).toBe(0);
    const stored = await api<Entity>(`/quotations/${quotationId}`);
    expect(stored.attributes.status).toBe('draft');
    expect(stored.attributes.revisionNumber).toBe(0);
    expect(stored.attributes.date).toBe(today());
    expect(stored.relationships.customerId).toBe(customer.id);
    expect(String(stored.attributes.code)).toMatch(/^PRV-\d{4}-\d+/);
  });

  it('emits it (t p e); the issued quotation opens read-only, saying why', async () => {
    await pressWhenOffered(page, 'transition.quotations.emit', 't', 'p', 'e');
    await expect.poll(async () => (await api<Entity>(`/quotations/${quotationId}`)).attributes.status, { timeout: 10_000 }).toBe('issued');
    await editor().locator('.entity-state[data-state="issued"]').waitFor();
    await editor().locator('.record-frozen').waitFor();
    expect(await grid().getAttribute('aria-readonly')).toBe('true');
    expect(await editor().locator('.quotation-lines-actions').count()).toBe(0);
    await guard.expectAccessible('issued quotation');
  });

  it('attaches the customer\'s signed copy (Ctrl+U) and accepts it (t p c)', async () => {
    const kinds = async () => ((await api<Entity>(`/quotations/${quotationId}`)).attributes.attachments as { kind: string }[]).map((a) => a.kind);
    await attachSignedQuotation(page, kinds);
    await quotationTransition(page, 'accept', 't', 'p', 'c');
    await expect.poll(async () => (await api<Entity>(`/quotations/${quotationId}`)).attributes.status, { timeout: 10_000 }).toBe('accepted');
    await editor().locator('.entity-state[data-state="accepted"]').waitFor({ timeout: 15_000 });
  });

  it('r o opens the order wizard filled from it; with a service, «Crea l’ordine» makes the order and its intervention', async () => {
    const quotation = await api<Entity>(`/quotations/${quotationId}`);
    const services = await api<Entity[]>(`/products?filter[type]=service&filter[module]=${MODULE}&page[size]=100&sort=code`);
    const service = services.find((s) => (s.relationships.activityIds ?? []).length > 0 && !products.some((p) => p.id === s.id));
    expect(service, 'a service with activities').toBeDefined();

    await pressOnRecord(page, `quotations/${quotationId}`, 'r', 'o');
    const wizard = page.locator('.order-wizard:visible');
    await wizard.waitFor({ timeout: 15_000 });
    await wizard.getByText(`Dal preventivo ${String(quotation.attributes.code)}`).waitFor({ timeout: 15_000 });
    expect(await wizard.locator('select[name="attributes.module"]').inputValue()).toBe(MODULE);

    // Step 1 → 2 → 3: the customer and the lines are the quotation's.
    await pressWizardButton(page, 'Avanti');
    await wizard.getByText('2. Cliente e sede').and(page.locator('[aria-current=step]')).waitFor();
    // The picker shows the customer's name once its title is looked up.
    await expect.poll(() => wizard.getByRole('combobox', { name: 'Cliente' }).inputValue()).toBe(String(customer.metadata.displayName));
    await page.keyboard.press('Enter');
    await wizard.getByText('3. Quantità da consegnare').and(page.locator('[aria-current=step]')).waitFor();
    await expect.poll(() => wizard.locator('.wizard-lines tbody tr').count()).toBe(products.length);
    await wizard.getByText('i servizi si aggiungono al passo 4').waitFor();
    await page.keyboard.press('Enter');

    // Step 4: a service, by its code, Enter to choose it; it shows the activities it brings.
    await wizard.getByText('4. Attività').and(page.locator('[aria-current=step]')).waitFor();
    await tabUntil(page, 'Shift+Tab', focusedIs(page, "el?.getAttribute('aria-label') === 'Aggiungi un servizio' || el?.labels?.[0]?.textContent === 'Aggiungi un servizio'"));
    await page.keyboard.type(String(service!.attributes.code), { delay: 20 });
    await wizard.getByRole('option').first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    const chosen = wizard.getByRole('list', { name: 'Servizi scelti' }).getByRole('listitem').filter({ hasText: String(service!.attributes.name) });
    await chosen.waitFor();
    await chosen.getByText('Attività:').waitFor();
    await pressWizardButton(page, 'Avanti');

    // Step 5: no code to type, and the operators are the planner's to assign (the Commerciale reads no users).
    await wizard.getByText('5. Intervento').and(page.locator('[aria-current=step]')).waitFor();
    await wizard.getByText('Il codice dell’intervento è assegnato in automatico').waitFor();
    await wizard.getByText('Gli operatori saranno assegnati dal pianificatore.').waitFor();
    expect(await wizard.locator('input[name="attributes.code"]').count()).toBe(0);
    await guard.expectAccessible('wizard step 5');
    await pressWizardButton(page, 'Crea l’ordine');

    // The order and its intervention, created for the Commerciale.
    const done = page.getByText(/Creato l’ordine ORD-\d{4}-\d{5} con l’intervento INT-\d{4}-\d{5} \(\d+ attività\)/);
    await done.waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => /^\/marketing\/orders\/detail\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await api<Entity>(`/orders/${orderId}`);
    expect(order.relationships.quotationId).toBe(quotationId);
    expect(order.relationships.assignmentIds).toHaveLength(1);
    expect(order.attributes.lines).toContainEqual(expect.objectContaining({ productId: service!.id, quantity: 1 }));
    for (const product of products) expect(order.attributes.lines).toContainEqual(expect.objectContaining({ productId: product.id }));
    for (const activityId of service!.relationships.activityIds as string[]) expect(order.metadata.activityIds).toContain(activityId);
    const activityCount = (order.metadata.activityIds as string[]).length;
    expect(await done.textContent()).toContain(`(${activityCount} attività)`);

    // The order screen: its activities listed, its intervention counted (the Commerciale reads no interventions).
    const related = page.locator('.order-related:visible');
    await related.getByText('1 intervento provvisorio').waitFor({ timeout: 15_000 });
    await expect.poll(() => related.locator('.order-activities li').count()).toBe(activityCount);
    await guard.expectAccessible('the new order');
    guard.expectClean();
  }, 120_000);
});

/** Tabs (forward) to the wizard's button named `name` and presses Enter on it. */
async function pressWizardButton(page: Page, name: string): Promise<void> {
  await tabUntil(page, 'Tab', focusedIs(page, `el?.tagName === 'BUTTON' && el.closest('.order-wizard') !== null && el.textContent.trim() === ${JSON.stringify(name)}`));
  await page.keyboard.press('Enter');
}
