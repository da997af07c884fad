/**
 * Equipment change requests (issue 25): a new one is proposed from its equipment (the legal fields and a
 * note, equipment-change-request-forms.tsx); a stored one shows base, proposed and current values under
 * its form, and the office decides with «Approva» (t m a), «Approva comunque» (t m c), «Respingi» (t m r).
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

export const equipmentChangeRequests: KindModule = {
  type: 'equipmentChangeRequests',
  screen: {
    create: lazyComponent(async () => ({ default: (await import('./equipment-change-request-forms.tsx')).NewChangeRequest })),
    below: lazyComponent(async () => ({ default: (await import('./equipment-change-request-forms.tsx')).ChangeRequestValues })),
  },
  listColumns: ['equipmentId', 'state', 'requestedById', 'requestedDateTime', 'customerId'],
  // t m …: richiesta di modifica.
  transitionKeys: { kind: 'm', actions: { approve: 'a', approveAnyway: 'c', reject: 'r' } },
};
