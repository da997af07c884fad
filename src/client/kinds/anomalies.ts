/**
 * Anomalies (issue 23): a list reads what was found, on which equipment, by which control, how risky
 * and whether it is resolved; the title is the description and the day. Under its form, the proofs its
 * customer sent that it resolved it (issue 26 §4).
 */
import { lazyComponent } from '../lazy-component.ts';
import { AnomalyControlCell } from './anomaly-control.tsx';
import type { KindModule } from './types.ts';

export const anomalies: KindModule = {
  type: 'anomalies',
  gridCells: { control: AnomalyControlCell },
  // Issue 26 §4: the proofs its customer sent that it resolved it, waiting ones first.
  screen: { below: lazyComponent(() => import('./anomaly-rectifications.tsx')) },
  listColumns: ['equipmentId', 'installationId', 'risk', 'state', 'detectedDateTime', 'customerId'],
  childColumns: ['equipmentId', 'risk', 'state', 'detectedDateTime'],
  // t n …: anomalia.
  transitionKeys: { kind: 'n', actions: { resolve: 'r', reopen: 'o' } },
};
