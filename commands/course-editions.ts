/**
 * The course edition screen's commands (issue 12 "Training"): add a session, add a participant,
 * go to the attendance grid, and inside the grid move with the arrows and toggle with Space (a
 * presence, or the outcome once the edition is closed). The screen registers them while it shows
 * (`useScopedCommands`: the tab ones always, the grid ones while the grid has the focus), so the
 * keys, the palette and the screen's buttons run the same code.
 */
import type { Command } from './types.ts';

/** What the screen lets its commands do (a unit test passes a plain object). */
export interface CourseEditionTarget {
  /** Why sessions and participants cannot change now (the state, no update ability), if they cannot. */
  lockedReason(): string | undefined;
  /** Why attendance and outcomes cannot be recorded now, if they cannot. */
  gridLockedReason(): string | undefined;
  participantCount(): number;
  addSession(): void;
  addParticipant(): void;
  focusGrid(): void;
  /** Moves the grid cursor by rows and columns. */
  move(rows: number, columns: number): void;
  /** Toggles the cell under the cursor: a presence, or the outcome (none → passed → failed → none). */
  toggle(): void;
}

/** The keys, as data the screen's hints and the shortcut help show. */
export const courseEditionKeys = {
  addSession: ['e s'],
  addParticipant: ['e p'],
  focusGrid: ['e g'],
  up: ['ArrowUp'],
  down: ['ArrowDown'],
  left: ['ArrowLeft'],
  right: ['ArrowRight'],
  toggle: ['Space'],
} as const;

const group = { id: 'courseEditions.cmd.group' };

/** The tab commands of the open edition. */
export function courseEditionCommands(live: { current: CourseEditionTarget }): Command[] {
  const editable = () => {
    const reason = live.current.lockedReason();
    return reason ? { disabled: reason } : true;
  };
  return [
    {
      id: 'courseEdition.addSession', title: { id: 'courseEditions.cmd.addSession' }, group, scope: 'tab', keys: [...courseEditionKeys.addSession],
      keywords: ['sessione', 'giornata', 'orario', 'aggiungi'], can: ['update', 'course'], when: editable, run: () => live.current.addSession(),
    },
    {
      id: 'courseEdition.addParticipant', title: { id: 'courseEditions.cmd.addParticipant' }, group, scope: 'tab', keys: [...courseEditionKeys.addParticipant],
      keywords: ['partecipante', 'dipendente', 'iscrivi', 'aggiungi'], can: ['update', 'course'], when: editable, run: () => live.current.addParticipant(),
    },
    {
      id: 'courseEdition.focusGrid', title: { id: 'courseEditions.cmd.focusGrid' }, group, scope: 'tab', keys: [...courseEditionKeys.focusGrid],
      keywords: ['presenze', 'esiti', 'registro'], when: () => (live.current.participantCount() > 0 ? true : { disabled: 'Nessun partecipante' }), run: () => live.current.focusGrid(),
    },
  ];
}

/** The attendance grid's commands, in the `grid` scope while the grid has the focus. */
export function attendanceGridCommands(live: { current: CourseEditionTarget }): Command[] {
  const c = (id: string, keys: readonly string[], run: (target: CourseEditionTarget) => void, when?: Command['when']): Command => ({
    id: `courseEdition.grid.${id}`, title: { id: `courseEditions.cmd.grid.${id}` }, group, scope: 'grid', keys: [...keys], run: () => run(live.current), ...(when ? { when } : {}),
  });
  const k = courseEditionKeys;
  return [
    c('up', k.up, (t) => t.move(-1, 0)),
    c('down', k.down, (t) => t.move(1, 0)),
    c('left', k.left, (t) => t.move(0, -1)),
    c('right', k.right, (t) => t.move(0, 1)),
    c('toggle', k.toggle, (t) => t.toggle(), () => {
      const reason = live.current.gridLockedReason();
      return reason ? { disabled: reason } : true;
    }),
  ];
}
