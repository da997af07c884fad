/**
 * The registry of per-kind client modules (DESIGN §6.11): `kindModule(type)` is every kind's
 * module with the defaults filled in, so generic code (form screen, grid filters, palette, record
 * search) asks it instead of branching on a type's name. To give a kind something of its own, add
 * or extend `src/client/kinds/<type>.ts` and list it here.
 */
import type { TransitionKeys } from '../../../commands/types.ts';
import type { ExtraFilter, KindModule, ResolvedKindModule } from './types.ts';
import { anomalies } from './anomalies.ts';
import { rectifications } from './rectifications.ts';
import { enrolmentRequests } from './enrolment-requests.ts';
import { equipmentChangeRequests } from './equipment-change-requests.ts';
import { assignmentActivities } from './assignment-activities.ts';
import { assignments } from './assignments.ts';
import { courseEditions } from './course-editions.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { equipments } from './equipments.ts';
import { imports } from './imports.ts';
import { installations } from './installations.ts';
import { orders } from './orders.ts';
import { physicalActivities } from './physical-activities.ts';
import { priceLists } from './price-lists.ts';
import { products } from './products.ts';
import { quotations } from './quotations.ts';
import { quotationProducts } from './quotation-products.tsx';
import { reminders } from './reminders.ts';
import { reportHeadings } from './report-headings.ts';
import { roles } from './roles.ts';
import { serviceRequests } from './service-requests.ts';
import { suppliers } from './suppliers.ts';
import { templateDocs } from './template-docs.ts';
import { trainingPlans } from './training-plans.ts';
import { trainingSites } from './training-sites.ts';
import { users } from './users.ts';

export type { ExtraFilter, GridSummaryProps, KindModule, KindScreen, ResolvedKindModule, SearchEntry } from './types.ts';

export const kindModules: readonly KindModule[] = [
  customers, quotations, quotationProducts, orders, assignments, equipments, installations, products, suppliers, priceLists, employees, users, physicalActivities, reminders, templateDocs, roles, trainingSites, courseEditions, trainingPlans,
  reportHeadings, anomalies, imports, assignmentActivities, serviceRequests, rectifications, enrolmentRequests, equipmentChangeRequests,
];

const byType: ReadonlyMap<string, KindModule> = new Map(kindModules.map((module) => [module.type, module]));

/** `activities` → `activity`, `priceLists` → `priceList`. */
export function singularOf(type: string): string {
  if (type.endsWith('ies')) return `${type.slice(0, -3)}y`;
  return type.endsWith('s') ? type.slice(0, -1) : type;
}

/** The module of `type`, defaults filled in (a kind with no module of its own gets only defaults). */
export function kindModule(type: string): ResolvedKindModule {
  const module = byType.get(type);
  const resolved: ResolvedKindModule = {
    type,
    screen: module?.screen ?? {},
    extraFilters: module?.extraFilters ?? [],
    idParams: module?.idParams ?? [`${singularOf(type)}Id`, 'id'],
    recordParams: module?.recordParams ?? {},
  };
  if (module?.search) resolved.search = module.search;
  if (module?.paramValues) resolved.paramValues = module.paramValues;
  if (module?.childColumns) resolved.childColumns = module.childColumns;
  if (module?.listColumns) resolved.listColumns = module.listColumns;
  if (module?.actionForms) resolved.actionForms = module.actionForms;
  if (module?.newRecordDefaults) resolved.newRecordDefaults = module.newRecordDefaults;
  if (module?.rowTone) resolved.rowTone = module.rowTone;
  if (module?.groupBy) resolved.groupBy = module.groupBy;
  if (module?.gridSummary) resolved.gridSummary = module.gridSummary;
  if (module?.gridCells) resolved.gridCells = module.gridCells;
  if (module?.selectionRefusal) resolved.selectionRefusal = module.selectionRefusal;
  if (module?.namesWithoutRead) resolved.namesWithoutRead = module.namesWithoutRead;
  if (module?.transitionKeys) resolved.transitionKeys = module.transitionKeys;
  return resolved;
}

/** The keys of `type`'s state transitions, as its module declares them (the record commands are registered on them). */
export function transitionKeysOf(type: string): TransitionKeys | undefined {
  return byType.get(type)?.transitionKeys;
}

/** The extra grid filters of `type` (none for most kinds). */
export function extraFiltersOf(type: string): readonly ExtraFilter[] {
  return kindModule(type).extraFilters;
}

/** The kinds the palette's record search looks in, in order: API type and the CASL subject to read. */
export const recordSearchKinds: readonly [type: string, subject: string][] = kindModules
  .filter((module): module is KindModule & { search: NonNullable<KindModule['search']> } => module.search !== undefined)
  .sort((a, b) => a.search.order - b.search.order)
  .map((module) => [module.type, module.search.subject]);
