/** Rectifications (issue 26 §4): the office reads an anomaly's proofs waiting ones first, newest first within each. */
import { describe, expect, it } from 'vitest';
import { pendingFirst } from './rectifications.ts';

const proof = (id: string, state: string, createdDateTime: string) => ({ id, attributes: { state }, metadata: { createdDateTime } });

describe('pendingFirst', () => {
  it('puts the proofs waiting for the office first, then the decided ones, each newest first', () => {
    const rows = [
      proof('refused-old', 'refused', '2026-05-01T08:00:00.000Z'),
      proof('waiting-old', 'submitted', '2026-05-02T08:00:00.000Z'),
      proof('accepted', 'accepted', '2026-05-04T08:00:00.000Z'),
      proof('waiting-new', 'submitted', '2026-05-03T08:00:00.000Z'),
    ];
    expect(pendingFirst(rows).map((row) => row.id)).toEqual(['waiting-new', 'waiting-old', 'accepted', 'refused-old']);
    // The list it was given is left as it was.
    expect(rows[0]!.id).toBe('refused-old');
  });

  it('keeps an empty list empty', () => {
    expect(pendingFirst([])).toEqual([]);
  });
});
