/**
 * A grid's view as a file (issue 27): `GET /api/{type}` with `Accept: text/csv` or the `.xlsx` type
 * answers the same list (same list language, same read rule: it pages through `EntityService.list`,
 * so abilities, row scope, field redaction and the kinds' read hooks apply exactly as on the JSON
 * list) as a spreadsheet streamed page by page. Columns are the grid's (`cols`, else the kind's
 * default ones), with their Italian names; the values read as the grid shows them: CSV in the
 * Italian way of the price lists (`;`, decimal comma, UTF-8 with BOM), `.xlsx` with typed cells
 * (dates as dates, amounts as numbers in €) and the header row frozen.
 *
 * The column model and the Italian value formats are the client grid's (`src/client/grid/columns.ts`,
 * `src/client/forms/format.ts`: pure modules without DOM), read here so a file never says a value
 * differently from the screen it was exported from.
 */
import { PassThrough, Readable } from 'node:stream';
import { once } from 'node:events';
import type { Entity } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { formatItalianMoney, formatItalianNumber, PRICE_LIST_CSV } from '../../domain/rules/price-list-rows.ts';
import type { GridColumn } from '../../client/grid/columns.ts';
import { Problem } from '../http/problems.ts';
import type { CallContext, EntityService } from '../resources/service.ts';

/**
 * What an export needs beyond the list: the grid's columns and Italian formats (with the client's
 * message catalogue), exceljs (about 8 MB of heap) and the CSV writer. Loaded with the first export,
 * not when the API process starts: most processes never export.
 */
interface ExportTools {
  grid: typeof import('../../client/grid/columns.ts');
  format: typeof import('../../client/forms/format.ts');
  ExcelJS: typeof import('exceljs');
  stringify: typeof import('csv-stringify/sync').stringify;
}
let exportTools: Promise<ExportTools> | undefined;
const loadExportTools = () =>
  (exportTools ??= Promise.all([import('../../client/grid/columns.ts'), import('../../client/forms/format.ts'), import('exceljs'), import('csv-stringify/sync')]).then(
    ([grid, format, excel, csv]) => ({ grid, format, ExcelJS: excel.default, stringify: csv.stringify }),
  ));

export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

/** The format an `Accept` header asks for, or undefined for the JSON list (a browser's `*\/*` included). */
export function exportFormatOf(accept: string | undefined): ExportFormat | undefined {
  const types = (accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase());
  if (types.includes(EXPORT_MEDIA_TYPES.xlsx)) return 'xlsx';
  if (types.includes(EXPORT_MEDIA_TYPES.csv)) return 'csv';
  return undefined;
}

/** Query parameters of the export that the list language does not have: the grid's visible columns. */
const COLUMNS_PARAMETER = 'cols';

export interface ExportColumn {
  id: string;
  header: string;
  column: GridColumn;
  /** The kind a reference column names (its cells show that record's title). */
  target?: KindDefinition;
}

export interface ListExport {
  columns: ExportColumn[];
  /** Rows the list holds (an estimate when `totalIsEstimate`). */
  total: number;
  fileName: string;
  format: ExportFormat;
  /** The rows, as cell values, one page at a time. */
  pages(): AsyncGenerator<ExportCell[][]>;
}

export type ExportCell = string | number | Date | null;

/**
 * Opens an export: checks the query and the columns and reads the first page before anything is sent,
 * so a bad query, a refusal or a list over `maxRows` is a problem+json answer, never a broken file.
 */
