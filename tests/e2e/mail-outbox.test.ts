// The mail outbox end to end (issue 26 §8), by keyboard: an intervention of cliente1's customer is
// planned, and the built server, without SMTP_URL, writes «Visita confermata» to its outbox folder; the
// administrator opens «Posta in uscita» from the palette, sees it first, opens it with Enter, reads its
// headers and text, downloads its .eml and shows its HTML, under the journey guard (no console error,
// no refused request, axe clean, Italian only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, DEMO, downloadedBytes, openFromPalette, pressUntil, signedInSession, type SignedInSession, type TestServer } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';
import { subjectOf } from '../support/mailbox.ts';

interface Row { id: string; attributes: Record<string, unknown> }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;

beforeAll(async () => {
  // A server of its own: an outbox and a workspace no other file added to.
  session = await signedInSession({ server: { own: true } });
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('mail outbox', () => {
  it('lists «Visita confermata» of a planned intervention first, opens it by keyboard with its headers and text, and downloads its .eml', async () => {
    // An intervention of cliente1's customer, planned as the board plans it: the server writes the
    // message to DATA_DIR/outbox (no SMTP_URL here), after the commit.
    const [customerUser] = await apiData<{ attributes: { customerId: string } }[]>(server, token, `/users?filter[email]=${encodeURIComponent(DEMO.customer1)}`);
    const [technician] = await apiData<Row[]>(server, token, `/users?filter[email]=${encodeURIComponent(DEMO.maintainer)}`);
    const send = async (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const answer = await server.api(path, { method, token, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      expect(answer.status, await answer.clone().text()).toBeLessThan(300);
      return ((await answer.json()) as { data: Row & { metadata: { lastUpdatedDateTime: string } } }).data;
    };
    const created = await send('POST', '/assignments', {
      attributes: { module: 'fire', title: 'Visita di prova della posta', plannedStartDateTime: '2027-02-02T08:00:00.000Z' },
      relationships: { customerId: customerUser!.attributes.customerId, operatorIds: [technician!.id], operatorInChargeId: technician!.id },
    });
    await send('POST', `/assignments/${created.id}/actions/schedule`, {}, { 'if-match': `"${created.metadata.lastUpdatedDateTime}"` });
    const confirmed = async () => (await apiData<Row[]>(server, token, '/mail/outbox?page[size]=20')).filter((row) => row.attributes.subject === 'Visita confermata: martedì 2 febbraio 2027');
    await expect.poll(async () => (await confirmed()).some((row) => (row.attributes.recipients as string[]).includes(DEMO.customer1) && row.attributes.transport === 'emlFile'), { timeout: 15_000 }).toBe(true);
    // The customer's other portal users (if any) get theirs too: the newest of them all comes first.
    const [newest] = await apiData<Row[]>(server, token, '/mail/outbox?page[size]=1');
    expect(newest!.attributes.subject).toBe('Visita confermata: martedì 2 febbraio 2027');
    const subject = String(newest!.attributes.subject);
    const recipients = (newest!.attributes.recipients as string[]).join(', ');

    await openFromPalette(page, 'Posta in uscita');
    await page.waitForURL((url) => url.pathname === '/mail/outbox', { timeout: 15_000 });
    const grid = page.locator('[role=grid]:visible');
    await grid.waitFor({ timeout: 30_000 });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)), { timeout: 15_000 }).toBe(true);
    const first = grid.locator('[role=row][aria-rowindex="2"]:not([aria-busy])');
    await first.waitFor({ timeout: 15_000 });
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toContain(subject);
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toContain(recipients);
    expect(await grid.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Destinatari'), expect.stringContaining('Inviato il'), expect.stringContaining('Esito')]));
    await guard.expectAccessible('mail outbox');

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/mail/outbox/${newest!.id}`, { timeout: 15_000 });
    const screen = page.locator('.screen-mail-message:visible');
    await screen.waitFor({ timeout: 30_000 });
    await expect.poll(() => screen.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe(subject);
    const headers = await screen.locator('.mail-message-headers').innerText();
    expect(headers).toContain('Destinatari');
    expect(headers).toContain(recipients);
    expect(headers).toContain(String(newest!.attributes.messageId));
    expect(await screen.locator('.mail-message-text').textContent()).toBe(String(newest!.attributes.textBody));
    await guard.expectAccessible('mail message');
    // The raw message, by Tab and Enter, as the server wrote it.
    const eml = screen.getByRole('button', { name: 'Scarica il file .eml' });
    await pressUntil(page, 'Tab', () => eml.evaluate((element) => element === document.activeElement), 40);
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`messaggio-${newest!.id}.eml`);
    const raw = (await downloadedBytes(file)).toString('utf8');
    expect(subjectOf(raw)).toBe(subject);
    expect(raw).toContain(`To: ${recipients}`);
    // Its HTML, on request (Tab to the button, Enter), in a sandboxed frame.
    const toggle = screen.locator('button[aria-controls]');
    await pressUntil(page, 'Tab', () => toggle.evaluate((element) => element === document.activeElement), 40);
    expect(await toggle.textContent()).toBe('Mostra l’anteprima HTML');
    await page.keyboard.press('Enter');
    await expect.poll(() => screen.locator('iframe.mail-message-html[sandbox=""]').count(), { timeout: 5_000 }).toBe(1);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    guard.expectClean();
  });
});
