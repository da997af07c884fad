/**
 * Which screen each SPEC §2 route shows, as data keyed by the route's name in `routes.ts` (the one
 * route table, which also matches URLs): a grid of a kind with fixed filters taken from the path,
 * a form of a kind, or a special screen.
 */
import { matchRoute, type RouteMatch } from '../../domain/routes.ts';

export type ScreenSpec =
  | { screen: 'grid'; type: string; fixed?: Record<string, string>; title?: string; columns?: string[]; gridId?: string }
  | { screen: 'form'; type: string; idParam: string; only?: string[]; below?: { type: string; fixedFrom: Record<string, string> } }
  | { screen: 'dashboard' }
  | { screen: 'calendar' }
  | { screen: 'commercialOffers' }
  | { screen: 'quotationCompare' }
  | { screen: 'preview' }
  | { screen: 'preferences' }
  | { screen: 'import' }
  | { screen: 'importRecord' }
  | { screen: 'mailMessage' }
  | { screen: 'sync' }
  | { screen: 'portal' }
  | { screen: 'root' }
  | { screen: 'maintenance' };


const grid = (type: string, fixed?: Record<string, string>): ScreenSpec => (fixed ? { screen: 'grid', type, fixed } : { screen: 'grid', type });
const form = (type: string, idParam = 'id'): ScreenSpec => ({ screen: 'form', type, idParam });

