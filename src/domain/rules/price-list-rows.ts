/**
 * Rows of a price list as people handle them outside the editor: a CSV file opened in a
 * spreadsheet set to Italian (`;` between fields, decimal comma, product by its code), and a
 * change by a percentage over many rows. Pure functions shared by the editor and its tests; the
 * server validates the saved list with the kind's schema as for any other write.
 */
import { roundEur } from './money.ts';

/** One row of a price list (`attributes.items[]` of the priceLists kind). */
export interface PriceListRow {
  productId: string;
  price: number;
  discountPercent?: number | undefined;
}

/** The CSV layout: field separator and the header written on export (the import accepts any header text). */
export const PRICE_LIST_CSV = {
  separator: ';',
  /** Excel reads a UTF-8 file without it as Windows-1252 and mangles accents. */
  byteOrderMark: '\uFEFF',
  header: ['Codice prodotto', 'Descrizione', 'Prezzo', 'Sconto %'],
} as const;

const italianNumber = new Intl.NumberFormat('it-IT', { useGrouping: false, minimumFractionDigits: 0, maximumFractionDigits: 2 });
const italianMoney = new Intl.NumberFormat('it-IT', { useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `12.5` → `12,50` (money: always two decimals, no thousands separator so the file reads back unchanged). */
export function formatItalianMoney(value: number): string {
  return italianMoney.format(roundEur(value));
}

/** `7.5` → `7,5`, `10` → `10`. */
export function formatItalianNumber(value: number): string {
  return italianNumber.format(value);
}

/** `7.5` → `7,5%`: a percentage as every screen and document writes it (no space, as Italian offices write a discount). */
export function formatPercent(value: number): string {
  return `${italianNumber.format(value)}%`;
}

/**
 * An amount typed the Italian way: `1.234,56`, `1234,56`, `12`, `€ 12,5`. A dot alone is read as
 * thousands when it groups three digits (`1.234`), else as a decimal point (`12.50`, as spreadsheets
 * set to English write it). Undefined when the text is not a number.
 */
export function parseItalianDecimal(text: string): number | undefined {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (compact === '') return undefined;
  let normal: string;
  if (compact.includes(',')) {
    if (!/^-?(\d{1,3}(\.\d{3})+|\d+),\d+$/.test(compact)) return undefined;
    normal = compact.replace(/\./g, '').replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) {
    normal = compact.replace(/\./g, '');
  } else if (/^-?\d+(\.\d+)?$/.test(compact)) {
    normal = compact;
  } else {
    return undefined;
  }
  const value = Number(normal);
  return Number.isFinite(value) ? value : undefined;
}

/** A field quoted when it holds the separator, a quote or a line break (RFC 4180, with `;`). */
function csvField(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV of a price list: header, then one line per row (code, product name, price, discount %). */
export function formatPriceListCsv(rows: readonly { code: string; name: string; price: number; discountPercent?: number | undefined }[]): string {
  const lines = [PRICE_LIST_CSV.header.join(PRICE_LIST_CSV.separator)];
  for (const row of rows) {
    const discount = row.discountPercent ? formatItalianNumber(row.discountPercent) : '';
    lines.push([row.code, row.name, formatItalianMoney(row.price), discount].map(csvField).join(PRICE_LIST_CSV.separator));
  }
  return `${PRICE_LIST_CSV.byteOrderMark}${lines.join('\r\n')}\r\n`;
}

/** Splits CSV text into records of fields (quotes, doubled quotes, line breaks inside quotes). */
export function splitCsv(text: string, separator: string = PRICE_LIST_CSV.separator): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const source = text.startsWith(PRICE_LIST_CSV.byteOrderMark) ? text.slice(1) : text;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: startLine, fields });
      fields = [];
      field = '';
      line++;
      startLine = line;
    } else {
      field += char;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: startLine, fields });
  }
  // Empty lines (a trailing newline, a blank line in the middle) are not rows.
  return records.filter((record) => record.fields.some((value) => value.trim() !== ''));
}

/** One line of an imported file, read but not yet matched to a product. */
export interface CsvPriceRow {
  /** Line of the file (1 = the header). */
  line: number;
  code: string;
  price: number;
  discountPercent: number | undefined;
}

/** A problem with one line of an imported file, in Italian. */
export interface CsvLineError {
  line: number;
  message: string;
}

