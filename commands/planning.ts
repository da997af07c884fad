/**
 * The planning board's commands (issue 11 "Planning board"): move the cursor among the cards, pick
 * a card up, move it by day, hour and technician, drop it (which schedules it), change the period
 * and the view, and from the palette assign a technician or set the one in charge. The board
 * registers them in the `grid` scope while it has the focus (`useScopedCommands`), so the keys, the
 * palette, the board's buttons and the shortcut help run the same code.
 */
import type { Command } from './types.ts';

/** What the board lets its commands do (the screen implements it; the unit test uses a plain object). */
export interface PlanningBoardTarget {
  /** The user may move and assign (update on assignments). */
  editable: boolean;
  /** A card is picked up and follows the arrows. */
  moving: boolean;
  /** The card under the cursor, if any, and whether it may be moved. */
  current(): { id: string; movable: boolean; state: string } | undefined;
  step(delta: 1 | -1): void;
  /** Cursor to the nearest card of the next/previous day (`days`) or lane (`lanes`). */
  jump(move: { days: number } | { lanes: number }): void;
  first(): void;
  last(): void;
  open(): void;
  pickUp(): void;
  moveBy(move: { days: number } | { hours: number } | { lanes: number }): void;
  drop(): void;
  cancel(): void;
  unschedule(): void;
  shiftPeriod(delta: 1 | -1): void;
  today(): void;
  setView(view: 'week' | 'month'): void;
  assign(operatorId: string): void;
  setInCharge(operatorId: string): void;
  /** The card's operators (for "in charge" commands). */
  currentOperators(): readonly string[];
}

/** The keys, as data the board's hints, the shortcut help and the README show. */
export const planningBoardKeys = {
  next: ['ArrowDown', 'j'],
  previous: ['ArrowUp', 'k'],
  right: ['ArrowRight', 'l'],
  left: ['ArrowLeft', 'h'],
  laneDown: ['Alt+ArrowDown'],
  laneUp: ['Alt+ArrowUp'],
  first: ['Home'],
  last: ['End'],
  pickUp: ['Space'],
  enter: ['Enter'],
  cancel: ['Escape'],
  unschedule: ['u'],
  previousPeriod: ['Alt+ArrowLeft'],
  nextPeriod: ['Alt+ArrowRight'],
  today: ['o'],
  week: ['w'],
  month: ['m'],
} as const;

export interface PlanningBoardTexts {
  /** Message id → Italian text (the board passes its intl). */
  t(id: string, values?: Record<string, string>): string;
  /** The technicians of the lanes, in lane order; `away` when no more work may go to them (a lane kept for their cards). */
  technicians: readonly { id: string; name: string; away?: { why: string } }[];
}

const group = { id: 'planning.cmd.group' };

/** The board's commands for its current mode (picked up or not) and lanes. */
export function planningBoardCommands(live: { current: PlanningBoardTarget }, texts: PlanningBoardTexts): Command[] {
  const { t } = texts;
  const c = (id: string, keys: readonly string[] | undefined, run: (b: PlanningBoardTarget) => void, when?: (b: PlanningBoardTarget) => boolean | { disabled: string }): Command => ({
    id: `planning.${id}`,
    title: t(`planning.cmd.${id}`),
    group,
    ...(keys ? { keys: [...keys] } : {}),
    scope: 'grid',
    run: () => run(live.current),
    ...(when ? { when: () => when(live.current) } : {}),
  });
  const movable = (b: PlanningBoardTarget) => {
    if (!b.editable) return { disabled: t('planning.readOnly') };
    const card = b.current();
    if (!card) return { disabled: t('planning.noCard') };
    return card.movable ? true : { disabled: t('planning.notMovable') };
  };
  const editableCard = (b: PlanningBoardTarget) => {
    if (!b.editable) return { disabled: t('planning.readOnly') };
    return b.current() ? true : { disabled: t('planning.noCard') };
  };
  const k = planningBoardKeys;
  const commands: Command[] = [
    // One key, two meanings: the cursor when nothing is picked up, the card when it is.
    c('down', k.next, (b) => (b.moving ? b.moveBy({ hours: 1 }) : b.step(1))),
    c('up', k.previous, (b) => (b.moving ? b.moveBy({ hours: -1 }) : b.step(-1))),
    c('right', k.right, (b) => (b.moving ? b.moveBy({ days: 1 }) : b.jump({ days: 1 }))),
    c('left', k.left, (b) => (b.moving ? b.moveBy({ days: -1 }) : b.jump({ days: -1 }))),
    c('laneDown', k.laneDown, (b) => (b.moving ? b.moveBy({ lanes: 1 }) : b.jump({ lanes: 1 }))),
    c('laneUp', k.laneUp, (b) => (b.moving ? b.moveBy({ lanes: -1 }) : b.jump({ lanes: -1 }))),
    c('first', k.first, (b) => b.first()),
    c('last', k.last, (b) => b.last()),
    c('pickUp', k.pickUp, (b) => (b.moving ? b.drop() : b.pickUp()), (b) => (b.moving ? true : movable(b))),
    c('enter', k.enter, (b) => (b.moving ? b.drop() : b.open()), (b) => b.moving || Boolean(b.current())),
    c('cancel', k.cancel, (b) => b.cancel(), (b) => b.moving),
    c('unschedule', k.unschedule, (b) => b.unschedule(), (b) => {
      const state = editableCard(b);
      if (state !== true) return state;
      return !b.moving && b.current()?.state === 'scheduled' ? true : { disabled: t('planning.notScheduled') };
    }),
    c('previousPeriod', k.previousPeriod, (b) => b.shiftPeriod(-1)),
    c('nextPeriod', k.nextPeriod, (b) => b.shiftPeriod(1)),
    c('today', k.today, (b) => b.today()),
    c('week', k.week, (b) => b.setView('week')),
    c('month', k.month, (b) => b.setView('month')),
  ];
  // The palette's "assign" and "in charge" entries, one per technician of the board.
  for (const tech of texts.technicians) {
    // No "assign" to someone who may take no more of the module's work (their lane is kept for their cards).
    if (!tech.away) commands.push({
      id: `planning.assign.${tech.id}`,
      title: t('planning.cmd.assign', { name: tech.name }),
      group,
      scope: 'grid',
      keywords: ['assegna', 'operatore', 'tecnico', tech.name],
      when: () => {
        const state = editableCard(live.current);
        if (state !== true) return state;
        return live.current.currentOperators().includes(tech.id) ? { disabled: t('planning.alreadyAssigned', { name: tech.name }) } : true;
      },
      run: () => live.current.assign(tech.id),
    });
    commands.push({
      id: `planning.inCharge.${tech.id}`,
      title: t('planning.cmd.inCharge', { name: tech.name }),
      group,
      scope: 'grid',
      keywords: ['responsabile', 'operatore responsabile', tech.name],
      when: () => {
        const state = editableCard(live.current);
        if (state !== true) return state;
        return live.current.currentOperators().includes(tech.id) ? true : false;
      },
      run: () => live.current.setInCharge(tech.id),
    });
  }
  return commands;
}
