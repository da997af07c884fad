import { describe, expect, it } from 'vitest';
import type { AssignmentLike } from '../../domain/rules/planning.ts';
import { periodTechnicianIds, readerLanes } from './reader-lanes.ts';

const WEEK = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08'];

/** An intervention of the period (09:00 UTC is 10:00 in Rome, the same day). */
const intervention = (id: string, day: string | null, operatorIds: string[], state = 'scheduled'): AssignmentLike => ({
  id,
  attributes: { state, plannedStartDateTime: day ? `${day}T09:00:00.000Z` : null, plannedEndDateTime: day ? `${day}T10:00:00.000Z` : null },
  relationships: { operatorIds, operatorInChargeId: operatorIds[0] ?? null },
});

/** A colleague as the staff names give them. */
const staff = (id: string, displayName: string, isEnabled = true) => [id, { id, displayName, isEnabled }] as const;
const names = new Map([staff('zeta', 'Zanetti Ugo'), staff('elle', 'Èrcoli Anna'), staff('bi', 'Bianchi Marco'), staff('ci', 'conti Carla')]);
const office = { id: 'me', displayName: 'Operatore Demo', isMainteiner: false };

describe('the lanes of a board reader who may not list users', () => {
  it('are the technicians of the period’s interventions, by name in Italian order', () => {
    const period = [
      intervention('a1', '2026-11-03', ['zeta', 'bi']),
      intervention('a2', '2026-11-05', ['elle']),
      intervention('a3', '2026-11-06', ['ci', 'zeta']),
    ];
    expect(readerLanes(period, WEEK, names, office)).toEqual([
      { id: 'bi', displayName: 'Bianchi Marco' },
      { id: 'ci', displayName: 'conti Carla' },
      { id: 'elle', displayName: 'Èrcoli Anna' },
      { id: 'zeta', displayName: 'Zanetti Ugo' },
    ]);
  });

  it('leave out technicians of cards not drawn in the period: outside its days, undated, or in the backlog', () => {
    const period = [
      intervention('a1', '2026-11-01', ['zeta']), // the day before (the period is asked a day wider each side)
      intervention('a2', null, ['elle']),
      intervention('a3', '2026-11-04', ['bi'], 'open'),
      intervention('a4', '2026-11-04', ['ci']),
    ];
    expect(periodTechnicianIds(period, WEEK)).toEqual(['ci']);
    expect(readerLanes(period, WEEK, names, office).map((lane) => lane.id)).toEqual(['ci']);
  });

  it('keep a maintainer’s own lane, named by the session, with or without an intervention', () => {
    const maintainer = { id: 'me', displayName: 'Delle Monache Ivan', isMainteiner: true };
    expect(readerLanes([], WEEK, names, maintainer)).toEqual([{ id: 'me', displayName: 'Delle Monache Ivan' }]);
    const period = [intervention('a1', '2026-11-03', ['me', 'zeta']), intervention('a2', '2026-11-04', ['bi'])];
    expect(readerLanes(period, WEEK, names, maintainer)).toEqual([
      { id: 'bi', displayName: 'Bianchi Marco' },
      { id: 'me', displayName: 'Delle Monache Ivan' },
      { id: 'zeta', displayName: 'Zanetti Ugo' },
    ]);
  });

  it('mark a colleague who has been disabled, kept for their cards', () => {
    const withLeaver = new Map([...names, staff('ex', 'Aldi Piero', false)]);
    const period = [intervention('a1', '2026-11-03', ['ex']), intervention('a2', '2026-11-04', ['bi'])];
    expect(readerLanes(period, WEEK, withLeaver, office)).toEqual([
      { id: 'ex', displayName: 'Aldi Piero', away: 'disabled' },
      { id: 'bi', displayName: 'Bianchi Marco' },
    ]);
  });

  it('are none for an office reader when the period has no technician; a name still asked is empty', () => {
    expect(readerLanes([], WEEK, names, office)).toEqual([]);
    expect(readerLanes([intervention('a1', '2026-11-03', ['new'])], WEEK, new Map(), office)).toEqual([{ id: 'new', displayName: '' }]);
  });
});
