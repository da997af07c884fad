import { describe, expect, it } from 'vitest';
import type { LaneCard } from '../../domain/rules/planning.ts';
import { cursorOnFocus, cursorOrder, moveCursor, placeCursor, type CursorBoard, type LaneCells } from './board-cursor.ts';

// A week from Monday 2026-11-23 to Sunday 2026-11-29, three technicians (anna, bruno, carla).
const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const laneIds = ['anna', 'bruno', 'carla'];
const card = (id: string, minutes = 480): LaneCard => ({ id, minutes, inCharge: true });
/** Anna: two on Monday, one on Thursday; Bruno: none; Carla: one on Tuesday and one on Saturday, and Anna's Thursday one as a second technician. */
const cells: LaneCells = new Map([
  ['anna', new Map([['2026-11-23', [card('a1'), card('a2', 600)]], ['2026-11-26', [card('a3')]]])],
  ['bruno', new Map()],
  ['carla', new Map([['2026-11-24', [card('c1')]], ['2026-11-26', [card('a3')]], ['2026-11-28', [card('c2')]]])],
]);
const backlogIds = ['b1', 'b2'];
const order = cursorOrder(backlogIds, laneIds, cells, days);
const board: CursorBoard = { order, laneIds, cells, days };
const dayOf: Record<string, string> = { a1: '2026-11-23', a2: '2026-11-23', a3: '2026-11-26', c1: '2026-11-24', c2: '2026-11-28' };
const at = (id: string, lane: string | null) => ({ id, lane });
const press = (here: { id: string; lane: string | null }, move: Parameters<typeof moveCursor>[3]) =>
  moveCursor(board, here, here.lane === null ? undefined : dayOf[here.id], move);

describe('cursorOrder', () => {
  it('reads the backlog, then each lane day by day; a card with two technicians is in both lanes', () => {
    expect(order).toEqual([
      at('b1', null), at('b2', null),
      at('a1', 'anna'), at('a2', 'anna'), at('a3', 'anna'),
      at('c1', 'carla'), at('a3', 'carla'), at('c2', 'carla'),
    ]);
  });

  it('keeps only the days of the period', () => {
    expect(cursorOrder([], laneIds, cells, days.slice(0, 2)).map((c) => c.id)).toEqual(['a1', 'a2', 'c1']);
  });
});

describe('placeCursor', () => {
  it('stays on its card in its lane', () => {
    expect(placeCursor(order, at('a3', 'carla'))).toEqual(at('a3', 'carla'));
  });

  it('follows its card to another lane when its lane no longer has it', () => {
    expect(placeCursor(order, at('c2', 'bruno'))).toEqual(at('c2', 'carla'));
  });

  it('goes to the first card when there is no cursor yet, or its card is gone', () => {
    expect(placeCursor(order, null)).toEqual(at('b1', null));
    expect(placeCursor(order, at('gone', 'anna'))).toEqual(at('b1', null));
    expect(placeCursor([], null)).toBeUndefined();
  });
});

describe('moveCursor: steps', () => {
  it('goes to the next and previous card in reading order, across days and lanes', () => {
    expect(press(at('a2', 'anna'), { step: 1 })).toEqual(at('a3', 'anna'));
    expect(press(at('a3', 'anna'), { step: 1 })).toEqual(at('c1', 'carla'));
    expect(press(at('c1', 'carla'), { step: -1 })).toEqual(at('a3', 'anna'));
  });

  it('stays within the backlog or the lanes: the edges hold', () => {
    expect(press(at('b2', null), { step: 1 })).toEqual(at('b2', null));
    expect(press(at('b1', null), { step: -1 })).toEqual(at('b1', null));
    expect(press(at('a1', 'anna'), { step: -1 })).toEqual(at('a1', 'anna'));
    expect(press(at('c2', 'carla'), { step: 1 })).toEqual(at('c2', 'carla'));
  });

  it('tells a card in two lanes apart by its lane', () => {
    expect(press(at('a3', 'carla'), { step: 1 })).toEqual(at('c2', 'carla'));
    expect(press(at('a3', 'anna'), { step: 1 })).toEqual(at('c1', 'carla'));
  });
});

describe('moveCursor: jumps by lane', () => {
  it('goes to the first card of the next lane that has one, past an empty lane', () => {
    expect(press(at('a3', 'anna'), { lanes: 1 })).toEqual(at('c1', 'carla'));
    expect(press(at('c2', 'carla'), { lanes: -1 })).toEqual(at('a1', 'anna'));
  });

  it('from the backlog goes to the first lane', () => {
    expect(press(at('b1', null), { lanes: 1 })).toEqual(at('a1', 'anna'));
  });

  it('stays at the first and the last lane', () => {
    expect(press(at('a1', 'anna'), { lanes: -1 })).toBeUndefined();
    expect(press(at('c1', 'carla'), { lanes: 1 })).toBeUndefined();
  });
});

describe('moveCursor: jumps by day', () => {
  it('goes to the first card of the nearest later or earlier day of the same lane, past empty days', () => {
    expect(press(at('a2', 'anna'), { days: 1 })).toEqual(at('a3', 'anna'));
    expect(press(at('a3', 'anna'), { days: -1 })).toEqual(at('a1', 'anna'));
  });

  it('reaches a card on a weekend day like any other', () => {
    expect(press(at('a3', 'carla'), { days: 1 })).toEqual(at('c2', 'carla'));
  });

  it('stays at the lane\'s first and last card, and in the backlog (it has no days)', () => {
    expect(press(at('a3', 'anna'), { days: 1 })).toBeUndefined();
    expect(press(at('c1', 'carla'), { days: -1 })).toBeUndefined();
    expect(press(at('b1', null), { days: 1 })).toBeUndefined();
  });
});

describe('moveCursor: first and last', () => {
  it('goes to the backlog\'s first card and the last lane\'s last card', () => {
    expect(press(at('a3', 'anna'), { to: 'first' })).toEqual(at('b1', null));
    expect(press(at('b1', null), { to: 'last' })).toEqual(at('c2', 'carla'));
    expect(moveCursor(board, undefined, undefined, { to: 'last' })).toEqual(at('c2', 'carla'));
  });

  it('without a cursor nothing else moves', () => {
    expect(moveCursor(board, undefined, undefined, { step: 1 })).toBeUndefined();
    expect(moveCursor(board, undefined, undefined, { lanes: 1 })).toBeUndefined();
  });
});

describe('cursorOnFocus', () => {
  it('brings the cursor to the part that gets the focus, unless it is already there', () => {
    expect(cursorOnFocus(order, at('b2', null), 'lanes')).toEqual(at('a1', 'anna'));
    expect(cursorOnFocus(order, at('c1', 'carla'), 'backlog')).toEqual(at('b1', null));
    expect(cursorOnFocus(order, at('c1', 'carla'), 'lanes')).toBeUndefined();
    expect(cursorOnFocus(order, undefined, 'backlog')).toEqual(at('b1', null));
  });
});
