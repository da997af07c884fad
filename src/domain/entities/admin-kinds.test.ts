import { describeKindContract, type Sample } from './kind-contract.ts';
import type { KindDefinition } from '../kind.ts';
import { adminKinds } from './admin-kinds.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const userId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const trainingSiteId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The smallest valid entity of each kind. */
const samples: Record<string, Sample> = {
  users: { attributes: { userType: 'siv', displayName: 'Mario Rossi', email: 'mario.rossi@example.it' } },
  roles: { attributes: { name: 'Amministratore', permissions: [{ action: 'manage', subject: 'all' }] } },
  userSettings: { attributes: {}, relationships: { userId } },
  customerGroups: { attributes: { name: 'Gruppo Nord' } },
  commercialZones: { attributes: { code: 'NORD', name: 'Nord', provinces: ['mi', 'BG'] } },
  zones: { attributes: { code: 'Z1', name: 'Milano città' } },
  classifications: { attributes: { code: 'A', name: 'Rischio alto', module: 'fire' } },
  contextTables: { attributes: { tableName: 'titoliStudio', code: 'LAU', label: 'Laurea' } },
  templateDocs: { attributes: { type: 'courseCertificate', name: 'Attestato standard' } },
  reportHeadings: { attributes: { title: 'Intestazione principale', companyName: 'SIV Sicurezza S.r.l.' } },
  media: { attributes: { name: 'estintore.jpg', type: 'picture', mimeType: 'image/jpeg' }, relationships: { customerId } },
  paymentTerms: { attributes: { code: 'RD30FM', description: 'Rimessa diretta 30 giorni fine mese', days: 30, endOfMonth: true } },
  invoicingMethods: { attributes: { name: 'Unica soluzione', type: 'singlePayment' } },
  employees: { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId } },
  jobs: { attributes: { code: 'MAG', name: 'Magazziniere' } },
  jobScopes: { attributes: { code: 'UFF', name: 'Ufficio' } },
  safetyRoles: { attributes: { code: 'APS', name: 'Addetto primo soccorso' } },
  courses: { attributes: { code: 'ANT-L1', title: 'Antincendio livello 1', durationHours: 4 } },
  courseEditions: { attributes: { startDate: '2026-11-20', endDate: '2026-11-20', capacity: 10 }, relationships: { courseId: trainingSiteId } },
  trainingPlans: { attributes: { year: 2025, title: 'Piano formativo' }, relationships: { customerId } },
  trainingSites: { attributes: { name: 'Sede di Milano', address: { city: 'Milano' } } },
  trainingRooms: { attributes: { name: 'Aula 1' }, relationships: { trainingSiteId } },
  trainingEquipments: { attributes: { name: 'Manichino RCP' }, relationships: { trainingSiteId } },
  reminders: { attributes: { title: 'Richiamare il cliente', dateTime: '2025-03-01T09:00:00+01:00' }, relationships: { userId } },
  technicianQualifications: { attributes: { systemTypes: ['extinguishers'], certifyingBody: 'Ente certificatore', obtainedDate: '2026-01-10' }, relationships: { userId } },
  healthSurveillanceVisits: { attributes: { visitType: 'periodica', visitDate: '2026-03-10', doctorName: 'Dott.ssa Paola Ferri', judgement: 'idoneo' }, relationships: { employeeId: customerId } },
};

describeKindContract('admin kinds', adminKinds as readonly KindDefinition[], samples);
