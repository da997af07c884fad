/**
 * Service requests (issue 26 §7): the office's «Conferma» asks the slot and the technician, «Rifiuta»
 * the reason (service-request-forms.tsx); the list shows the newest first.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

export const serviceRequests: KindModule = {
  type: 'serviceRequests',
  actionForms: {
    confirm: lazyComponent(async () => ({ default: (await import('./service-request-forms.tsx')).ConfirmServiceRequestForm })),
    decline: lazyComponent(async () => ({ default: (await import('./service-request-forms.tsx')).DeclineServiceRequestForm })),
  },
  // Its states change by «Conferma» and «Rifiuta» (actions with forms), not by transitions: no transition keys to give.
  transitionKeys: { kind: 's', actions: {} },
};
