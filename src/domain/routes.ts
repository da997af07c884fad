/**
 * The SPEC §2 route table as data: the router, the sidebar, the palette commands, the tab titles and
 * the record search all read it. Paths are wouter patterns (`:name` = one segment). A parameter
 * listed in `params` takes only those values (one palette command per value); any other `:name`
 * is an id, reached through record search or a grid.
 */
import type { MessageDescriptor } from 'react-intl';
import type { ModuleName } from './enums.ts';

// The enums' values, written here so the initial bundle does not load zod with `domain/enums.ts`
// (routes.test.ts checks they equal the domain's).
export const routeModuleNames = ['portal', 'fire', 'equip', 'edu', 'doc', 'med'] as const satisfies readonly ModuleName[];
export const routeTemplateDocTypes = ['quotation', 'courseCertificate', 'interventionReport', 'controlRegister', 'orderConfirmation'] as const;

/** Sidebar areas (SPEC §1), in sidebar order. */
export const sidebarGroups = ['home', 'customers', 'marketing', 'planning', 'equipment', 'training', 'catalog', 'admin'] as const;
export type SidebarGroup = (typeof sidebarGroups)[number];

export type LayoutName = 'default' | 'empty' | 'none';

export interface RouteDef {
  /** Unique name (SPEC names where given, variants suffixed), e.g. `MarketingQuotationsDetail`. */
  name: string;
  /** wouter pattern, e.g. `/marketing/quotations/detail/:id`. */
  path: string;
  /** Italian title (message id in `messages/workspace.ts`); may use `{param}` of the enumerated params. */
  title: MessageDescriptor;
  /** Sidebar area; absent: not listed in the sidebar (detail routes, Root, Maintenance, catch-all). */
  group?: SidebarGroup;
  /** True when a path parameter is a record id (not an enumerated value): no plain palette command. */
  needsId: boolean;
  /** Enumerated path parameters and their values (e.g. `moduleName` of Calendar). */
  params?: Record<string, readonly string[]>;
  /** SPEC §2: Root and Maintenance use the empty layout. Default `default`. */
  layout?: LayoutName;
  /** Permission needed to see it (DESIGN §6.3). */
  can?: [action: string, subject: string];
  /**
   * Open to a customer user too: its portal's pages (an employee's among them), its customer's page, and
   * Root, Maintenance and the catch-all. Every other route is a staff screen, never offered to a customer
   * user whatever its abilities (the API would give it only its own rows, but no staff screen is a
   * page of its): no command, no link, and the portal's refusal when its address is typed.
   */
  customerUser?: true;
  /**
   * A staff page that is, for a customer user, a page of its portal (issue 26: deep links into the
   * portal are routes of their own): it is sent there from an old link or a bookmark. `params` fills
   * each parameter of the portal route with one of this route's (`USER_CUSTOMER`: the user's own customer).
   */
  customerUserPage?: { route: string; params: Readonly<Record<string, string>> };
  /** Any of these modules must be allowed; a `moduleName` param requires its own module. */
  modules?: readonly ModuleName[];
  /** API type whose records this (detail) route shows, e.g. `quotations`. */
  kind?: string;
  /** The page a record of `kind` opens on (a link to it, the palette, the grids): one per kind. */
  opensRecord?: true;
  /** Path parameters, other than the id, that come from the record: parameter → its relationship (an employee's page names its customer). */
  recordParams?: Readonly<Record<string, string>>;
  /** Other SPEC §2 screen titles that lead here (palette keywords and extra commands). */
  aliases?: MessageDescriptor[];
  /**
   * A page about one record that is not the record's own page: what it is, said before the record's
   * name in its tab («Scadenze {moduleName}» → «Scadenze Antincendio · Officine…»). The record is the
   * route's `kind` with the id of its path (`routeRecord`).
   */
  page?: MessageDescriptor;
}

const t = (id: string): MessageDescriptor => ({ id });
/** In `customerUserPage.params`: the signed-in customer user's own customer. */
export const USER_CUSTOMER = '$userCustomer';

/** The id in a detail URL that means "a new one" (`/products/new`): ids are uuids, so it cannot clash. */
export const NEW_RECORD_ID = 'new';
const fieldModules: ModuleName[] = ['fire', 'equip'];
const customerModules = routeModuleNames.filter((m) => m !== 'portal');