export async function openListExport(
  service: EntityService,
  type: string,
  rawQuery: Record<string, string | string[] | undefined>,
  call: CallContext,
  options: { format: ExportFormat; maxRows: number; pageSize: number; today: string },
): Promise<ListExport> {
  const tools = await loadExportTools();
  const { [COLUMNS_PARAMETER]: rawColumns, ...listQuery } = rawQuery;
  for (const key of Object.keys(listQuery)) if (key.startsWith('page[')) delete listQuery[key];
  const pageQuery = (after?: string) => ({ ...listQuery, 'page[size]': String(options.pageSize), ...(after ? { 'page[after]': after } : {}) });
  // The list checks the ability, the query and the fields it names (a refusal is its problem+json).
  const first = await service.list(type, pageQuery(), call);
  const kind = findKind(type)!;
  const columns = exportColumns(kind, rawColumns, call, tools);
  const total = first.meta.total;
  if (total > options.maxRows) {
    const count = (n: number) => new Intl.NumberFormat('it-IT').format(n);
    throw new Problem('EXPORT_TOO_LARGE', {
      message: `Le righe da esportare sono ${first.meta.totalIsEstimate ? 'circa ' : ''}${count(total)}, oltre il limite di ${count(options.maxRows)}: restringi i filtri e riprova`,
      extensions: { total, maxRows: options.maxRows },
    });
  }
  const fileName = `${safeFileName(kind.label.plural)}-${options.today}.${options.format}`;
  return {
    columns,
    total,
    fileName,
    format: options.format,
    async *pages() {
      let page: { data: Entity[]; meta: { page: { next?: string } } } = first;
      let sent = 0;
      for (;;) {
        const rows = page.data.slice(0, options.maxRows - sent);
        sent += rows.length;
        yield await rowsOf(service, call, columns, kind, rows, options.pageSize, tools);
        const next = page.meta.page.next;
        if (!next || sent >= options.maxRows || page.data.length === 0) return;
        page = await service.list(type, pageQuery(next), call);
      }
    },
  };
}

/** The columns asked for (`cols`, the grid's visible ones in order), else the kind's defaults; fields hidden from the caller are left out. */
function exportColumns(kind: KindDefinition, raw: string | string[] | undefined, call: CallContext, { grid, format }: ExportTools): ExportColumn[] {
  const { defaultColumnIds, kindColumns, TITLE_COLUMN, titleColumnLabel } = grid;
  const all = kindColumns(kind);
  const asked = [raw ?? []].flat().join(',').split(',').map((id) => id.trim()).filter(Boolean);
  const ids = asked.length > 0 ? asked : defaultColumnIds(kind);
  const unknown = ids.filter((id) => !all.some((column) => column.id === id));
  if (unknown.length > 0) {
    throw new Problem('INVALID_QUERY', {
      errors: [{ pointer: `?${COLUMNS_PARAMETER}`, code: 'unknownColumn', message: `Colonne sconosciute: ${unknown.join(', ')}` }],
    });
  }
  const chosen = [...new Set(ids)].map((id) => all.find((column) => column.id === id)!);
  const hidden = new Set(call.access.unreadableFields(kind, chosen.filter((column) => column.path).map((column) => column.path)));
  return chosen
    .filter((column) => !hidden.has(column.path))
    .map((column): ExportColumn => {
      const header = column.id === TITLE_COLUMN ? titleColumnLabel(kind) : format.fieldLabel(column.id, column.path);
      const target = column.kind === 'reference' && column.target ? findKind(column.target) : undefined;
      return target ? { id: column.id, header, column, target } : { id: column.id, header, column };
    });
}

/** One page as cells; references read as their records' titles, looked up through the same read rule (one list per kind and page). */
async function rowsOf(service: EntityService, call: CallContext, columns: ExportColumn[], kind: KindDefinition, rows: Entity[], batchSize: number, tools: ExportTools): Promise<ExportCell[][]> {
  const titles = new Map<string, string>();
  const wanted = new Map<KindDefinition, Set<string>>();
  for (const { column, target } of columns) {
    if (!target) continue;
    const ids = wanted.get(target) ?? new Set<string>();
    for (const row of rows) for (const id of [readPath(row, column.path)].flat()) if (typeof id === 'string' && id) ids.add(id);
    wanted.set(target, ids);
  }
  for (const [target, ids] of wanted) {
    const list = [...ids];
    for (let at = 0; at < list.length; at += batchSize) {
      const batch = list.slice(at, at + batchSize);
      // A kind the caller may not read leaves its cells empty, as the grid shows no name for it.
      const found = await service.list(target.type, { ids: batch.join(','), 'page[size]': String(batch.length), 'filter[isArchived]': 'all' }, call).catch(() => undefined);
      for (const entity of found?.data ?? []) titles.set(`${target.type}:${entity.id}`, target.title(entity) || entity.id);
    }
  }
  return rows.map((row) =>
    columns.map(({ column, target }) => {
      if (column.id === tools.grid.TITLE_COLUMN) return kind.title(row) || row.id;
      const value = readPath(row, column.path);
      if (target) {
        const names = [value].flat().filter((id): id is string => typeof id === 'string' && id !== '').map((id) => titles.get(`${target.type}:${id}`) ?? '');
        return names.filter(Boolean).join(', ') || null;
      }
      return cellOf(value, column, tools.format.formatValue);
    }),
  );
}

