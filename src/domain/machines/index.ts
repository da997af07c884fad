/** Every state machine by API type (DESIGN §4), with the Italian names of its states. */
import type { StateMachine } from '../machine.ts';
import { anomalyMachine, anomalyStateLabels } from './anomaly.ts';
import { courseEditionMachine, courseEditionStateLabels } from './course-edition.ts';
import { assignmentActivityMachine, assignmentActivityStateLabels } from './assignment-activity.ts';
import { assignmentMachine, assignmentStateLabels } from './assignment.ts';
import { equipmentMachine, equipmentStateLabels } from './equipment.ts';
import { orderMachine, orderStateLabels } from './order.ts';
import { quotationMachine, quotationStateLabels } from './quotation.ts';
import { serviceRequestMachine, serviceRequestStateLabels } from '../entities/service-requests.ts';
import { rectificationMachine, rectificationStateLabels } from '../entities/rectifications.ts';
import { enrolmentRequestMachine, enrolmentRequestStateLabels } from '../entities/enrolment-requests.ts';
import { equipmentChangeRequestMachine, equipmentChangeRequestStateLabels } from '../entities/equipment-change-requests.ts';

export const machines = {
  quotations: quotationMachine,
  assignments: assignmentMachine,
  assignmentActivities: assignmentActivityMachine,
  orders: orderMachine,
  equipments: equipmentMachine,
  anomalies: anomalyMachine,
  courseEditions: courseEditionMachine,
  // Issue 26 §7: no transitions; its states change only by the kind's «Conferma» and «Rifiuta» (custom actions with a body).
  serviceRequests: serviceRequestMachine,
  rectifications: rectificationMachine,
  enrolmentRequests: enrolmentRequestMachine,
  equipmentChangeRequests: equipmentChangeRequestMachine,
} as const satisfies Record<string, StateMachine>;

export type MachineType = keyof typeof machines;

export const machineStateLabels: Record<MachineType, Record<string, string>> = {
  quotations: quotationStateLabels,
  assignments: assignmentStateLabels,
  assignmentActivities: assignmentActivityStateLabels,
  orders: orderStateLabels,
  equipments: equipmentStateLabels,
  anomalies: anomalyStateLabels,
  courseEditions: courseEditionStateLabels,
  serviceRequests: serviceRequestStateLabels,
  rectifications: rectificationStateLabels,
  enrolmentRequests: enrolmentRequestStateLabels,
  equipmentChangeRequests: equipmentChangeRequestStateLabels,
};

export { anomalyMachine, assignmentActivityMachine, assignmentMachine, equipmentMachine, orderMachine, quotationMachine };
export { anomalyStateLabels, assignmentActivityStateLabels, assignmentStateLabels, equipmentStateLabels, orderStateLabels, quotationStateLabels };
export { quotationStateDescriptions } from './quotation.ts';
export { orderDeletableStates } from './order.ts';
