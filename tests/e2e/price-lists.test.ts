// Price lists and commercial offers end to end (issue 9), keyboard only, as the demo sales manager
// (the role that edits price lists): a customer's price list opened from the palette, a row added by
// typing a product code, the two first rows raised by 10% with Alt+P, saved with Ctrl+S, a product
// added twice flagged on its row (SPEC §8) and removed with Del, exported with Alt+E (Italian
// decimal comma, `;`), a CSV import refused whole for one bad line then applied; then the customer's commercial offer page shows
// what a product costs them today, as the server's pricing rule says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chooseSuggestion, downloadedBytes, pressKeys, DEMO, focusOutOfFields, openFromPalette, signedInSession, type SignedInSession, type TestServer, settledAxe, type Entity } from './harness.ts';

interface Row { productId: string; price: number; discountPercent?: number }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
const tag = Date.now().toString(36).toUpperCase();
const code = `LE2E-${tag}`;

async function api<T>(pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await server.api(pathAndQuery, { token, ...init });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

const press = (...keys: string[]) => pressKeys(page, ...keys);

const money = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const editor = () => page.locator('.price-list-editor .entity-form:visible');
const rows = () => editor().locator('[role=grid]');
const priceOf = (row: Locator) => row.locator('[data-column=price]').textContent();

/** Types `code` in a product picker and takes the suggestion of that very product (others may start the same). */
async function pickProduct(picker: Locator, code: string) {
  await page.keyboard.type(code);
  const listbox = page.locator(`#${await picker.getAttribute('aria-controls')}`);
  const startsWithCode = new RegExp(`^${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – `);
  await chooseSuggestion(page, listbox.locator('[role=option]', { hasText: startsWithCode }).first());
}

/** axe's serious or critical findings on the page as it is now. */
async function seriousViolations(): Promise<string[]> {
  const result = await (await settledAxe(page)).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

let customer: Entity;
let products: Entity[];
let list: Entity;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.salesManager, path: '/marketing/commercialOffers', viewport: { width: 1400, height: 1000 } });
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  customer = (await api<Entity[]>('/customers?from[commercialPercentage]=0.01&page[size]=1&sort=-validityDateTimeEnd'))[0]!;
  products = (await api<Entity[]>('/products?filter[isActive]=true&page[size]=2&sort=code')).slice(0, 2);
  // The third one is priced by the general list: the offers screen has a price to show for it.
  const general = (await api<Entity[]>('/priceLists?filter[isDefault]=true&page[size]=1'))[0]!;
  const priced = (general.attributes.items as Row[]).find((row) => !products.some((p) => p.id === row.productId))!;
  products.push(await api<Entity>(`/products/${priced.productId}`));
  expect(products).toHaveLength(3);
  list = await api<Entity>('/priceLists', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      attributes: { code, name: `Listino prova ${tag}`, items: [{ productId: products[0]!.id, price: 100 }, { productId: products[1]!.id, price: 50 }] },
      relationships: { customerId: customer.id },
    }),
  });
});

afterAll(() => session?.close());

