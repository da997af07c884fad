import { describe, expect, it } from 'vitest';
import messages from '../client/i18n/messages/workspace.ts';
import { modules, templateDocTypes } from './enums.ts';
import { customerUserHome, customerUserRedirect, entityUrl, matchRoute, routeModuleNames, routeOpenTo, routeTemplateDocTypes, redirectCustomerType, routes, routeUrl, routeVariants } from './routes.ts';

const name = (url: string) => matchRoute(url)?.route.name;

describe('SPEC §2 route table', () => {
  it('matches every route of the table, literal segments before ids', () => {
    expect(name('/')).toBe('Root');
    expect(name('/dashboard')).toBe('Dashboard');
    expect(name('/maintenance')).toBe('Maintenance');
    expect(name('/customers/company')).toBe('CustomersType');
    expect(name('/customers/person')).toBe('CustomersType');
    expect(name('/customers/employees')).toBe('CustomersEmployees');
    expect(name('/customers/employees/e1/c1')).toBe('CustomersEmployeesId');
    expect(name('/customers/abc')).toBe('CustomersId');
    expect(name('/customers/abc/detail')).toBe('CustomersIdDetail');
    expect(name('/customers/abc/settings')).toBe('CustomersIdSettings');
    expect(name('/customers/abc/portal/quotations')).toBe('CustomersIdPortalQuotations');
    expect(name('/customers/abc/portal/quotations/q1')).toBe('CustomersIdPortalQuotation');
    expect(name('/customers/abc/fire/equipments')).toBe('CustomerEquipments');
    expect(name('/customers/abc/equip/equipments/e9')).toBe('CustomerEquipmentsId');
    expect(name('/customers/abc/fire/installations/i9')).toBe('CustomerInstallationsId');
    expect(name('/marketing/quotations/detail/q1')).toBe('MarketingQuotationsDetail');
    expect(name('/marketing/orders/detail/o1')).toBe('MarketingOrdersDetail');
    expect(name('/marketing/commercialOffers/c1/priceList/p1')).toBe('CommercialOffersPriceList');
    expect(name('/planning/assignments/a1/detail')).toBe('AssignmentsIdDetail');
    expect(name('/planning/calendar/fire')).toBe('Calendar');
    expect(name('/planning/physicalActivities/med/c1')).toBe('PhysicalActivitiesCustomer');
    expect(name('/templateDoc/courseCertificate')).toBe('TemplateDoc');
    expect(name('/preview/quotations/q1')).toBe('Preview');
    expect(name('/trainingRooms')).toBe('TrainingRooms');
    expect(name('/jobScopes')).toBe('JobScopes');
  });

  it('sends unmatched paths and disallowed enumerated values to the catch-all', () => {
    expect(name('/nope')).toBe('NotFound');
    expect(name('/planning/calendar/unknown')).toBe('NotFound');
    expect(name('/templateDoc/invoice')).toBe('NotFound');
    expect(name('/customers/abc/portal/equipments')).toBe('NotFound');
    expect(matchRoute('https://evil.example/')).toBeUndefined();
    expect(matchRoute('//evil.example/')).toBeUndefined();
  });

  it('ignores the query and decodes parameters', () => {
    const match = matchRoute('/marketing/quotations/detail/a%20b?tab=2#x');
    expect(match?.params).toEqual({ id: 'a b' });
    expect(match?.url).toBe('/marketing/quotations/detail/a%20b?tab=2#x');
  });

  it('builds URLs and record URLs', () => {
    expect(routeUrl('Calendar', { moduleName: 'edu' })).toBe('/planning/calendar/edu');
    expect(entityUrl('quotations', 'q/1')).toBe('/marketing/quotations/detail/q%2F1');
    expect(entityUrl('assignments', 'a1')).toBe('/planning/assignments/a1');
    expect(entityUrl('nothing', 'x')).toBeUndefined();
    expect(() => routeUrl('CustomersId', {})).toThrow();
    // A path parameter other than the id comes from the record: without it there is no URL.
    expect(entityUrl('employees', 'e1', { relationships: { customerId: 'c1' } })).toBe('/customers/employees/e1/c1');
    expect(entityUrl('employees', 'e1')).toBeUndefined();
    expect(entityUrl('priceLists', 'p1', { relationships: { customerId: 'c1' } })).toBe('/marketing/commercialOffers/c1/priceList/p1');
  });

  it('derives where each record opens from the route table: one page per kind, every other path parameter read from the record', () => {
    const pages = routes.filter((route) => route.opensRecord);
    expect(new Set(pages.map((route) => route.kind)).size).toBe(pages.length);
    for (const route of pages) {
      expect(route.kind, route.name).toBeDefined();
      const params = route.path.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));
      expect(params.filter((param) => !(param in (route.recordParams ?? {}))), route.name).toHaveLength(1);
      expect(entityUrl(route.kind!, 'x1', { relationships: Object.fromEntries(Object.values(route.recordParams ?? {}).map((r) => [r, 'p1'])) }), route.name).toBe(
        routeUrl(route, { ...Object.fromEntries(Object.keys(route.recordParams ?? {}).map((param) => [param, 'p1'])), [params.find((param) => !(param in (route.recordParams ?? {})))!]: 'x1' }),
      );
    }
  });

  it('gives one variant per value of the enumerated parameters', () => {
    const calendar = routes.find((route) => route.name === 'Calendar')!;
    expect(routeVariants(calendar).map((v) => v.moduleName)).toEqual(['fire', 'equip', 'edu', 'doc', 'med']);
    const templateDoc = routes.find((route) => route.name === 'TemplateDoc')!;
    expect(routeVariants(templateDoc)).toEqual([{ type: 'quotation' }, { type: 'courseCertificate' }, { type: 'interventionReport' }, { type: 'controlRegister' }, { type: 'orderConfirmation' }]);
  });

  it('has an Italian title for every route, alias and parameter value', () => {
    for (const route of routes) {
      expect(messages[route.title.id as string], route.name).toBeTruthy();
      for (const alias of route.aliases ?? []) expect(messages[alias.id as string], String(alias.id)).toBeTruthy();
      for (const [param, values] of Object.entries(route.params ?? {})) for (const value of values) expect(messages[`nav.param.${param}.${value}`]).toBeTruthy();
    }
  });

  it('round-trips every pattern through matchRoute', () => {
    for (const route of routes) {
      if (route.path === '*') continue;
      for (const variant of routeVariants(route)) {
        const params = { ...variant };
        for (const part of route.path.split('/')) if (part.startsWith(':') && !(part.slice(1) in params)) params[part.slice(1)] = 'x1';
        expect(name(routeUrl(route, params)), route.path).toBe(route.name);
      }
    }
  });
});

