/**
 * Enrolment requests (issue 26 §6): the training office decides a customer's ask with «Accetta»
 * (t c a: the employee joins the edition of «Edizione richiesta», chosen on the record before accepting,
 * or the next one with a free place) and «Rifiuta» (t c f, with the reason the customer will read).
 */
import type { KindModule } from './types.ts';

export const enrolmentRequests: KindModule = {
  type: 'enrolmentRequests',
  // t c …: iscrizione a un corso.
  transitionKeys: { kind: 'c', actions: { accept: 'a', decline: 'f' } },
};
