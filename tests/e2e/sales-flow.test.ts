// The sales flow of issue 9's "Done when", across roles, keyboard only, on the demo data. As the
// salesman: a draft opened from the palette, five lines added by typing product codes, one discount
// above the customer's maximum ("needs approval" at once), saved, approval requested with a message.
// As the sales manager: the quotation found in the approval queue (the saved view, showing the
// message) and approved. As the salesman again: emitted, the signed PDF attached, accepted, the order
// created, a partial delivery and one above the ordered quantity with the confirmation. The net total
// is the same to the cent in the editor, the approval queue's grid and the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addQuotationLineByCode, apiData, DEMO, euro, finishOrderWizard, openFromPalette, plainSpaces, pressKeys, pressOnRecord, pressWhenOffered, pressUntil, recordDelivery, signIn, signedInSession, storedUser,
  type SignedInSession, type TestServer, type Entity, isFocused, pressKeysUntil } from './harness.ts';
import { attachSignedQuotation, quotationTransition } from './quotation-steps.ts';

interface OrderLine { quantity: number; deliveredQuantity?: number }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

const api = <T>(pathAndQuery: string, as = token) => apiData<T>(server, as, pathAndQuery);
const editorOf = (p: Page) => p.locator('.quotation-editor:visible');
const linesGrid = () => editorOf(page).getByRole('grid', { name: 'Righe del preventivo' });
const status = async () => (await api<Entity>(`/quotations/${quotation.id}`)).attributes.status;
const transition = quotationTransition;

const MESSAGE = 'Cliente strategico: chiede lo sconto per firmare entro fine mese.';

let quotation: Entity;
let products: Entity[] = [];
let linesBefore = 0;
let quantities: number[] = [];
let editorNet = '';
let orderId = '';

