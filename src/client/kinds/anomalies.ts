/**
 * Anomalies (issue 23): a list reads what was found, on which equipment, by which control, how risky
 * and whether it is resolved; the title is the description and the day.
 */
import { AnomalyControlCell } from './anomaly-control.tsx';
import type { KindModule } from './types.ts';

export const anomalies: KindModule = {
  type: 'anomalies',
  gridCells: { control: AnomalyControlCell },
  listColumns: ['equipmentId', 'installationId', 'risk', 'state', 'detectedDateTime', 'customerId'],
  childColumns: ['equipmentId', 'risk', 'state', 'detectedDateTime'],
  // t n …: anomalia.
  transitionKeys: { kind: 'n', actions: { resolve: 'r', reopen: 'o' } },
};
