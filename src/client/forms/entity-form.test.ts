import { describe, expect, it } from 'vitest';
import { findKind } from '../../domain/kinds.ts';
import { NEW_ID, newEntity, shortTime, validationErrors } from './entity-form.tsx';

describe('entity form', () => {
  it('still offers the record layer helpers the screens import from it', () => {
    const fresh = newEntity(findKind('jobs')!);
    expect(fresh.id).toBe(NEW_ID);
    expect(validationErrors(findKind('jobs')!, fresh).size).toBeGreaterThan(0);
  });

  it('says when a kept draft or a change happened: the time today (Europe/Rome), else the day too', () => {
    const now = new Date('2026-03-04T15:00:00Z');
    expect(shortTime('2026-03-04T09:42:00Z', now)).toEqual({ text: '10:42', today: true });
    // 23:30 UTC on the 3rd is already the 4th in Rome.
    expect(shortTime('2026-03-03T23:30:00Z', now)).toEqual({ text: '00:30', today: true });
    expect(shortTime('2026-03-02T09:42:00Z', now)).toEqual({ text: '02/03/26, 10:42', today: false });
  });
});
