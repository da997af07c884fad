/**
 * Small helpers shared by the generators. Every random choice of content goes through `ctx.faker`,
 * so the data set is the same on every run for the same scale and reference day; ids are random in
 * every installation (see seed-context.ts).
 */
import { randomUUID } from 'node:crypto';
import type { SeedContext, SeedItem } from '../seed-context.ts';

/**
 * A new row id, random in every installation (the bulk kinds' `ctx.uuid`). It still takes the four
 * faker draws the id was once made of, so the content drawn after stays the same.
 */
export function fastId(ctx: SeedContext): string {
  for (let i = 0; i < 4; i++) ctx.faker.number.int({ min: 0, max: 2 ** 32 - 1 });
  return randomUUID();
}

/** Picks by weight: `{ active: 55, potential: 30 }`. */
export function weighted<T extends string>(ctx: SeedContext, weights: Readonly<Record<T, number>>): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = ctx.faker.number.float({ min: 0, max: total });
  for (const [value, weight] of entries) {
    roll -= weight;
    if (roll <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/**
 * The i-th state of a list that must contain every state: the first `states.length` rows take
 * each state once, the rest follow the weights. Small scales still show every state.
 */
export function everyStateThenWeighted<T extends string>(ctx: SeedContext, index: number, weights: Readonly<Record<T, number>>): T {
  const states = Object.keys(weights) as T[];
  return index < states.length ? states[index]! : weighted(ctx, weights);
}

export function chance(ctx: SeedContext, probability: number): boolean {
  return ctx.faker.number.float({ min: 0, max: 1 }) < probability;
}

export function int(ctx: SeedContext, min: number, max: number): number {
  return ctx.faker.number.int({ min, max });
}

/** `count` distinct elements (fewer when the list is shorter). */
export function some<T>(ctx: SeedContext, list: readonly T[], count: number): T[] {
  return ctx.faker.helpers.arrayElements(list, Math.min(count, list.length));
}

/** Lower-case ASCII letters and digits only: for e-mail addresses, web sites and codes. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** `name.surname` for a person's e-mail (accents and apostrophes dropped). */
export function personSlug(firstName: string, lastName: string): string {
  return `${slug(firstName)}.${slug(lastName)}`;
}

/** Italian numbers as people write them: landlines with their area code, mobiles starting with 3. */
export function landline(ctx: SeedContext, areaCode: string): string {
  const digits = 10 - areaCode.length;
  return `${areaCode} ${ctx.faker.string.numeric({ length: digits, allowLeadingZeros: true })}`;
}

export function mobile(ctx: SeedContext): string {
  const prefix = ctx.pick(['320', '328', '329', '331', '333', '334', '335', '338', '339', '340', '345', '347', '348', '349', '366', '380', '388', '392']);
  return `${prefix} ${ctx.faker.string.numeric({ length: 7, allowLeadingZeros: true })}`;
}

/** Inserts in slices, so a million rows never sit in memory at once; returns the ids in order. */
export async function insertInBatches(
  ctx: SeedContext,
  type: string,
  total: number,
  build: (index: number) => SeedItem,
  batchSize = 10_000,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < total; start += batchSize) {
    const items: SeedItem[] = [];
    for (let i = start; i < Math.min(total, start + batchSize); i++) items.push(build(i));
    ids.push(...(await ctx.insert(type, items)));
  }
  return ids;
}

/** Adds days to a `YYYY-MM-DD` date. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Math.round(days));
  return d.toISOString().slice(0, 10);
}

/** A date-time on a day at a given hour and minute (UTC ISO). */
export function at(day: string, hour: number, minute = 0): string {
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** Zero-padded running number: `code('EST', 42, 6)` → `EST-000042`. */
export function code(prefix: string, n: number, width = 5): string {
  return `${prefix}-${String(n).padStart(width, '0')}`;
}

export function roundTo(value: number, decimals = 2): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The earlier of two `YYYY-MM-DD` dates. */
export function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

/** A picker of indexes by weight, for large lists (binary search over the running totals). */
export function weightedPicker(ctx: SeedContext, weights: readonly number[]): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) {
    total += w;
    cumulative.push(total);
  }
  return () => {
    const roll = ctx.faker.number.float({ min: 0, max: total });
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < roll) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/** Days in a frequency, roughly (months of 30.4 days). */
export function frequencyDays(frequency: { value: number; unit: 'day' | 'week' | 'month' | 'year' }): number {
  const unitDays = { day: 1, week: 7, month: 30.4, year: 365 }[frequency.unit];
  return Math.round(frequency.value * unitDays);
}
