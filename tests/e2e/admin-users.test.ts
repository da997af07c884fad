// Administration of users end to end (issue 12), keyboard only: an administrator resets a user's
// password from the user's record (r w, empty password: a temporary one, shown once); that user
// signs in with it and must choose a new one on the "Cambia la password" page before entering.
// "Impostazioni utente" is the signed-in user's own preferences, changed by keyboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, signedInSession, storedUser, type SignedInSession, type TestServer , pressKeysUntil } from './harness.ts';

let session: SignedInSession;
let server: TestServer;
let page: Page;
let token: string;
let temporary = '';

beforeAll(async () => {
  session = await signedInSession();
  ({ server, page, token } = session);
  await page.locator('[role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('users administration', () => {
  it('an administrator resets a user’s password and reads the temporary one once', async () => {
    const response = await server.api(`/users?filter[email]=${encodeURIComponent(DEMO.operator)}`, { token });
    const [user] = ((await response.json()) as { data: { id: string }[] }).data;
    expect(user).toBeTruthy();
    await page.goto(`${server.url}/preview/users/${user!.id}`);
    await page.locator('.entity-form:visible').waitFor({ timeout: 30_000 });
    const dialog = page.locator('dialog[open]');
    await pressKeysUntil(page, ['r', 'w'], () => dialog.isVisible());
    await dialog.getByLabel('Nuova password (facoltativa)').waitFor();
    await expect.poll(() => dialog.getByLabel('Nuova password (facoltativa)').evaluate((element) => element === document.activeElement)).toBe(true);
    // Empty password: the server generates a temporary one; the user must change it (ticked by default).
    await page.keyboard.press('Enter');
    const notice = page.locator('dialog[open]', { hasText: 'Password temporanea' });
    await notice.waitFor({ timeout: 15_000 });
    temporary = /Password temporanea: (\S+)/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    expect(temporary).toMatch(/^\w{4}(-\w{4}){3}$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
  });

  it('the user signs in with it and must change it first', async () => {
    const context = await session.browser.newContext({ locale: 'it-IT' });
    const user = await context.newPage();
    try {
      await user.goto(`${server.url}/dashboard`);
      await user.locator('input#login').waitFor({ timeout: 30_000 });
      await user.keyboard.type(DEMO.operator);
      await user.keyboard.press('Tab');
      await user.keyboard.type(temporary);
      await user.keyboard.press('Enter');
      await user.getByRole('heading', { name: 'Cambia la password' }).waitFor({ timeout: 30_000 });
      // A new password breaking the rules is refused, in Italian, on the same page.
      await user.keyboard.type('breve');
      await user.keyboard.press('Tab');
      await user.keyboard.type('breve');
      await user.keyboard.press('Enter');
      await user.getByText('La password deve avere almeno 8 caratteri').waitFor();
      await user.keyboard.type('Cavallo-Batteria-2026');
      await user.keyboard.press('Tab');
      await user.keyboard.type('Cavallo-Batteria-2026');
      await user.keyboard.press('Enter');
      const origin = new URL(server.url).origin;
      await user.waitForURL((url) => url.origin === origin && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/'), { timeout: 30_000 });
      await user.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith('oidc.user:')), undefined, { timeout: 30_000 });
      const signedIn = await server.api('/identity/authorization', { token: (await storedUser(user))!.user.access_token });
      expect(((await signedIn.json()) as { email: string }[])[0]?.email).toBe(DEMO.operator);
    } finally {
      await context.close();
    }
  });

  it('shows the user’s own preferences at /userSettings, not a grid, and changes the theme by keyboard', async () => {
    await page.goto(`${server.url}/userSettings`);
    const screen = page.locator('.screen-settings:visible');
    await screen.getByRole('heading', { name: 'Impostazioni utente' }).waitFor({ timeout: 30_000 });
    expect(await screen.locator('[role=grid]').count()).toBe(0);
    const dark = screen.getByRole('radio', { name: 'Scuro' });
    await screen.getByRole('radio', { name: 'Come il sistema' }).focus();
    // Arrow keys move within the radio group and choose.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => dark.isChecked()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect
      .poll(async () => {
        const response = await server.api('/userSettings', { token });
        return ((await response.json()) as { data: { attributes: { hasDarkTheme?: boolean } }[] }).data[0]?.attributes.hasDarkTheme;
      })
      .toBe(true);
  });
});
