/**
 * Course edition lifecycle (issue 12, our design: the SPEC names courses only): planned, then in
 * progress once the first session is held, then closed, when outcomes are recorded and
 * certificates issued; a planned or running edition may be cancelled. Closed and cancelled are final.
 */
import type { EntityShape } from '../kind.ts';
import { describedGuard, defineMachine } from './define.ts';

export const courseEditionStates = ['planned', 'in-progress', 'closed', 'cancelled'] as const;
export type CourseEditionState = (typeof courseEditionStates)[number];

export const courseEditionStateLabels: Record<CourseEditionState, string> = {
  planned: 'Pianificata',
  'in-progress': 'In corso',
  closed: 'Chiusa',
  cancelled: 'Annullata',
};

const listOf = (entity: EntityShape, key: string): { date?: unknown }[] => {
  const value = entity.attributes[key];
  return Array.isArray(value) ? (value as { date?: unknown }[]) : [];
};

export const courseEditionMachine = defineMachine({
  statePath: 'attributes.state',
  states: courseEditionStates,
  initial: 'planned',
  transitions: [
    {
      from: ['planned'], action: 'start', to: 'in-progress', label: 'Avvia l’edizione', ability: 'update',
      guard: describedGuard('Almeno una sessione e un partecipante', (entity) => {
        if (listOf(entity, 'sessions').length === 0) return { code: 'EDITION_WITHOUT_SESSIONS', message: 'L’edizione non ha sessioni' };
        if (listOf(entity, 'participants').length === 0) return { code: 'EDITION_WITHOUT_PARTICIPANTS', message: 'L’edizione non ha partecipanti' };
        return null;
      }),
    },
    {
      from: ['in-progress'], action: 'close', to: 'closed', label: 'Chiudi l’edizione', ability: 'update',
      guard: describedGuard('Tutte le sessioni si sono svolte (nessuna dopo oggi)', (entity, ctx) => {
        const later = listOf(entity, 'sessions').find((session) => typeof session.date === 'string' && session.date > ctx.today);
        return later ? { code: 'EDITION_SESSIONS_AHEAD', message: `La sessione del ${String(later.date).split('-').reverse().join('/')} non si è ancora svolta` } : null;
      }),
    },
    { from: ['planned', 'in-progress'], action: 'cancel', to: 'cancelled', label: 'Annulla l’edizione', ability: 'update' },
  ],
});
