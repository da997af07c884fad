/**
 * The server hooks of every kind that has some. One module per kind, `src/server/kinds/<type>.ts`,
 * named after its API type (as in `src/domain/kinds.ts`) and declaring only that kind's hooks
 * (`defineKindHooks('<type>', { … })`); code several kinds share lives in `support/`. The list
 * below builds the table the composition root (`src/server/app.ts`) hands to the service
 * (`ServiceOptions.hooks`). A type declared twice stops the start instead of silently winning.
 */
import type { KindHooks, KindHooksModule, KindHooksTable } from '../resources/hooks.ts';
import { activitiesKind } from './activities.ts';
import { assignmentActivitiesKind } from './assignmentActivities.ts';
import { assignmentsKind } from './assignments.ts';
import { anomaliesKind } from './anomalies.ts';
import { checksKind } from './checks.ts';
import { commercialAgreementsKind } from './commercialAgreements.ts';
import { courseEditionsKind } from './courseEditions.ts';
import { customersKind } from './customers.ts';
import { enrolmentRequestsKind } from './enrolmentRequests.ts';
import { employeesKind } from './employees.ts';
import { equipmentChangeRequestsKind } from './equipmentChangeRequests.ts';
import { equipmentFamiliesKind } from './equipmentFamilies.ts';
import { equipmentsKind } from './equipments.ts';
import { mediaKind } from './media.ts';
import { ordersKind } from './orders.ts';
import { physicalActivitiesKind } from './physicalActivities.ts';
import { priceListsKind } from './priceLists.ts';
import { productsKind } from './products.ts';
import { quotationProductsKind } from './quotationProducts.ts';
import { quotationRevisionsKind } from './quotationRevisions.ts';
import { quotationsKind } from './quotations.ts';
import { rectificationsKind } from './rectifications.ts';
import { remindersKind } from './reminders.ts';
import { rolesKind } from './roles.ts';
import { savedViewsKind } from './savedViews.ts';
import { serviceRequestsKind } from './serviceRequests.ts';
import { technicianQualificationsKind } from './technicianQualifications.ts';
import { healthSurveillanceVisitsKind } from './healthSurveillanceVisits.ts';
import { templateDocsKind } from './templateDocs.ts';
import { usersKind } from './users.ts';

/** Every kind module: one line per file of this folder (index.test.ts checks the two agree). */
export const kindModules: readonly KindHooksModule[] = [
  activitiesKind,
  anomaliesKind,
  assignmentActivitiesKind,
  assignmentsKind,
  checksKind,
  commercialAgreementsKind,
  courseEditionsKind,
  customersKind,
  employeesKind,
  enrolmentRequestsKind,
  equipmentChangeRequestsKind,
  equipmentFamiliesKind,
  equipmentsKind,
  mediaKind,
  ordersKind,
  physicalActivitiesKind,
  priceListsKind,
  productsKind,
  quotationProductsKind,
  quotationRevisionsKind,
  quotationsKind,
  rectificationsKind,
  remindersKind,
  rolesKind,
  savedViewsKind,
  serviceRequestsKind,
  technicianQualificationsKind,
  healthSurveillanceVisitsKind,
  templateDocsKind,
  usersKind,
];

/** The hooks by type; two modules declaring the same type are a mistake, not an override. */
export function kindHooksTable(modules: readonly KindHooksModule[]): KindHooksTable {
  const table: Record<string, KindHooks> = {};
  for (const { type, hooks } of modules) {
    if (Object.hasOwn(table, type)) throw new Error(`Hook del tipo «${type}» dichiarati due volte (src/server/kinds/index.ts)`);
    table[type] = hooks;
  }
  return Object.freeze(table);
}

/** The table the server runs with. */
export const kindHooks: KindHooksTable = kindHooksTable(kindModules);
