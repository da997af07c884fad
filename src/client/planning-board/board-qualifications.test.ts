import { describe, expect, it } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { laneMissing, neededSystemTypes } from './board-qualifications.ts';

const intervention = (systemTypes: unknown) => ({ id: 'a', attributes: {}, relationships: {}, metadata: { systemTypes } }) as unknown as Entity;

describe('the board’s qualification marks', () => {
  it('reads what an intervention needs from its metadata, known types only', () => {
    expect(neededSystemTypes(intervention(['fireDoors', 'extinguishers', 'other']))).toEqual(['extinguishers', 'fireDoors']);
    expect(neededSystemTypes(intervention(undefined))).toEqual([]);
    expect(neededSystemTypes(undefined)).toEqual([]);
  });

  it('marks a lane only for the types its technician lacks on that day, and none while the qualifications are unknown', () => {
    const held = new Map([['tech', [{ systemTypes: ['extinguishers' as const], obtainedOn: '2025-01-01', renewalDue: '2026-12-31' }]]]);
    expect(laneMissing(held, 'tech', ['extinguishers', 'fireDoors'], '2026-12-01')).toEqual(['fireDoors']);
    expect(laneMissing(held, 'tech', ['extinguishers'], '2027-01-05')).toEqual(['extinguishers']);
    expect(laneMissing(held, 'other', ['extinguishers'], '2026-12-01')).toEqual(['extinguishers']);
    expect(laneMissing(undefined, 'tech', ['fireDoors'], '2026-12-01')).toEqual([]);
    // Before 25 September 2026 the decree asks for nothing.
    expect(laneMissing(held, 'other', ['fireDoors'], '2026-09-24')).toEqual([]);
  });
});
