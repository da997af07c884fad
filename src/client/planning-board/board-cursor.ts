/**
 * The board's keyboard cursor, without React or a DOM: which card it is on, and where its keys take
 * it. The cursor goes through the backlog, then each lane day by day (a card with two technicians is
 * in both lanes, once in each).
 */
import type { LaneCard } from '../../domain/rules/planning.ts';

/** The cursor: a card, in a lane (or the backlog when `lane` is null). */
export interface Cursor { id: string; lane: string | null }

/** A lane's cards by day, as the board draws them. */
export type LaneCells = ReadonlyMap<string, ReadonlyMap<string, readonly LaneCard[]>>;

/** A cursor key: a step in reading order, a jump to another lane or day, the first or last card. */
export type CursorMove =
  | { step: number }
  | { lanes: number }
  | { days: number }
  | { to: 'first' | 'last' };

/** The cursor's reading order: the backlog, then each lane day by day. */
export function cursorOrder(backlogIds: readonly string[], laneIds: readonly string[], cells: LaneCells, days: readonly string[]): Cursor[] {
  const list: Cursor[] = backlogIds.map((id) => ({ id, lane: null }));
  for (const lane of laneIds) {
    const byDay = cells.get(lane);
    if (!byDay) continue;
    for (const day of days) for (const card of byDay.get(day) ?? []) list.push({ id: card.id, lane });
  }
  return list;
}

/**
 * Where the cursor is drawn: on its card in its lane; when that lane no longer has it (moved, or
 * another technician), on the same card elsewhere; when the card is gone, on the first card.
 */
export function placeCursor(order: readonly Cursor[], cursor: Cursor | null): Cursor | undefined {
  if (!cursor) return order[0];
  return order.find((c) => c.id === cursor.id && c.lane === cursor.lane) ?? order.find((c) => c.id === cursor.id) ?? order[0];
}

/** The board the cursor moves over; `day` is the day of the cursor's card (none in the backlog or unplanned). */
export interface CursorBoard {
  order: readonly Cursor[];
  laneIds: readonly string[];
  cells: LaneCells;
  days: readonly string[];
}

/** Where a key takes the cursor at `here` (on a card of `day`); undefined: it stays. */
export function moveCursor(board: CursorBoard, here: Cursor | undefined, day: string | undefined, move: CursorMove): Cursor | undefined {
  const { order, laneIds, cells, days } = board;
  if ('to' in move) return move.to === 'first' ? order[0] : order.at(-1);
  if (!here) return undefined;
  if ('step' in move) {
    // Within the part the cursor is in: ↓ on the backlog's last card stays there (Tab goes to the lanes).
    const region = order.filter((c) => (c.lane === null) === (here.lane === null));
    const at = Math.max(0, region.findIndex((c) => c.id === here.id && c.lane === here.lane));
    return region[Math.min(region.length - 1, Math.max(0, at + move.step))];
  }
  const inLane = here.lane !== null && day !== undefined ? { lane: here.lane, day } : undefined;
  if ('lanes' in move) {
    // The first card of the next (previous) lane that has one; from the backlog, the first lane.
    const start = inLane ? laneIds.indexOf(inLane.lane) : -1;
    for (let i = start + move.lanes; i >= 0 && i < laneIds.length; i += move.lanes) {
      const found = order.find((c) => c.lane === laneIds[i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!inLane) return undefined;
  // The nearest card on a later (earlier) day of the same lane.
  const byDay = cells.get(inLane.lane);
  for (let i = days.indexOf(inLane.day) + move.days; i >= 0 && i < days.length; i += move.days) {
    const card = byDay?.get(days[i]!)?.[0];
    if (card) return { id: card.id, lane: inLane.lane };
  }
  return undefined;
}

/** Which part of the board takes the focus: the cursor's, or, when it is in the other, that part's first card. */
export function cursorOnFocus(order: readonly Cursor[], current: Cursor | undefined, region: 'backlog' | 'lanes'): Cursor | undefined {
  const inBacklog = region === 'backlog';
  if (current && (current.lane === null) === inBacklog) return undefined;
  return order.find((c) => (c.lane === null) === inBacklog);
}
