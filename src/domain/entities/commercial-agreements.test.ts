import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { commercialAgreements } from './commercial-agreements.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const activityId = '2c5ea4c0-4067-11e9-8bad-9b1deb4d3b7d';
const agreement = { code: 'ACC-001', startDate: '2025-01-01', endDate: '2025-12-31' };
const parse = (attributes: object) => entitySchema(commercialAgreements).safeParse({ attributes, relationships: { customerId } });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('commercial agreements', () => {
  it('ends on or after it starts, or runs until cancelled', () => {
    expect(issues(parse({ ...agreement, endDate: '2024-12-31' }))).toEqual([
      { path: 'attributes.endDate', message: messages.validityEndAfterStart },
    ]);
    expect(issues(parse({ ...agreement, endDate: null }))).toEqual([]);
  });

  it('needs an activity or a product on each service item', () => {
    const item = { quantity: 2, unitPrice: 30 };
    expect(issues(parse({ ...agreement, serviceItems: [item] }))).toEqual([
      { path: 'attributes.serviceItems.0.activityId', message: messages.required },
    ]);
    expect(issues(parse({ ...agreement, serviceItems: [{ ...item, activityId }, { ...item, productId }] }))).toEqual([]);
  });

  it('takes a frequency as activities do', () => {
    expect(issues(parse({ ...agreement, frequency: { value: 6, unit: 'month' } }))).toEqual([]);
    expect(parse({ ...agreement, frequency: { value: 0, unit: 'month' } }).success).toBe(false);
    expect(parse({ ...agreement, frequency: { value: 6, unit: 'fortnight' } }).success).toBe(false);
  });

  it('gathers the activities and products of its items, so they cannot be deleted while in use', () => {
    const item = { quantity: 1, unitPrice: 10 };
    const result = parse({ ...agreement, serviceItems: [{ ...item, activityId, productId }, { ...item, activityId }] });
    expect(commercialAgreements.derivedMetadata(result.data as never)).toEqual({ activityIds: [activityId], productIds: [productId] });
  });

  it('titles itself by code, or by its start date', () => {
    expect(commercialAgreements.title(parse(agreement).data as never)).toBe('ACC-001');
    expect(commercialAgreements.title(parse({ startDate: '2025-01-01' }).data as never)).toBe('Accordo dal 01/01/2025');
  });
});
