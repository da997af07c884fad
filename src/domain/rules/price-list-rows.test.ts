import { describe, expect, it } from 'vitest';
import {
  changePricesByPercent, formatItalianMoney, formatPriceListCsv, mergeImportedRows, parseItalianDecimal, parsePriceListCsv, splitCsv,
} from './price-list-rows.ts';

describe('Italian decimals', () => {
  it('reads the decimal comma, thousands dots and a plain decimal point', () => {
    expect(parseItalianDecimal('12,5')).toBe(12.5);
    expect(parseItalianDecimal('1.234,56')).toBe(1234.56);
    expect(parseItalianDecimal('1.234')).toBe(1234);
    expect(parseItalianDecimal('12.50')).toBe(12.5);
    expect(parseItalianDecimal(' € 7 ')).toBe(7);
    expect(parseItalianDecimal('-3,5')).toBe(-3.5);
  });

  it('refuses what is not a number', () => {
    for (const text of ['', 'abc', '12,5,1', '1.23,4.5', '12,', ',5', '1 2x']) expect(parseItalianDecimal(text)).toBeUndefined();
  });

  it('writes money with two decimals and no grouping', () => {
    expect(formatItalianMoney(1234.5)).toBe('1234,50');
    expect(formatItalianMoney(1.005)).toBe('1,01');
  });
});

describe('price list CSV', () => {
  it('writes a header and one line per row, quoting what needs it, and reads it back', () => {
    const csv = formatPriceListCsv([
      { code: 'EST-P6', name: 'Estintore; polvere "6 kg"', price: 1234.5, discountPercent: 7.5 },
      { code: 'MAN-01', name: 'Manutenzione', price: 10 },
    ]);
    expect(csv.startsWith('\uFEFFCodice prodotto;Descrizione;Prezzo;Sconto %\r\n')).toBe(true);
    expect(csv).toContain('EST-P6;"Estintore; polvere ""6 kg""";1234,50;7,5\r\n');
    expect(csv).toContain('MAN-01;Manutenzione;10,00;\r\n');
    const back = parsePriceListCsv(csv);
    expect(back.errors).toEqual([]);
    expect(back.rows).toEqual([
      { line: 2, code: 'EST-P6', price: 1234.5, discountPercent: 7.5 },
      { line: 3, code: 'MAN-01', price: 10, discountPercent: undefined },
    ]);
  });

  it('splits quoted fields with line breaks and skips blank lines', () => {
    expect(splitCsv('a;"b\nc";d\n\ne;f;g')).toEqual([
      { line: 1, fields: ['a', 'b\nc', 'd'] },
      { line: 4, fields: ['e', 'f', 'g'] },
    ]);
  });

  it('reports each bad line in Italian with its line number', () => {
    const { rows, errors } = parsePriceListCsv('codice;nome;prezzo;sconto\nA;x;12,5;\n;x;3;\nB;x;dodici;\nC;x;-1;\nD;x;4;120\nE;x;5;10%\n');
    expect(rows.map((row) => row.code)).toEqual(['A', 'E']);
    expect(rows[1]!.discountPercent).toBe(10);
    expect(errors).toEqual([
      { line: 3, message: 'Codice prodotto mancante' },
      { line: 4, message: 'Prezzo non valido: «dodici»' },
      { line: 5, message: 'Il prezzo non può essere negativo' },
      { line: 6, message: 'Sconto non valido: «120» (da 0 a 100)' },
    ]);
  });

  it('asks for the columns when the file is not separated by semicolons', () => {
    expect(parsePriceListCsv('codice,prezzo\nA,1\n').errors[0]!.message).toContain('punto e virgola');
    expect(parsePriceListCsv('').errors[0]!.message).toBe('Il file è vuoto');
  });
});

describe('mergeImportedRows', () => {
  const ids: Record<string, string> = { A: 'pa', B: 'pb', C: 'pc' };
  const lookup = (code: string) => ids[code];
  const items = [{ productId: 'pa', price: 1 }, { productId: 'pb', price: 2, discountPercent: 5 }];

  it('updates the products already listed and adds the others at the end', () => {
    const result = mergeImportedRows(items, [
      { line: 2, code: 'B', price: 20, discountPercent: undefined },
      { line: 3, code: 'C', price: 30, discountPercent: 3 },
    ], lookup);
    expect(result).toEqual({
      items: [{ productId: 'pa', price: 1 }, { productId: 'pb', price: 20, discountPercent: undefined }, { productId: 'pc', price: 30, discountPercent: 3 }],
      added: 1, updated: 1, errors: [],
    });
  });

  it('applies nothing when a code is unknown or repeated in the file', () => {
    const result = mergeImportedRows(items, [
      { line: 2, code: 'C', price: 30, discountPercent: undefined },
      { line: 3, code: 'Z', price: 1, discountPercent: undefined },
      { line: 4, code: 'c', price: 31, discountPercent: undefined },
    ], lookup);
    expect(result).toEqual({ errors: [
      { line: 3, message: 'Nessun prodotto con codice Z' },
      { line: 4, message: 'Il prodotto c è già alla riga 2 del file' },
    ] });
  });
});

describe('changePricesByPercent', () => {
  const items = [{ productId: 'a', price: 10 }, { productId: 'b', price: 19.99 }, { productId: 'c', price: 0.05 }];

  it('changes only the chosen rows, rounding each to the cent', () => {
    const next = changePricesByPercent(items, [1, 2], 5);
    expect(next.map((item) => item.price)).toEqual([10, 20.99, 0.05]);
    expect(next[0]).toBe(items[0]);
    expect(changePricesByPercent(items, [1], -3).map((item) => item.price)).toEqual([10, 19.39, 0.05]);
    expect(changePricesByPercent([{ productId: 'x', price: 2.5 }], [0], 10.1)[0]!.price).toBe(2.75);
  });

  it('takes a price to zero at −100% and refuses less or not a number', () => {
    expect(changePricesByPercent(items, [0], -100)[0]!.price).toBe(0);
    expect(() => changePricesByPercent(items, [0], -101)).toThrow(RangeError);
    expect(() => changePricesByPercent(items, [0], Number.NaN)).toThrow(RangeError);
  });
});
