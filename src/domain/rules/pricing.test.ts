import { describe, expect, it } from 'vitest';
import { applicablePriceList, isPriceListValid, priceLine, type PricedCustomer, type PricedProduct, type PricingList, lineDiscountText, offerHintText } from './pricing.ts';

const productId = 'p1';
const product: PricedProduct = {
  name: 'Estintore a polvere 6 kg',
  unitOfMeasure: 'each',
  listPrice: 50,
  costPrice: 30,
  suppliers: [
    { supplierId: 's-other', costPrice: 25, isDefault: false },
    { supplierId: 's-default', costPrice: 22.5, isDefault: true },
  ],
};
const customer: PricedCustomer = {
  id: 'c1',
  commercialZoneId: 'z1',
  commercialOfferType: 'discount',
  commercialPercentage: 10,
  validityDateTimeStart: '2026-06-01T00:00:00.000Z',
  validityDateTimeEnd: '2026-06-30T00:00:00.000Z',
};
const list = (id: string, price: number, extra: Partial<PricingList> = {}): PricingList => ({ id, items: [{ productId, price }], ...extra });
const general = list('general', 45, { isDefault: true });
const zone = list('zone', 42, { commercialZoneId: 'z1' });
const own = list('own', 40, { customerId: 'c1' });
const today = '2026-06-15';

describe('price list validity', () => {
  it('includes both days and leaves a missing end open', () => {
    expect(isPriceListValid({ validFrom: '2026-06-15', validTo: '2026-06-15' }, today)).toBe(true);
    expect(isPriceListValid({ validFrom: '2026-06-16' }, today)).toBe(false);
    expect(isPriceListValid({ validTo: '2026-06-14' }, today)).toBe(false);
    expect(isPriceListValid({}, today)).toBe(true);
  });
});

describe('applicable price list', () => {
  it('prefers the customer’s own list, then the zone’s, then the general one', () => {
    expect(applicablePriceList(customer, [general, zone, own], today)?.source).toBe('customer');
    expect(applicablePriceList(customer, [general, zone], today)?.source).toBe('zone');
    expect(applicablePriceList(customer, [general], today)?.source).toBe('general');
    expect(applicablePriceList({ ...customer, commercialZoneId: null }, [general, zone], today)?.list.id).toBe('general');
    expect(applicablePriceList(customer, [], today)).toBeUndefined();
  });

  it('skips a list that is not valid today', () => {
    const expired = { ...own, validTo: '2026-06-14' };
    expect(applicablePriceList(customer, [general, zone, expired], today)?.source).toBe('zone');
  });

  it('takes the active list the customer names over its other lists', () => {
    const other = list('own-2', 38, { customerId: 'c1', validFrom: '2026-06-10' });
    expect(applicablePriceList({ ...customer, activePriceListId: 'own' }, [own, other], today)?.list.id).toBe('own');
    expect(applicablePriceList(customer, [own, other], today)?.list.id).toBe('own-2');
  });

  it('does not take another customer’s list', () => {
    expect(applicablePriceList(customer, [general, list('x', 1, { customerId: 'c2' })], today)?.source).toBe('general');
  });
});

describe('priceLine', () => {
  it('takes the list row, applies the valid offer, and the default supplier’s cost', () => {
    expect(priceLine({ productId, product, customer, priceLists: [general, zone, own], today })).toEqual({
      description: 'Estintore a polvere 6 kg',
      unitOfMeasure: 'each',
      priceListId: 'own',
      priceListSource: 'customer',
      listPrice: 40,
      unitPrice: 36,
      offerPercent: -10,
      costPrice: 22.5,
      supplierId: 's-default',
    });
  });

  it('subtracts the row’s discount and rounds to the cent', () => {
    const discounted: PricingList = { id: 'd', customerId: 'c1', items: [{ productId, price: 33.33, discountPercent: 15 }] };
    const line = priceLine({ productId, product, customer: { ...customer, commercialPercentage: 0 }, priceLists: [discounted], today });
    expect(line.listPrice).toBe(28.33);
    expect(line.unitPrice).toBe(28.33);
  });

  it('counts an expired offer as 0 and applies a surcharge as a surcharge', () => {
    const expired = { ...customer, validityDateTimeEnd: '2026-06-14T00:00:00.000Z' };
    expect(priceLine({ productId, product, customer: expired, priceLists: [general], today })).toMatchObject({ listPrice: 45, unitPrice: 45, offerPercent: 0 });
    const surcharge = { ...customer, commercialOfferType: 'surcharge' as const, commercialPercentage: 5 };
    expect(priceLine({ productId, product, customer: surcharge, priceLists: [general], today })).toMatchObject({ listPrice: 45, unitPrice: 47.25 });
  });

  it('uses the product’s own price when the applicable list does not price it', () => {
    const other: PricingList = { id: 'o', customerId: 'c1', items: [{ productId: 'p2', price: 1 }] };
    expect(priceLine({ productId, product, customer, priceLists: [other, general], today })).toMatchObject({ priceListId: null, listPrice: 50, unitPrice: 45 });
  });

  it('falls back to the product’s cost without a default supplier, and leaves prices out when there are none', () => {
    const bare: PricedProduct = { name: 'Sopralluogo', description: ' Sopralluogo tecnico ', costPrice: 12 };
    const line = priceLine({ productId, product: bare, customer: undefined, priceLists: [], today });
    expect(line).toEqual({ description: 'Sopralluogo tecnico', priceListId: null, priceListSource: null, offerPercent: 0, costPrice: 12 });
  });
});

describe('the offer an empty discount stands for', () => {
  const line = { kind: 'product', listPrice: 80, unitPrice: 72, discountPercent: 0 };
  it('says the offer or the surcharge already in the unit price, once, in Italian', () => {
    expect(offerHintText(line)).toBe('offerta 10%');
    expect(offerHintText({ ...line, unitPrice: 84 })).toBe('maggior. 5%');
    expect(offerHintText({ ...line, unitPrice: 55.2 })).toBe('offerta 31%');
  });
  it('says nothing with a line discount, the list price, no price or a section', () => {
    expect(offerHintText({ ...line, discountPercent: 5 })).toBe('');
    expect(offerHintText({ ...line, unitPrice: 80 })).toBe('');
    expect(offerHintText({ ...line, listPrice: null })).toBe('');
    expect(offerHintText({ ...line, kind: 'note' })).toBe('');
  });
  it('writes a line’s «Sconto %» one way everywhere: «7,5%», else the offer, else nothing (never «0%»)', () => {
    expect(lineDiscountText({ ...line, discountPercent: 7.5 })).toBe('7,5%');
    expect(lineDiscountText(line)).toBe('offerta 10%');
    expect(lineDiscountText({ ...line, unitPrice: 80 })).toBe('');
  });
});