/** A value as a spreadsheet cell: numbers and dates typed, the rest as the grid's Italian text. */
function cellOf(value: unknown, column: GridColumn, formatValue: ExportTools['format']['formatValue']): ExportCell {
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'money': case 'number': case 'percent':
      return typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : String(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? calendarDay(value.slice(0, 10)) : String(value);
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? romeWallTime(value) : String(value);
    default:
      return formatValue(value, column.kind === 'title' || column.kind === 'reference' ? 'text' : column.kind, column.stateLabels) || null;
  }
}

/** A calendar day as a spreadsheet date (midnight UTC: spreadsheets have no time zone). */
function calendarDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const romeParts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** A point in time as the wall clock in Rome shows it (SPEC: dates are Italian), written as UTC for the spreadsheet. */
function romeWallTime(iso: string): Date {
  const parts = Object.fromEntries(romeParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)));
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A cell as CSV text, the Italian way of the price lists: decimal comma, gg/mm/aaaa. */
export function csvText(cell: ExportCell, column: GridColumn): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const day = `${twoDigits(cell.getUTCDate())}/${twoDigits(cell.getUTCMonth() + 1)}/${cell.getUTCFullYear()}`;
    return column.kind === 'datetime' ? `${day} ${twoDigits(cell.getUTCHours())}:${twoDigits(cell.getUTCMinutes())}` : day;
  }
  if (typeof cell === 'number') return column.kind === 'money' ? formatItalianMoney(cell) : formatItalianNumber(cell);
  return neutralised(cell);
}

/**
 * Text a spreadsheet could read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before
 * one) gets a leading apostrophe, so opening the file never runs it (CSV injection). Numbers are typed
 * cells, never text, so a negative amount is not touched.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Spreadsheet number formats of the typed columns (Italian: the file's locale shows separators). */
const NUMBER_FORMATS: Partial<Record<GridColumn['kind'], string>> = {
  money: '#,##0.00 "€"',
  percent: '0.##" %"',
  number: '#,##0.##',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** The export as a byte stream; it stops reading the list when the stream is destroyed (the client cancelled). */
export function exportStream(listExport: ListExport): Readable {
  return listExport.format === 'csv' ? csvStream(listExport) : xlsxStream(listExport);
}

function csvStream({ columns, pages }: ListExport): Readable {
  const options = { delimiter: PRICE_LIST_CSV.separator, record_delimiter: '\r\n' } as const;
  async function* lines() {
    const { stringify } = await loadExportTools();
    yield PRICE_LIST_CSV.byteOrderMark + stringify([columns.map((c) => c.header)], options);
    for await (const rows of pages()) {
      if (rows.length > 0) yield stringify(rows.map((row) => row.map((cell, i) => csvText(cell, columns[i]!.column))), options);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

function xlsxStream(listExport: ListExport): Readable {
  const out = new PassThrough();
  let cancelled = false;
  out.once('close', () => (cancelled = true));
  void (async () => {
    try {
      const { ExcelJS } = await loadExportTools();
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = book.addWorksheet(listExport.fileName.replace(/\.xlsx$/, '').slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = listExport.columns.map(({ id, header, column }) => {
        const numFmt = NUMBER_FORMATS[column.kind];
        return { key: id, header, width: Math.max(10, Math.min(60, Math.round(column.width / 7))), ...(numFmt ? { style: { numFmt } } : {}) };
      });
      sheet.getRow(1).font = { bold: true };
      for await (const rows of listExport.pages()) {
        if (cancelled) return;
        for (const row of rows) sheet.addRow(row.map((cell) => (typeof cell === 'string' ? neutralised(cell) : cell))).commit();
        // The client reads slower than the database answers: wait for it rather than buffer the file.
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      }
      sheet.commit();
      await book.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/** A file name without characters a file system or a header would refuse. */
function safeFileName(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'export';
}
