import { describe, expect, it } from 'vitest';
import { correctYear, isValidFiscalCode, isValidVatNumber, isoDate, isoDateTime, MAX_AMOUNT, messages, money, requiredText } from './validation.ts';
import { quotationProducts } from './entities/quotation-products.ts';
import { entitySchema } from './kind.ts';
import { z } from 'zod';

describe('validation vocabulary', () => {
  it('checks the partita IVA check digit', () => {
    expect(isValidVatNumber('01114601006')).toBe(true);
    expect(isValidVatNumber('IT01114601006')).toBe(true);
    expect(isValidVatNumber('01114601007')).toBe(false);
    expect(isValidVatNumber('0111460100')).toBe(false);
    expect(isValidVatNumber('00000000000')).toBe(false);
  });

  it('checks the codice fiscale check letter', () => {
    expect(isValidFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(isValidFiscalCode('rssmra85t10a562s')).toBe(true);
    expect(isValidFiscalCode('RSSMRA85T10A562T')).toBe(false);
    expect(isValidFiscalCode('01114601006')).toBe(true);
  });

  it('corrects years outside 1900–2099 to 20xx', () => {
    expect(correctYear(1899)).toBe(2099);
    expect(correctYear(1900)).toBe(1900);
    expect(correctYear(2099)).toBe(2099);
    expect(correctYear(2100)).toBe(2000);
    expect(correctYear(24)).toBe(2024);
    expect(isoDate().parse('0024-03-01')).toBe('2024-03-01');
    expect(isoDateTime().parse('3025-01-02T10:00:00+01:00')).toBe('2025-01-02T09:00:00.000Z');
  });

  it('rejects impossible dates with the SPEC text', () => {
    const result = isoDate().safeParse('2024-02-30');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.invalidDate);
  });

  it('speaks Italian: missing values are "Obbligatorio"', () => {
    const result = z.strictObject({ name: requiredText() }).safeParse({});
    expect(result.error?.issues[0]?.message).toBe('Obbligatorio');
    const empty = z.strictObject({ name: requiredText() }).safeParse({ name: '  ' });
    expect(empty.error?.issues[0]?.message).toBe('Obbligatorio');
  });
});

describe('number bounds', () => {
  it('amounts up to a billion euro, rounded to the cent; beyond it a field error, never an overflow', () => {
    expect(money().parse(MAX_AMOUNT)).toBe(MAX_AMOUNT);
    expect(money().parse(12.345)).toBe(12.35);
    expect(money().safeParse(1e306).success).toBe(false);
    expect(money().safeParse(-1e306).success).toBe(false);
  });

  it('a quotation line refuses a price of 1e306 and a quantity above a million with pointers', () => {
    const line = (attributes: Record<string, unknown>) =>
      entitySchema(quotationProducts).safeParse({ attributes: { description: 'Estintore', quantity: 1, unitPrice: 10, ...attributes }, relationships: { quotationId: '00000000-0000-4000-8000-000000000001' } });
    expect(line({}).success).toBe(true);
    const price = line({ unitPrice: 1e306 });
    expect(price.success).toBe(false);
    expect(price.error?.issues[0]?.path).toEqual(['attributes', 'unitPrice']);
    expect(line({ quantity: 1_000_001 }).success).toBe(false);
  });
});
