// The register of checks shared with an inspector (issue 26 §2), keyboard only: cliente1 opens its
// portal's «Documenti», makes a 7-day link; an inspector, in a second browser context with no
// account, opens it, downloads the register and checks it on the page its QR code names; cliente1
// revokes the link and the inspector's address stops working. Under the journey guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '../support/pdf-text.ts';
import { DEMO, launchBrowser, pressUntil, signedInSession, type SignedInSession, isFocused } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

let session: SignedInSession;
let page: Page;
let guard: JourneyGuard;
let inspectorBrowser: Browser | undefined;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  ({ page } = session);
  guard = guardJourney(page);
  await page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
});
afterAll(async () => {
  await inspectorBrowser?.close();
  await session?.close();
});

describe('the register shared with an inspector', () => {
  it('cliente1 makes a link, the inspector opens and verifies the register without an account, and the revoked link stops', async () => {
    const nav = page.locator('.portal-app .portal-nav a', { hasText: 'Documenti' });
    await pressUntil(page, 'Tab', isFocused(nav));
    await page.keyboard.press('Enter');
    const share = page.locator('.register-links:visible');
    await share.waitFor({ timeout: 30_000 });
    const label = share.getByLabel('Per chi o per quale ispezione (facoltativo)');
    await pressUntil(page, 'Tab', isFocused(label));
    await page.keyboard.type('Ispezione VV.F.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowUp');
    const create = share.getByRole('button', { name: 'Crea il collegamento' });
    await pressUntil(page, 'Tab', isFocused(create));
    await page.keyboard.press('Enter');
    const address = share.locator('.register-link-made input');
    await address.waitFor({ timeout: 15_000 });
    const url = await address.inputValue();
    expect(url).toMatch(/\/registro\/[A-Za-z0-9_-]{43}$/);
    // The focus is on the address to copy (issue 26 walk: it fell to <body>).
    await expect.poll(isFocused(address), { timeout: 5_000 }).toBe(true);
    await share.locator('tr', { hasText: 'Ispezione VV.F.' }).waitFor({ timeout: 15_000 });
    await guard.expectAccessible('register share');

    // The inspector: a browser of its own, no account.
    inspectorBrowser = await launchBrowser();
    const inspector = await (await inspectorBrowser.newContext({ locale: 'it-IT' })).newPage();
    await inspector.goto(url, { timeout: 30_000 });
    await expect.poll(() => inspector.locator('h1').textContent(), { timeout: 10_000 }).toMatch(/^Registro dei controlli – /);
    const pdf = await inspector.request.get(`${url}/registro.pdf`);
    expect(pdf.status()).toBe(200);
    const verification = /\S+\/verifica\/[0-9a-f-]{36}/.exec(pdfText(await pdf.body()))?.[0];
    expect(verification).toBeDefined();
    await inspector.goto(verification!, { timeout: 30_000 });
    await expect.poll(() => inspector.locator('h1').textContent(), { timeout: 10_000 }).toBe('Documento emesso');
    // Back on the portal the accesses are counted.
    await page.reload();
    await share.locator('tr', { hasText: 'Ispezione VV.F.' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => share.locator('tr', { hasText: 'Ispezione VV.F.' }).locator('td').nth(3).textContent(), { timeout: 10_000 }).toMatch(/^2 \(ultima il /);

    // Revoked by keyboard: the inspector's address says it is no longer valid.
    const revoke = share.getByRole('button', { name: 'Revoca il collegamento «Ispezione VV.F.»' });
    await pressUntil(page, 'Tab', isFocused(revoke));
    await page.keyboard.press('Enter');
    const revoked = share.locator('tr', { hasText: 'Ispezione VV.F.' }).getByText('Revocato');
    await revoked.waitFor({ timeout: 15_000 });
    // The focus is on the row's new state.
    await expect.poll(isFocused(revoked), { timeout: 5_000 }).toBe(true);
    await inspector.goto(url, { timeout: 30_000 });
    await expect.poll(() => inspector.locator('h1').textContent(), { timeout: 10_000 }).toBe('Collegamento non valido');
    guard.expectClean();
  });
});
