// The API reference (/api/docs) signs in with the embedded provider: «Authorize» on its OAuth2
// scheme opens the provider's login page in a popup, the redirect page hands the code back, Swagger
// UI exchanges it (PKCE, the workspace's public client) and «Try it out» calls the API with the token.
// Only a browser shows it: the popup, the redirect page's script under its CSP, the token request
// made from the reference's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, DEMO_PASSWORD, launchBrowser, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/api/docs «Authorize»', () => {
  it('signs in on the provider’s page, comes back authorized and «Try it out» answers 200 with the token', async () => {
    const context = await browser.newContext({ locale: 'it-IT' });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/api/docs`);
      // Not signed in to the workspace in this browser: the reference says how to try the calls.
      await page.locator('#signed-out').waitFor({ state: 'visible' });
      // The document is large: its operations are drawn before the buttons answer.
      await page.locator('#operations-tag-customers').waitFor({ timeout: 60_000 });
      await page.locator('.auth-wrapper button.authorize').click();
      const dialog = page.locator('.modal-ux');
      const oauth2 = dialog.locator('.auth-container').filter({ has: page.locator('h4', { hasText: /^oauth2\b/ }) });
      await expect.poll(() => oauth2.locator('input[id^="client_id"]').inputValue()).toBe('backoffice-workspace');

      const popupOpened = context.waitForEvent('page');
      await oauth2.locator('button.authorize').click();
      const popup = await popupOpened;
      const login = popup.locator('input#login');
      await login.waitFor({ state: 'visible' });
      expect(new URL(popup.url()).origin).toBe(server.url);
      await login.fill(DEMO.admin);
      await popup.locator('input[type=password]').fill(DEMO_PASSWORD);
      await popup.keyboard.press('Enter');
      // The redirect page hands the code to the reference and closes its window.
      await popup.waitForEvent('close', { timeout: 30_000 });

      await expect.poll(() => oauth2.innerText(), { timeout: 15_000 }).toContain('Authorized');
      await dialog.locator('button.btn-done').first().click();

      await page.locator('#operations-tag-customers').click();
      const list = page.locator('.opblock.opblock-get').filter({ has: page.locator('.opblock-summary-path[data-path="/api/customers"]') });
      await list.locator('.opblock-summary-control').click();
      await list.getByRole('button', { name: 'Try it out' }).click();
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/customers');
      await list.getByRole('button', { name: 'Execute' }).click();
      const response = await answered;
      expect(response.request().headers().authorization).toMatch(/^Bearer \S+/);
      expect(response.status()).toBe(200);
      // The reference shows the answer's code.
      const status = list.locator('.live-responses-table tr.response .response-col_status').first();
      await status.waitFor();
      expect((await status.innerText()).trim()).toBe('200');
    } finally {
      await context.close();
    }
  }, 180_000);
});
