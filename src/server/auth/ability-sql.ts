/**
 * Turns the conditions of the caller's CASL rules for one subject into an SQL condition over the
 * kind's table, so a list returns only the rows the caller may read, whatever filter it sends
 * (DESIGN §3). CASL flattens its rule priorities into one AST (rulesToAST); this renders that AST.
 * Field names are entity paths (`id`, `attributes.status`, `relationships.customerId`); values
 * always travel as parameters.
 */
import { sql, type RawBuilder } from 'kysely';
import { rulesToAST } from '@casl/ability/extra';
import type { AppAbility } from '../../domain/ability.ts';
import { commonColumns } from '../db/entity-sql.ts';

interface AstNode {
  operator: string;
  field?: string;
  value: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECTIONS = new Set(['attributes', 'metadata', 'relationships']);
const KEY = /^[A-Za-z0-9_]+$/;

/** The SQL condition for `action` on `subject`; `false` when no rule grants it at all. */
export function abilityCondition(ability: AppAbility, action: string, subject: string): RawBuilder<unknown> {
  const ast = rulesToAST(ability, action, subject) as AstNode | null;
  return ast ? nodeSql(ast) : sql`false`;
}

function nodeSql(node: AstNode): RawBuilder<unknown> {
  const children = () => (node.value as AstNode[]).map(nodeSql);
  switch (node.operator) {
    case 'and':
      return (node.value as AstNode[]).length === 0 ? sql`true` : sql`(${sql.join(children(), sql` AND `)})`;
    case 'or':
      return (node.value as AstNode[]).length === 0 ? sql`false` : sql`(${sql.join(children(), sql` OR `)})`;
    case 'not':
    case 'nor':
      return sql`NOT coalesce((${sql.join(children(), sql` OR `)}), false)`;
    default:
      return fieldSql(node);
  }
}

/** Equality with Mongo semantics: a value equals the field, or is an element of an array field. */
function equals(path: string, value: unknown): RawBuilder<unknown> {
  if (path === 'id') return typeof value === 'string' && UUID.test(value) ? sql`id = ${value.toLowerCase()}::uuid` : sql`false`;
  const column = commonColumn(path);
  if (column) {
    if (column.type === 'uuid') return typeof value === 'string' && UUID.test(value) ? sql`${sql.raw(column.name)} = ${value.toLowerCase()}::uuid` : sql`false`;
    return sql`${sql.raw(column.name)} = ${value}`;
  }
  const [section, ...keys] = splitPath(path);
  // Containment on the section document uses its GIN index (relationships) and covers arrays.
  const probe = (leaf: unknown) => JSON.stringify(keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf));
  return sql`(${sql.raw(section)} @> ${probe(value)}::jsonb OR ${sql.raw(section)} @> ${probe([value])}::jsonb)`;
}

function fieldSql(node: AstNode): RawBuilder<unknown> {
  const path = node.field ?? '';
  const values = Array.isArray(node.value) ? node.value : [node.value];
  switch (node.operator) {
    case 'eq':
      return equals(path, node.value);
    case 'ne':
      return sql`NOT ${equals(path, node.value)}`;
    case 'in':
      return values.length === 0 ? sql`false` : sql`(${sql.join(values.map((v) => equals(path, v)), sql` OR `)})`;
    case 'nin':
      return values.length === 0 ? sql`true` : sql`NOT (${sql.join(values.map((v) => equals(path, v)), sql` OR `)})`;
    case 'all':
      return values.length === 0 ? sql`true` : sql`(${sql.join(values.map((v) => equals(path, v)), sql` AND `)})`;
    case 'exists':
      return node.value ? sql`${textOf(path)} IS NOT NULL` : sql`${textOf(path)} IS NULL`;
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      const operator = sql.raw({ lt: '<', lte: '<=', gt: '>', gte: '>=' }[node.operator]);
      if (typeof node.value === 'number') return sql`(${textOf(path)})::numeric ${operator} ${node.value}`;
      return sql`${textOf(path)} ${operator} ${String(node.value)}`;
    }
    default:
      // An operator we cannot express in SQL must not widen access.
      return sql`false`;
  }
}

function commonColumn(path: string): { name: string; type: 'uuid' | 'date' } | undefined {
  const key = path.startsWith('metadata.') ? path.slice('metadata.'.length) : undefined;
  if (!key || !Object.hasOwn(commonColumns, key)) return undefined;
  const name = commonColumns[key as keyof typeof commonColumns];
  return { name, type: key.endsWith('By') ? 'uuid' : 'date' };
}

function splitPath(path: string): [string, ...string[]] {
  const [section, ...keys] = path.split('.');
  if (!section || !SECTIONS.has(section) || keys.length === 0 || keys.some((k) => !KEY.test(k))) {
    // Role conditions are validated when saved; a path we cannot map grants nothing.
    throw new UnmappablePath(path);
  }
  return [section, ...keys];
}

function textOf(path: string): RawBuilder<unknown> {
  if (path === 'id') return sql`id::text`;
  const column = commonColumn(path);
  if (column) return sql`${sql.raw(column.name)}::text`;
  const [section, ...keys] = splitPath(path);
  return sql`(${sql.raw(section)} #>> ${`{${keys.join(',')}}`})`;
}

export class UnmappablePath extends Error {
  constructor(path: string) {
    super(`Percorso non utilizzabile in una condizione: ${path}`);
  }
}

/** Like abilityCondition, but a rule whose path cannot be mapped yields `false` instead of throwing. */
/** Whether the ability allows `action` on every row of `subject` (no condition narrows it). */
export function isUnrestricted(ability: AppAbility, action: string, subject: string): boolean {
  const ast = rulesToAST(ability, action, subject) as AstNode | null;
  return ast?.operator === 'and' && (ast.value as AstNode[]).length === 0;
}

export function safeAbilityCondition(ability: AppAbility, action: string, subject: string): RawBuilder<unknown> {
  try {
    return abilityCondition(ability, action, subject);
  } catch (error) {
    if (error instanceof UnmappablePath) return sql`false`;
    throw error;
  }
}
