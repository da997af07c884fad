/** The kinds of the planning, equipment and installation areas, for the registry in kinds.ts. */
import { activities } from './activities.ts';
import { assignments } from './assignments.ts';
import { assignmentActivities } from './assignment-activities.ts';
import { equipments } from './equipments.ts';
import { installations } from './installations.ts';
import { components, equipmentFamilies } from './equipment-families.ts';
import { anomalies } from './anomalies.ts';
import { checks, controls } from './controls.ts';
import { physicalActivities, physicalEquipments, physicalInstallations } from './physical-activities.ts';
import { serviceRequests } from './service-requests.ts';

export const planningKinds = [
  activities, assignments, assignmentActivities,
  equipments, installations, equipmentFamilies, components,
  anomalies, controls, checks,
  physicalActivities, physicalEquipments, physicalInstallations,
  serviceRequests,
] as const;
