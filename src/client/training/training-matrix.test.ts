import { describe, expect, it } from 'vitest';
import { fullDate, gridMove } from './training-matrix.tsx';

describe('the training matrix’s keyboard moves', () => {
  const at = { row: 1, column: 1 };
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(gridMove('ArrowRight', false, at, 3, 3)).toEqual({ row: 1, column: 2 });
    expect(gridMove('ArrowDown', false, at, 3, 3)).toEqual({ row: 2, column: 1 });
    expect(gridMove('ArrowRight', false, { row: 1, column: 2 }, 3, 3)).toEqual({ row: 1, column: 2 });
    expect(gridMove('ArrowUp', false, { row: 0, column: 0 }, 3, 3)).toEqual({ row: 0, column: 0 });
  });

  it('goes to the row’s ends with Home and End, to the grid’s with Ctrl, and leaves other keys alone', () => {
    expect(gridMove('Home', false, at, 3, 4)).toEqual({ row: 1, column: 0 });
    expect(gridMove('End', false, at, 3, 4)).toEqual({ row: 1, column: 3 });
    expect(gridMove('Home', true, at, 3, 4)).toEqual({ row: 0, column: 0 });
    expect(gridMove('End', true, at, 3, 4)).toEqual({ row: 2, column: 3 });
    expect(gridMove('Enter', false, at, 3, 4)).toBeNull();
    expect(gridMove('Tab', false, at, 3, 4)).toBeNull();
  });

  it('writes a calendar day as gg/mm/aaaa, whatever the time zone', () => {
    expect(fullDate('2026-10-29')).toBe('29/10/2026');
    expect(fullDate('2027-01-01')).toBe('01/01/2027');
  });
});
