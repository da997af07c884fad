/** The kinds of the administration, people and training areas, for the registry in kinds.ts. */
import { users } from './users.ts';
import { roles } from './roles.ts';
import { userSettings } from './user-settings.ts';
import {
  classifications, commercialZones, contextTables, customerGroups, jobScopes, jobs, safetyRoles, zones,
} from './reference-tables.ts';
import { templateDocs } from './template-docs.ts';
import { reportHeadings } from './report-headings.ts';
import { media } from './media.ts';
import { paymentTerms } from './payment-terms.ts';
import { invoicingMethods } from './invoicing-methods.ts';
import { employees } from './employees.ts';
import { courses, trainingPlans } from './courses.ts';
import { courseEditions } from './course-editions.ts';
import { trainingEquipments, trainingRooms, trainingSites } from './training-sites.ts';
import { reminders } from './reminders.ts';
import { technicianQualifications } from './technician-qualifications.ts';
import { healthSurveillanceVisits } from './health-surveillance-visits.ts';

export const adminKinds = [
  users, roles, userSettings,
  customerGroups, commercialZones, zones, classifications, contextTables,
  templateDocs, reportHeadings, media,
  paymentTerms, invoicingMethods,
  employees, jobs, jobScopes, safetyRoles,
  healthSurveillanceVisits,
  technicianQualifications,
  courses, courseEditions, trainingPlans, trainingSites, trainingRooms, trainingEquipments,
  reminders,
] as const;
