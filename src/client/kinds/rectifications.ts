/**
 * Rectifications (issue 26 §4): the office decides a customer's proof with «Accetta» (t r a) and
 * «Rifiuta» (t r f, with the reason the customer will read).
 */
import type { KindModule } from './types.ts';

export const rectifications: KindModule = {
  type: 'rectifications',
  // t r …: risoluzione segnalata.
  transitionKeys: { kind: 'r', actions: { accept: 'a', refuse: 'f' } },
};