/** The screen of every route of `routes.ts` but the catch-all, by route name. */
export const screenOfRoute: Readonly<Record<string, ScreenSpec | ((params: Record<string, string>) => ScreenSpec)>> = {
  CustomersType: (params) => grid('customers', { 'filter[isPerson]': String(params.type === 'person') }),
  Root: { screen: 'root' },
  Sync: { screen: 'sync' },
  Dashboard: { screen: 'dashboard' },
  Maintenance: { screen: 'maintenance' },
  Activities: grid('activities'),
  ActivitiesId: form('activities', 'activityId'),
  CommercialZones: grid('commercialZones'),
  Components: grid('components'),
  ComponentsId: form('components'),
  ContextTables: grid('contextTables'),
  Courses: grid('courses'),
  CoursesId: form('courses'),
  CourseEditions: grid('courseEditions'),
  CourseEditionsId: form('courseEditions'),
  // Issue 26 §6: the customers' enrolment requests, newest first.
  EnrolmentRequests: { screen: 'grid', type: 'enrolmentRequests', columns: ['title', 'state', 'customerId', 'employeeId', 'courseId', 'createdDateTime', 'courseEditionId', 'enrolledEditionId'] },
  EnrolmentRequestsId: form('enrolmentRequests'),
  TrainingPlans: grid('trainingPlans'),
  TrainingPlansId: form('trainingPlans'),
  CustomersEmployees: grid('employees'),
  CustomersEmployeesId: form('employees', 'employeeId'),
  HealthSurveillanceVisits: { screen: 'grid', type: 'healthSurveillanceVisits', columns: ['title', 'employeeId', 'customerId', 'visitType', 'visitDate', 'judgement', 'nextVisitDate', 'doctorName'] },
  HealthSurveillanceVisitsId: form('healthSurveillanceVisits'),
  CustomersId: form('customers'),
  CustomersIdDetail: form('customers'),
  // The customer page opens on its settings section (additional fields, feature flags).
  CustomersIdSettings: form('customers'),
  CustomersIdImport: { screen: 'import' },
  CustomersIdPortal: { screen: 'portal' },
  CustomersIdPortalSite: { screen: 'portal' },
  CustomersIdPortalTraining: { screen: 'portal' },
  CustomersIdPortalDocuments: { screen: 'portal' },
  CustomersIdPortalQuotations: { screen: 'portal' },
  CustomersIdPortalQuotation: { screen: 'portal' },
  CustomersIdPortalRequests: { screen: 'portal' },
  CustomersIdPortalAnomalies: { screen: 'portal' },
  CustomersIdPortalUsers: { screen: 'portal' },
  CustomersIdPortalEmployee: { screen: 'portal' },
  ImportsNew: { screen: 'import' },
  ImportsId: { screen: 'importRecord' },
  CustomerEquipments: grid('equipments', { 'filter[customerId]': ':id', 'filter[module]': ':moduleName' }),
  CustomerEquipmentsId: form('equipments', 'equipmentId'),
  CustomerInstallations: grid('installations', { 'filter[customerId]': ':id', 'filter[module]': ':moduleName' }),
  CustomerInstallationsId: form('installations', 'installationId'),
  CustomersGroups: grid('customerGroups'),
  EquipmentFamilies: grid('equipmentFamilies'),
  Equipments: grid('equipments'),
  EquipmentsId: form('equipments'),
  Installations: grid('installations'),
  InstallationsId: form('installations'),
  InvoicingMethod: grid('invoicingMethods'),
  InvoicingMethodId: form('invoicingMethods'),
  Jobs: grid('jobs'),
  JobScopes: grid('jobScopes'),
  // The customers with an offer, their price lists and a customer's price of a product (commercial-offers/).
  CommercialOffers: { screen: 'commercialOffers' },
  CommercialOffersCustomer: { screen: 'commercialOffers' },
  CommercialOffersPriceList: form('priceLists'),
  // The sales CRM's list: what each customer last answered and when (the contact timeline's latest entry).
  MarketingCustomers: { screen: 'grid', type: 'customers', gridId: 'marketingCustomers', columns: ['title', 'type', 'city', 'province', 'lastContact', 'lastReply', 'referentId', 'lastUpdatedDateTime'] },
  MarketingCustomersId: form('customers'),
  MarketingOrders: grid('orders'),
  MarketingOrdersDetail: { screen: 'form', type: 'orders', idParam: 'id', below: { type: 'assignments', fixedFrom: { 'filter[orderId]': ':id' } } },
  MarketingQuotations: grid('quotations'),
  // Two versions of a quotation side by side, changed lines highlighted (quotation-compare/).
  MarketingQuotationsCompare: { screen: 'quotationCompare' },
  MarketingQuotationsCompareRevision: { screen: 'quotationCompare' },
  MarketingQuotationsDetail: { screen: 'form', type: 'quotations', idParam: 'id', below: { type: 'quotationProducts', fixedFrom: { 'filter[quotationId]': ':id' } } },
  PaymentTerms: grid('paymentTerms'),
  Assignments: grid('assignments'),
  AssignmentsId: form('assignments', 'assignmentId'),
  AssignmentsIdDetail: { screen: 'form', type: 'assignments', idParam: 'assignmentId', below: { type: 'assignmentActivities', fixedFrom: { 'filter[assignmentId]': ':assignmentId' } } },
  Calendar: { screen: 'calendar' },
  CommercialAgreements: grid('commercialAgreements'),
  CommercialAgreementsCustomer: grid('commercialAgreements', { 'filter[customerId]': ':customerId' }),
  Anomalies: grid('anomalies'),
  PhysicalActivities: grid('physicalActivities'),
  PhysicalActivitiesCustomer: grid('physicalActivities', { 'filter[module]': ':moduleName', 'filter[customerId]': ':customerId' }),
  Preview: { screen: 'preview' },
  Products: grid('products'),
  ProductsId: form('products'),
  Reminders: grid('reminders'),
  RemindersId: form('reminders'),
  TechnicianQualifications: { screen: 'grid', type: 'technicianQualifications', columns: ['title', 'userId', 'systemTypes', 'certifyingBody', 'obtainedDate', 'renewalDueDate'] },
  TechnicianQualificationsId: form('technicianQualifications'),
  ServiceRequests: { screen: 'grid', type: 'serviceRequests', columns: ['title', 'status', 'customerId', 'module', 'createdDateTime', 'plannedStartDateTime'] },
  ServiceRequestsId: form('serviceRequests'),
  Rectifications: { screen: 'grid', type: 'rectifications', columns: ['title', 'state', 'customerId', 'anomalyId', 'createdDateTime', 'decidedDateTime'] },
  RectificationsId: form('rectifications'),
  EquipmentChangeRequests: { screen: 'grid', type: 'equipmentChangeRequests', fixed: { 'filter[state]': 'pending' }, columns: ['title', 'equipmentId', 'customerId', 'requestedById', 'requestedDateTime', 'assignmentId'] },
  EquipmentChangeRequestsId: form('equipmentChangeRequests'),
  ReportHeadings: grid('reportHeadings'),
  Roles: grid('roles'),
  SafetyRoles: grid('safetyRoles'),
  Suppliers: grid('suppliers'),
  SuppliersId: form('suppliers'),
  TemplateDoc: grid('templateDocs', { 'filter[type]': ':type' }),
  TrainingEquipments: grid('trainingEquipments'),
  TrainingRooms: grid('trainingRooms'),
  TrainingSites: grid('trainingSites'),
  Users: grid('users'),
  // Read-only, newest first (the kind's default order): the request, when, who acted and as whom, the answer.
  ImpersonationAudit: { screen: 'grid', type: 'impersonationAudit', columns: ['title', 'at', 'impersonatorId', 'userId', 'httpStatus'] },
  // Read-only, newest first: the subject, to whom, when, how it left and whether it did; a row opens the message.
  MailOutbox: { screen: 'grid', type: 'mailMessages', columns: ['title', 'recipients', 'sentDateTime', 'transport', 'outcome'] },
  MailOutboxId: { screen: 'mailMessage' },
  // The signed-in user's own preferences (settings/settings-screen.tsx), not a grid of rows.
  UserSettings: { screen: 'preferences' },
};

export interface ResolvedScreen {
  spec: ScreenSpec;
  params: Record<string, string>;
}

/** The screen of a matched route, or null for the catch-all. */
/**
 * What a customer's user sees instead (SPEC §2 sends it to its customer page; issue 26: for it that
 * page is the portal's home, and the registry its portal too: no staff form).
 */
const customerUserScreens: Readonly<Record<string, ScreenSpec>> = {
  CustomersId: { screen: 'portal' },
  CustomersIdDetail: { screen: 'portal' },
};

export function screenOf(match: Pick<RouteMatch, 'route' | 'params'>, userType?: string): ResolvedScreen | null {
  const entry = (userType === 'customer' ? customerUserScreens[match.route.name] : undefined) ?? screenOfRoute[match.route.name];
  if (!entry) return null;
  return { spec: typeof entry === 'function' ? entry(match.params) : entry, params: match.params };
}

/** The screen of an app URL (path, optional query), or null for the catch-all. */
export function resolveScreen(url: string): ResolvedScreen | null {
  const match = matchRoute(url);
  return match ? screenOf(match) : null;
}

/** Fills `:name` placeholders of fixed filters with the path's values. */
export function fillParams(values: Record<string, string>, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.startsWith(':') ? (params[v.slice(1)] ?? '') : v]));
}
