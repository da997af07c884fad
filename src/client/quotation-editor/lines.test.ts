import { describe, expect, it } from 'vitest';
import { documentTotals } from '../../domain/rules/totals.ts';
import { approvalNeeded, emptyLine, lineFromEntity, linesBody, linesDirty, moveLine, offerPercentOf, quotationTotals, withNumber, withProduct, type LineDraft } from './lines.ts';

const stored = lineFromEntity({
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  attributes: { position: 0, kind: 'product', isOptional: false, description: 'Estintore', quantity: 2, listPrice: 50, unitPrice: 45, discountPercent: 0, costPrice: 30 },
  metadata: {},
  relationships: { quotationId: 'q', productId: 'p1', supplierId: null },
});

describe('quotation editor lines', () => {
  it('says the customer’s offer already in the unit price while the line has no discount of its own', () => {
    const line = { ...emptyLine(), listPrice: 80, unitPrice: 72 };
    expect(offerPercentOf(line)).toBe(10);
    expect(offerPercentOf({ ...line, unitPrice: 84 })).toBe(-5);
    expect(offerPercentOf({ ...line, discountPercent: 5 })).toBeUndefined();
    expect(offerPercentOf({ ...line, unitPrice: 80 })).toBeUndefined();
    expect(offerPercentOf({ ...emptyLine('note'), listPrice: 80, unitPrice: 72 })).toBeUndefined();
  });

  it('keeps a typed price when the quantity changes, and prices a chosen product from the rule', () => {
    const typed = withNumber(stored, 'unitPrice', 39.999);
    expect(typed.unitPrice).toBe(40);
    expect(withNumber(typed, 'quantity', 5)).toMatchObject({ quantity: 5, unitPrice: 40 });
    const priced = withProduct(emptyLine(), 'p2', { description: 'CO2', unitOfMeasure: 'each', priceListId: null, priceListSource: null, listPrice: 80, unitPrice: 72, offerPercent: -10, costPrice: 50, supplierId: 's1' });
    expect(priced).toMatchObject({ productId: 'p2', description: 'CO2', listPrice: 80, unitPrice: 72, costPrice: 50, supplierId: 's1', quantity: 1 });
  });

  it('totals leave sections, notes and optional lines out; approval above the maximum only', () => {
    const lines: LineDraft[] = [stored, { ...emptyLine('section'), description: 'Sezione' }, { ...stored, key: 'x', id: undefined, isOptional: true }];
    const totals = quotationTotals(lines);
    expect(totals).toMatchObject({ listTotal: 100, netTotal: 90, totalDiscountPercent: 10 });
    expect(approvalNeeded(totals, 10)).toBe(false);
    expect(approvalNeeded(quotationTotals([withNumber(stored, 'discountPercent', 15)]), 20)).toBe(true);
  });

  it('sends new lines whole and stored ones as merge patches, in order', () => {
    const fresh = withNumber({ ...emptyLine(), productId: 'p2' }, 'quantity', 3);
    const edited = { ...withNumber(stored, 'discountPercent', 5), costPrice: undefined } as LineDraft;
    const lines = moveLine([edited, fresh], 1, -1);
    expect(linesDirty(lines, [stored])).toBe(true);
    expect(linesBody(lines, new Map([[stored.id!, stored]]))).toEqual([
      { attributes: { kind: 'product', isOptional: false, quantity: 3, discountPercent: 0 }, relationships: { productId: 'p2', supplierId: null } },
      { id: stored.id, attributes: { discountPercent: 5, costPrice: null } },
    ]);
    expect(linesDirty([stored], [stored])).toBe(false);
  });

  it('sums the totals incrementally to exactly what the domain rule sums, and recomputes only an edited line', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const money = () => Math.round(random() * 100000) / 100;
    for (let round = 0; round < 200; round++) {
      const lines: LineDraft[] = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, i) => ({
        ...emptyLine(random() < 0.1 ? 'section' : 'product'),
        isOptional: random() < 0.1,
        quantity: Math.round(random() * 1000) / 10,
        listPrice: money(),
        ...(random() < 0.95 ? { unitPrice: money() } : {}),
        discountPercent: Math.round(random() * 10000) / 100,
        ...(random() < 0.8 ? { costPrice: money() } : {}),
        description: `riga ${i}`,
      }));
      const domain = documentTotals(lines.filter((line) => line.unitPrice !== undefined).map((line) => ({ ...line, unitPrice: line.unitPrice! })));
      expect(quotationTotals(lines)).toEqual(domain);
      // An edit replaces one line object: the totals follow it.
      const edited = lines.map((line, i) => (i === 0 ? withNumber(line, 'quantity', line.quantity + 1) : line));
      expect(quotationTotals(edited)).toEqual(documentTotals(edited.filter((line) => line.unitPrice !== undefined).map((line) => ({ ...line, unitPrice: line.unitPrice! }))));
    }
  });
});
