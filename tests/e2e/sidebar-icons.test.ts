/** Issue 23, SPEC §7/§9: after sign-in the sidebar groups show icons from the icon service (an <svg><use> each); axe clean. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { settledAxe, signedInSession, type SignedInSession } from './harness.ts';

let session: SignedInSession;
beforeAll(async () => {
  session = await signedInSession();
}, 180_000);
afterAll(() => session?.close());

it('shows an icon per sidebar group, decorative, with the group names still accessible', async () => {
  const { page } = session;
  const groups = page.locator('.sidebar .sidebar-group-button');
  await expect.poll(() => groups.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.sidebar .sidebar-group-button svg.sidebar-group-icon use').count(), { timeout: 30_000 }).toBe(await groups.count());
  expect(await page.locator('.sidebar svg.sidebar-group-icon[aria-hidden="true"]').count()).toBe(await groups.count());
  const results = await (await settledAxe(page)).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => violation.id)).toEqual([]);
}, 120_000);
