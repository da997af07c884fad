// A supplier's page lists the products it supplies (SPEC §3), as the administrator finds the supplier
// in the palette by name: the same products the API lists by their suppliers, and no «Nuovo» there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, DEMO, openFromPalette, signedInSession, type SignedInSession, type Entity } from './harness.ts';
import { guardJourney } from './journeys/guard.ts';

let session: SignedInSession;

beforeAll(async () => {
  session = await signedInSession({ email: DEMO.admin, path: '/dashboard' });
  await session.page.locator('.tab-strip [role=tab]').first().waitFor({ state: 'visible', timeout: 30_000 });
});

afterAll(() => session?.close());

describe('a supplier’s page', () => {
  it('lists the products it supplies', async () => {
    const { page, server, token } = session;
    const guard = guardJourney(page);
    const suppliers = await apiData<Entity[]>(server, token, '/suppliers?page[size]=50');
    let chosen: { supplier: Entity; products: Entity[] } | undefined;
    for (const supplier of suppliers) {
      const products = await apiData<Entity[]>(server, token, `/products?filter[supplierIds]=${supplier.id}&page[size]=100`);
      if (products.length > 0 && products.length <= 20) {
        chosen = { supplier, products };
        break;
      }
    }
    expect(chosen, 'a demo supplier supplies a few products').toBeDefined();
    const name = String(chosen!.supplier.attributes.businessName);
    await openFromPalette(page, name, name);
    await page.waitForURL((url) => url.pathname.includes(chosen!.supplier.id));
    const section = page.locator('.pane:not([hidden]) .supplier-products');
    await section.getByRole('heading', { name: 'Prodotti forniti' }).waitFor({ timeout: 20_000 });
    const grid = section.locator('[role=grid]');
    await expect.poll(() => grid.locator('[role=row] a').count(), { timeout: 15_000 }).toBe(chosen!.products.length);
    const links = await grid.locator('[role=row] a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!.split('/').pop()));
    expect(links.sort()).toEqual(chosen!.products.map((p) => p.id).sort());
    expect(await section.getByRole('button', { name: /^Nuovo/ }).count()).toBe(0);
    await guard.expectAccessible('supplier page');
    guard.expectClean();
  });
});
