// The mail outbox end to end (issue 26 §8), by keyboard: the administrator opens «Posta in uscita» from
// the palette, sees the newest message first (as the API lists it), opens it with Enter and reads its
// headers and text on its own screen, then its HTML on request, under the journey guard (no console
// error, no refused request, axe clean, Italian only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiData, openFromPalette, pressUntil, signedInSession, type SignedInSession, type TestServer } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

interface Row { id: string; attributes: Record<string, unknown> }

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let guard: JourneyGuard;

beforeAll(async () => {
  session = await signedInSession();
  ({ server, page, token } = session);
  guard = guardJourney(page);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('mail outbox', () => {
  it('lists the messages newest first and opens one by keyboard with its headers and text', async () => {
    const [newest] = await apiData<Row[]>(server, token, '/mail/outbox?page[size]=1');
    expect(newest, 'the demo data has messages in the outbox').toBeDefined();
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