beforeAll(async () => {
  // A server of its own: the salesman's seeded drafts, none moved on by other files.
  session = await signedInSession({ email: DEMO.salesman, path: '/marketing/quotations', server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  const drafts = await api<Entity[]>('/quotations?filter[status]=draft&page[size]=50&sort=-date');
  for (const draft of drafts) {
    // One of the salesman's own (readArea shows others' read-only).
    const actions = await api<{ action: string; allowed?: boolean }[]>(`/quotations/${draft.id}/actions`);
    if (actions.some((a) => a.action === 'requestApproval' && a.allowed)) {
      quotation = draft;
      break;
    }
  }
  expect(quotation, 'a draft quotation of the salesman in the demo data').toBeTruthy();
  linesBefore = (await api<Entity[]>(`/quotationProducts?filter[quotationId]=${quotation.id}&page[size]=500`)).length;
  products = (await api<Entity[]>('/products?page[size]=60&sort=code'))
    .filter((p) => typeof p.attributes.listPrice === 'number' && Number(p.attributes.listPrice) > 0 && typeof p.attributes.code === 'string')
    .slice(0, 5);
  expect(products.length).toBe(5);
  // The last line worth more than the rest at the customer's list prices (what the editor fills in):
  // 95% off on it puts the whole quotation well above any maximum discount of the demo customers.
  const listPrice = async (product: Entity) =>
    Number((await api<{ listPrice: number }>(`/customers/${String(quotation.relationships.customerId)}/price?productId=${product.id}`)).listPrice);
  let rest = Number(quotation.metadata.totalListPrice ?? 0);
  for (const product of products.slice(0, 4)) rest += await listPrice(product);
  quantities = [1, 1, 1, 1, Math.ceil((2 * rest) / (await listPrice(products[4]!))) + 1];
});

afterAll(() => session?.close());

describe('sales flow across roles, keyboard only', () => {
  it('salesman: opens the draft from the palette and adds five lines by typing product codes', async () => {
    const code = String(quotation.attributes.code);
    await openFromPalette(page, code);
    await page.waitForURL((url) => url.pathname === `/marketing/quotations/detail/${quotation.id}`);
    await editorOf(page).locator('h1', { hasText: code }).waitFor({ timeout: 15_000 });
    await pressKeysUntil(page, ['Alt+r'], isFocused(linesGrid()));
    await pressKeys(page, 'End');
    for (const [i, product] of products.entries()) await addQuotationLineByCode(page, linesGrid(), String(product.attributes.code), quantities[i]!, linesBefore + i);
  });

  it('salesman: a discount above the customer’s maximum shows "needs approval" at once; saved with Ctrl+S', async () => {
    const approval = editorOf(page).locator('.quotation-approval');
    await expect.poll(() => approval.getAttribute('data-needs-approval')).toBe(null);
    // From the last line's quantity to its discount (list price, unit price, discount).
    await pressKeys(page, 'ArrowRight', 'ArrowRight', 'ArrowRight', 'Enter');
    await linesGrid().getByRole('textbox', { name: /^Sconto % della riga/ }).waitFor();
    await page.keyboard.type('95');
    await expect.poll(() => approval.getAttribute('data-needs-approval'), { timeout: 10_000 }).toBe('true');
    await pressKeys(page, 'Enter', 'Control+s');
    await expect.poll(async () => (await api<Entity[]>(`/quotationProducts?filter[quotationId]=${quotation.id}&page[size]=500`)).length, { timeout: 10_000 }).toBe(linesBefore + 5);
    await expect.poll(() => editorOf(page).locator('.entity-form-dirty').count()).toBe(0);
    const stored = await api<Entity>(`/quotations/${quotation.id}`);
    editorNet = euro(Number(stored.metadata.totalNetPrice));
    expect(plainSpaces(await editorOf(page).locator('[data-total="net"] dd').textContent())).toBe(editorNet);
  });

  it('salesman: requests approval (t p r) with a message to the approver', async () => {
    await transition(page, 'requestApproval', 't', 'p', 'r');
    const dialog = page.getByRole('dialog', { name: 'Richiedi approvazione' });
    const message = dialog.getByRole('textbox', { name: 'Messaggio per chi approva' });
    await expect.poll(() => message.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(MESSAGE);
    await pressKeys(page, 'Control+Enter');
    await expect.poll(status, { timeout: 10_000 }).toBe('to-be-approved');
    expect((await api<Entity>(`/quotations/${quotation.id}`)).metadata.approvalMessage).toBe(MESSAGE);
  });

  it('sales manager: finds it with its message in the approval queue (its total the editor’s) and approves it (t p a)', async () => {
    let context: BrowserContext | undefined;
    try {
      context = await session.browser.newContext({ locale: 'it-IT', viewport: { width: 1400, height: 900 } });
      const manager = await context.newPage();
      await manager.goto(`${server.url}/dashboard`);
      await signIn(manager, server, DEMO.salesManager);
      await manager.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
      await openFromPalette(manager, 'da approvare', 'Vista: Preventivi da approvare', { title: true });
      await manager.waitForURL((url) => url.pathname === '/marketing/quotations' && url.searchParams.get('filter[status]') === 'to-be-approved');
      const grid = manager.locator('[role=grid]:visible');
      const row = grid.locator('[role=row]', { hasText: String(quotation.attributes.code) });
      await pressUntil(manager, 'Tab', () => grid.evaluate((element) => element === document.activeElement));
      await pressKeys(manager, 'Home');
      // Down the queue to the quotation's row (j), then Enter opens it.
      const activeRow = async () => plainSpaces(await grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? ''));
      await pressUntil(manager, 'j', async () => (await activeRow()).includes(String(quotation.attributes.code)), 100);
      const rowText = plainSpaces(await row.first().textContent());
      expect(rowText).toContain(MESSAGE);
      expect(rowText).toContain(editorNet);
      await pressKeys(manager, 'Enter');
      await manager.waitForURL((url) => url.pathname === `/marketing/quotations/detail/${quotation.id}`);
      await editorOf(manager).locator('[data-approval-request] blockquote', { hasText: MESSAGE }).waitFor({ timeout: 15_000 });
      const managerToken = (await storedUser(manager))!.user.access_token;
      await transition(manager, 'approve', 't', 'p', 'a');
      await expect.poll(async () => (await api<Entity>(`/quotations/${quotation.id}`, managerToken)).attributes.status, { timeout: 10_000 }).toBe('approved');
    } finally {
      await context?.close();
    }
  });

  it('salesman: emits (t p e), attaches the signed PDF (Ctrl+U), marks it signed and accepts (t p c)', async () => {
    await page.reload();
    await editorOf(page).locator('h1', { hasText: String(quotation.attributes.code) }).waitFor({ timeout: 20_000 });
    await transition(page, 'emit', 't', 'p', 'e');
    await expect.poll(status, { timeout: 10_000 }).toBe('issued');
    await editorOf(page).locator('.entity-state[data-state="issued"]').waitFor();
    const attachments = async () => ((await api<Entity>(`/quotations/${quotation.id}`)).attributes.attachments as { kind: string }[]).map((a) => a.kind);
    await attachSignedQuotation(page, attachments);
    await transition(page, 'accept', 't', 'p', 'c');
    await expect.poll(status, { timeout: 10_000 }).toBe('accepted');
  });

  it('salesman: creates the order (r o), its total the quotation’s to the cent', async () => {
    // «r o» is offered for an accepted quotation only: the screen must know it is accepted, not only the API
    // (a full run on a loaded machine pressed it while the editor still showed «Emesso», and nothing happened).
    await editorOf(page).locator('.entity-state[data-state="accepted"]').waitFor({ timeout: 15_000 });
    await pressOnRecord(page, `quotations/${quotation.id}`, 'r', 'o');
    await finishOrderWizard(page);
    orderId = new URL(page.url()).pathname.split('/').pop()!;
    const order = await api<Entity>(`/orders/${orderId}`);
    expect(order.relationships.quotationId).toBe(quotation.id);
    const form = page.locator('.order-detail .entity-form:visible');
    await form.waitFor();
    await expect.poll(async () => plainSpaces(await form.locator('[data-total="totalNetPrice"] dd').textContent())).toBe(editorNet);
    expect(euro(Number(order.metadata.totalNetPrice))).toBe(editorNet);
  });

  it('salesman: confirms the order, records a partial delivery, then one above the ordered quantity with the confirmation', async () => {
    const lines = async () => (await api<Entity>(`/orders/${orderId}`)).attributes.lines as OrderLine[];
    const ordered = (await lines())[0]!.quantity;
    await pressWhenOffered(page, 'transition.orders.confirm', 't', 'o', 'c');
    await expect.poll(async () => (await api<Entity>(`/orders/${orderId}`)).attributes.state, { timeout: 10_000 }).toBe('todo');
    const partial = ordered > 1 ? 1 : 0.5;
    await recordDelivery(page, partial);
    await expect.poll(async () => (await lines())[0]!.deliveredQuantity, { timeout: 10_000 }).toBe(partial);
    await recordDelivery(page, ordered - partial + 2, { confirmExcess: true });
    await expect.poll(async () => (await lines())[0]!.deliveredQuantity, { timeout: 10_000 }).toBe(ordered + 2);
    expect((await lines())[0]!.quantity).toBe(ordered + 2);
  });
});
