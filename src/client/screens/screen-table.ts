/**
 * Which screen each SPEC §2 route shows, as data: a path pattern and what to render (a grid of a
 * kind with fixed filters taken from the path, a form of a kind, or a special screen). The Screen
 * component matches the tab URL itself, so it does not depend on how the shell names its routes.
 */

export type ScreenSpec =
  | { screen: 'grid'; type: string; fixed?: Record<string, string>; title?: string }
  | { screen: 'form'; type: string; idParam: string; only?: string[]; below?: { type: string; fixedFrom: Record<string, string> } }
  | { screen: 'dashboard' }
  | { screen: 'calendar' }
  | { screen: 'preview' }
  | { screen: 'root' }
  | { screen: 'maintenance' };

export interface ScreenRoute {
  /** `:name` captures a segment; other segments are literal. */
  pattern: string;
  spec: ScreenSpec;
}

const grid = (type: string, fixed?: Record<string, string>): ScreenSpec => (fixed ? { screen: 'grid', type, fixed } : { screen: 'grid', type });
const form = (type: string, idParam = 'id'): ScreenSpec => ({ screen: 'form', type, idParam });

/** First match wins: literal routes come before the `:id` ones they would shadow. */
export const screenRoutes: ScreenRoute[] = [
  { pattern: '/', spec: { screen: 'root' } },
  { pattern: '/dashboard', spec: { screen: 'dashboard' } },
  { pattern: '/maintenance', spec: { screen: 'maintenance' } },
  { pattern: '/activities', spec: grid('activities') },
  { pattern: '/activities/:activityId', spec: form('activities', 'activityId') },
  { pattern: '/commercialZones', spec: grid('commercialZones') },
  { pattern: '/components', spec: grid('components') },
  { pattern: '/components/:id', spec: form('components') },
  { pattern: '/contextTables', spec: grid('contextTables') },
  { pattern: '/courses', spec: grid('courses') },
  { pattern: '/courses/:id', spec: form('courses') },
  { pattern: '/customers/company', spec: grid('customers', { 'filter[isPerson]': 'false' }) },
  { pattern: '/customers/person', spec: grid('customers', { 'filter[isPerson]': 'true' }) },
  { pattern: '/customers/employees', spec: grid('employees') },
  { pattern: '/customers/employees/:employeeId/:employeeCustomerId', spec: form('employees', 'employeeId') },
  { pattern: '/customers/:id', spec: form('customers') },
  { pattern: '/customers/:id/detail', spec: form('customers') },
  {
    pattern: '/customers/:id/settings',
    spec: { screen: 'form', type: 'customers', idParam: 'id', only: ['metadata.additionalPEFields', 'metadata.featureFlags'] },
  },
  { pattern: '/customers/:id/:moduleName/equipments', spec: grid('equipments', { 'filter[customerId]': ':id', 'filter[module]': ':moduleName' }) },
  { pattern: '/customers/:id/:moduleName/equipments/:equipmentId', spec: form('equipments', 'equipmentId') },
  { pattern: '/customers/:id/:moduleName/installations', spec: grid('installations', { 'filter[customerId]': ':id', 'filter[module]': ':moduleName' }) },
  { pattern: '/customers/:id/:moduleName/installations/:installationId', spec: form('installations', 'installationId') },
  { pattern: '/customersGroups', spec: grid('customerGroups') },
  { pattern: '/equipmentFamilies', spec: grid('equipmentFamilies') },
  { pattern: '/equipments', spec: grid('equipments') },
  { pattern: '/equipments/:id', spec: form('equipments') },
  { pattern: '/installations', spec: grid('installations') },
  { pattern: '/installations/:id', spec: form('installations') },
  { pattern: '/invoicingMethod', spec: grid('invoicingMethods') },
  { pattern: '/invoicingMethod/:id', spec: form('invoicingMethods') },
  { pattern: '/jobs', spec: grid('jobs') },
  { pattern: '/jobScopes', spec: grid('jobScopes') },
  { pattern: '/marketing/commercialOffers', spec: grid('customers', { 'have[commercialOffer]': 'true' }) },
  {
    pattern: '/marketing/commercialOffers/:customerId',
    spec: {
      screen: 'form', type: 'customers', idParam: 'customerId',
      only: ['attributes.commercialOfferType', 'attributes.commercialPercentage', 'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd', 'attributes.maxDiscountPercent'],
      below: { type: 'priceLists', fixedFrom: { 'filter[customerId]': ':customerId' } },
    },
  },
  { pattern: '/marketing/commercialOffers/:customerId/priceList/:id', spec: form('priceLists') },
  { pattern: '/marketing/customers', spec: grid('customers') },
  { pattern: '/marketing/customers/:id', spec: form('customers') },
  { pattern: '/marketing/orders', spec: grid('orders') },
  {
    pattern: '/marketing/orders/detail/:id',
    spec: { screen: 'form', type: 'orders', idParam: 'id', below: { type: 'assignments', fixedFrom: { 'filter[orderId]': ':id' } } },
  },
  { pattern: '/marketing/quotations', spec: grid('quotations') },
  {
    pattern: '/marketing/quotations/detail/:id',
    spec: { screen: 'form', type: 'quotations', idParam: 'id', below: { type: 'quotationProducts', fixedFrom: { 'filter[quotationId]': ':id' } } },
  },
  { pattern: '/paymentTerms', spec: grid('paymentTerms') },
  { pattern: '/planning/assignments', spec: grid('assignments') },
  { pattern: '/planning/assignments/:assignmentId', spec: form('assignments', 'assignmentId') },
  {
    pattern: '/planning/assignments/:assignmentId/detail',
    spec: { screen: 'form', type: 'assignments', idParam: 'assignmentId', below: { type: 'assignmentActivities', fixedFrom: { 'filter[assignmentId]': ':assignmentId' } } },
  },
  { pattern: '/planning/calendar/:moduleName', spec: { screen: 'calendar' } },
  { pattern: '/planning/commercialAgreements', spec: grid('commercialAgreements') },
  { pattern: '/planning/commercialAgreements/:customerId', spec: grid('commercialAgreements', { 'filter[customerId]': ':customerId' }) },
  { pattern: '/planning/physicalActivities', spec: grid('physicalActivities') },
  {
    pattern: '/planning/physicalActivities/:moduleName/:customerId',
    spec: grid('physicalActivities', { 'filter[module]': ':moduleName', 'filter[customerId]': ':customerId' }),
  },
  { pattern: '/preview/:entity/:id', spec: { screen: 'preview' } },
  { pattern: '/products', spec: grid('products') },
  { pattern: '/products/:id', spec: form('products') },
  { pattern: '/reminders', spec: grid('reminders') },
  { pattern: '/reminders/:id', spec: form('reminders') },
  { pattern: '/reportHeadings', spec: grid('reportHeadings') },
  { pattern: '/roles', spec: grid('roles') },
  { pattern: '/safetyRoles', spec: grid('safetyRoles') },
  { pattern: '/suppliers', spec: grid('suppliers') },
  { pattern: '/suppliers/:id', spec: form('suppliers') },
  { pattern: '/templateDoc/:type', spec: grid('templateDocs', { 'filter[type]': ':type' }) },
  { pattern: '/trainingEquipments', spec: grid('trainingEquipments') },
  { pattern: '/trainingRooms', spec: grid('trainingRooms') },
  { pattern: '/trainingSites', spec: grid('trainingSites') },
  { pattern: '/users', spec: grid('users') },
  { pattern: '/userSettings', spec: grid('userSettings') },
];

