// The customer user's day (issues 22 and 26), keyboard only, as the demo «Cliente» (cliente1), under
// the journey guard (no console error, no refused answer it did not ask for, axe without serious
// findings):
//  - it lands on its customer's portal: the portal's own layout, none of the staff's workspace (no
//    sidebar, tabs, palette, save/archive/«Registra contatto»/delete) and none of the commercial words;
//  - «Documenti»: its employees' course certificates (issued by the office beforehand, as the
//    administrator), one downloaded as a PDF with the keyboard, and the report of a concluded intervention;
//  - «Formazione»: an employee's portal page from its employees' list, with the real training (the course
//    attended, the certificate) and never «Impossibile caricare».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { apiData, DEMO, downloadedBytes, focusOutOfFields, pressUntil, signedInSession, signedInToken, type SignedInSession, type Entity } from '../harness.ts';
import { guardJourney } from './guard.ts';

let session: SignedInSession;
let customer: Entity;
let certified: Entity;

/** Words of the staff's own fields and columns on a customer (their Italian labels). */
const STAFF_WORDS = /Origine|Percentuale commerciale|Tipo di offerta|Zona commerciale|Gruppo di clienti|Valutazione|Ultimo contatto|Ultima risposta|Sconto massimo|Fine validità/i;

async function pdfOf(download: Download): Promise<string> {
  return (await downloadedBytes(download)).subarray(0, 5).toString('latin1');
}

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  const { server, token } = session;
  await session.page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
  // Its customer (the one without a parent: the others it reads are its office locations).
  const readable = await apiData<Entity[]>(server, token, '/customers?page[size]=50');
  customer = readable.find((row) => !row.attributes.parentId)!;
  expect(customer, 'the customer user reads its customer').toBeDefined();
  // The office issues the certificates of a closed edition its employees passed (the demo stores no files).
  const adminToken = await signedInToken(session, DEMO.admin);
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

describe('Cliente: its portal, its certificate, nothing internal', () => {
  it('lands on its portal without the staff workspace, and downloads a certificate and a report of its own', async () => {
    const { page } = session;
    const guard = guardJourney(page);
    // It lands on its customer's address, which for it is the portal.
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`, { timeout: 30_000 });
    const portal = page.locator('.portal-app');
    await portal.locator('.portal-compliance').waitFor({ timeout: 30_000 });
    expect(await portal.locator('.portal-brand').textContent()).toContain(String(customer.metadata.displayName));
    // None of the staff's workspace, not even hidden: no sidebar, tab strip, palette or record commands.
    for (const selector of ['.sidebar', '.tab-strip', '.palette-button', '.customer-page', '.record-links']) {
      expect(await page.locator(selector).count(), selector).toBe(0);
    }
    for (const command of ['record.save', 'record.discard', 'record.archive', 'record.action.logContact', 'record.delete']) {
      expect(await page.locator(`[data-command="${command}"]`).count(), command).toBe(0);
    }
    expect(await portal.textContent()).not.toMatch(STAFF_WORDS);
    const pages = await portal.locator('.portal-nav a').allTextContents();
    // cliente1 is its customer's administrator: «Utenti» too (issue 26 §9).
    expect(pages).toEqual(['Conformità', 'Anomalie aperte', 'Formazione', 'Documenti', 'Preventivi', 'Richieste di intervento', 'Utenti']);
    await guard.expectAccessible('portal, home');

    // «Documenti»: the certificates of its employees, one downloaded with the keyboard.
    await openPortalPage('Documenti', 'documents');
    const certificates = portal.locator('[data-documents=certificates]');
    // A row's own download is the first button of its last cell; an earlier version's sits, hidden, in «Versione».
    const download = certificates.locator('tbody tr td:last-child > button[aria-label^="Scarica "]').first();
    await download.waitFor({ timeout: 30_000 });
    const fileName = String(await certificates.locator('tbody th').first().textContent());
    expect(fileName).toMatch(/\.pdf$/);
    await pressUntil(page, 'Tab', () => download.evaluate((element) => element === document.activeElement));
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.keyboard.press('Enter')]);
    expect(await pdfOf(file)).toBe('%PDF-');
    // The report of a concluded intervention of its, downloaded the same way.
    const concluded = await apiData<Entity[]>(session.server, session.token, `/assignments?filter[customerId]=${customer.id}&filter[state]=closed,closed-with-anomalies&page[size]=1`);
    expect(concluded.length, 'a concluded intervention of the customer').toBe(1);
    const report = portal.locator('[data-documents=reports] tbody tr td:last-child > button[aria-label^="Scarica "]').first();
    await report.waitFor({ timeout: 15_000 });
    await pressUntil(page, 'Tab', () => report.evaluate((element) => element === document.activeElement));
    const [printed] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    expect(await pdfOf(printed)).toBe('%PDF-');
    expect(await page.getByText('Impossibile caricare').count()).toBe(0);
    await guard.expectAccessible('portal, documents');

    // «Formazione»: an employee with a certificate, from its employees' list (Tab to its name, Enter): its portal page with its real training.
    await openPortalPage('Formazione', 'training');
    const employeeName = `${certified.attributes.lastName} ${certified.attributes.firstName}`;
    const link = portal.locator('.portal-employee-list a', { hasText: employeeName }).first();
    await link.waitFor({ timeout: 15_000 });
    await guard.expectItalian('portal, training');
    await pressUntil(page, 'Tab', () => link.evaluate((element) => element === document.activeElement), 400);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/employees/${certified.id}`, { timeout: 20_000 });
    const record = portal.locator('.portal-employee');
    await record.waitFor({ timeout: 30_000 });
    expect(await record.getByRole('heading', { level: 1 }).textContent()).toContain(employeeName);
    await record.locator('.portal-employee-courses tbody tr').first().waitFor({ timeout: 15_000 });
    // Still the portal around it: no staff workspace, no staff form, «Formazione» the current page.
    expect(await page.locator('.sidebar, .tab-strip, .entity-form').count()).toBe(0);
    expect(await portal.locator('.portal-nav a[aria-current=page]').allTextContents()).toEqual(['Formazione']);
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

/** A page of the portal from its navigation, with the keyboard. */
async function openPortalPage(name: string, path: string): Promise<void> {
  const { page } = session;
  const link = page.locator('.portal-app .portal-nav a', { hasText: name });
  await focusOutOfFields(page);
  await pressUntil(page, 'Tab', () => link.evaluate((element) => element === document.activeElement));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/${path}`, { timeout: 15_000 });
  await page.locator(`.portal-${path}:visible`).waitFor({ timeout: 30_000 });
}
