// The register of checks of one site, live (issue 26 §2), keyboard only, as the demo «Cliente» (cliente1):
// from the portal's home it opens its head office's page, whose «Registro dei controlli» lists the same
// rows as the API's register of that site (checks per equipment, anomalies, interventions carried out),
// and downloads that site's PDF. Under the journey guard (no console error, axe without serious findings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, DEMO, downloadedBytes, focusOutOfFields, pressUntil, signedInSession, type SignedInSession, type Entity } from './harness.ts';
import { guardJourney } from './journeys/guard.ts';

interface Register { registro: { sede?: string }; controlli: unknown[]; anomalie: unknown[]; interventi: unknown[] }

let session: SignedInSession;
let customer: Entity;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  await session.page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
  const readable = await apiData<Entity[]>(session.server, session.token, '/customers?page[size]=50');
  customer = readable.find((row) => !row.attributes.parentId)!;
});

afterAll(() => session?.close());

describe('Cliente: the register of checks of a site, live', () => {
  it('lists what the API’s register of the site lists, and downloads the site’s PDF', async () => {
    const { page } = session;
    const guard = guardJourney(page);
    const portal = page.locator('.portal-app');
    const headOffice = portal.locator(`.portal-site a[href$="/sites/${customer.id}"]`);
    await headOffice.waitFor({ timeout: 30_000 });
    await focusOutOfFields(page);
    await pressUntil(page, 'Tab', () => headOffice.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith(`/sites/${customer.id}`), { timeout: 15_000 });
    const register = portal.locator('.portal-register');
    await register.waitFor({ timeout: 30_000 });

    const expected = await apiData<Register>(session.server, session.token, `/customers/${customer.id}/register?site=${customer.id}`);
    expect(expected.registro.sede).toBe('Sede principale');
    for (const part of ['controlli', 'anomalie', 'interventi'] as const) {
      const rows = register.locator(`[data-register=${part}] tbody tr`);
      await expect.poll(() => rows.count(), { timeout: 20_000, message: part }).toBe(expected[part].length);
    }
    expect(expected.controlli.length, 'the head office has equipment').toBeGreaterThan(0);

    // «Scarica il registro di Sede principale (PDF)», by the keyboard: a PDF.
    const download = register.getByRole('button', { name: /^Scarica il registro di / });
    await focusOutOfFields(page);
    await pressUntil(page, 'Tab', () => download.evaluate((element) => element === document.activeElement));
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.keyboard.press('Enter')]);
    expect((await downloadedBytes(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.suggestedFilename()).toMatch(/^Registro dei controlli – .*\.pdf$/);
    await guard.expectAccessible('portal, site register');
    await guard.expectItalian('portal, site register');
    guard.expectClean();
  }, 240_000);
});
