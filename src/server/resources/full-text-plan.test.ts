import { describe, expect, it } from 'vitest';
import { chooseFullTextPlan, FULL_TEXT_BOUNDED_SCAN } from './repository.ts';

describe('full-text plan', () => {
  const rows = 1_000_000;
  it('walks the sorted index for very common words, when evenly spread matches would meet the page soon', () => {
    // 300,000 matches of a million: the first 100 rows are met after about 333 rows read.
    expect(chooseFullTextPlan({ matches: 300_000, rows, read: 100 })).toBe('filter');
    expect(chooseFullTextPlan({ matches: 60_000, rows, read: 100 })).toBe('filter');
  });

  it('walks at most a bounded stretch when an even spread would fill the page within it (then falls back to the match set)', () => {
    // An equipment model word: 17,895 matches, 25 rows a page → about 1,400 rows walked.
    expect(chooseFullTextPlan({ matches: 17_895, rows, read: 25 })).toBe('bounded');
    expect(chooseFullTextPlan({ matches: 1_200, rows: 1_200, read: 7 })).toBe('bounded');
    // A model word in 1 % of the equipments: about 2,600 rows walked, well within the 5,000.
    expect(chooseFullTextPlan({ matches: 9_603, rows, read: 25 })).toBe('bounded');
  });

  it('reads the match set when even an even spread would need more than two thirds of the bound', () => {
    // A customer's name in the worklist: 18,000 matches, 100 rows a page → 5,555 rows, and they may all sort last.
    expect((100 * rows) / 18_000 * 1.5).toBeGreaterThan(FULL_TEXT_BOUNDED_SCAN);
    expect(chooseFullTextPlan({ matches: 6_000, rows, read: 25 })).toBe('index');
    expect(chooseFullTextPlan({ matches: 18_000, rows, read: 100 })).toBe('index');
    expect(chooseFullTextPlan({ matches: 60_000, rows, read: 5_000 })).toBe('index');
    expect(chooseFullTextPlan({ matches: 1, rows: 1_200, read: 7 })).toBe('index');
    expect(chooseFullTextPlan({ matches: 0, rows, read: 25 })).toBe('index');
  });
});