/** Every route of SPEC §2, most specific first where two patterns could match the same path. */
export const routes: readonly RouteDef[] = [
  { name: 'Root', path: '/', title: t('nav.root'), needsId: false, layout: 'empty', customerUser: true },
  { name: 'Maintenance', path: '/maintenance', title: t('nav.maintenance'), needsId: false, layout: 'empty', customerUser: true },
  { name: 'Dashboard', path: '/dashboard', title: t('nav.dashboard'), group: 'home', needsId: false, aliases: [t('nav.alias.home')] },

  // Customers and groups
  { name: 'CustomersType', path: '/customers/:type', title: t('nav.customersType'), group: 'customers', needsId: false, params: { type: ['company', 'person'] }, can: ['read', 'customer'] },
  { name: 'CustomersEmployees', path: '/customers/employees', title: t('nav.customersEmployees'), group: 'customers', needsId: false, can: ['read', 'customer'], modules: ['edu', 'med'], aliases: [t('nav.alias.employees')] },
  // A staff page: a customer's user who reaches it (an old link, a bookmark) goes to the employee's page in its portal.
  { name: 'CustomersEmployeesId', path: '/customers/employees/:employeeId/:employeeCustomerId', title: t('nav.customersEmployeesId'), needsId: true, can: ['read', 'customer'], modules: ['edu', 'med'], kind: 'employees', opensRecord: true, recordParams: { employeeCustomerId: 'customerId' }, customerUserPage: { route: 'CustomersIdPortalEmployee', params: { id: 'employeeCustomerId', employeeId: 'employeeId' } } },
  // Module med (D.Lgs. 81/2008 art. 41): the employees' visits of health surveillance and their judgements. Not in the SPEC table.
  { name: 'HealthSurveillanceVisits', path: '/customers/healthSurveillanceVisits', title: t('nav.healthSurveillanceVisits'), group: 'customers', needsId: false, can: ['read', 'health surveillance visit'], modules: ['med'], aliases: [t('nav.alias.healthSurveillanceVisits')] },
  { name: 'HealthSurveillanceVisitsId', path: '/customers/healthSurveillanceVisits/:id', title: t('nav.healthSurveillanceVisitsId'), needsId: true, can: ['read', 'health surveillance visit'], modules: ['med'], kind: 'healthSurveillanceVisits', opensRecord: true },
  { name: 'CustomersId', path: '/customers/:id', title: t('nav.customersId'), needsId: true, can: ['read', 'customer'], kind: 'customers', opensRecord: true, aliases: [t('nav.alias.contacts')], customerUser: true },
  { name: 'CustomersIdDetail', path: '/customers/:id/detail', title: t('nav.customersIdDetail'), needsId: true, can: ['read', 'customer'], kind: 'customers', aliases: [t('nav.alias.registry'), t('nav.alias.editCustomer')], customerUser: true },
  { name: 'CustomersIdSettings', path: '/customers/:id/settings', title: t('nav.customersIdSettings'), needsId: true, can: ['read', 'customer'], kind: 'customers' },
  // The customer portal (issue 26): its home, compliance per site, and a site's page. A customer user reads its own; staff a read-only view of a customer's.
  { name: 'CustomersIdPortal', path: '/customers/:id/portal', title: t('nav.customersIdPortal'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  { name: 'CustomersIdPortalTraining', path: '/customers/:id/portal/training', title: t('nav.customersIdPortalTraining'), needsId: true, can: ['read', 'customer'], modules: ['edu'], kind: 'customers', customerUser: true },
  { name: 'CustomersIdPortalDocuments', path: '/customers/:id/portal/documents', title: t('nav.customersIdPortalDocuments'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  { name: 'CustomersIdPortalQuotations', path: '/customers/:id/portal/quotations', title: t('nav.customersIdPortalQuotations'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  // One quotation as its customer reads it (issue 26 §3): a document with its lines and totals, signed there.
  { name: 'CustomersIdPortalQuotation', path: '/customers/:id/portal/quotations/:quotationId', title: t('nav.customersIdPortalQuotation'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  // Issue 26 §7: its service requests (chiamate), opened here, and their outcome.
  { name: 'CustomersIdPortalRequests', path: '/customers/:id/portal/requests', title: t('nav.customersIdPortalRequests'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  // Issue 26 §9: its colleagues as users, invited by the customer's administrator with their sites and modules.
  { name: 'CustomersIdPortalUsers', path: '/customers/:id/portal/users', title: t('nav.customersIdPortalUsers'), needsId: true, can: ['invite', 'user'], kind: 'customers', customerUser: true },
  // Issue 26 §4: its open anomalies, with «Segnala la risoluzione» (a rectification) and each proof's outcome.
  { name: 'CustomersIdPortalAnomalies', path: '/customers/:id/portal/anomalies', title: t('nav.customersIdPortalAnomalies'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  // Walk 26: one employee as its employer reads it (name, safety roles, training and its deadlines, fitness judgements), from the portal's «Formazione».
  { name: 'CustomersIdPortalEmployee', path: '/customers/:id/portal/employees/:employeeId', title: t('nav.customersIdPortalEmployee'), needsId: true, can: ['read', 'customer'], modules: ['edu', 'med'], kind: 'customers', customerUser: true },
  { name: 'CustomersIdPortalSite', path: '/customers/:id/portal/sites/:siteId', title: t('nav.customersIdPortalSite'), needsId: true, can: ['read', 'customer'], kind: 'customers', customerUser: true },
  { name: 'CustomersIdImport', path: '/customers/:id/import', title: t('nav.customersIdImport'), needsId: true, can: ['create', 'import'], kind: 'customers' },
  { name: 'CustomerEquipments', path: '/customers/:id/:moduleName/equipments', title: t('nav.customerEquipments'), needsId: true, params: { moduleName: fieldModules }, can: ['read', 'equipment'], kind: 'customers', page: t('nav.page.customerEquipments') },
  { name: 'CustomerEquipmentsId', path: '/customers/:id/:moduleName/equipments/:equipmentId', title: t('nav.customerEquipmentsId'), needsId: true, params: { moduleName: fieldModules }, can: ['read', 'equipment'], kind: 'equipments' },
  { name: 'CustomerInstallations', path: '/customers/:id/:moduleName/installations', title: t('nav.customerInstallations'), needsId: true, params: { moduleName: fieldModules }, can: ['read', 'installation'], kind: 'customers', page: t('nav.page.customerInstallations') },
  { name: 'CustomerInstallationsId', path: '/customers/:id/:moduleName/installations/:installationId', title: t('nav.customerInstallationsId'), needsId: true, params: { moduleName: fieldModules }, can: ['read', 'installation'], kind: 'installations' },
  { name: 'CustomersGroups', path: '/customersGroups', title: t('nav.customersGroups'), group: 'customers', needsId: false, can: ['read', 'customer'], aliases: [t('nav.alias.groups')] },

  // Marketing
  { name: 'MarketingCustomers', path: '/marketing/customers', title: t('nav.marketingCustomers'), group: 'marketing', needsId: false, can: ['read', 'customer'], aliases: [t('nav.alias.salesCrm')] },
  { name: 'MarketingCustomersId', path: '/marketing/customers/:id', title: t('nav.marketingCustomersId'), needsId: true, can: ['read', 'customer'], kind: 'customers', page: t('nav.page.marketingCustomersId') },
  { name: 'MarketingQuotations', path: '/marketing/quotations', title: t('nav.marketingQuotations'), group: 'marketing', needsId: false, can: ['read', 'quotation'] },
  { name: 'MarketingQuotationsDetail', path: '/marketing/quotations/detail/:id', title: t('nav.marketingQuotationsDetail'), needsId: true, can: ['read', 'quotation'], kind: 'quotations', opensRecord: true, customerUserPage: { route: 'CustomersIdPortalQuotation', params: { id: USER_CUSTOMER, quotationId: 'id' } } },
  // Issue 9 "compare": a quotation beside one of its revisions, or beside another quotation (quotation-compare/).
  { name: 'MarketingQuotationsCompareRevision', path: '/marketing/quotations/compare/:id/revisions/:revisionId', title: t('nav.marketingQuotationsCompareRevision'), needsId: true, can: ['read', 'quotation'] },
  { name: 'MarketingQuotationsCompare', path: '/marketing/quotations/compare/:id/:otherId', title: t('nav.marketingQuotationsCompare'), needsId: true, can: ['read', 'quotation'] },
  { name: 'MarketingOrders', path: '/marketing/orders', title: t('nav.marketingOrders'), group: 'marketing', needsId: false, can: ['read', 'order'] },
  { name: 'MarketingOrdersDetail', path: '/marketing/orders/detail/:id', title: t('nav.marketingOrdersDetail'), needsId: true, can: ['read', 'order'], kind: 'orders', opensRecord: true },
  { name: 'CommercialOffers', path: '/marketing/commercialOffers', title: t('nav.commercialOffers'), group: 'marketing', needsId: false, can: ['read', 'commercial offer'], aliases: [t('nav.alias.commercialTerms')] },
  { name: 'CommercialOffersCustomer', path: '/marketing/commercialOffers/:customerId', title: t('nav.commercialOffersCustomer'), needsId: true, can: ['read', 'commercial offer'], kind: 'customers', aliases: [t('nav.alias.editCommercialTerms')], page: t('nav.page.commercialOffersCustomer') },
  { name: 'CommercialOffersPriceList', path: '/marketing/commercialOffers/:customerId/priceList/:id', title: t('nav.commercialOffersPriceList'), needsId: true, can: ['read', 'price list'], kind: 'priceLists', opensRecord: true, recordParams: { customerId: 'customerId' }, aliases: [t('nav.alias.editPriceList')] },

  // Planning
  { name: 'Assignments', path: '/planning/assignments', title: t('nav.assignments'), group: 'planning', needsId: false, can: ['read', 'assignment'], aliases: [t('nav.alias.planning')] },
  { name: 'AssignmentsId', path: '/planning/assignments/:assignmentId', title: t('nav.assignmentsId'), needsId: true, can: ['read', 'assignment'], kind: 'assignments', opensRecord: true },
  { name: 'AssignmentsIdDetail', path: '/planning/assignments/:assignmentId/detail', title: t('nav.assignmentsIdDetail'), needsId: true, can: ['read', 'assignment'], kind: 'assignments', page: t('nav.page.assignmentsIdDetail') },
  { name: 'Calendar', path: '/planning/calendar/:moduleName', title: t('nav.calendar'), group: 'planning', needsId: false, params: { moduleName: customerModules }, can: ['read', 'assignment'] },
  { name: 'CommercialAgreements', path: '/planning/commercialAgreements', title: t('nav.commercialAgreements'), group: 'planning', needsId: false, can: ['read', 'commercial offer'] },
  { name: 'CommercialAgreementsCustomer', path: '/planning/commercialAgreements/:customerId', title: t('nav.commercialAgreementsCustomer'), needsId: true, can: ['read', 'commercial offer'], kind: 'customers', page: t('nav.page.commercialAgreementsCustomer') },
  { name: 'PhysicalActivities', path: '/planning/physicalActivities', title: t('nav.physicalActivities'), group: 'planning', needsId: false, can: ['read', 'physical activity'], aliases: [t('nav.alias.deadlinesSchedule'), t('nav.alias.dueDates')] },
  { name: 'PhysicalActivitiesCustomer', path: '/planning/physicalActivities/:moduleName/:customerId', title: t('nav.physicalActivitiesCustomer'), needsId: true, params: { moduleName: customerModules }, can: ['read', 'physical activity'], kind: 'customers', page: t('nav.page.physicalActivitiesCustomer') },
  // Issue 11: the anomalies found on equipment and installations, with their transitions (resolve, reopen). Not in the SPEC table.
  { name: 'Anomalies', path: '/planning/anomalies', title: t('nav.anomalies'), group: 'planning', needsId: false, can: ['read', 'anomaly'] },
  { name: 'Reminders', path: '/reminders', title: t('nav.reminders'), group: 'planning', needsId: false, can: ['read', 'reminder'] },
  { name: 'RemindersId', path: '/reminders/:id', title: t('nav.remindersId'), needsId: true, can: ['read', 'reminder'], kind: 'reminders', opensRecord: true },
  // Issue 25: who is a «tecnico manutentore qualificato» for which system types (D.M. 1/9/2021). Not in the SPEC table.
  { name: 'TechnicianQualifications', path: '/planning/technicianQualifications', title: t('nav.technicianQualifications'), group: 'planning', needsId: false, can: ['read', 'technician qualification'], aliases: [t('nav.alias.technicianQualifications')] },
  { name: 'TechnicianQualificationsId', path: '/planning/technicianQualifications/:id', title: t('nav.technicianQualificationsId'), needsId: true, can: ['read', 'technician qualification'], kind: 'technicianQualifications', opensRecord: true },
  // Issue 26 §7: the customers' service requests (chiamate) from the portal, confirmed or declined by the office. Not in the SPEC table.
  { name: 'ServiceRequests', path: '/planning/serviceRequests', title: t('nav.serviceRequests'), group: 'planning', needsId: false, can: ['read', 'service request'], aliases: [t('nav.alias.serviceRequests')] },
  { name: 'ServiceRequestsId', path: '/planning/serviceRequests/:id', title: t('nav.serviceRequestsId'), needsId: true, can: ['read', 'service request'], kind: 'serviceRequests', opensRecord: true },
  // Issue 26 §4: the customers' proofs that they fixed an anomaly, which the office accepts or refuses. Not in the SPEC table.
  { name: 'Rectifications', path: '/planning/rectifications', title: t('nav.rectifications'), group: 'planning', needsId: false, can: ['read', 'rectification'], aliases: [t('nav.alias.rectifications')] },
  { name: 'RectificationsId', path: '/planning/rectifications/:id', title: t('nav.rectificationsId'), needsId: true, can: ['read', 'rectification'], kind: 'rectifications', opensRecord: true },

  // Equipment and installations
  { name: 'Equipments', path: '/equipments', title: t('nav.equipments'), group: 'equipment', needsId: false, can: ['read', 'equipment'], modules: fieldModules },
  { name: 'EquipmentsId', path: '/equipments/:id', title: t('nav.equipmentsId'), needsId: true, can: ['read', 'equipment'], modules: fieldModules, kind: 'equipments', opensRecord: true },
  { name: 'Installations', path: '/installations', title: t('nav.installations'), group: 'equipment', needsId: false, can: ['read', 'installation'], modules: fieldModules },
  { name: 'InstallationsId', path: '/installations/:id', title: t('nav.installationsId'), needsId: true, can: ['read', 'installation'], modules: fieldModules, kind: 'installations', opensRecord: true },
  // Issue 25: the technicians' proposed corrections of the data that drives legal deadlines, waiting for the office. Not in the SPEC table.
  { name: 'EquipmentChangeRequests', path: '/equipmentChangeRequests', title: t('nav.equipmentChangeRequests'), group: 'equipment', needsId: false, can: ['read', 'equipment change request'], modules: fieldModules, aliases: [t('nav.alias.equipmentChangeRequests')] },
  { name: 'EquipmentChangeRequestsId', path: '/equipmentChangeRequests/:id', title: t('nav.equipmentChangeRequestsId'), needsId: true, can: ['read', 'equipment change request'], modules: fieldModules, kind: 'equipmentChangeRequests', opensRecord: true },
  { name: 'EquipmentFamilies', path: '/equipmentFamilies', title: t('nav.equipmentFamilies'), group: 'equipment', needsId: false, can: ['read', 'equipment type'], aliases: [t('nav.alias.equipmentTypes')] },
  { name: 'Components', path: '/components', title: t('nav.components'), group: 'equipment', needsId: false, can: ['read', 'equipment'] },
  { name: 'ComponentsId', path: '/components/:id', title: t('nav.componentsId'), needsId: true, can: ['read', 'equipment'], kind: 'components', opensRecord: true },

  // Training
  { name: 'Courses', path: '/courses', title: t('nav.courses'), group: 'training', needsId: false, can: ['read', 'course'], modules: ['edu'] },
  { name: 'CoursesId', path: '/courses/:id', title: t('nav.coursesId'), needsId: true, can: ['read', 'course'], modules: ['edu'], kind: 'courses', opensRecord: true },
  { name: 'CourseEditions', path: '/courseEditions', title: t('nav.courseEditions'), group: 'training', needsId: false, can: ['read', 'course'], modules: ['edu'], aliases: [t('nav.alias.courseEditions')] },
  { name: 'CourseEditionsId', path: '/courseEditions/:id', title: t('nav.courseEditionsId'), needsId: true, can: ['read', 'course'], modules: ['edu'], kind: 'courseEditions', opensRecord: true },
  // Issue 26 §6: the customers' enrolment requests from the portal's training matrix, which the training office accepts or declines. Not in the SPEC table.
  { name: 'EnrolmentRequests', path: '/enrolmentRequests', title: t('nav.enrolmentRequests'), group: 'training', needsId: false, can: ['read', 'enrolment request'], modules: ['edu'], aliases: [t('nav.alias.enrolmentRequests')] },
  { name: 'EnrolmentRequestsId', path: '/enrolmentRequests/:id', title: t('nav.enrolmentRequestsId'), needsId: true, can: ['read', 'enrolment request'], modules: ['edu'], kind: 'enrolmentRequests', opensRecord: true },
  { name: 'TrainingPlans', path: '/trainingPlans', title: t('nav.trainingPlans'), group: 'training', needsId: false, can: ['read', 'course'], modules: ['edu'] },
  { name: 'TrainingPlansId', path: '/trainingPlans/:id', title: t('nav.trainingPlansId'), needsId: true, can: ['read', 'course'], modules: ['edu'], kind: 'trainingPlans', opensRecord: true },
  { name: 'TrainingSites', path: '/trainingSites', title: t('nav.trainingSites'), group: 'training', needsId: false, can: ['read', 'course'], modules: ['edu'] },
  { name: 'TrainingRooms', path: '/trainingRooms', title: t('nav.trainingRooms'), group: 'training', needsId: false, can: ['read', 'course'], modules: ['edu'] },
  { name: 'TrainingEquipments', path: '/trainingEquipments', title: t('nav.trainingEquipments'), group: 'training', needsId: false, can: ['read', 'course'], modules: ['edu'] },

  // Catalogue: activities, products, suppliers
  { name: 'Activities', path: '/activities', title: t('nav.activities'), group: 'catalog', needsId: false, can: ['read', 'activity'] },
  { name: 'ActivitiesId', path: '/activities/:activityId', title: t('nav.activitiesId'), needsId: true, can: ['read', 'activity'], kind: 'activities', opensRecord: true },
  { name: 'Products', path: '/products', title: t('nav.products'), group: 'catalog', needsId: false, can: ['read', 'product'], aliases: [t('nav.alias.productsServices')] },
  { name: 'ImportsNew', path: '/imports/new', title: t('nav.importsNew'), needsId: false, can: ['create', 'import'] },
  { name: 'ImportsId', path: '/imports/:id', title: t('nav.importsId'), needsId: true, can: ['read', 'import'], kind: 'imports', opensRecord: true },
  { name: 'ProductsId', path: '/products/:id', title: t('nav.productsId'), needsId: true, can: ['read', 'product'], kind: 'products', opensRecord: true },
  { name: 'Suppliers', path: '/suppliers', title: t('nav.suppliers'), group: 'catalog', needsId: false, can: ['read', 'supplier'] },
  { name: 'SuppliersId', path: '/suppliers/:id', title: t('nav.suppliersId'), needsId: true, can: ['read', 'supplier'], kind: 'suppliers', opensRecord: true },

  // Administration
  { name: 'Users', path: '/users', title: t('nav.users'), group: 'admin', needsId: false, can: ['read', 'user'] },
  { name: 'Roles', path: '/roles', title: t('nav.roles'), group: 'admin', needsId: false, can: ['read', 'role'] },
  { name: 'SafetyRoles', path: '/safetyRoles', title: t('nav.safetyRoles'), group: 'admin', needsId: false, can: ['read', 'settings'] },
  { name: 'Jobs', path: '/jobs', title: t('nav.jobs'), group: 'admin', needsId: false, can: ['read', 'settings'] },
  { name: 'JobScopes', path: '/jobScopes', title: t('nav.jobScopes'), group: 'admin', needsId: false, can: ['read', 'settings'] },
  { name: 'CommercialZones', path: '/commercialZones', title: t('nav.commercialZones'), group: 'admin', needsId: false, can: ['read', 'zone'], aliases: [t('nav.alias.zones')] },
  { name: 'PaymentTerms', path: '/paymentTerms', title: t('nav.paymentTerms'), group: 'admin', needsId: false, can: ['read', 'invoicing method'] },
  { name: 'InvoicingMethod', path: '/invoicingMethod', title: t('nav.invoicingMethod'), group: 'admin', needsId: false, can: ['read', 'invoicing method'] },
  { name: 'InvoicingMethodId', path: '/invoicingMethod/:id', title: t('nav.invoicingMethodId'), needsId: true, can: ['read', 'invoicing method'], kind: 'invoicingMethods', opensRecord: true },
  { name: 'ReportHeadings', path: '/reportHeadings', title: t('nav.reportHeadings'), group: 'admin', needsId: false, can: ['read', 'report heading'] },
  { name: 'TemplateDoc', path: '/templateDoc/:type', title: t('nav.templateDoc'), group: 'admin', needsId: false, params: { type: routeTemplateDocTypes }, can: ['read', 'settings'] },
  { name: 'ContextTables', path: '/contextTables', title: t('nav.contextTables'), group: 'admin', needsId: false, can: ['read', 'settings'] },
  { name: 'UserSettings', path: '/userSettings', title: t('nav.userSettings'), group: 'admin', needsId: false, aliases: [t('nav.alias.settings'), t('nav.alias.profile')] },
  // Not in SPEC §2 (security issue): what administrators did while acting as other users, administrators only.
  { name: 'ImpersonationAudit', path: '/impersonationAudit', title: t('nav.impersonationAudit'), group: 'admin', needsId: false, can: ['read', 'impersonation audit'], aliases: [t('nav.alias.impersonationAudit')] },
  // Not in SPEC §2 (issue 26 §8): the e-mail the server sent (SMTP, or .eml files without SMTP_URL), administrators only.
  { name: 'MailOutbox', path: '/mail/outbox', title: t('nav.mailOutbox'), group: 'admin', needsId: false, can: ['read', 'mail message'], aliases: [t('nav.alias.mailOutbox')] },
  { name: 'MailOutboxId', path: '/mail/outbox/:id', title: t('nav.mailOutboxId'), needsId: true, can: ['read', 'mail message'], kind: 'mailMessages', opensRecord: true },

  // Issue 25: the sync centre of a field user's offline queue (src/client/offline/sync-centre-screen.tsx); who may
  // record checks keeps an offline store (src/client/offline/runtime-state.ts `isFieldUser`). Not in the SPEC table.
  { name: 'Sync', path: '/sync', title: t('nav.sync'), needsId: false, can: ['create', 'checks'], aliases: [t('nav.alias.sync'), t('nav.alias.offline'), t('nav.alias.syncQueue')] },
  { name: 'Preview', path: '/preview/:entity/:id', title: t('nav.preview'), needsId: true },
  // Catch-all (SPEC §2): must stay last.
  { name: 'NotFound', path: '*', title: t('nav.notFound'), needsId: false, customerUser: true },
];

export const routesByName: ReadonlyMap<string, RouteDef> = new Map(routes.map((route) => [route.name, route]));

export function routeByName(name: string): RouteDef {
  const route = routesByName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

export interface RouteMatch {
  route: RouteDef;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  /** The matched URL as given (path, query and hash). */
  url: string;
}

/** Splits `/a/b?x=1#h` into its path segments (the query and hash do not take part in matching). */
function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** Params when `pattern` matches `segments` exactly, else undefined. Enumerated params accept only their values. */
function matchPattern(route: RouteDef, segments: readonly string[]): Record<string, string> | undefined {
  const parts = segmentsOf(route.path);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    let value: string;
    try {
      value = decodeURIComponent(segments[i]!);
    } catch {
      return undefined;
    }
    if (part.startsWith(':')) {
      const name = part.slice(1);
      const allowed = route.params?.[name];
      if (allowed && !allowed.includes(value)) return undefined;
      params[name] = value;
    } else if (part !== value) return undefined;
  }
  return params;
}

/** Number of literal segments, then enumerated ones: the more literal, the more specific. */
function specificity(route: RouteDef): number {
  return segmentsOf(route.path).reduce((score, part) => {
    if (!part.startsWith(':')) return score + 100;
    return route.params?.[part.slice(1)] ? score + 10 : score;
  }, 0);
}

const matchOrder = routes.filter((route) => route.path !== '*').sort((a, b) => specificity(b) - specificity(a));
const notFound = routeByName('NotFound');

/** The route of an app URL (`/marketing/quotations?sort=-date`); the catch-all when none matches; undefined when not an app path. */
export function matchRoute(url: string): RouteMatch | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const path = url.split(/[?#]/, 1)[0]!;
  const segments = segmentsOf(path);
  for (const route of matchOrder) {
    const params = matchPattern(route, segments);
    if (params) return { route, params, url };
  }
  return { route: notFound, params: {}, url };
}

/** The URL of `route` with `params` filled in (URL-encoded). */
export function routeUrl(route: RouteDef | string, params: Record<string, string> = {}): string {
  const def = typeof route === 'string' ? routeByName(route) : route;
  return (
    '/' +
    segmentsOf(def.path)
      .map((part) => {
        if (!part.startsWith(':')) return part;
        const value = params[part.slice(1)];
        if (value === undefined || value === '') throw new Error(`Missing ${part} for ${def.name}`);
        return encodeURIComponent(value);
      })
      .join('/')
  );
}

/** Where a record of an API type opens: the route marked `opensRecord` for its kind (derived from the route table). */
const recordRoutes: ReadonlyMap<string, RouteDef> = new Map(routes.filter((route) => route.opensRecord && route.kind).map((route) => [route.kind!, route]));

/** The path parameter holding the id of the route's record: the first that is neither enumerated nor taken from the record. */
function recordIdParam(route: RouteDef): string | undefined {
  return segmentsOf(route.path)
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1))
    .find((name) => !route.params?.[name] && !route.recordParams?.[name]);
}

/** The record a route's page is about (its `kind`, the id in its path), or undefined. */
export function routeRecord(route: RouteDef, params: Record<string, string>): { type: string; id: string } | undefined {
  const param = recordIdParam(route);
  const id = param === undefined ? undefined : params[param];
  return route.kind && id ? { type: route.kind, id } : undefined;
}

/** URL of the detail tab of record `id` of API `type`, or undefined when the type has no detail route (or the record lacks what the path needs). */
export function entityUrl(type: string, id: string, entity?: { relationships?: Record<string, unknown> }): string | undefined {
  const route = recordRoutes.get(type);
  if (!route) return undefined;
  const extra: Record<string, string> = {};
  for (const [param, relationship] of Object.entries(route.recordParams ?? {})) {
    const value = entity?.relationships?.[relationship];
    if (typeof value !== 'string') return undefined;
    extra[param] = value;
  }
  return routeUrl(route, { ...extra, [recordIdParam(route)!]: id });
}

/** The tab URL of any record: its detail route, else the generic Preview of its kind. */
export function recordTabUrl(type: string, id: string, entity?: { relationships?: Record<string, unknown> }): string {
  return entityUrl(type, id, entity) ?? routeUrl('Preview', { entity: type, id });
}

/** Every value combination of a route's enumerated params (one palette command each); `[{}]` when none. */
export function routeVariants(route: RouteDef): Record<string, string>[] {
  let variants: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries(route.params ?? {})) {
    variants = variants.flatMap((variant) => values.map((value) => ({ ...variant, [name]: value })));
  }
  return variants;
}

/** Modules a route (variant) needs: its `moduleName` param, else its declared modules. */
export function routeModules(route: RouteDef, params: Record<string, string> = {}): readonly ModuleName[] | undefined {
  const moduleParam = params.moduleName as ModuleName | undefined;
  return moduleParam ? [moduleParam] : route.modules;
}

/**
 * Whether a user whose allowed modules are `allowed` (SPEC §6; empty: every module) may use what
 * needs one of `needed` (undefined: no module).
 */
export function modulesAllowed(needed: readonly string[] | undefined, allowed: readonly string[]): boolean {
  return !needed || allowed.length === 0 || needed.some((module) => allowed.includes(module));
}

/** The signed-in user as the route rules read it: its type, its abilities, its allowed modules. */
export interface RouteUser {
  userType: string;
  allowedModules: readonly string[];
  ability: { can(action: string, subject: string): boolean };
}

/**
 * Whether the user may open a route (variant): the route is offered to its type (`routeOpenTo`), its
 * permission (`can`) holds and its module is one of the user's. The one rule of the sidebar, the
 * palette's commands and recent pages, the record links, and the refusal of a typed address.
 */
export function routeAllowedTo(route: RouteDef, params: Record<string, string>, user: RouteUser): boolean {
  if (!routeOpenTo(route, user.userType)) return false;
  if (route.can && !user.ability.can(route.can[0], route.can[1])) return false;
  return modulesAllowed(routeModules(route, params), user.allowedModules);
}

/** Whether the user may open an app URL (a recent page): the rule of its route; false for a URL of no page. */
export function urlAllowedTo(url: string, user: RouteUser): boolean {
  const match = matchRoute(url);
  return match !== undefined && match.route.name !== 'NotFound' && routeAllowedTo(match.route, match.params, user);
}

/** The modules of the page a record of API `type` opens on (a course edition's: `edu`), or undefined. */
export function kindRouteModules(type: string): readonly ModuleName[] | undefined {
  return recordRoutes.get(type)?.modules;
}

/**
 * SPEC §2: a navigation whose path has a `company` or `person` segment goes to CustomersType of that
 * type, unless the source or the target already is CustomersType. Returns the URL to go to.
 */
export function redirectCustomerType(fromUrl: string | undefined, toUrl: string): string {
  const target = matchRoute(toUrl);
  if (!target || target.route.name === 'CustomersType') return toUrl;
  if (fromUrl !== undefined && matchRoute(fromUrl)?.route.name === 'CustomersType') return toUrl;
  const type = segmentsOf(toUrl.split(/[?#]/, 1)[0]!).find((segment) => segment === 'company' || segment === 'person');
  return type ? routeUrl('CustomersType', { type }) : toUrl;
}

/**
 * Whether a user of this type is ever offered the route: staff every route (their abilities decide
 * the rest), a customer user only those marked `customerUser` (its portal); every other is a staff screen.
 */
export function routeOpenTo(route: Pick<RouteDef, 'customerUser'>, userType: string): boolean {
  return userType !== 'customer' || route.customerUser === true;
}

/** A customer user's home: its customer's page, which for it is the portal's (SPEC §2). */
export function customerUserHome(customerId: string): string {
  return routeUrl('CustomersId', { id: customerId });
}

/**
 * The portal page a customer's user is sent to from a staff page it reaches by an old link or a
 * bookmark: the route's `customerUserPage` with its parameters filled (a quotation's staff editor is
 * its page in the portal, an employee's staff record the employee's page in its customer's portal;
 * there the portal refuses another customer's). Undefined for any other page.
 */
export function customerUserRedirect(match: Pick<RouteMatch, 'route' | 'params'>, customerId: string | undefined): string | undefined {
  const page = match.route.customerUserPage;
  if (!page) return undefined;
  const params: Record<string, string> = {};
  for (const [name, from] of Object.entries(page.params)) {
    const value = from === USER_CUSTOMER ? customerId : match.params[from];
    if (!value) return undefined;
    params[name] = value;
  }
  return routeUrl(page.route, params);
}
