/**
 * The quotation editor's lines as the user edits them, without React: stored lines → drafts, the
 * edits (product chosen, cell typed, add, duplicate, move, remove), the totals and the approval
 * flag from the shared domain rules, and the body of `PUT /api/quotations/{id}/lines`.
 */
import type { EntityJson } from '../../domain/entity.ts';
import type { QuotationLineKind, QuotationLinesBody } from '../../domain/entities/quotation-products.ts';
import { mergePatch } from '../../domain/merge-patch.ts';
import { discountPercent, needsApproval } from '../../domain/rules/discount.ts';
import { roundEur } from '../../domain/rules/money.ts';
import type { LinePricing } from '../../domain/rules/pricing.ts';
import { countsInTotals, lineTotals, type DocumentTotals, type LineTotals } from '../../domain/rules/totals.ts';

export interface LineDraft {
  /** Stable key of the row in the editor (the stored id, or a new one). */
  key: string;
  /** The stored line's id; undefined for a line not saved yet. */
  id?: string;
  kind: QuotationLineKind;
  isOptional: boolean;
  productId: string | null;
  supplierId: string | null;
  description: string;
  unitOfMeasure?: string;
  quantity: number;
  listPrice?: number;
  unitPrice?: number;
  discountPercent: number;
  costPrice?: number;
  notes?: string;
}

/** The cells typed as numbers. */
export type NumberField = 'quantity' | 'listPrice' | 'unitPrice' | 'discountPercent' | 'costPrice';

let counter = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A stored line (`quotationProducts`) as a draft. */
export function lineFromEntity(entity: EntityJson): LineDraft {
  const a = entity.attributes;
  const r = entity.relationships;
  return {
    key: entity.id,
    id: entity.id,
    kind: (str(a.kind) as QuotationLineKind | undefined) ?? 'product',
    isOptional: a.isOptional === true,
    productId: str(r.productId) ?? null,
    supplierId: str(r.supplierId) ?? null,
    description: str(a.description) ?? '',
    ...(str(a.unitOfMeasure) ? { unitOfMeasure: str(a.unitOfMeasure) } : {}),
    quantity: num(a.quantity) ?? 1,
    ...(num(a.listPrice) !== undefined ? { listPrice: num(a.listPrice) } : {}),
    ...(num(a.unitPrice) !== undefined ? { unitPrice: num(a.unitPrice) } : {}),
    discountPercent: num(a.discountPercent) ?? 0,
    ...(num(a.costPrice) !== undefined ? { costPrice: num(a.costPrice) } : {}),
    ...(str(a.notes) ? { notes: str(a.notes) } : {}),
  };
}

/** Stored lines in their order. */
export function linesFromEntities(entities: readonly EntityJson[]): LineDraft[] {
  return entities.toSorted((x, y) => Number(x.attributes.position ?? 0) - Number(y.attributes.position ?? 0)).map(lineFromEntity);
}

/** An empty line of `kind`. */
export function emptyLine(kind: QuotationLineKind = 'product'): LineDraft {
  return { key: newKey(), kind, isOptional: false, productId: null, supplierId: null, description: '', quantity: 1, discountPercent: 0 };
}

/** A copy of `line` as a new line (not stored yet). */
export function duplicateLine(line: LineDraft): LineDraft {
  const { id: _id, ...rest } = line;
  void _id;
  return { ...rest, key: newKey() };
}

/**
 * A product chosen on the line: description, unit, list price, unit price (offer applied), cost and
 * supplier from the pricing rule's answer (the server's `linePricing`, the same rule it applies on
 * save). Quantity and discount stay as typed.
 */
export function withProduct(line: LineDraft, productId: string | null, pricing: LinePricing | undefined): LineDraft {
  const next: LineDraft = { ...line, productId };
  if (!pricing) return next;
  return {
    ...next,
    description: pricing.description,
    ...(pricing.unitOfMeasure ? { unitOfMeasure: pricing.unitOfMeasure } : {}),
    listPrice: pricing.listPrice,
    unitPrice: pricing.unitPrice,
    costPrice: pricing.costPrice,
    supplierId: pricing.supplierId ?? line.supplierId,
  };
}

/** A number typed in a cell: money is kept to the cent; only the typed field changes (a typed price stays when the quantity changes). */
export function withNumber(line: LineDraft, field: NumberField, value: number | undefined): LineDraft {
  const money = field === 'listPrice' || field === 'unitPrice' || field === 'costPrice';
  const next = value === undefined ? undefined : money ? roundEur(value) : value;
  if (field === 'quantity' || field === 'discountPercent') return { ...line, [field]: next ?? (field === 'quantity' ? 1 : 0) };
  const copy = { ...line };
  if (next === undefined) delete copy[field];
  else copy[field] = next;
  return copy;
}

