// Versions of a re-issued document (issue 26 §5), keyboard only, as the demo «Cliente» (cliente1):
// the office keeps the report of one of its concluded interventions, corrects the report's template and
// keeps it again; in the portal's «Documenti» the report reads «Versione 2 del …», downloads the
// version in force, and lists the earlier one, which downloads too. Under the journey guard (no console
// error, axe without serious findings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, DEMO, downloadedBytes, focusOutOfFields, pressUntil, signedInSession, signedInToken, type SignedInSession, type Entity } from './harness.ts';
import { guardJourney } from './journeys/guard.ts';

let session: SignedInSession;
let customer: Entity;
let intervention: Entity;
const issuedIds: string[] = [];

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.customer1 });
  const { server, token } = session;
  await session.page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
  const readable = await apiData<Entity[]>(server, token, '/customers?page[size]=50');
  customer = readable.find((row) => !row.attributes.parentId)!;
  const concluded = await apiData<Entity[]>(server, token, `/assignments?filter[customerId]=${customer.id}&filter[state]=closed,closed-with-anomalies&sort=-plannedStartDateTime&page[size]=1`);
  expect(concluded, 'a concluded intervention of the customer').toHaveLength(1);
  intervention = concluded[0]!;
  // The office keeps the report, corrects the report's template, and keeps it again: two versions.
  const adminToken = await signedInToken(session, DEMO.admin);
  const issue = async () => {
    const response = await server.api(`/assignments/${intervention.id}/document`, { method: 'POST', token: adminToken, body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status, await response.clone().text()).toBe(201);
    issuedIds.push(((await response.json()) as { data: Entity }).data.id);
  };
  await issue();
  const [template] = await apiData<Entity[]>(server, adminToken, '/templateDocs?filter[type]=interventionReport&filter[isDefault]=true&page[size]=1');
  const corrected = await server.api(`/templateDocs/${template!.id}`, {
    method: 'PATCH', token: adminToken,
    body: JSON.stringify({ attributes: { body: `${String(template!.attributes.body)}\n\nRapporto riemesso dopo una correzione.` } }),
    headers: { 'content-type': 'application/json', 'if-match': `"${template!.metadata.lastUpdatedDateTime}"` },
  });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  await issue();
});

afterAll(() => session?.close());

describe('Cliente: a re-issued report keeps its versions', () => {
  it('shows the version in force and downloads it, and the earlier version from its list', async () => {
    const { page } = session;
    const guard = guardJourney(page);
    const portal = page.locator('.portal-app');
    const link = portal.locator('.portal-nav a', { hasText: 'Documenti' });
    await focusOutOfFields(page);
    await pressUntil(page, 'Tab', () => link.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/customers/${customer.id}/portal/documents`, { timeout: 15_000 });
    const row = portal.locator(`[data-documents=reports] tr[data-document="${intervention.id}"]`);
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/Versione 2 del \d{2}\/\d{2}\/\d{2}/);

    // «Scarica»: the version in force, as stored (the same bytes as the second file).
    const current = row.locator('button[aria-label^="Scarica "]').last();
    await focusOutOfFields(page);
    await pressUntil(page, 'Tab', () => current.evaluate((element) => element === document.activeElement));
    const [inForce] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    const inForceBytes = await downloadedBytes(inForce);
    expect(inForceBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // «1 versione precedente»: opened with Enter, its «Scarica» downloads version 1, another file.
    const earlier = row.locator('summary', { hasText: '1 versione precedente' });
    await focusOutOfFields(page);
    await pressUntil(page, 'Shift+Tab', () => earlier.evaluate((element) => element === document.activeElement));
    await page.keyboard.press('Enter');
    const first = row.getByRole('button', { name: /^Scarica la versione 1 di / });
    await first.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Tab');
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true);
    const [previous] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
    const previousBytes = await downloadedBytes(previous);
    expect(previousBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(previousBytes.equals(inForceBytes)).toBe(false);
    // Both downloads are in the customer's own download log.
    const log = await apiData<{ title: string; what: string }[]>(session.server, session.token, `/customers/${customer.id}/downloads`);
    expect(log.filter((entry) => entry.what === 'file').length).toBeGreaterThanOrEqual(2);
    await guard.expectAccessible('portal, documents with versions');
    await guard.expectItalian('portal, documents with versions');
    guard.expectClean();
  });
});
