import { describe, expect, it } from 'vitest';
import { messages } from '../validation.ts';
import { quotationDateIssues, type QuotationDates } from './dates.ts';

const context = { today: '2026-05-10', hasCommercialAgreements: false };
const valid: QuotationDates = {
  date: '2026-05-10',
  expiryDate: '2026-06-09',
  worksStartDate: '2026-06-01',
  worksCloseDate: '2026-06-30',
  validityDateTimeStart: '2026-05-01T00:00:00.000Z',
  validityDateTimeEnd: '2026-12-31T00:00:00.000Z',
};
const codes = (dates: QuotationDates, ctx = context) => quotationDateIssues(dates, ctx).map((i) => `${i.path.join('.')}:${i.code}`);

describe('quotation dates (SPEC §5)', () => {
  it('accepts coherent dates and empty ones', () => {
    expect(quotationDateIssues(valid, context)).toEqual([]);
    expect(quotationDateIssues({}, context)).toEqual([]);
  });

  it('flags works that close before they start, on both fields, with the Italian texts', () => {
    const issues = quotationDateIssues({ ...valid, worksStartDate: '2026-07-01' }, context);
    expect(issues).toEqual([
      { path: ['attributes', 'worksStartDate'], code: 'startBeforeClose', message: messages.startBeforeClose },
      { path: ['attributes', 'worksCloseDate'], code: 'closeAfterStart', message: messages.closeAfterStart },
    ]);
  });

  it('allows works that start and close on the same day', () => {
    expect(codes({ worksStartDate: '2026-06-01', worksCloseDate: '2026-06-01' })).toEqual([]);
  });

  it('flags a writing date in the future, but not today', () => {
    expect(codes({ date: '2026-05-11' })).toEqual(['attributes.date:notInFuture']);
    expect(codes({ date: '2026-05-10' })).toEqual([]);
    // Late evening of 10 May in Rome is still today.
    expect(codes({ date: '2026-05-10' }, { ...context, today: '2026-05-10T21:30:00Z' })).toEqual([]);
  });

  it('flags an expiry on or before the writing date', () => {
    expect(codes({ date: '2026-05-10', expiryDate: '2026-05-10' })).toEqual(['attributes.expiryDate:expiryAfterWriting']);
    expect(codes({ date: '2026-05-10', expiryDate: '2026-05-09' })).toEqual(['attributes.expiryDate:expiryAfterWriting']);
    expect(codes({ date: '2026-05-10', expiryDate: '2026-05-11' })).toEqual([]);
  });

  it('flags a validity that ends before it starts, comparing days in Rome', () => {
    expect(codes({ validityDateTimeStart: '2026-05-10T08:00:00Z', validityDateTimeEnd: '2026-05-09T08:00:00Z' })).toEqual([
      'attributes.validityDateTimeEnd:validityEndAfterStart',
    ]);
    expect(codes({ validityDateTimeStart: '2026-05-10T08:00:00Z', validityDateTimeEnd: '2026-05-10T06:00:00Z' })).toEqual([]);
  });

  it('requires both validity dates when the customer has commercial agreements', () => {
    const withAgreements = { ...context, hasCommercialAgreements: true };
    expect(codes({}, withAgreements)).toEqual([
      'attributes.validityDateTimeStart:validityRequired',
      'attributes.validityDateTimeEnd:validityRequired',
    ]);
    expect(codes({ validityDateTimeStart: '2026-05-01' }, withAgreements)).toEqual(['attributes.validityDateTimeEnd:validityRequired']);
    expect(codes(valid, withAgreements)).toEqual([]);
    expect(codes({}, context)).toEqual([]);
  });

  it('leaves values that are no dates to the field schema', () => {
    expect(codes({ date: 'domani', expiryDate: '2026-01-01', worksStartDate: '2026-02-30', worksCloseDate: '2026-01-01' })).toEqual([]);
  });

  it('reports every issue at once', () => {
    expect(codes({ date: '2026-06-01', expiryDate: '2026-05-01', worksStartDate: '2026-06-02', worksCloseDate: '2026-06-01' })).toEqual([
      'attributes.worksStartDate:startBeforeClose',
      'attributes.worksCloseDate:closeAfterStart',
      'attributes.date:notInFuture',
      'attributes.expiryDate:expiryAfterWriting',
    ]);
  });
});
