import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { activities } from './activities.ts';

const activity = { code: 'REV-EST', name: 'Revisione estintore', module: 'fire' };
const parse = (attributes: object) => entitySchema(activities).safeParse({ attributes: { ...activity, ...attributes } });

describe('activities', () => {
  it('default to active, with expiry counted from the last execution', () => {
    expect(parse({}).data?.attributes).toMatchObject({ isActive: true, expiryBasis: 'lastExecution' });
  });

  it('recur at least every 1 unit of SPEC §3 frequency units', () => {
    expect(parse({ frequency: { value: 6, unit: 'month' } }).success).toBe(true);
    expect(parse({ frequency: { value: 0, unit: 'month' } }).success).toBe(false);
    expect(parse({ frequency: { value: 1.5, unit: 'month' } }).success).toBe(false);
    expect(parse({ frequency: { value: 1, unit: 'fortnight' } }).success).toBe(false);
    expect(parse({ frequency: { value: 1, unit: 'year', every: 2 } }).success).toBe(false);
  });

  it('round the price to cents and refuse negative prices', () => {
    expect(parse({ price: 12.345 }).data?.attributes.price).toBe(12.35);
    expect(parse({ price: -1 }).success).toBe(false);
  });

  it('know only the three expiry bases', () => {
    expect(parse({ expiryBasis: 'installation' }).success).toBe(true);
    expect(parse({ expiryBasis: 'purchase' }).success).toBe(false);
  });
});
