/**
 * Reads an uploaded register (issue 27): CSV (`;` or `,`, UTF-8 with or without BOM) with
 * csv-parse, `.xlsx` with exceljs (its first worksheet). Every cell becomes text. A formula is never
 * evaluated: the value the spreadsheet saved with it is read, and a formula saved without one is
 * read as its text (`=A1+1`).
 */
import type { CellValue } from 'exceljs';
import { Problem } from '../http/problems.ts';

/** The most rows one import reads (beyond the header row). */
export const MAX_IMPORT_ROWS = 5000;

export interface Sheet {
  headers: string[];
  /** Data rows, each with as many cells as headers, and its row number in the file (1 = the header row). */
  rows: { number: number; cells: string[] }[];
}

export type SheetFormat = 'csv' | 'xlsx';

export function sheetFormatOf(fileName: string): SheetFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  throw new Problem('FILE_TYPE_NOT_ALLOWED', { message: 'Formato non supportato: caricare un file .xlsx o .csv' });
}

export async function readSheet(fileName: string, bytes: Buffer): Promise<Sheet> {
  const table = sheetFormatOf(fileName) === 'csv' ? await readCsv(bytes) : await readXlsx(bytes);
  const [headerRow, ...data] = table;
  const headers = (headerRow?.cells ?? []).map((cell) => cell.trim());
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  if (headers.length === 0) throw new Problem('VALIDATION_FAILED', { message: 'Il file non ha una riga di intestazione' });
  const rows = data
    .map((row) => ({ number: row.number, cells: headers.map((_, index) => (row.cells[index] ?? '').trim()) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new Problem('VALIDATION_FAILED', { message: `Il file ha ${rows.length} righe: se ne possono importare al massimo ${MAX_IMPORT_ROWS} per volta` });
  }
  return { headers, rows };
}

/** The CSV parser and exceljs (about 8 MB of heap) load with the first import, not when the API process starts. */
async function readCsv(bytes: Buffer): Promise<{ number: number; cells: string[] }[]> {
  const { parse } = await import('csv-parse/sync');
  const text = bytes.toString('utf8');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  try {
    const records = parse(text, { bom: true, delimiter, relax_column_count: true, skip_empty_lines: false }) as string[][];
    return records.map((cells, index) => ({ number: index + 1, cells }));
  } catch (error) {
    throw new Problem('VALIDATION_FAILED', { message: `Il file CSV non è leggibile: ${(error as Error).message}` });
  }
}

async function readXlsx(bytes: Buffer): Promise<{ number: number; cells: string[] }[]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new Problem('FILE_CONTENT_MISMATCH', { message: 'Il file non è un foglio Excel (.xlsx) leggibile' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Problem('VALIDATION_FAILED', { message: 'Il file Excel non contiene fogli' });
  const rows: { number: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    rows.push({ number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return rows;
}

/** A cell's value as text, never computed. */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as { result?: CellValue }).result;
      if (result !== undefined && result !== null && typeof result !== 'object') return cellText(result);
      if (result instanceof Date) return cellText(result);
      const formula = 'formula' in value ? value.formula : (value as { sharedFormula: string }).sharedFormula;
      return `=${formula}`;
    }
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return '';
}
