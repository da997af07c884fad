import { describe, expect, it } from 'vitest';
import {
  applyCommercialOffer, commercialPriceFactor, effectiveCommercialPercentage, isCommercialOfferValid, type CommercialOfferTerms,
} from './commercial-offer.ts';

const march: CommercialOfferTerms = {
  commercialOfferType: 'discount',
  commercialPercentage: 10,
  validityDateTimeStart: '2026-03-01T00:00:00.000Z',
  validityDateTimeEnd: '2026-03-31T00:00:00.000Z',
};

describe('commercial offer validity (SPEC §4)', () => {
  it('includes both the first and the last day', () => {
    expect(isCommercialOfferValid(march, '2026-03-01')).toBe(true);
    expect(isCommercialOfferValid(march, '2026-03-31')).toBe(true);
    expect(isCommercialOfferValid(march, '2026-03-15')).toBe(true);
  });

  it('excludes the days just outside the window', () => {
    expect(isCommercialOfferValid(march, '2026-02-28')).toBe(false);
    expect(isCommercialOfferValid(march, '2026-04-01')).toBe(false);
  });

  it('counts the whole last day, whatever the hour of today', () => {
    expect(isCommercialOfferValid(march, new Date('2026-03-31T20:00:00Z'))).toBe(true);
    expect(isCommercialOfferValid(march, '2026-03-31T21:59:00Z')).toBe(true);
    // 22:30 UTC on 31 March is already 1 April in Rome (summer time).
    expect(isCommercialOfferValid(march, '2026-03-31T22:30:00Z')).toBe(false);
  });

  it('reads a date-time as its day in Rome (midnight in Italy sent as UTC)', () => {
    const terms = { ...march, validityDateTimeEnd: '2026-03-30T22:00:00.000Z' };
    expect(isCommercialOfferValid(terms, '2026-03-31')).toBe(true);
    expect(isCommercialOfferValid(terms, '2026-04-01')).toBe(false);
  });

  it('is not valid without both dates or with an impossible day', () => {
    expect(isCommercialOfferValid({ ...march, validityDateTimeStart: null }, '2026-03-15')).toBe(false);
    expect(isCommercialOfferValid({ ...march, validityDateTimeEnd: undefined }, '2026-03-15')).toBe(false);
    expect(isCommercialOfferValid(march, 'not a date')).toBe(false);
  });

  it('allows a one-day window', () => {
    const oneDay = { ...march, validityDateTimeStart: '2026-03-10', validityDateTimeEnd: '2026-03-10' };
    expect(isCommercialOfferValid(oneDay, '2026-03-10')).toBe(true);
    expect(isCommercialOfferValid(oneDay, '2026-03-11')).toBe(false);
  });
});

describe('effective percentage and price', () => {
  it('applies a discount as a negative percentage', () => {
    expect(effectiveCommercialPercentage(march, '2026-03-15')).toBe(-10);
    expect(commercialPriceFactor(march, '2026-03-15')).toBeCloseTo(0.9, 12);
    expect(applyCommercialOffer(100, march, '2026-03-15')).toBe(90);
  });

  it('applies a surcharge as a positive percentage', () => {
    const surcharge = { ...march, commercialOfferType: 'surcharge' as const, commercialPercentage: 12.5 };
    expect(effectiveCommercialPercentage(surcharge, '2026-03-15')).toBe(12.5);
    expect(commercialPriceFactor(surcharge, '2026-03-15')).toBe(1.125);
    expect(applyCommercialOffer(19.99, surcharge, '2026-03-15')).toBe(22.49);
  });

  it('treats a missing type as a discount (SPEC §3 default)', () => {
    const { commercialOfferType: _type, ...noType } = march;
    expect(effectiveCommercialPercentage(noType, '2026-03-15')).toBe(-10);
  });

  it('counts as 0 outside the window or without a percentage', () => {
    expect(effectiveCommercialPercentage(march, '2026-04-01')).toBe(0);
    expect(commercialPriceFactor(march, '2026-04-01')).toBe(1);
    expect(applyCommercialOffer(33.333, march, '2026-04-01')).toBe(33.33);
    expect(effectiveCommercialPercentage({ ...march, commercialPercentage: null }, '2026-03-15')).toBe(0);
  });

  it('rounds the price to the cent, half away from zero', () => {
    // 10.05 − 10% = 9.045 → 9.05
    expect(applyCommercialOffer(10.05, march, '2026-03-15')).toBe(9.05);
  });
});