describe('route parameter values', () => {
  it('are the domain enums', () => {
    expect([...routeModuleNames]).toEqual([...modules]);
    expect([...routeTemplateDocTypes]).toEqual([...templateDocTypes]);
  });
});

describe('SPEC §2 company/person redirect', () => {
  it('sends a path with a company or person segment to CustomersType', () => {
    expect(redirectCustomerType('/dashboard', '/marketing/customers/company')).toBe('/customers/company');
    expect(redirectCustomerType(undefined, '/foo/person/bar')).toBe('/customers/person');
  });
  it('leaves it alone when the source or the target already is CustomersType', () => {
    expect(redirectCustomerType('/dashboard', '/customers/company')).toBe('/customers/company');
    expect(redirectCustomerType('/customers/person', '/marketing/customers/company')).toBe('/marketing/customers/company');
    expect(redirectCustomerType('/dashboard', '/marketing/quotations')).toBe('/marketing/quotations');
  });
});

describe('staff screens', () => {
  const route = (name: string) => routes.find((r) => r.name === name)!;

  it('are never offered to a customer user, whatever its abilities: the customer settings and the sales CRM', () => {
    for (const name of ['CustomersIdSettings', 'MarketingCustomers', 'MarketingCustomersId']) {
      expect(routeOpenTo(route(name), 'customer'), name).toBe(false);
      expect(routeOpenTo(route(name), 'siv'), name).toBe(true);
      expect(routeOpenTo(route(name), 'external'), name).toBe(true);
    }
  });

  it('leave the customer its own page and its registry', () => {
    for (const name of ['CustomersId', 'CustomersIdDetail']) expect(routeOpenTo(route(name), 'customer'), name).toBe(true);
  });

  it('are every route a customer user\'s portal does not hold: the dashboard, the grids, the planning board (walk 26)', () => {
    for (const url of ['/dashboard', '/customers/company', '/customers/employees', '/customers/employees/e1/c1', '/marketing/orders', '/marketing/quotations', '/planning/assignments', '/planning/calendar/fire', '/preview/anomalies/a1', '/userSettings']) {
      const match = matchRoute(url)!;
      expect(routeOpenTo(match.route, 'customer'), url).toBe(false);
      expect(routeOpenTo(match.route, 'siv'), url).toBe(true);
    }
  });

  it('leave a customer user its portal\'s pages, its employees\' pages among them, and the catch-all', () => {
    const portal = routes.filter((r) => r.path.startsWith('/customers/:id/portal')).map((r) => r.name);
    expect(portal.length).toBeGreaterThanOrEqual(10);
    for (const name of [...portal, 'Root', 'Maintenance', 'NotFound']) expect(routeOpenTo(route(name), 'customer'), name).toBe(true);
    for (const url of ['/customers/c1/portal/documents', '/customers/c1/portal/quotations/q1', '/customers/c1/portal/employees/e1', '/nessuna/pagina']) expect(routeOpenTo(matchRoute(url)!.route, 'customer'), url).toBe(true);
  });

  it('give an employee a portal page of its own, and its staff record only to staff (walk 26)', () => {
    const match = matchRoute('/customers/c1/portal/employees/e1')!;
    expect(match.route.name).toBe('CustomersIdPortalEmployee');
    expect(match.params).toEqual({ id: 'c1', employeeId: 'e1' });
    expect(routeUrl('CustomersIdPortalEmployee', { id: 'c 1', employeeId: 'e1' })).toBe('/customers/c%201/portal/employees/e1');
    expect(routeOpenTo(route('CustomersEmployeesId'), 'customer')).toBe(false);
    expect(routeOpenTo(route('CustomersEmployeesId'), 'siv')).toBe(true);
    // The employee's record still opens on the staff page (grids, palette, links of the back-office).
    expect(entityUrl('employees', 'e1', { relationships: { customerId: 'c1' } })).toBe('/customers/employees/e1/c1');
  });

  it('a customer user\'s home is its customer\'s page', () => {
    expect(customerUserHome('c 1')).toBe('/customers/c%201');
    expect(matchRoute(customerUserHome('c1'))!.route.name).toBe('CustomersId');
  });
});

