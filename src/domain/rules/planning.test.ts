import { describe, expect, it } from 'vitest';
import {
  BOARD_HOURS, DEFAULT_START_MINUTES, withPlacement, doubleBookings, dropPlan, durationMinutes, isInBacklog, laneCells, mondayOf, moveSlot, nextWeekday,
  periodDays, placementOf, reassign, requestRanges, romeInstant, romeWallClock, shiftPeriod, slotOf, technicianLanes, withOperator, type Placement,
  boardLanes,
} from './planning.ts';

const placement = (over: Partial<Placement> = {}): Placement => ({
  id: 'a', state: 'scheduled', start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T10:00:00.000Z', operatorIds: ['t1'], operatorInChargeId: 't1', ...over,
});

describe('periods', () => {
  it('asks a period as ranges of a week that cover every day once', () => {
    expect(requestRanges('2026-10-31', '2026-12-01')).toEqual([
      ['2026-10-31', '2026-11-06'], ['2026-11-07', '2026-11-13'], ['2026-11-14', '2026-11-20'], ['2026-11-21', '2026-11-27'], ['2026-11-28', '2026-12-01'],
    ]);
    expect(requestRanges('2026-11-22', '2026-11-30')).toEqual([['2026-11-22', '2026-11-28'], ['2026-11-29', '2026-11-30']]);
    expect(requestRanges('2026-11-23', '2026-11-23')).toEqual([['2026-11-23', '2026-11-23']]);
  });

  it('shows Monday to Sunday in a week and every day of the month', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(periodDays('week', '2026-11-29')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    const february = periodDays('month', '2028-02-10');
    expect(february).toHaveLength(29);
    expect(february[0]).toBe('2028-02-01');
    expect(february.at(-1)).toBe('2028-02-29');
  });

  it('moves a week or a month at a time', () => {
    expect(shiftPeriod('week', '2026-11-26', 1)).toBe('2026-11-30');
    expect(shiftPeriod('week', '2026-11-26', -1)).toBe('2026-11-16');
    expect(shiftPeriod('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftPeriod('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('finds next Tuesday strictly after a day', () => {
    expect(nextWeekday('2026-11-23', 2)).toBe('2026-11-24');
    expect(nextWeekday('2026-11-24', 2)).toBe('2026-12-01');
    expect(nextWeekday('2026-11-29', 2)).toBe('2026-12-01');
  });
});

describe('Rome wall clock', () => {
  it('converts both ways in winter and in summer time', () => {
    expect(romeInstant('2026-11-24', 9 * 60)).toBe('2026-11-24T08:00:00.000Z');
    expect(romeInstant('2026-07-14', 9 * 60)).toBe('2026-07-14T07:00:00.000Z');
    expect(romeWallClock('2026-07-14T07:00:00.000Z')).toEqual({ day: '2026-07-14', minutes: 540 });
    // Late evening UTC is already the next day in Rome.
    expect(romeWallClock('2026-11-24T23:30:00.000Z')).toEqual({ day: '2026-11-25', minutes: 30 });
  });

  it('keeps the wall-clock time on the days the clocks change', () => {
    expect(romeInstant('2026-03-29', 9 * 60)).toBe('2026-03-29T07:00:00.000Z');
    expect(romeInstant('2026-10-25', 9 * 60)).toBe('2026-10-25T08:00:00.000Z');
    expect(romeWallClock(romeInstant('2026-10-25', 9 * 60)).minutes).toBe(540);
  });

  it('agrees with Intl minute by minute around the changes, and over years (offsets are kept by UTC hour)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const expected = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
      return { day: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
    };
    const instants: number[] = [];
    for (const change of ['2026-03-29T00:00:00Z', '2026-10-25T00:00:00Z', '1980-09-28T00:00:00Z']) {
      for (let minute = 0; minute < 4 * 60; minute += 7) instants.push(Date.parse(change) + minute * 60_000);
    }
    for (let ms = Date.parse('1975-01-01T00:00:00Z'); ms < Date.parse('2040-01-01T00:00:00Z'); ms += 86_400_000 * 13 + 3_600_000 * 5 + 60_000 * 17) instants.push(ms);
    for (const ms of instants) expect(romeWallClock(new Date(ms).toISOString())).toEqual(expected(ms));
  });
});

describe('lanes', () => {
  it('has one lane per enabled maintainer of the module, by name', () => {
    const users = [
      { id: '1', displayName: 'Zeno', isMainteiner: true, allowedModules: ['fire'] },
      { id: '2', displayName: 'Anna', isMainteiner: true, allowedModules: ['fire', 'equip'] },
      { id: '3', displayName: 'Bruno', isMainteiner: false, allowedModules: ['fire'] },
      { id: '4', displayName: 'Carla', isMainteiner: true, allowedModules: ['edu'] },
      { id: '5', displayName: 'Dario', isMainteiner: true, allowedModules: ['fire'], isEnabled: false },
      // Staff with no modules may work on all of them.
      { id: '6', displayName: 'Elena', isMainteiner: true, allowedModules: [] },
    ];
    expect(technicianLanes(users, 'fire').map((u) => u.displayName)).toEqual(['Anna', 'Elena', 'Zeno']);
    expect(technicianLanes(users, 'edu').map((u) => u.displayName)).toEqual(['Carla', 'Elena']);
  });

  it('keeps a lane, marked, for whoever else the period’s cards name: disabled, or not a maintainer of the module', () => {
    const users = [
      { id: '1', displayName: 'Zeno', isMainteiner: true, allowedModules: ['fire'] },
      { id: '2', displayName: 'Anna', isMainteiner: true, allowedModules: ['fire'] },
      { id: '5', displayName: 'Dario', isMainteiner: true, allowedModules: ['fire'], isEnabled: false },
      { id: '7', displayName: 'Bice', isMainteiner: true, allowedModules: ['fire'], isEnabled: false },
    ];
    const names = new Map([['9', 'Ugo'], ['8', 'Èrcole']]);
    // '7' is disabled with no card in the period: no lane. '1' is on the module: its lane is not repeated.
    expect(boardLanes(users, 'fire', ['5', '9', '1', '8', '5'], (id) => names.get(id) ?? '')).toEqual([
      { id: '2', displayName: 'Anna' },
      { id: '1', displayName: 'Zeno' },
      { id: '5', displayName: 'Dario', away: 'disabled' },
      { id: '8', displayName: 'Èrcole', away: 'notOnModule' },
      { id: '9', displayName: 'Ugo', away: 'notOnModule' },
    ]);
    expect(boardLanes(users, 'fire', [], () => '')).toEqual([{ id: '2', displayName: 'Anna' }, { id: '1', displayName: 'Zeno' }]);
  });
});

describe('placements', () => {
  it('reads an assignment record and its length', () => {
    const p = placementOf({ id: 'x', attributes: { state: 'open', plannedStartDateTime: null }, relationships: { operatorIds: [] } });
    expect(p).toEqual({ id: 'x', state: 'open', start: null, end: null, operatorIds: [], operatorInChargeId: null });
    expect(isInBacklog(p)).toBe(true);
    expect(durationMinutes(p)).toBe(60);
    expect(durationMinutes(placement())).toBe(120);
    expect(isInBacklog(placement())).toBe(false);
    expect(isInBacklog(placement({ state: 'postponed' }))).toBe(true);
  });

  it('picks a card up where it is, or on the first lane at the usual start', () => {
    expect(slotOf(placement({ operatorIds: ['t1', 't2'], operatorInChargeId: 't2' }), ['t1', 't2'], '2026-11-23')).toEqual({ operatorId: 't2', day: '2026-11-24', minutes: 540 });
    expect(slotOf(placement({ operatorIds: ['t1', 't2'], operatorInChargeId: 't2' }), ['t1', 't2'], '2026-11-23', 't1')?.operatorId).toBe('t1');
    expect(slotOf(placement({ start: null, operatorIds: [], operatorInChargeId: null, state: 'open' }), ['t3', 't4'], '2026-11-23'))
      .toEqual({ operatorId: 't3', day: '2026-11-23', minutes: DEFAULT_START_MINUTES });
    expect(slotOf(placement(), [], '2026-11-23')).toBeNull();
  });

  it('moves by day, by hour within the working hours, and by lane within the board', () => {
    const lanes = ['t1', 't2', 't3'];
    const slot = { operatorId: 't1', day: '2026-11-30', minutes: 8 * 60 };
    expect(moveSlot(slot, { days: 1 }, lanes)).toEqual({ ...slot, day: '2026-12-01' });
    expect(moveSlot(slot, { days: -1 }, lanes).day).toBe('2026-11-29');
    expect(moveSlot(slot, { hours: 1 }, lanes).minutes).toBe(9 * 60);
    expect(moveSlot(slot, { hours: -5 }, lanes).minutes).toBe(BOARD_HOURS.first * 60);
    expect(moveSlot(slot, { hours: 20 }, lanes, 120).minutes).toBe(BOARD_HOURS.last * 60 - 120);
    expect(moveSlot(slot, { lanes: 1 }, lanes).operatorId).toBe('t2');
    expect(moveSlot(slot, { lanes: -1 }, lanes).operatorId).toBe('t1');
    expect(moveSlot({ ...slot, operatorId: 't3' }, { lanes: 1 }, lanes).operatorId).toBe('t3');
  });

  it('hands the work to the lane it is dropped on', () => {
    // From t1's lane to t3's: t3 replaces t1, also as the one in charge.
    expect(reassign({ operatorIds: ['t1', 't2'], operatorInChargeId: 't1' }, 't1', 't3')).toEqual({ operatorIds: ['t3', 't2'], operatorInChargeId: 't3' });
    // t2 keeps the charge when t1 (not in charge) is replaced.
    expect(reassign({ operatorIds: ['t1', 't2'], operatorInChargeId: 't2' }, 't1', 't3')).toEqual({ operatorIds: ['t3', 't2'], operatorInChargeId: 't2' });
    // Onto a lane of someone already on the team: the moved one leaves.
    expect(reassign({ operatorIds: ['t1', 't2'], operatorInChargeId: 't1' }, 't1', 't2')).toEqual({ operatorIds: ['t2'], operatorInChargeId: 't2' });
    // From the backlog: the technician joins, in charge.
    expect(reassign({ operatorIds: [], operatorInChargeId: null }, undefined, 't1')).toEqual({ operatorIds: ['t1'], operatorInChargeId: 't1' });
    // Same lane: nothing changes.
    expect(reassign({ operatorIds: ['t1', 't2'], operatorInChargeId: 't2' }, 't1', 't1')).toEqual({ operatorIds: ['t1', 't2'], operatorInChargeId: 't2' });
  });

  it('adds an operator, in charge when nobody is', () => {
    expect(withOperator({ operatorIds: [], operatorInChargeId: null }, 't1')).toEqual({ operatorIds: ['t1'], operatorInChargeId: 't1' });
    expect(withOperator({ operatorIds: ['t1'], operatorInChargeId: 't1' }, 't2')).toEqual({ operatorIds: ['t1', 't2'], operatorInChargeId: 't1' });
    expect(withOperator({ operatorIds: ['t1'], operatorInChargeId: 't1' }, 't1')).toEqual({ operatorIds: ['t1'], operatorInChargeId: 't1' });
  });

  it('plans a drop: the Rome time, the same length, the schedule transition for the backlog only', () => {
    const open = placement({ state: 'open', start: null, end: null, operatorIds: [], operatorInChargeId: null });
    expect(dropPlan(open, { operatorId: 't2', day: '2026-12-01', minutes: 9 * 60 })).toEqual({
      patch: {
        attributes: { plannedStartDateTime: '2026-12-01T08:00:00.000Z', plannedEndDateTime: '2026-12-01T09:00:00.000Z' },
        relationships: { operatorIds: ['t2'], operatorInChargeId: 't2' },
      },
      schedule: true,
    });
    const moved = dropPlan(placement(), { operatorId: 't1', day: '2026-11-25', minutes: 14 * 60 + 30 }, 't1');
    expect(moved.schedule).toBe(false);
    expect(moved.patch.attributes).toEqual({ plannedStartDateTime: '2026-11-25T13:30:00.000Z', plannedEndDateTime: '2026-11-25T15:30:00.000Z' });
  });
});

describe('double bookings', () => {
  it('finds overlaps per operator among busy interventions only', () => {
    const clashes = doubleBookings([
      placement({ id: 'a', start: '2026-11-24T08:00:00Z', end: '2026-11-24T10:00:00Z', operatorIds: ['t1'] }),
      placement({ id: 'b', start: '2026-11-24T09:00:00Z', end: '2026-11-24T11:00:00Z', operatorIds: ['t1', 't2'] }),
      // Starts when a ends: no clash with a, but with b.
      placement({ id: 'c', start: '2026-11-24T10:00:00Z', end: '2026-11-24T10:30:00Z', operatorIds: ['t1'] }),
      // Another technician at the same time.
      placement({ id: 'd', start: '2026-11-24T08:00:00Z', end: '2026-11-24T09:00:00Z', operatorIds: ['t3'] }),
      // Closed work does not clash.
      placement({ id: 'e', state: 'closed', start: '2026-11-24T08:00:00Z', end: '2026-11-24T12:00:00Z', operatorIds: ['t1'] }),
      // Without an end it lasts the default hour: 11:00–12:00 clashes with nothing.
      placement({ id: 'f', start: '2026-11-24T11:00:00Z', end: null, operatorIds: ['t2'] }),
    ]);
    expect([...clashes.keys()].toSorted()).toEqual(['a', 'b', 'c']);
    expect([...clashes.get('b')!].toSorted()).toEqual(['a', 'c']);
    expect([...clashes.get('a')!]).toEqual(['b']);
  });
});

describe('lane cells', () => {
  it('puts a card in every lane of its team, on its Rome day, in time order', () => {
    const days = periodDays('week', '2026-11-24');
    const cells = laneCells([
      placement({ id: 'late', start: '2026-11-24T15:00:00Z', operatorIds: ['t1', 't2'], operatorInChargeId: 't2' }),
      placement({ id: 'early', start: '2026-11-24T07:00:00Z', operatorIds: ['t1'] }),
      placement({ id: 'backlog', state: 'open' }),
      placement({ id: 'cancelled', state: 'canceled' }),
      placement({ id: 'other-week', start: '2026-12-02T07:00:00Z' }),
      placement({ id: 'no-lane', operatorIds: ['ex'], operatorInChargeId: 'ex' }),
    ], ['t1', 't2'], days);
    expect(cells.get('t1')?.get('2026-11-24')?.map((c) => c.id)).toEqual(['early', 'late']);
    expect(cells.get('t2')?.get('2026-11-24')).toEqual([{ id: 'late', minutes: 16 * 60, inCharge: true }]);
    expect(cells.size).toBe(2);
  });
});

describe('one card moved', () => {
  it('changes only the lanes it leaves and enters', () => {
    const days = periodDays('week', '2026-11-24');
    const lanes = ['t1', 't2', 't3'];
    const a = placement({ id: 'a', start: '2026-11-24T08:00:00Z', operatorIds: ['t1'], operatorInChargeId: 't1' });
    const b = placement({ id: 'b', start: '2026-11-24T07:00:00Z', operatorIds: ['t1', 't3'], operatorInChargeId: 't1' });
    const c = placement({ id: 'c', start: '2026-11-25T07:00:00Z', operatorIds: ['t2'], operatorInChargeId: 't2' });
    const cells = laneCells([a, b, c], lanes, days);
    const moved = { ...a, start: '2026-11-25T06:00:00Z', operatorIds: ['t2'], operatorInChargeId: 't2' };
    const next = withPlacement(cells, a, moved, lanes, days);
    expect(next).toEqual(laneCells([moved, b, c], lanes, days));
    expect(next.get('t3')).toBe(cells.get('t3'));
    expect(next.get('t2')?.get('2026-11-25')?.map((card) => card.id)).toEqual(['a', 'c']);
    expect(next.get('t1')?.get('2026-11-24')?.map((card) => card.id)).toEqual(['b']);
    // From the backlog (no lane before) onto an empty lane.
    const fresh = placement({ id: 'n', state: 'scheduled', start: '2026-11-26T08:00:00Z', operatorIds: ['t3'], operatorInChargeId: 't3' });
    expect(withPlacement(cells, undefined, fresh, lanes, days).get('t3')?.get('2026-11-26')).toEqual([{ id: 'n', minutes: 540, inCharge: true }]);
  });
});
