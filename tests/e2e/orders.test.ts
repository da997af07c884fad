// Orders end to end (issue 9), keyboard only, as the demo salesman on the demo data: from an
// accepted quotation "Crea ordine" (r o) opens the order wizard filled from it, walked by keys to the new order; confirmed (t o c), it gets a partial
// delivery, then one above the ordered quantity with the SPEC §5 confirmation (r c); the order's
// totals are the quotation's to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, euro, finishOrderWizard, openFromPalette, plainSpaces, pressOnRecord, pressWhenOffered, recordDelivery, signedInSession, type SignedInSession, type TestServer, settledAxe, type Entity } from './harness.ts';

interface OrderLine { quantity: number; deliveredQuantity?: number }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);


const number = new Intl.NumberFormat('it-IT');
const orderForm = () => page.locator('.order-detail .entity-form:visible');
const lineRow = (index: number) => orderForm().locator(`tr[data-line="${index}"]`);
const orderLines = async (id: string) => (await api<Entity>(`/orders/${id}`)).attributes.lines as OrderLine[];

/** An accepted quotation of the salesman's own, with lines and no order yet: what "Crea ordine" is for. */
async function acceptedQuotation(): Promise<Entity> {
  const accepted = await api<Entity[]>('/quotations?filter[status]=accepted&page[size]=100&sort=-date');
  for (const quotation of accepted) {
    if (!Number(quotation.metadata.productsCount)) continue;
    const actions = await api<{ action: string; allowed?: boolean; refusal?: unknown }[]>(`/quotations/${quotation.id}/actions`);
    const createOrder = actions.find((a) => a.action === 'createOrder');
    if (!createOrder?.allowed || createOrder.refusal) continue;
    if ((await api<Entity[]>(`/orders?filter[quotationId]=${quotation.id}`)).length === 0) return quotation;
  }
  throw new Error('the demo data has no accepted quotation of the salesman without an order');
}

let quotation: Entity;
let orderId = '';
let firstLine: OrderLine;
const partial = () => (firstLine.quantity > 1 ? 1 : 0.5);

beforeAll(async () => {
  // A server of its own: the salesman's seeded drafts, none moved on by other files.
  session = await signedInSession({ email: DEMO.salesman, path: '/marketing/quotations', server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  quotation = await acceptedQuotation();
});

afterAll(() => session?.close());

describe('orders from quotation to delivery', () => {
  it('opens the accepted quotation from the palette and makes its order with r o', async () => {
    const code = String(quotation.attributes.code);
    await openFromPalette(page, code);
    await page.waitForURL((url) => url.pathname === `/marketing/quotations/detail/${quotation.id}`);
    // Whichever screen shows the quotation (generic form or editor), its heading names it.
    await page.locator('h1:visible', { hasText: code }).first().waitFor();
    await pressOnRecord(page, `quotations/${quotation.id}`, 'r', 'o');
    await finishOrderWizard(page);
    orderId = new URL(page.url()).pathname.split('/').pop()!;
    await orderForm().waitFor();
    const order = await api<Entity>(`/orders/${orderId}`);
    expect(order.relationships.quotationId).toBe(quotation.id);
    expect(order.attributes.orderNumber).toMatch(/^ORD-\d{4}-\d{5}$/);
    await expect.poll(() => orderForm().locator('h1').textContent()).toContain(String(order.attributes.orderNumber));
    // The link back to the quotation, and the lines the quotation had.
    await orderForm().getByRole('link', { name: new RegExp(code) }).waitFor();
    const lines = order.attributes.lines as OrderLine[];
    expect(lines).toHaveLength(Number(quotation.metadata.productsCount));
    await expect.poll(() => orderForm().locator('tr[data-line]').count()).toBe(lines.length);
    firstLine = lines[0]!;
    // The screen passes axe without a serious or critical finding.
    const result = await (await settledAxe(page)).include('.order-detail').analyze();
    const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  });

  it('has the quotation’s totals to the cent', async () => {
    const order = await api<Entity>(`/orders/${orderId}`);
    const fresh = await api<Entity>(`/quotations/${quotation.id}`);
    expect(order.metadata.totalNetPrice).toBe(fresh.metadata.totalNetPrice);
    expect(order.metadata.totalPrice).toBe(fresh.metadata.totalListPrice);
    const shown = await orderForm().locator('[data-total="totalNetPrice"] dd').textContent();
    expect(plainSpaces(shown)).toBe(euro(Number(fresh.metadata.totalNetPrice)));
  });

  it('confirms the order (t o c) and records a partial delivery (r c)', async () => {
    await pressWhenOffered(page, 'transition.orders.confirm', 't', 'o', 'c');
    await expect.poll(async () => (await api<Entity>(`/orders/${orderId}`)).attributes.state, { timeout: 10_000 }).toBe('todo');
    await orderForm().locator('.entity-state[data-state="todo"]').waitFor();
    // The first line's quantity has the focus.
    await recordDelivery(page, partial());
    await expect.poll(async () => (await orderLines(orderId))[0]!.deliveredQuantity, { timeout: 10_000 }).toBe(partial());
    expect((await orderLines(orderId))[0]!.quantity).toBe(firstLine.quantity);
    await expect.poll(() => lineRow(0).locator('[data-column="remaining"]').textContent()).toBe(number.format(firstLine.quantity - partial()));
    await expect.poll(() => lineRow(0).locator('[data-column="delivered"]').textContent()).toBe(number.format(partial()));
  });

  it('records a delivery above the ordered quantity after the confirmation, raising the ordered quantity', async () => {
    const beyond = firstLine.quantity - partial() + 2;
    await recordDelivery(page, beyond, { confirmExcess: true });
    await expect.poll(async () => (await orderLines(orderId))[0]!.deliveredQuantity, { timeout: 10_000 }).toBe(firstLine.quantity + 2);
    expect((await orderLines(orderId))[0]!.quantity).toBe(firstLine.quantity + 2);
    await expect.poll(() => lineRow(0).locator('[data-column="remaining"]').textContent()).toBe(number.format(0));
  });
});