describe('a customer user on a staff page it has a portal page for (issue 26)', () => {
  it('goes from the office\'s quotation editor to the quotation\'s page in its portal', () => {
    expect(customerUserRedirect(matchRoute('/marketing/quotations/detail/q1')!, 'c1')).toBe('/customers/c1/portal/quotations/q1');
    expect(customerUserRedirect(matchRoute('/marketing/quotations/detail/q1?x=1')!, 'c 1')).toBe('/customers/c%201/portal/quotations/q1');
  });

  it('goes from the office\'s employee record to the employee\'s page in its customer\'s portal (which refuses another customer\'s)', () => {
    expect(customerUserRedirect(matchRoute('/customers/employees/e1/c1')!, 'c1')).toBe('/customers/c1/portal/employees/e1');
    expect(customerUserRedirect(matchRoute('/customers/employees/e1/c2?x=1')!, 'c1')).toBe('/customers/c2/portal/employees/e1');
  });

  it('is declared on the staff route as data: each redirect names a portal route a customer user may open', () => {
    for (const route of routes.filter((r) => r.customerUserPage)) {
      expect(routeOpenTo(route, 'customer'), route.name).toBe(false);
      expect(routeOpenTo(routes.find((r) => r.name === route.customerUserPage!.route)!, 'customer'), route.name).toBe(true);
    }
  });

  it('stays anywhere else, and without a customer', () => {
    expect(customerUserRedirect(matchRoute('/marketing/quotations')!, 'c1')).toBeUndefined();
    expect(customerUserRedirect(matchRoute('/customers/c1/portal/quotations/q1')!, 'c1')).toBeUndefined();
    expect(customerUserRedirect(matchRoute('/marketing/quotations/detail/q1')!, undefined)).toBeUndefined();
  });
});
