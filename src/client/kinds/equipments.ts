/**
 * Equipments: besides their own page they open under their customer and module
 * (`/customers/{id}/{moduleName}/equipments/{equipmentId}`), both read from the record. Under the
 * form, the equipment's file: lifecycle, deadlines, checks, anomalies with photos, interventions.
 */
import { lazyComponent } from '../lazy-component.ts';
import { NextDeadlineCell } from './next-deadline.tsx';
import type { KindModule } from './types.ts';

const EquipmentFile = lazyComponent(async () => ({ default: (await import('../equipment-file/equipment-file.tsx')).EquipmentFile }));

export const equipments: KindModule = {
  type: 'equipments',
  search: { subject: 'equipment', order: 4 },
  recordParams: { id: 'relationships.customerId', moduleName: 'attributes.module' },
  screen: { below: EquipmentFile },
  // Issue 23, the asset view: what it is, where it stands, its state and when it is next due.
  gridCells: { nextDeadline: NextDeadlineCell },
  listColumns: ['equipmentFamilyId', 'customerLocationPosition', 'state', 'serialNumber', 'productionDate', 'customerId', 'customerLocationId'],
  childColumns: ['equipmentFamilyId', 'customerLocationPosition', 'state', 'serialNumber', 'productionDate'],
  // t a …: attrezzatura.
  transitionKeys: { kind: 'a', actions: { decommission: 'd', reactivate: 'r', confirm: 'c' } },
};
