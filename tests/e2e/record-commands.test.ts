// Record commands end to end (issue 7 "Record commands"), keyboard only: the grid's keys run through
// the one dispatcher, a record's buttons are its commands (label, keys, disabled reason), a delete
// asks the passphrase and is undone with t z within the undo window, and the Cronologia panel (r h)
// lists both the deletion and its undo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pressKeys, pressOnRecord, focusOutOfFields, recordDelivery, signedInSession, type SignedInSession, type TestServer, type Entity } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;

interface OrderLine { quantity: number; deliveredQuantity?: number }

async function get(type: string, id: string): Promise<Entity> {
  const response = await server.api(`/${type}/${id}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Entity }).data;
}

async function list(type: string, query: string): Promise<Entity[]> {
  const response = await server.api(`/${type}?${query}`, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: Entity[] }).data;
}

const fetchReminder = (id: string) => get('reminders', id);


const press = (...keys: string[]) => pressKeys(page, ...keys);

const form = () => page.locator('.entity-form:visible');

beforeAll(async () => {
  // A server of its own: the seeded reminders and records, none deleted by other files.
  session = await signedInSession({ server: { own: true } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('record commands', () => {
  let id = '';

  it('opens a reminder from its grid with the grid keys (one dispatcher)', async () => {
    await focusOutOfFields(page);
    await press('g', 'r');
    await page.waitForURL((url) => url.pathname === '/reminders');
    const grid = page.locator('[role=grid]:visible');
    await page.locator('[role=row][aria-rowindex="3"]:visible').waitFor();
    await grid.focus();
    await press('Home');
    // j: row 1; Shift+↓ extends to row 2; Esc clears the selection; k: back to row 1.
    await press('j', 'Shift+ArrowDown');
    await expect.poll(() => grid.locator('[role=row][aria-selected=true]').count()).toBe(2);
    await press('Escape', 'k');
    await expect.poll(() => grid.locator('[role=row][aria-selected=true]').count()).toBe(0);
    await expect.poll(() => grid.getAttribute('aria-activedescendant')).toBe('reminders-row-1');
    const href = await page.locator('[role=row][aria-rowindex="3"]:visible a').getAttribute('href');
    await press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    id = href!.split('/').pop()!;
    await form().waitFor();
  });

  it('shows the record commands as buttons with their keys, a disabled one saying why', async () => {
    const remove = form().locator('[data-command="record.delete"]');
    await expect(remove.locator('kbd').textContent()).resolves.toBe('R E');
    const save = form().locator('[data-command="record.save"]');
    await expect(save.getAttribute('aria-disabled')).resolves.toBe('true');
    const reason = await save.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${reason}"]`).textContent()).resolves.toBe('Nessuna modifica non salvata');
  });

  it('offers the open record\'s commands in the palette\'s active document group, a disabled one with its reason; route variants keep their titles', async () => {
    await focusOutOfFields(page);
    await press('Control+k');
    const palette = page.locator('[cmdk-dialog]');
    await palette.waitFor({ state: 'visible' });
    await page.keyboard.type('Salva');
    const save = palette.locator('[cmdk-group]', { has: page.locator('[cmdk-group-heading]', { hasText: 'Documento attivo' }) }).locator('[cmdk-item]', { hasText: 'Salva' }).first();
    await save.waitFor();
    await expect(save.textContent()).resolves.toContain('Nessuna modifica non salvata');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Calendario Antincendio');
    await palette.locator('[cmdk-item]', { hasText: 'Calendario Antincendio' }).first().waitFor();
    await press('Escape');
    await palette.waitFor({ state: 'hidden' });
  });

  it('deletes with the passphrase, undoes with t z within the window, and the Cronologia lists both', async () => {
    const before = await fetchReminder(id);
    expect(before.metadata.isDeleted).toBe(false);
    await focusOutOfFields(page);
    await press('r', 'e');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await page.keyboard.type('elimina');
    await press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await fetchReminder(id)).metadata.isDeleted, { timeout: 10_000 }).toBe(true);
    await form().locator('.entity-form-banner').first().waitFor();
    // The alert offers the undo once the delete has gone through.
    await page.locator('.alert-stack').getByText(/Puoi annullare con T Z/).waitFor();

    await focusOutOfFields(page);
    await press('t', 'z');
    await expect.poll(async () => (await fetchReminder(id)).metadata.isDeleted, { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.locator('.entity-form.is-deleted:visible').count(), { timeout: 10_000 }).toBe(0);

    await focusOutOfFields(page);
    await press('r', 'h');
    const panel = page.locator('.history-panel:visible');
    await panel.waitFor();
    const actions = panel.locator('.history-entry .history-head strong');
    await expect.poll(() => actions.allTextContents(), { timeout: 10_000 }).toEqual(expect.arrayContaining(['Eliminazione', 'Eliminazione annullata']));
    // Newest first: the undo above the deletion.
    const texts = await actions.allTextContents();
    expect(texts.indexOf('Eliminazione annullata')).toBeLessThan(texts.indexOf('Eliminazione'));
  });

  it('records a delivery with r c: the quantities dialog, then the SPEC §5 question for more than ordered', async () => {
    const orders = [...(await list('orders', 'filter[state]=planned&page[size]=50')), ...(await list('orders', 'filter[state]=todo&page[size]=50'))];
    const order = orders.find((o) => ((o.attributes.lines as OrderLine[] | undefined) ?? []).length > 0);
    expect(order, 'a planned or to-do order with lines in the demo data').toBeTruthy();
    const [line] = order!.attributes.lines as OrderLine[];
    const delivered = line!.deliveredQuantity ?? 0;
    const beyond = line!.quantity - delivered + 1;
    await page.goto(`${server.url}/marketing/orders/detail/${order!.id}`);
    await form().waitFor();
    await recordDelivery(page, beyond, { confirmExcess: true });
    await expect.poll(async () => ((await get('orders', order!.id)).attributes.lines as OrderLine[])[0]!.deliveredQuantity, { timeout: 10_000 }).toBe(delivered + beyond);
    const [after] = (await get('orders', order!.id)).attributes.lines as OrderLine[];
    expect(after!.quantity).toBe(delivered + beyond);
  });

  it('duplicates a quotation with r d and opens the copy in its tab', async () => {
    const [quotation] = await list('quotations', 'page[size]=1&sort=code');
    await page.goto(`${server.url}/marketing/quotations/detail/${quotation!.id}`);
    await form().waitFor();
    const tabs = await page.locator('.tab-strip [role=tab]').count();
    await pressOnRecord(page, `quotations/${quotation!.id}`, 'r', 'd');
    await page.waitForURL((url) => url.pathname.startsWith('/marketing/quotations/detail/') && !url.pathname.endsWith(quotation!.id), { timeout: 10_000 });
    await expect.poll(() => page.locator('.tab-strip [role=tab]').count()).toBe(tabs + 1);
    const copy = await get('quotations', new URL(page.url()).pathname.split('/').pop()!);
    expect(copy.id).not.toBe(quotation!.id);
  });
});
