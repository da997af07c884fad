/**
 * Two versions of a quotation side by side (issue 9 "compare"): two quotations, or a quotation and
 * one of its frozen revisions. Lines are paired (the same stored line — a revision keeps its lines'
 * ids —, else the same product, else the same section or note text, in order); each pair says what
 * changed, lines only on one side are added or removed, and the totals say by how much they moved.
 */
import { documentTotals, lineTotals, type DocumentTotals, type LineAmounts } from './totals.ts';

/** A line as either side holds it (a stored line, or one inside a revision's snapshot). */
export interface ComparedLine {
  id?: string;
  kind: string;
  isOptional: boolean;
  productId: string | null;
  description: string;
  quantity: number;
  listPrice?: number;
  unitPrice?: number;
  discountPercent: number;
  costPrice?: number;
}

/** The values a reader compares, in column order; `net` is derived. */
export const COMPARED_FIELDS = ['description', 'quantity', 'listPrice', 'unitPrice', 'discountPercent', 'net', 'isOptional', 'productId'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

export type RowChange = 'same' | 'changed' | 'added' | 'removed';

export interface ComparedRow {
  left?: ComparedLine;
  right?: ComparedLine;
  change: RowChange;
  /** The fields whose values differ (for `changed`). */
  fields: ComparedField[];
}

export interface QuotationComparison {
  rows: ComparedRow[];
  totals: { left: DocumentTotals; right: DocumentTotals; changed: (keyof DocumentTotals)[] };
  counts: Record<RowChange, number>;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A stored line (or a revision's frozen line: `{ id, attributes, relationships }`) as compared. */
export function comparedLine(line: { id?: unknown; attributes?: Record<string, unknown>; relationships?: Record<string, unknown> }): ComparedLine {
  const a = line.attributes ?? {};
  const r = line.relationships ?? {};
  const compared: ComparedLine = {
    kind: str(a.kind) ?? 'product',
    isOptional: a.isOptional === true,
    productId: str(r.productId) ?? null,
    description: str(a.description) ?? '',
    quantity: num(a.quantity) ?? 1,
    discountPercent: num(a.discountPercent) ?? 0,
  };
  if (typeof line.id === 'string') compared.id = line.id;
  const listPrice = num(a.listPrice);
  const unitPrice = num(a.unitPrice);
  const costPrice = num(a.costPrice);
  if (listPrice !== undefined) compared.listPrice = listPrice;
  if (unitPrice !== undefined) compared.unitPrice = unitPrice;
  if (costPrice !== undefined) compared.costPrice = costPrice;
  return compared;
}

/** What the line is worth (0 for a section, a note or a line without a price). */
export function netOf(line: ComparedLine): number {
  if (line.kind !== 'product' || line.unitPrice === undefined) return 0;
  return lineTotals({ ...line, unitPrice: line.unitPrice }).netTotal;
}

function valueOf(line: ComparedLine, field: ComparedField): unknown {
  return field === 'net' ? netOf(line) : line[field];
}

/** What identifies a line when ids differ: its product, or the text of a section or note. */
function identity(line: ComparedLine): string {
  return line.kind === 'product' && line.productId ? `product:${line.productId}` : `${line.kind}:${line.description.trim().toLowerCase()}`;
}

function totalsOf(lines: readonly ComparedLine[]): DocumentTotals {
  return documentTotals(lines.filter((line) => line.unitPrice !== undefined).map((line) => ({ ...line, unitPrice: line.unitPrice! }) as LineAmounts));
}

/** Pairs the lines of `left` and `right` and says what changed, in the right side's order (removed lines where they stood). */
export function compareQuotationLines(left: readonly ComparedLine[], right: readonly ComparedLine[]): QuotationComparison {
  const leftById = new Map<string, number>();
  left.forEach((line, index) => line.id && leftById.set(line.id, index));
  const taken = new Set<number>();
  const partner: (number | undefined)[] = right.map((line) => {
    const byId = line.id ? leftById.get(line.id) : undefined;
    if (byId !== undefined && !taken.has(byId)) {
      taken.add(byId);
      return byId;
    }
    return undefined;
  });
  // Then by what the line is, first unpaired one in order (a duplicated quotation has new ids).
  right.forEach((line, index) => {
    if (partner[index] !== undefined) return;
    const key = identity(line);
    const match = left.findIndex((other, i) => !taken.has(i) && identity(other) === key);
    if (match >= 0) {
      taken.add(match);
      partner[index] = match;
    }
  });
  const rows: ComparedRow[] = [];
  let nextLeft = 0;
  const flushRemovedBefore = (limit: number) => {
    for (; nextLeft < limit; nextLeft += 1) {
      if (!taken.has(nextLeft)) rows.push({ left: left[nextLeft], change: 'removed', fields: [] });
    }
  };
  right.forEach((line, index) => {
    const match = partner[index];
    if (match === undefined) {
      rows.push({ right: line, change: 'added', fields: [] });
      return;
    }
    flushRemovedBefore(match);
    nextLeft = Math.max(nextLeft, match + 1);
    const before = left[match]!;
    const fields = COMPARED_FIELDS.filter((field) => valueOf(before, field) !== valueOf(line, field));
    rows.push({ left: before, right: line, change: fields.length > 0 ? 'changed' : 'same', fields });
  });
  flushRemovedBefore(left.length);
  const totals = { left: totalsOf(left), right: totalsOf(right) };
  const changed = (Object.keys(totals.left) as (keyof DocumentTotals)[]).filter((key) => totals.left[key] !== totals.right[key]);
  const counts: Record<RowChange, number> = { same: 0, changed: 0, added: 0, removed: 0 };
  for (const row of rows) counts[row.change] += 1;
  return { rows, totals: { ...totals, changed }, counts };
}
