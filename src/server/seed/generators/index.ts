/**
 * The steps of the demo data set, in dependency order (each reads what the earlier ones made).
 * Step labels are Italian: they are the progress lines printed on first start.
 */
import { seedPortalRequests } from './portal-requests.ts';
import { seedHealthSurveillance } from './health-surveillance.ts';
import type { SeedContext } from '../seed-context.ts';
import { seedCatalog } from './catalog.ts';
import { seedOrders, seedQuotations } from './commercial.ts';
import { seedCustomers } from './customers.ts';
import { seedDocuments } from './documents.ts';
import { seedInstallationsAndEquipments } from './equipment.ts';
import { seedAssignments } from './planning.ts';
import { seedReferenceTables } from './reference.ts';
import { seedReminders } from './reminders.ts';
import { seedSavedViews } from './saved-views.ts';
import { seedCoursesAndSafetyRoles, seedTraining } from './training.ts';
import { seedTrainingHistory } from './training-history.ts';
import { seedImpersonationAudit } from './impersonation-audit.ts';
import { seedMailOutbox } from './mail-outbox.ts';
import { seedRegisterImports } from './register-imports.ts';
import { seedTechnicianQualifications } from './technician-qualifications.ts';
import { seedEquipmentChangeRequests } from './equipment-change-requests.ts';
import { seedCustomerUsersAndSettings, seedRolesAndStaff } from './users.ts';
import { setDemoPasswords } from '../demo-passwords.ts';

export interface SeedStep {
  label: string;
  run(ctx: SeedContext): Promise<Record<string, number>>;
}

export const seedSteps: readonly SeedStep[] = [
  { label: 'Ruoli e personale', run: seedRolesAndStaff },
  { label: 'Tabelle di riferimento', run: seedReferenceTables },
  { label: 'Corsi e ruoli per la sicurezza', run: seedCoursesAndSafetyRoles },
  { label: 'Documenti e modelli', run: seedDocuments },
  { label: 'Clienti e sedi', run: seedCustomers },
  { label: 'Utenti dei clienti e impostazioni', run: seedCustomerUsersAndSettings },
  { label: 'Formazione e dipendenti', run: seedTraining },
  { label: 'Catalogo, fornitori e listini', run: seedCatalog },
  { label: 'Impianti, attrezzature e scadenze', run: seedInstallationsAndEquipments },
  { label: 'Preventivi e accordi commerciali', run: seedQuotations },
  { label: 'Ordini', run: seedOrders },
  { label: 'Interventi, anomalie e verifiche', run: seedAssignments },
  { label: 'Promemoria', run: seedReminders },
  { label: 'Viste salvate', run: seedSavedViews },
  // Last of the steps that make data, with its own random generator: the data above stays the same.
  { label: 'Storico della formazione e scadenze di aggiornamento', run: seedTrainingHistory },
  { label: 'Registro impersonificazioni', run: seedImpersonationAudit },
  { label: 'Importazioni di attrezzature', run: seedRegisterImports },
  { label: 'Posta in uscita', run: seedMailOutbox },
  // No draws of its own (issue 25): the data above stays the same.
  { label: 'Qualifiche dei tecnici', run: seedTechnicianQualifications },
  // No draws of their own either (issue 26): the customers' proofs, enrolment and service requests.
  { label: 'Richieste dei clienti dal portale', run: seedPortalRequests },
  // No draws either (module med): the employees' visits of health surveillance and their next ones.
  { label: 'Sorveglianza sanitaria', run: seedHealthSurveillance },
  // No draws either (issue 25): the demo technician's proposed corrections of equipment data.
  { label: 'Richieste di modifica delle attrezzature', run: seedEquipmentChangeRequests },
  { label: 'Password degli utenti dimostrativi', run: async (ctx) => ({ 'utenti con password': await setDemoPasswords(ctx.db, { overwrite: true }) }) },
];

export { DEMO_PASSWORD, DEMO_USERS, type DemoUser } from './demo-users.ts';
