// The customer user's day (issue 22 "Every role's day works end to end"), keyboard only, as the demo
// «Cliente» (cliente1), under the journey guard (no console error, no refused answer it did not ask
// for, axe without serious findings):
//  - it lands on its customer's page: none of the staff's buttons (save, archive, «Registra
//    contatto», delete), no contact log and no settings section, no last-contact figure;
//  - its registry and its office locations' grid without the commercial fields and columns (origin,
//    commercial offer and percentage, zone, rating, contact log);
//  - its files section: its employees' course certificates (issued by the office beforehand, as the
//    administrator), one downloaded as a PDF with the keyboard, and the report of a concluded intervention;
//  - an employee's page: the real training (the course attended, the certificate), not «Nessun corso
//    frequentato», and never «Impossibile caricare».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { apiData, DEMO, focusOutOfFields, pressKeys, pressUntil, signedInSession, signIn, storedUser, type SignedInSession } from '../harness.ts';
import { guardJourney } from './guard.ts';

interface Entity { id: string; attributes: Record<string, any>; metadata: Record<string, any>; relationships: Record<string, any> }

let session: SignedInSession;
let customer: Entity;
let certified: Entity;

/** Words of the staff's own fields and columns on a customer (their Italian labels). */
const STAFF_WORDS = /Origine|Percentuale commerciale|Tipo di offerta|Zona commerciale|Gruppo di clienti|Valutazione|Ultimo contatto|Ultima risposta|Sconto massimo|Fine validità/i;

async function pdfOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, 5).toString('latin1');
}

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  const { server, token, browser } = session;
  await session.page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
  // Its customer (the one without a parent: the others it reads are its office locations).
  const readable = await apiData<Entity[]>(server, token, '/customers?page[size]=50');
  customer = readable.find((row) => !row.attributes.parentId)!;
  expect(customer, 'the customer user reads its customer').toBeDefined();
  // The office issues the certificates of a closed edition its employees passed (the demo stores no files).
  const context = await browser.newContext({ locale: 'it-IT' });
  const admin = await context.newPage();
  await admin.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
  await signIn(admin, server, DEMO.admin);
  const adminToken = (await storedUser(admin))!.user.access_token;
  await context.close();
  const employees = new Set((await apiData<Entity[]>(server, token, `/employees?filter[customerId]=${customer.id}&page[size]=500`)).map((e) => e.id));
  const editions = await apiData<Entity[]>(server, adminToken, '/courseEditions?filter[state]=closed&page[size]=50');
  const edition = editions.find((e) => (e.attributes.participants as { employeeId: string; outcome?: string }[]).some((p) => employees.has(p.employeeId) && p.outcome === 'passed'));
  expect(edition, 'a closed edition its employees passed').toBeDefined();
  const issued = await server.api(`/courseEditions/${edition!.id}/actions/issueCertificates`, {
    method: 'POST', token: adminToken, body: '{}',
    headers: { 'content-type': 'application/json', 'if-match': `"${edition!.metadata.lastUpdatedDateTime}"` },
  });
  expect(issued.status, await issued.clone().text()).toBe(200);
  const participant = (edition!.attributes.participants as { employeeId: string; outcome?: string }[]).find((p) => employees.has(p.employeeId) && p.outcome === 'passed')!;
  certified = await apiData<Entity>(server, token, `/employees/${participant.employeeId}`);
});

afterAll(() => session?.close());