/** Moves the line at `index` by `delta` (−1 up, +1 down); unchanged at the ends. */
export function moveLine(lines: readonly LineDraft[], index: number, delta: -1 | 1): LineDraft[] {
  const target = index + delta;
  if (index < 0 || index >= lines.length || target < 0 || target >= lines.length) return [...lines];
  const next = [...lines];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** A line's amounts, when it has them (a product line with a unit price). */
/** The customer's offer already in a line's unit price: one rule for the editor, the portal and the printed quotation. */
export { offerPercentOfLine as offerPercentOf } from '../../domain/rules/pricing.ts';

export function lineAmounts(line: LineDraft): LineTotals | undefined {
  if (line.kind !== 'product' || line.unitPrice === undefined) return undefined;
  return lineTotals({ ...line, unitPrice: line.unitPrice });
}

/** A line's amounts in whole cents (each is rounded to the cent by `lineTotals`, so this is exact). */
interface LineCents { list: number; gross: number; discount: number; net: number; margin: number }

/**
 * Each draft's amounts, kept for the draft object: an edit makes a new object for the edited line
 * only (`withNumber`…), so a keystroke in a 500-line quotation computes one line's amounts, not 500.
 */
const centsOfLine = new WeakMap<LineDraft, LineCents | null>();

function lineCents(line: LineDraft): LineCents | null {
  const known = centsOfLine.get(line);
  if (known !== undefined) return known;
  let cents: LineCents | null = null;
  if (line.unitPrice !== undefined && countsInTotals(line)) {
    const t = lineTotals({ ...line, unitPrice: line.unitPrice });
    cents = { list: Math.round(t.listTotal * 100), gross: Math.round(t.grossTotal * 100), discount: Math.round(t.discountAmount * 100), net: Math.round(t.netTotal * 100), margin: Math.round(t.margin * 100) };
  }
  centsOfLine.set(line, cents);
  return cents;
}

/**
 * The quotation's totals as the server will sum them (domain `documentTotals`: no sections, notes or
 * optional lines), incrementally: the kept amounts of unchanged lines summed in whole cents, which is
 * exactly the domain's cent-by-cent sum (a unit test compares them).
 */
export function quotationTotals(lines: readonly LineDraft[]): DocumentTotals {
  let list = 0, gross = 0, discount = 0, net = 0, margin = 0;
  for (const line of lines) {
    const cents = lineCents(line);
    if (!cents) continue;
    list += cents.list;
    gross += cents.gross;
    discount += cents.discount;
    net += cents.net;
    margin += cents.margin;
  }
  const sum = { listTotal: list / 100, grossTotal: gross / 100, discountAmount: discount / 100, netTotal: net / 100, margin: margin / 100 };
  return {
    ...sum,
    marginPercent: sum.netTotal === 0 ? 0 : roundEur((sum.margin / sum.netTotal) * 100),
    totalDiscount: (list - net) / 100,
    totalDiscountPercent: discountPercent(sum.listTotal, sum.netTotal),
  };
}

/** SPEC §5: the discount against list price above the customer's maximum needs approval. */
export function approvalNeeded(totals: DocumentTotals, maxDiscountPercent: number): boolean {
  return needsApproval(totals.totalDiscountPercent, maxDiscountPercent);
}

/** The attributes and relationships of a line as stored (`quotationProducts` without position and quotation). */
function lineContent(line: LineDraft) {
  return {
    attributes: {
      kind: line.kind,
      isOptional: line.isOptional,
      description: line.description.trim() === '' ? undefined : line.description,
      quantity: line.quantity,
      unitOfMeasure: line.unitOfMeasure,
      listPrice: line.listPrice,
      unitPrice: line.unitPrice,
      discountPercent: line.discountPercent,
      costPrice: line.costPrice,
      notes: line.notes,
    },
    relationships: { productId: line.productId, supplierId: line.supplierId },
  };
}

const defined = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));

/**
 * The `lines` of the save: a new line with what it has (the server prices what it leaves out), a
 * stored one as a merge patch of what changed (null clears a value), in the editor's order.
 */
export function linesBody(lines: readonly LineDraft[], stored: ReadonlyMap<string, LineDraft>): QuotationLinesBody['lines'] {
  return lines.map((line) => {
    const content = lineContent(line);
    const before = line.id ? stored.get(line.id) : undefined;
    if (!line.id || !before) return { attributes: defined(content.attributes), relationships: defined(content.relationships) as { productId?: string | null; supplierId?: string | null } };
    const old = lineContent(before);
    const attributes = (mergePatch(defined(old.attributes), defined(content.attributes)) ?? {}) as Record<string, unknown>;
    const relationships = (mergePatch(old.relationships, content.relationships) ?? {}) as { productId?: string | null; supplierId?: string | null };
    return { id: line.id, ...(Object.keys(attributes).length > 0 ? { attributes } : {}), ...(Object.keys(relationships).length > 0 ? { relationships } : {}) } as QuotationLinesBody['lines'][number];
  });
}

/** Whether the drafts differ from the stored lines (order included). */
export function linesDirty(lines: readonly LineDraft[], stored: readonly LineDraft[]): boolean {
  if (lines.length !== stored.length) return true;
  return lines.some((line, index) => JSON.stringify(lineContent(line)) !== JSON.stringify(lineContent(stored[index]!)) || line.id !== stored[index]!.id);
}