describe('price list editor', () => {
  it('opens a customer’s price list from the palette, with product codes and names on the rows', async () => {
    await focusOutOfFields(page);
    await openFromPalette(page, code);
    await page.waitForURL((url) => url.pathname === `/marketing/commercialOffers/${customer.id}/priceList/${list.id}`);
    await editor().waitFor();
    const first = rows().locator('[role=row][data-item="0"]');
    await expect.poll(() => first.locator('[data-column=code]').textContent()).toBe(String(products[0]!.attributes.code));
    await expect.poll(() => first.locator('[data-column=name]').textContent()).toBe(String(products[0]!.attributes.name));
    expect(await seriousViolations()).toEqual([]);
  });

  it('adds a row by typing a product code, then its price', async () => {
    await press('Alt+n');
    const picker = editor().getByRole('combobox', { name: 'Prodotto da aggiungere (codice o nome)' });
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    await pickProduct(picker, String(products[2]!.attributes.code));
    const price = editor().getByRole('textbox', { name: `Prezzo di ${String(products[2]!.attributes.code)}` });
    await price.waitFor();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('75,5');
    await press('Enter');
    await expect.poll(() => priceOf(rows().locator('[role=row][data-item="2"]'))).toBe(money.format(75.5));
  });

  it('raises the two first rows by 10% (selection, Alt+P) and saves', async () => {
    await press('Home', 'Shift+ArrowDown');
    await expect.poll(() => rows().locator('[role=row][aria-selected=true]').count()).toBe(2);
    await press('Alt+p');
    await page.keyboard.type('10');
    await press('Enter');
    await expect.poll(() => priceOf(rows().locator('[role=row][data-item="0"]'))).toBe(money.format(110));
    await expect.poll(() => priceOf(rows().locator('[role=row][data-item="1"]'))).toBe(money.format(55));
    await press('Control+s');
    await expect.poll(async () => (await api<Entity>(`/priceLists/${list.id}`)).attributes.items as Row[]).toEqual([
      { productId: products[0]!.id, price: 110 },
      { productId: products[1]!.id, price: 55 },
      { productId: products[2]!.id, price: 75.5 },
    ]);
  });

  it('shows a product added twice on its row, and Del removes that row', async () => {
    await press('Alt+n');
    const picker = editor().getByRole('combobox', { name: 'Prodotto da aggiungere (codice o nome)' });
    await expect.poll(() => picker.evaluate((el) => el === document.activeElement)).toBe(true);
    await pickProduct(picker, String(products[0]!.attributes.code));
    // The catalogue price is kept: Enter leaves the price cell.
    await editor().getByRole('textbox', { name: `Prezzo di ${String(products[0]!.attributes.code)}` }).waitFor();
    await press('Enter');
    const repeated = rows().locator('[role=row][data-item="3"]');
    await expect.poll(() => repeated.getAttribute('aria-invalid')).toBe('true');
    expect(await repeated.locator('[data-column=problem]').textContent()).toBe('Il prodotto è già presente nel listino');
    await press('End', 'Delete');
    await expect.poll(() => rows().locator('[role=row]').count()).toBe(4);
    await expect.poll(() => rows().locator('[role=row][aria-invalid=true]').count()).toBe(0);
  });

  it('exports the rows as CSV with the decimal comma', async () => {
    await rows().focus();
    const [download] = await Promise.all([page.waitForEvent('download'), press('Alt+e')]);
    expect(download.suggestedFilename()).toBe(`${code}.csv`);
    const text = (await downloadedBytes(download)).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Codice prodotto;Descrizione;Prezzo;Sconto %');
    expect(lines.slice(1).map((line) => line.split(';')[2])).toEqual(['110,00', '55,00', '75,50']);
    expect(lines[1]!.startsWith(`${String(products[0]!.attributes.code)};`)).toBe(true);
  });

  it('imports a CSV: a file with a bad line changes nothing and says which line; a good one updates the rows', async () => {
    const importFile = async (name: string, text: string) => {
      await rows().focus();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), press('Alt+i')]);
      await chooser.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
    };
    const b = String(products[1]!.attributes.code);
    await importFile('errato.csv', `Codice prodotto;Descrizione;Prezzo;Sconto %\n${b};;60,5;\nZZZ-${tag};;1;\n`);
    const alert = editor().locator('.price-list-import-errors');
    await expect.poll(() => alert.textContent()).toContain(`Riga 3: Nessun prodotto con codice ZZZ-${tag}`);
    expect(await priceOf(rows().locator('[role=row][data-item="1"]'))).toBe(money.format(55));
    await importFile('buono.csv', `Codice prodotto;Descrizione;Prezzo;Sconto %\n${b};;60,5;10\n`);
    await expect.poll(() => priceOf(rows().locator('[role=row][data-item="1"]'))).toBe(money.format(60.5));
    expect(await rows().locator('[role=row][data-item="1"] [data-column=net]').textContent()).toBe(money.format(54.45));
    expect(await alert.count()).toBe(0);
  });
});

describe('commercial offers', () => {
  it('shows what a product costs the customer today, as the server’s pricing rule says', async () => {
    // The commercial offers screen lists the customers with an offer (the latest ending first) with their validity today.
    await focusOutOfFields(page);
    await openFromPalette(page, 'Offerte commerciali');
    await page.waitForURL((url) => url.pathname === '/marketing/commercialOffers');
    const offers = page.locator('.screen-commercial-offers:visible');
    const row = offers.locator(`tr[data-customer="${customer.id}"]`);
    await expect.poll(() => row.locator('.offer-validity').count()).toBe(1);
    expect(await seriousViolations()).toEqual([]);
    const link = row.getByRole('link', { name: String(customer.metadata.displayName) });
    await link.focus();
    await press('Enter');
    await page.waitForURL((url) => url.pathname === `/marketing/commercialOffers/${customer.id}`);
    const screen = page.locator('.screen-commercial-offers:visible');
    await expect.poll(() => screen.locator('.offer-summary .offer-validity').count()).toBe(1);
    const picker = screen.getByRole('combobox', { name: 'Prodotto (codice o nome)' });
    await picker.focus();
    await pickProduct(picker, String(products[2]!.attributes.code));
    const expected = await api<{ listPrice: number; unitPrice: number }>(`/customers/${customer.id}/price?productId=${products[2]!.id}`);
    expect(expected.unitPrice).toBeGreaterThan(0);
    const answer = screen.locator('.offer-price-answer');
    await expect.poll(() => answer.locator('[data-price=unit] dd').textContent()).toBe(money.format(expected.unitPrice));
    expect(await answer.locator('[data-price=list] dd').textContent()).toBe(money.format(expected.listPrice));
    expect(await seriousViolations()).toEqual([]);
  });
});
