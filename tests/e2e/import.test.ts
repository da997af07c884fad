// «Importa nei registri del cliente» (issue 27), as the administrator, by keyboard: a customer's
// register of 10 extinguishers (.xlsx written with exceljs, one column with an odd name) is chosen on
// the screen opened from the palette on the customer's page; the odd column's mapping is corrected
// with the keyboard, the preview counts 10 to create, the import is committed and undone at once
// (nothing left); the same file again gets the corrected mapping offered (saved per layout), is
// committed, and the imported serials exist with their next deadline (API, then the customer page's
// equipment grid); the import's page lists the 10 records it wrote and, once one of them changed,
// refuses «Annulla importazione» (409 IMPORT_CHANGED_SINCE) and says so in Italian.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, openFromPalette, signedInSession, type SignedInSession, type TestServer, type Entity , isCustomerSection, pressKeysUntil } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;
const api = <T>(pathAndQuery: string) => apiData<T>(server, token, pathAndQuery);

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.admin, path: '/dashboard' });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('.tab-strip [role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('register import', () => {
  it('imports a register by keyboard: mapping corrected, preview, commit and undo, again with the saved mapping, deadlines on the customer page, the import\'s page', async () => {
    // A customer and a fire type the deadline engine already computes deadlines for (an open one in the
    // demo data), of a customer still active: an archived one is not offered by the palette.
    const open = await api<Entity[]>('/physicalActivities?filter[module]=fire&filter[isExecuted]=false&filter[isEnded]=false&has[equipmentFamilyId]=true&page[size]=50');
    let seen: Entity | undefined;
    let owner: Entity | undefined;
    for (const activity of open) {
      owner = await api<Entity>(`/customers/${String(activity.relationships.customerId)}`);
      if (owner.metadata.isArchived !== true && ((owner.attributes.allowedModules as string[] | undefined) ?? ['fire'])[0] === 'fire') { seen = activity; break; }
    }
    expect(seen, 'an open fire deadline of an active fire customer in the demo data').toBeDefined();
    const customer = owner!;
    const family = await api<Entity>(`/equipmentFamilies/${String(seen!.relationships.equipmentFamilyId)}`);
    const name = String(customer.metadata.displayName);
    const prefix = `E2E${Date.now().toString(36).toUpperCase()}`;
    const serials = Array.from({ length: 10 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
    const importedNow = async () => (await api<Entity[]>(`/equipments?filter[customerId]=${customer.id}&filter[fullText]=${prefix}&page[size]=100`))
      .filter((row) => String(row.attributes.serialNumber).startsWith(prefix));

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Estintori');
    sheet.addRow(['Matricola', 'Tipo', 'Data fabbricazione', 'Ubicazione', 'Appunti del tecnico']);
    serials.forEach((serial, i) => sheet.addRow([serial, String(family.attributes.code), '15/03/2025', `Corridoio ${i + 1}`, 'Sostituire cartello']));
    const file = join(await mkdtemp(join(tmpdir(), 'import-e2e-')), 'registro.xlsx');
    await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));

    await openFromPalette(page, name, exactly(name), { title: true });
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`);
    await openFromPalette(page, 'Importa da foglio', /Importa da foglio di calcolo/);
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/import`);
    const screen = page.locator('.pane:not([hidden]) .screen-import');
    expect(await screen.getByRole('radio', { name: 'Attrezzature' }).isChecked()).toBe(true);
    const fileInput = () => screen.getByLabel('File con attrezzature (.xlsx o .csv)');
    await fileInput().setInputFiles(file);

    // The server's proposal: the known names mapped, the odd column ignored; corrected by keyboard.
    const odd = screen.getByLabel('Appunti del tecnico');
    await odd.waitFor({ timeout: 20_000 });
    expect(await screen.getByLabel('Matricola').inputValue()).toBe('serialNumber');
    expect(await odd.inputValue()).toBe('');
    await odd.focus();
    await page.keyboard.type('Note');
    expect(await odd.inputValue()).toBe('note');

    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Anteprima');
    await page.keyboard.press('Enter');
    const counts = screen.locator('.import-counts');
    await counts.waitFor({ timeout: 20_000 });
    expect((await counts.locator('dd').allTextContents())).toEqual(['10', '10', '0', '0', '0']);
    expect(await screen.locator('.import-rows summary').allTextContents()).toEqual(['10 righe creano nuovi record']);
    await guard.expectAccessible('import preview');

    const press = async (button: string) => {
      await screen.getByRole('button', { name: button }).focus();
      await page.keyboard.press('Enter');
    };
    await press('Conferma importazione');
    await screen.getByText(/Importazione completata in «Attrezzature»: 10 nuovi record/).waitFor({ timeout: 30_000 });
    expect((await importedNow()).length).toBe(10);

    // Undone at once: the ten extinguishers (and their deadlines) go.
    await press('Annulla importazione');
    await screen.getByText(/Importazione annullata/).waitFor({ timeout: 30_000 });
    expect((await importedNow()).length).toBe(0);

    // The same file again: the corrected mapping is offered (saved for this layout), then committed.
    await press('Importa un altro file');
    await fileInput().setInputFiles(file);
    await screen.getByText('Proposta dall’ultima importazione di un file con le stesse colonne.').waitFor({ timeout: 20_000 });
    expect(await screen.getByLabel('Appunti del tecnico').inputValue()).toBe('note');
    await press('Anteprima');
    await counts.waitFor({ timeout: 20_000 });
    await press('Conferma importazione');
    await screen.getByText(/Importazione completata in «Attrezzature»: 10 nuovi record/).waitFor({ timeout: 30_000 });

    const imported = await importedNow();
    expect(imported.map((row) => String(row.attributes.serialNumber)).sort()).toEqual(serials);
    expect(imported.every((row) => row.attributes.note === 'Sostituire cartello')).toBe(true);
    for (const row of imported.slice(0, 3)) {
      await expect.poll(async () => (await api<Entity[]>(`/physicalActivities?filter[equipmentId]=${row.id}&filter[isExecuted]=false&page[size]=1`)).length,
        { timeout: 20_000, message: `an open deadline of ${String(row.attributes.serialNumber)}` }).toBe(1);
    }
    await guard.expectAccessible('import result');
    guard.expectClean();

    // The import's page: the ten records it wrote, unchanged.
    await screen.getByRole('link', { name: 'Apri la pagina dell’importazione' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/imports/'));
    const record = page.locator('.pane:not([hidden]) .screen-import-record');
    const written = record.locator('.import-written tbody tr');
    await expect.poll(() => written.count(), { timeout: 20_000 }).toBe(10);
    expect(new Set(await written.locator('td:nth-child(3)').allTextContents())).toEqual(new Set(['Creato']));
    expect(new Set(await written.locator('td:nth-child(4)').allTextContents())).toEqual(new Set(['Invariato']));
    await guard.expectAccessible('import page');

    // One imported extinguisher changed since: «Annulla importazione» is refused, said in Italian, and the list shows which.
    const changed = await api<Entity & { metadata: Record<string, unknown> }>(`/equipments/${imported[0]!.id}`);
    const patched = await server.api(`/equipments/${changed.id}`, {
      token,
      method: 'PATCH',
      body: JSON.stringify({ attributes: { note: 'Cambiata dopo l’importazione' } }),
      headers: { 'content-type': 'application/json', 'if-match': `"${String(changed.metadata.lastUpdatedDateTime)}"` },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const refusal = record.getByRole('alert');
    await guard.expectRefusal(/\/api\/imports\/[^/]+\/actions\/undo$/, 409, async () => {
      await record.getByRole('button', { name: 'Annulla importazione' }).focus();
      await page.keyboard.press('Enter');
      await refusal.waitFor({ timeout: 20_000 });
    });
    expect(await refusal.textContent()).toContain('Impossibile annullare l’importazione');
    expect(await refusal.locator('li').count()).toBe(1);
    await expect.poll(() => record.locator('.import-written td', { hasText: /^Modificato il / }).count(), { timeout: 20_000 }).toBe(1);
    expect(await record.getByRole('button', { name: 'Annulla importazione' }).isDisabled()).toBe(true);
    // The guard saw the 409 as allowed; the browser's own «Failed to load resource» line for it is expected.
    await guard.expectAccessible('import undo refused');

    // On the customer page (from the import's page): its equipment grid finds them by serial, each with its next deadline.
    await record.getByRole('link', { name }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}`);
    const customerPane = page.locator('.pane:not([hidden])');
    await customerPane.getByRole('tab', { name: 'Panoramica' }).waitFor({ timeout: 20_000 });
    await pressKeysUntil(page, ['s', 't'], isCustomerSection(page, 't'));
    const search = customerPane.locator('input[placeholder^="Cerca"]').first();
    await search.waitFor({ timeout: 20_000 });
    await search.focus();
    await page.keyboard.type(prefix);
    const rows = customerPane.locator('[role=row]', { hasText: prefix });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(10);
    const deadlineColumn = await customerPane.getByRole('columnheader', { name: 'Prossima scadenza' }).first().getAttribute('aria-colindex');
    await expect.poll(async () => (await rows.locator(`[aria-colindex="${deadlineColumn}"]`).allTextContents()).filter((text) => /\d{2}\/\d{2}\/\d{2}/.test(text)).length, { timeout: 20_000 }).toBe(10);
  });
});
