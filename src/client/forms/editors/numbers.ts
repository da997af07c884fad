/** Numbers as Italian users type and read them (SPEC §5, §9): the comma, ↑/↓ steps, money with 2 decimals. */
import type { FieldSpec } from '../schema-fields.ts';

/** `12,5` or `12.5` → 12.5; '' → undefined; anything else stays text so zod reports it. */
export function parseNumber(text: string): number | string | undefined {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return undefined;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  const n = Number(normal);
  return Number.isFinite(n) ? n : text;
}

/** ↑/↓ on a number: one step (Shift: ten), kept within the schema's bounds. */
export function stepNumber(current: unknown, direction: 1 | -1, spec: Pick<FieldSpec, 'min' | 'max'>, big = false): number {
  const base = typeof current === 'number' && Number.isFinite(current) ? current : (spec.min ?? 0);
  let next = Math.round((base + direction * (big ? 10 : 1)) * 100) / 100;
  if (spec.min !== undefined) next = Math.max(spec.min, next);
  if (spec.max !== undefined) next = Math.min(spec.max, next);
  return next;
}

/** How a number reads in its field: money always with 2 decimals (SPEC §9), others as typed, Italian comma. */
export function numberText(value: unknown, money: boolean): string {
  if (typeof value !== 'number') return value === undefined || value === null ? '' : String(value);
  return money ? value.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }) : String(value).replace('.', ',');
}