/**
 * Reads a price list CSV (first line: header). Each line needs a product code and a price ≥ 0;
 * the discount may be empty or 0–100. The name column is for people and is not read.
 */
export function parsePriceListCsv(text: string): { rows: CsvPriceRow[]; errors: CsvLineError[] } {
  const records = splitCsv(text);
  const rows: CsvPriceRow[] = [];
  const errors: CsvLineError[] = [];
  const [header, ...body] = records;
  if (!header) return { rows, errors: [{ line: 1, message: 'Il file è vuoto' }] };
  if (header.fields.length < 3) {
    return { rows, errors: [{ line: header.line, message: `Servono le colonne ${PRICE_LIST_CSV.header.join(PRICE_LIST_CSV.separator)} separate da punto e virgola` }] };
  }
  if (body.length === 0) errors.push({ line: header.line + 1, message: 'Nessuna riga da importare' });
  for (const { line, fields } of body) {
    const [rawCode = '', , rawPrice = '', rawDiscount = ''] = fields.map((value) => value.trim());
    const problems: string[] = [];
    if (rawCode === '') problems.push('codice prodotto mancante');
    const price = parseItalianDecimal(rawPrice);
    if (rawPrice === '') problems.push('prezzo mancante');
    else if (price === undefined) problems.push(`prezzo non valido: «${rawPrice}»`);
    else if (price < 0) problems.push('il prezzo non può essere negativo');
    const discount = rawDiscount === '' ? undefined : parseItalianDecimal(rawDiscount.replace(/%$/, ''));
    if (rawDiscount !== '' && (discount === undefined || discount < 0 || discount > 100)) problems.push(`sconto non valido: «${rawDiscount}» (da 0 a 100)`);
    if (problems.length > 0) errors.push({ line, message: capitalize(problems.join('; ')) });
    else rows.push({ line, code: rawCode, price: roundEur(price!), discountPercent: discount || undefined });
  }
  return { rows, errors };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Puts the imported rows into the list: a product already there gets the file's price and
 * discount, a new one is added at the end. All or nothing: any unknown code or a code repeated in
 * the file gives errors and no items.
 */
export function mergeImportedRows(
  items: readonly PriceListRow[],
  imported: readonly CsvPriceRow[],
  productIdOfCode: (code: string) => string | undefined,
): { items: PriceListRow[]; added: number; updated: number; errors: [] } | { errors: CsvLineError[] } {
  const errors: CsvLineError[] = [];
  const firstLineOf = new Map<string, number>();
  const resolved: { productId: string; row: CsvPriceRow }[] = [];
  for (const row of imported) {
    const key = row.code.toLocaleUpperCase('it-IT');
    const earlier = firstLineOf.get(key);
    if (earlier !== undefined) {
      errors.push({ line: row.line, message: `Il prodotto ${row.code} è già alla riga ${earlier} del file` });
      continue;
    }
    firstLineOf.set(key, row.line);
    const productId = productIdOfCode(row.code);
    if (!productId) errors.push({ line: row.line, message: `Nessun prodotto con codice ${row.code}` });
    else resolved.push({ productId, row });
  }
  if (errors.length > 0) return { errors };
  const next = items.map((item) => ({ ...item }));
  const indexOf = new Map(next.map((item, index) => [item.productId, index]));
  let added = 0;
  let updated = 0;
  for (const { productId, row } of resolved) {
    const values = { productId, price: row.price, discountPercent: row.discountPercent };
    const index = indexOf.get(productId);
    if (index === undefined) {
      indexOf.set(productId, next.length);
      next.push(values);
      added++;
    } else {
      next[index] = values;
      updated++;
    }
  }
  return { items: next, added, updated, errors: [] };
}

/** The smallest change allowed: −100% takes a price to zero, never below. */
export const MIN_BULK_PERCENT = -100;

/**
 * Changes the price of the rows at `indices` by `percent` (+5 raises by 5%, −3 lowers by 3%),
 * each rounded to the cent (half away from zero). Other rows are kept as they are (same objects).
 */
export function changePricesByPercent<T extends PriceListRow>(items: readonly T[], indices: Iterable<number>, percent: number): T[] {
  if (!Number.isFinite(percent) || percent < MIN_BULK_PERCENT) throw new RangeError(`Percentuale non valida: ${percent}`);
  const chosen = new Set(indices);
  return items.map((item, index) => (chosen.has(index) ? { ...item, price: Math.max(0, roundEur(item.price + (item.price * percent) / 100)) } : item));
}