export interface ResolvedScreen {
  spec: ScreenSpec;
  params: Record<string, string>;
  pattern: string;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(h);
    else if (w !== h) return null;
  }
  return params;
}

/** The screen of an app URL (path, optional query), or null for the catch-all. */
export function resolveScreen(url: string): ResolvedScreen | null {
  const pathname = (url.split(/[?#]/)[0] ?? '/').replace(/\/+$/, '') || '/';
  for (const route of screenRoutes) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { spec: route.spec, params, pattern: route.pattern };
  }
  return null;
}

/** Fills `:name` placeholders of fixed filters with the path's values. */
export function fillParams(values: Record<string, string>, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.startsWith(':') ? (params[v.slice(1)] ?? '') : v]));
}

const detailRoutes: Record<string, (id: string, entity?: { relationships?: Record<string, unknown> }) => string | undefined> = {
  activities: (id) => `/activities/${id}`,
  components: (id) => `/components/${id}`,
  courses: (id) => `/courses/${id}`,
  customers: (id) => `/customers/${id}`,
  employees: (id, e) => (typeof e?.relationships?.customerId === 'string' ? `/customers/employees/${id}/${e.relationships.customerId}` : undefined),
  equipments: (id) => `/equipments/${id}`,
  installations: (id) => `/installations/${id}`,
  invoicingMethods: (id) => `/invoicingMethod/${id}`,
  orders: (id) => `/marketing/orders/detail/${id}`,
  quotations: (id) => `/marketing/quotations/detail/${id}`,
  assignments: (id) => `/planning/assignments/${id}`,
  products: (id) => `/products/${id}`,
  reminders: (id) => `/reminders/${id}`,
  suppliers: (id) => `/suppliers/${id}`,
  priceLists: (id, e) => (typeof e?.relationships?.customerId === 'string' ? `/marketing/commercialOffers/${e.relationships.customerId}/priceList/${id}` : undefined),
};

/** The tab URL of one entity: its SPEC detail route, or the generic preview for kinds without one. */
export function entityUrl(type: string, id: string, entity?: { relationships?: Record<string, unknown> }): string {
  return detailRoutes[type]?.(encodeURIComponent(id), entity) ?? `/preview/${type}/${encodeURIComponent(id)}`;
}
