/**
 * Values as Italian users read them (SPEC §9): EUR with exactly 2 decimals, Italian short dates,
 * enum values and booleans in words. Shared by grid cells and read-only form fields.
 */
import { hasMessage, intl } from '../i18n/index.ts';
// The field and enum names this module reads load with it (not in the initial JS).
import '../i18n/field-labels.ts';
import { formatDate, formatDateTime, formatMoney } from './format-basic.ts';
import { formatPercent } from '../../domain/rules/price-list-rows.ts';

/** Field names that hold money in EUR. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'price', 'listPrice', 'unitPrice', 'costPrice', 'totalNetPrice', 'totalListPrice', 'totalDiscount', 'totalMargin', 'amount',
  // A line's derived totals (rules/totals.ts).
  'listTotal', 'grossTotal', 'discountAmount', 'netTotal', 'margin',
]);

/** Field names that hold a percentage (shown as «10%», `formatPercent`). */
export const PERCENT_FIELDS = /Percent$/;

const number = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

export { formatDate, formatDateTime, formatMoney };

/** The Italian name of a field (`form.field.{name}`), or the key itself when none is known. */
/**
 * The Italian name of a field: its path's own label where two fields of one form share a name (a
 * customer's ERP code in its registry and in its metadata), else the name's.
 */
export function fieldLabel(name: string, path?: string): string {
  const own = path === undefined ? undefined : `form.path.${path.replace(/\[\]/g, '')}`;
  if (own && hasMessage(own)) return intl.formatMessage({ id: own });
  return hasMessage(`form.field.${name}`) ? intl.formatMessage({ id: `form.field.${name}` }) : name;
}

/** The Italian name of an enum value (`form.enum.{value}`), or the value. */
export function enumLabel(value: string, stateLabels?: Record<string, string>): string {
  if (stateLabels?.[value]) return stateLabels[value];
  return hasMessage(`form.enum.${value}`) ? intl.formatMessage({ id: `form.enum.${value}` }) : value;
}

export type ValueKind = 'text' | 'number' | 'percent' | 'boolean' | 'date' | 'datetime' | 'money' | 'enum' | 'list';

/** How a numeric field named `name` reads: money in EUR, a percentage, or a plain number. */
export function numberKind(name: string): 'money' | 'percent' | 'number' {
  return MONEY_FIELDS.has(name) ? 'money' : PERCENT_FIELDS.test(name) ? 'percent' : 'number';
}

/** Text of a value for a cell or a read-only field. */
export function formatValue(value: unknown, kind: ValueKind, stateLabels?: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => formatValue(v, kind === 'list' ? 'enum' : kind, stateLabels)).join(', ');
  switch (kind) {
    case 'boolean': return intl.formatMessage({ id: value ? 'form.yes' : 'form.no' });
    case 'money': return typeof value === 'number' ? formatMoney(value) : String(value);
    case 'number': return typeof value === 'number' ? number.format(value) : String(value);
    case 'percent': return typeof value === 'number' ? formatPercent(value) : String(value);
    case 'date': return formatDate(String(value));
    case 'datetime': return formatDateTime(String(value));
    case 'enum': return enumLabel(String(value), stateLabels);
    default: return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
