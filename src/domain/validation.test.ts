import { describe, expect, it } from 'vitest';
import { correctYear, isValidFiscalCode, isValidVatNumber, isoDate, isoDateTime, messages, requiredText } from './validation.ts';
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
