/** Helpers the kinds' server hooks share: uniqueness, yearly document numbers, JSON equality, customer names. */
import { sql } from 'kysely';
import { readPath } from '../../../domain/kind.ts';
import { fieldSqlText, tableName } from '../../db/entity-sql.ts';
import { Problem, type ProblemCode } from '../../http/problems.ts';
import type { Entity, EntityData } from '../../../domain/entity.ts';
import type { HookContext } from '../../resources/hooks.ts';

/**
 * Refuses a write when another live row of the kind already has the same value in a list field.
 * The message names the other row, as the SPEC §8 texts do ("… già utilizzato per …").
 */
export async function requireUnique(
  hook: HookContext,
  data: EntityData,
  id: string,
  fieldName: string,
  code: ProblemCode,
  describe: (other: string) => string,
  counts: (other: Entity) => boolean = () => true,
) {
  const field = hook.kind.fields[fieldName];
  const value = field ? readPath(data, field.path) : undefined;
  if (!field || typeof value !== 'string' || value.trim() === '') return;
  const repository = hook.repository(hook.kind.type);
  for (const otherId of await repository.findIdsByField(fieldName, value, id)) {
    const other = await repository.findById(otherId);
    if (!other || !counts(other)) continue;
    const message = describe(hook.kind.title(other));
    throw new Problem(code, { message, extensions: { existingId: otherId }, errors: [{ pointer: `/${field.path.replace(/\./g, '/')}`, code, message }] });
  }
}

/**
 * The next number of a yearly document series (PRV-2026-00042, ORD-2026-00001), atomically: one
 * counter row per series in app_state, incremented by an upsert that the database serialises (the
 * row lock of ON CONFLICT DO UPDATE), so two processes never get the same number. The number also
 * continues after the highest code already stored, so one typed by hand (or imported) is skipped.
 */
export async function nextCode(hook: HookContext, prefix: string, year: number, fieldName = 'code'): Promise<string> {
  const key = `counter:${hook.kind.type}:${prefix}-${year}`;
  const field = hook.kind.fields[fieldName];
  if (!field) throw new Error(`${hook.kind.type} has no ${fieldName} field`);
  const codeSql = sql.raw(fieldSqlText(field));
  const table = sql.raw(tableName(hook.kind));
  const pattern = `^${prefix}-${year}-(\\d+)$`;
  const result = await sql<{ value: number }>`INSERT INTO app_state (key, value)
    SELECT ${key}, to_jsonb(coalesce(max((substring(${codeSql} from ${pattern}))::int), 0) + 1) FROM ${table} WHERE ${codeSql} ~ ${pattern}
    ON CONFLICT (key) DO UPDATE SET value = to_jsonb(greatest((app_state.value)::int + 1, (EXCLUDED.value)::int)), updated_date_time = now()
    RETURNING (value)::int AS value`.execute(hook.db);
  return `${prefix}-${year}-${String(result.rows[0]?.value ?? 1).padStart(5, '0')}`;
}

/** JSON text with object keys sorted (and undefined members left out): equal values, equal text. */
export function canonicalJson(value: unknown): string {
  const canonical = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(canonical);
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined).sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [k, canonical(v)]));
    }
    return item;
  };
  // undefined has no JSON text: '' keeps it apart from null.
  return JSON.stringify(canonical(value)) ?? '';
}

/** Equal as JSON whatever the key order: stored jsonb sorts keys, parsed input keeps the schema's order. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * The customer's commercial zone, kept on its quotations (`metadata.commercialZoneId`): SPEC §6
 * `readArea` grants the quotations of the customers in the user's zones by a condition on it.
 */
export async function customerZoneId(hook: HookContext, customerId: unknown): Promise<string | null> {
  if (typeof customerId !== 'string') return null;
  const zone = (await hook.repository('customers').findById(customerId))?.relationships.commercialZoneId;
  return typeof zone === 'string' ? zone : null;
}

/** The customer's display name, kept on rows that lists show with their customer. */
export async function customerName(hook: HookContext, customerId: unknown): Promise<string | undefined> {
  if (typeof customerId !== 'string') return undefined;
  const customer = await hook.repository('customers').findById(customerId);
  return customer ? String(customer.metadata.displayName ?? '') : undefined;
}

/**
 * The fields a decision sets (`attributes.x` / `relationships.x`) as they were on `previous` (none on
 * a new row): a client's write never sets them. The state is left to the pipeline (created in the
 * initial state, changed by actions only).
 */
export function keepDecisionFields(data: EntityData, previous: Entity | undefined, paths: readonly string[]): EntityData {
  const attributes = { ...data.attributes };
  const relationships = { ...data.relationships };
  for (const path of paths) {
    const [section, key] = path.split('.') as ['attributes' | 'relationships', string];
    if (key === 'state') continue;
    const target = section === 'attributes' ? attributes : relationships;
    const before = previous?.[section][key];
    if (before === undefined) delete target[key];
    else target[key] = before;
  }
  return { ...data, attributes, relationships };
}
