import { describeKindContract, type Sample } from './kind-contract.ts';
import type { KindDefinition } from '../kind.ts';
import { planningKinds } from './planning-kinds.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const assignmentId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const activityId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const equipmentId = '3f1c8f5e-9b1a-4c6e-8d2f-6a7b8c9d0e1f';
const installationId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const equipmentFamilyId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const controlId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

/** The smallest valid entity of each kind. */
const samples: Record<string, Sample> = {
  activities: { attributes: { code: 'REV-EST', name: 'Revisione estintore', module: 'fire' } },
  assignments: { attributes: { code: 'INT-2025-001', module: 'fire' }, relationships: { customerId } },
  assignmentActivities: { attributes: {}, relationships: { assignmentId, activityId } },
  equipments: { attributes: { equipmentId: 'EST-0001', module: 'fire' }, relationships: { customerId } },
  installations: { attributes: { code: 'IMP-01', name: 'Rete idranti', module: 'fire' }, relationships: { customerId } },
  equipmentFamilies: { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', module: 'fire' } },
  components: { attributes: { code: 'MAN', name: 'Manometro' }, relationships: { equipmentFamilyId } },
  anomalies: {
    attributes: { description: 'Sigillo mancante', risk: 'low', detectedDateTime: '2025-03-01T10:00:00+01:00' },
    relationships: { customerId },
  },
  controls: { attributes: { code: 'PRESS', name: 'Pressione' }, relationships: { equipmentFamilyId } },
  checks: {
    attributes: { result: true, passed: true, checkedDateTime: '2025-03-01T10:00:00Z' },
    relationships: { controlId, assignmentActivityId: assignmentId },
  },
  physicalActivities: { attributes: { module: 'fire', deadlineDate: '2025-09-30' }, relationships: { customerId, activityId } },
  physicalEquipments: { attributes: { module: 'fire' }, relationships: { customerId, equipmentId } },
  physicalInstallations: { attributes: { module: 'fire' }, relationships: { customerId, installationId } },
  serviceRequests: { attributes: { description: 'Estintore scarico', module: 'fire', preferredSlots: [{ date: '2025-03-03', period: 'morning' }] }, relationships: { customerId } },
};

/** Metadata the server fills from other rows (src/server/kinds/), so it is in no schema of the kind. */
const lookedUpByServer: Record<string, string[]> = {
  physicalActivities: ['metadata.customerName', 'metadata.targetName', 'metadata.activityName', 'metadata.customerLocationId', 'metadata.commercialZoneId'],
};

describeKindContract('planning kinds', planningKinds as readonly KindDefinition[], samples, { lookedUpByServer });
