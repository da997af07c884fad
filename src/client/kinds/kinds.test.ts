import { describe, expect, it } from 'vitest';
import { findKind, kindList } from '../../domain/kinds.ts';
import { routes } from '../../domain/routes.ts';
import { extraFiltersOf, kindModule, kindModules, recordSearchKinds, singularOf } from './index.ts';
import { entityUrl } from '../../domain/routes.ts';
import { NEW_ID } from '../data/record-state.ts';
import { NEW_RECORD_ID, recordOfUrl, recordRoutes } from './record-routes.ts';

const urls = (type: string, id: string, entity?: object, known?: Record<string, string>) =>
  recordRoutes(type, id, entity as never, known).map((route) => route.url);

describe('kind module registry', () => {
  it('has one module per real kind, each type once', () => {
    const types = kindModules.map((module) => module.type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect(findKind(type), type).toBeDefined();
  });

  it('fills in the defaults for a kind without a module', () => {
    expect(kindModule('zones')).toEqual({ type: 'zones', screen: {}, extraFilters: [], idParams: ['zoneId', 'id'], recordParams: {}});
    expect(singularOf('activities')).toBe('activity');
    expect(singularOf('priceLists')).toBe('priceList');
  });

  it('keeps the SPEC §7 extra filters in the kinds that have them', () => {
    expect(extraFiltersOf('customers').map((f) => `${f.group}[${f.name}]`)).toEqual(['have[commercialOffer]', 'have[priceList]']);
    expect(extraFiltersOf('users')).toEqual([{ group: 'filter', name: 'moduleName', kind: 'modules' }]);
    expect(extraFiltersOf('physicalActivities').map((f) => f.name)).toEqual(['due', 'onlyExpiring', 'operatorId']);
    expect(extraFiltersOf('quotations')).toEqual([]);
  });

  it('gives a new order the wizard, a new role the role screen, a new customer or office location its registry, a new quotation and a new intervention their create flows, a change request its equipment’s values, other kinds the generic form', () => {
    expect(kindModule('orders').screen.create).toBeDefined();
    expect(kindModules.filter((module) => module.screen?.create).map((module) => module.type).toSorted()).toEqual(['assignments', 'customers', 'equipmentChangeRequests', 'orders', 'quotations', 'roles']);
  });

  it('searches records of the kinds people look for by name, in palette order, with their subjects', () => {
    expect(recordSearchKinds).toEqual([
      ['customers', 'customer'], ['quotations', 'quotation'], ['orders', 'order'], ['assignments', 'assignment'],
      ['equipments', 'equipment'], ['products', 'product'], ['suppliers', 'supplier'], ['priceLists', 'price list'], ['courseEditions', 'course'],
    ]);
    for (const [type, subject] of recordSearchKinds) expect(findKind(type)?.subject).toBe(subject);
  });
});

describe('entity routes: every route that needs an id is reachable from its record', () => {
  const sample = { id: 'r1', attributes: { module: 'fire' }, metadata: {}, relationships: { customerId: 'c9' } };

  // The comparisons of two quotations are opened by the quotation editor (`r k`, its revisions list), not from one record;
  // a site's page of the customer portal by the portal's site cards, a quotation's page of the portal by its «Preventivi»,
  // an employee's page of the portal by its «Formazione».
  const opened = new Set(['Preview', 'MarketingQuotationsCompare', 'MarketingQuotationsCompareRevision', 'CustomersIdPortalSite', 'CustomersIdPortalQuotation', 'CustomersIdPortalEmployee']);

  it('covers every id route of the table (but the generic Preview and the comparisons) from a record of its kind', () => {
    const unreachable = routes
      .filter((route) => route.needsId && !opened.has(route.name))
      .filter((route) => !route.kind || !recordRoutes(route.kind, 'r1', sample as never).some((r) => r.route.name === route.name))
      .map((route) => route.name);
    expect(unreachable).toEqual([]);
  });

  it('declares only kinds that exist', () => {
    const types = new Set(kindList.map((kind) => kind.type));
    expect(routes.filter((route) => route.kind && !types.has(route.kind)).map((route) => route.kind)).toEqual([]);
  });

  it('lists a customer’s pages, per module it has', () => {
    const customer = { id: 'c1', attributes: { allowedModules: ['portal', 'fire'] }, metadata: {}, relationships: {} };
    const list = urls('customers', 'c1', customer);
    expect(list).toEqual(expect.arrayContaining([
      '/customers/c1', '/customers/c1/detail', '/customers/c1/settings', '/marketing/customers/c1', '/marketing/commercialOffers/c1',
      '/planning/commercialAgreements/c1', '/customers/c1/fire/equipments', '/customers/c1/fire/installations', '/planning/physicalActivities/fire/c1',
    ]));
    expect(list.filter((url) => url.includes('/equip/') || url.includes('/med/'))).toEqual([]);
    // Without modules of its own (or not loaded yet): every module's pages.
    expect(urls('customers', 'c1')).toEqual(expect.arrayContaining(['/customers/c1/equip/equipments', '/planning/physicalActivities/med/c1']));
    expect(urls('customers', 'c1').filter((url) => url.includes('/med/equipments'))).toEqual([]);
  });

  it('reads the other parameters from the record: price list, employee, equipment under its customer', () => {
    expect(urls('priceLists', 'p1', { relationships: { customerId: 'c1' } })).toEqual(['/marketing/commercialOffers/c1/priceList/p1']);
    expect(urls('priceLists', 'p1', { relationships: { customerId: null } })).toEqual([]);
    expect(urls('employees', 'e1', { relationships: { customerId: 'c1' } })).toEqual(['/customers/employees/e1/c1']);
    expect(urls('equipments', 'e1', { attributes: { module: 'equip' }, relationships: { customerId: 'c1' } })).toEqual(['/customers/c1/equip/equipments/e1', '/equipments/e1']);
    expect(urls('assignments', 'a1')).toEqual(['/planning/assignments/a1', '/planning/assignments/a1/detail']);
  });

  it('takes what the record lacks from the page it is shown on, never an enumerated choice', () => {
    expect(urls('priceLists', 'p1', undefined, { customerId: 'c1' })).toEqual(['/marketing/commercialOffers/c1/priceList/p1']);
    expect(urls('customers', 'c1', undefined, { moduleName: 'fire' })).toEqual(expect.arrayContaining(['/customers/c1/equip/equipments']));
  });

  it('finds the record of a page from its URL', () => {
    expect(recordOfUrl('/customers/c1/fire/equipments?sort=x')).toEqual({ type: 'customers', id: 'c1', params: { moduleName: 'fire' } });
    expect(recordOfUrl('/marketing/commercialOffers/c1/priceList/p1')).toEqual({ type: 'priceLists', id: 'p1', params: { customerId: 'c1' } });
    expect(recordOfUrl('/customers/c1/fire/equipments/e1')).toEqual({ type: 'equipments', id: 'e1', params: { id: 'c1', moduleName: 'fire' } });
    expect(recordOfUrl('/planning/assignments/a1/detail')).toEqual({ type: 'assignments', id: 'a1', params: {} });
    expect(recordOfUrl('/preview/jobs/j1')).toEqual({ type: 'jobs', id: 'j1', params: {} });
    expect(recordOfUrl('/marketing/quotations')).toBeUndefined();
    expect(recordOfUrl('/nowhere/x/y/z')).toBeUndefined();
  });

  it('gives a record not stored yet no other pages', () => {
    expect(NEW_RECORD_ID).toBe(NEW_ID);
    expect(urls('customers', NEW_ID)).toEqual([]);
  });

  it('agrees with the tab URL the domain gives a record (entityUrl)', () => {
    const record = { id: 'r1', attributes: { module: 'fire' }, metadata: {}, relationships: { customerId: 'c9' } };
    for (const type of new Set(routes.flatMap((route) => (route.kind ? [route.kind] : [])))) {
      const url = entityUrl(type, 'r1', record);
      if (url) expect(urls(type, 'r1', record), type).toContain(url);
    }
  });

  it('never mistakes a page’s own id for another parameter', () => {
    // On /equipments/e1 the `id` is the equipment: its customer page must come from the record, not the URL.
    const page = recordOfUrl('/equipments/e1')!;
    expect(urls(page.type, page.id, undefined, page.params)).toEqual(['/equipments/e1']);
  });
});
