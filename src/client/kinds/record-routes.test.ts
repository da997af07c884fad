import { describe, expect, it } from 'vitest';
import { recordRouteAllowed, recordRoutes } from './record-routes.ts';

/** The titles of a customer's «Pagine collegate» the user is offered (route names), as the record links filter them. */
function offered(allowedModules: string[], userType = 'siv') {
  const customer = { id: 'c1', attributes: { allowedModules: ['portal', 'fire', 'edu'] }, metadata: {}, relationships: {} };
  const user = { ability: { can: () => true }, allowedModules, userType };
  return recordRoutes('customers', 'c1', customer as never).filter((link) => recordRouteAllowed(link, user)).map((link) => link.url);
}

const portalPages = (urls: string[]) => urls.filter((url) => url.includes('/portal'));

describe('a customer’s linked pages and the portal module', () => {
  it('a staff user limited to fire is offered no page of the customer’s portal («Documenti del cliente (portale)»)', () => {
    const urls = offered(['fire']);
    expect(portalPages(urls)).toEqual([]);
    // Its own module's pages stay.
    expect(urls).toEqual(expect.arrayContaining(['/customers/c1/detail', '/customers/c1/fire/equipments']));
  });

  it('with the portal module (or every module) the portal’s pages are offered, each still behind its own module', () => {
    expect(portalPages(offered(['portal', 'fire']))).toEqual(expect.arrayContaining(['/customers/c1/portal/documents', '/customers/c1/portal']));
    expect(portalPages(offered(['portal', 'fire']))).not.toContain('/customers/c1/portal/training');
    expect(portalPages(offered([]))).toEqual(expect.arrayContaining(['/customers/c1/portal/documents', '/customers/c1/portal/training']));
  });

  it('a customer’s own user keeps its portal whatever its modules', () => {
    expect(portalPages(offered(['fire'], 'customer'))).toEqual(expect.arrayContaining(['/customers/c1/portal/documents']));
  });
});