describe('Cliente: its page, its certificate, nothing internal', () => {
  it('opens its customer without staff buttons or internal sections, and downloads a certificate of its employees', async () => {
    const { page } = session;
    const guard = guardJourney(page);
    // It lands on its customer's page.
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`, { timeout: 30_000 });
    const pageRoot = page.locator('.customer-page:visible');
    await pageRoot.waitFor({ timeout: 30_000 });
    await page.locator('.customer-page:visible [data-figure]').first().waitFor({ timeout: 15_000 });

    // None of the staff's buttons, not even greyed out; no contact log, settings or orders section; no last contact.
    for (const command of ['record.save', 'record.discard', 'record.archive', 'record.action.logContact', 'record.delete']) {
      expect(await pageRoot.locator(`[data-command="${command}"]`).count(), command).toBe(0);
    }
    const tabs = await pageRoot.locator('.customer-sections [role=tab]').allTextContents();
    expect(tabs).toEqual(expect.arrayContaining(['Panoramica', 'Anagrafica', 'Sedi', 'File']));
    expect(tabs.filter((tab) => /Contatti|Impostazioni|Ordini/.test(tab))).toEqual([]);
    expect(await pageRoot.locator('[data-figure=lastContact]').count()).toBe(0);
    expect(await pageRoot.locator('.customer-timeline').count()).toBe(0);
    // Its linked pages: none of the staff's (the customer's settings, the sales CRM page).
    const links = await page.locator('.pane:not([hidden]) .record-links a').allTextContents();
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((text) => /Impostazioni del cliente|Cliente marketing/.test(text))).toEqual([]);
    await guard.expectAccessible('customer page, overview');

    // Its registry: the company's data, none of the commercial terms.
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'n');
    const panel = page.locator('.customer-page:visible [role=tabpanel]');
    await expect.poll(() => panel.getAttribute('data-section')).toBe('registry');
    expect(await panel.textContent()).not.toMatch(STAFF_WORDS);
    // Its office locations: a grid without the commercial columns.
    await focusOutOfFields(page);
    await pressKeys(page, 's', 's');
    await expect.poll(() => panel.getAttribute('data-section')).toBe('locations');
    const headers = panel.locator('[role=columnheader]');
    await headers.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => headers.count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await guard.expectItalian('customer page, locations');
    const headerTexts = await headers.allTextContents();
    expect(headerTexts.filter((text) => STAFF_WORDS.test(text))).toEqual([]);

    // Its files: the certificates of its employees, one downloaded with the keyboard.
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'f');
    await expect.poll(() => panel.getAttribute('data-section')).toBe('files');
    const certificates = panel.locator('[data-documents=certificates]');
    const download = certificates.locator('button[aria-label^="Scarica "]').first();
    await download.waitFor({ timeout: 30_000 });
    const fileName = String(await certificates.locator('tbody th').first().textContent());
    expect(fileName).toMatch(/\.pdf$/);
    await pressUntil(page, 'Tab', () => download.evaluate((element) => element === document.activeElement));
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.keyboard.press('Enter')]);
    expect(await pdfOf(file)).toBe('%PDF-');
    // The report of a concluded intervention of its, downloaded the same way.
    const concluded = await apiData<Entity[]>(session.server, session.token, `/assignments?filter[customerId]=${customer.id}&filter[state]=closed,closed-with-anomalies&page[size]=1`);
    expect(concluded.length, 'a concluded intervention of the customer').toBe(1);
    const report = panel.locator('[data-documents=reports] button[aria-label^="Scarica "]').first();
    await report.waitFor({ timeout: 15_000 });
    await pressUntil(page, 'Tab', () => report.evaluate((element) => element === document.activeElement));
    const [printed] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    expect(await pdfOf(printed)).toBe('%PDF-');
    expect(await page.getByText('Impossibile caricare').count()).toBe(0);
    await guard.expectAccessible('customer page, files');

    // An employee with a certificate, opened from its employees' grid (s d, Tab into the grid, ↓, Enter): its real training.
    const employeeName = `${certified.attributes.lastName} ${certified.attributes.firstName}`;
    await focusOutOfFields(page);
    await pressKeys(page, 's', 'd');
    await expect.poll(() => panel.getAttribute('data-section')).toBe('employees');
    const grid = panel.locator('[role=grid]').first();
    await grid.locator('[role=row]').nth(1).waitFor({ timeout: 15_000 });
    await guard.expectItalian('customer page, employees');
    await pressUntil(page, 'Tab', () => grid.evaluate((element) => element === document.activeElement));
    const activeRow = () => grid.evaluate((element) => document.getElementById(element.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
    await pressUntil(page, 'ArrowDown', async () => (await activeRow()).includes(employeeName), 300);
    await page.keyboard.press('Enter');
    const record = page.locator('.training-record:visible');
    await record.waitFor({ timeout: 30_000 });
    const row = record.locator('tbody tr').first();
    await row.waitFor({ timeout: 15_000 });
    expect(await record.textContent()).not.toContain('Nessun corso frequentato');
    const certificate = record.getByRole('button', { name: /^Scarica l’attestato di / }).first();
    await certificate.waitFor();
    await pressUntil(page, 'Tab', () => certificate.evaluate((element) => element === document.activeElement));
    const [again] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.keyboard.press('Enter')]);
    expect(await pdfOf(again)).toBe('%PDF-');
    expect(await page.getByText('Impossibile caricare').count()).toBe(0);
    await guard.expectAccessible('employee page');
    guard.expectClean();
  });
});
