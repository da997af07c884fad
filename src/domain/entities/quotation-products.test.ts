import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { quotationProducts } from './quotation-products.ts';

const quotationId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const line = { quantity: 3, listPrice: 50, unitPrice: 45, discountPercent: 10, costPrice: 20 };
const parse = (attributes: object, relationships: object = { quotationId, productId }) =>
  entitySchema(quotationProducts).safeParse({ attributes, relationships });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('quotation products', () => {
  it('derives the line totals lists show (list, net, margin, …)', () => {
    const result = parse(line);
    expect(quotationProducts.derivedMetadata(result.data as never)).toEqual({
      listTotal: 150, grossTotal: 135, discountAmount: 13.5, netTotal: 121.5, margin: 61.5, marginPercent: 50.62,
    });
  });

  it('defaults position and discount; the unit and the prices are the server’s to fill from the product', () => {
    const attributes = parse({ quantity: 1, unitPrice: 10 }).data?.attributes;
    expect(attributes).toMatchObject({ position: 0, discountPercent: 0 });
    expect(attributes?.unitOfMeasure).toBeUndefined();
  });

  it('needs a unit price on a line without a product', () => {
    expect(issues(parse({ quantity: 1, description: 'Trasferta' }, { quotationId }))).toEqual([{ path: 'attributes.unitPrice', message: messages.required }]);
  });

  it('needs a product or a description', () => {
    expect(issues(parse(line, { quotationId }))).toEqual([{ path: 'attributes.description', message: messages.required }]);
    expect(issues(parse({ ...line, description: 'Sopralluogo tecnico' }, { quotationId }))).toEqual([]);
  });

  it('needs a quantity above 0, a discount within 0–100 and prices not negative', () => {
    expect(parse({ ...line, quantity: 0 }).success).toBe(false);
    expect(parse({ ...line, discountPercent: 100.5 }).success).toBe(false);
    expect(parse({ ...line, unitPrice: -0.01 }).success).toBe(false);
    expect(parse({ ...line, unitOfMeasure: 'pieces' }).success).toBe(false);
  });

  it('belongs to a quotation', () => {
    expect(issues(parse(line, { productId }))).toEqual([{ path: 'relationships.quotationId', message: messages.required }]);
    expect(quotationProducts.references['relationships.quotationId']).toEqual({ target: 'quotations', owned: true });
  });

  it('a section or a note needs only its text, has no totals, and a product line is the default', () => {
    expect(parse({ quantity: 1 }).data?.attributes).toMatchObject({ kind: 'product', isOptional: false });
    const section = parse({ kind: 'section', description: 'Estintori' }, { quotationId });
    expect(section.success).toBe(true);
    expect(quotationProducts.derivedMetadata(section.data as never)).toEqual({});
    expect(issues(parse({ kind: 'note' }, { quotationId }))).toEqual([{ path: 'attributes.description', message: messages.required }]);
  });
});
