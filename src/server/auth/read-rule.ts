/**
 * One read rule (DESIGN §4): a row is readable when the caller's rules allow it and every parent it
 * names is readable too (`parentLinks`: an activity's intervention, an anomaly's equipment, a file's
 * owner…), recursively, with the module of a kind that has one. Lists get the same rule as SQL
 * (`Access.listScope`); this is the same rule for rows already in hand: by id, history, change
 * notices, thumbnails, what an action returns. One query per parent kind, whatever the number of rows.
 */
import { sql, type Kysely } from 'kysely';
import { parentLinks, parentOf, type EntityShape, type KindDefinition } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import type { Entity } from '../../domain/entity.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { tableName } from '../db/entity-sql.ts';
import { Problem } from '../http/problems.ts';
import type { Access } from './access.ts';

/** Ids are UUIDs; anything else names no row. */
export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The rows among `rows` the caller may read, in their order. */
export async function readableRows<T extends Entity>(db: Kysely<DatabaseSchema>, access: Access, kind: KindDefinition, rows: readonly T[]): Promise<T[]> {
  return withReadableParents(db, access, kind, rows.filter((row) => access.can('read', kind, row)));
}

/** The rows among `rows` every parent of which is readable by the caller (a row naming none is kept). */
async function withReadableParents<T extends EntityShape>(db: Kysely<DatabaseSchema>, access: Access, kind: KindDefinition, rows: readonly T[]): Promise<T[]> {
  let kept = [...rows];
  for (const link of parentLinks(kind)) {
    if (kept.length === 0) break;
    const wanted = new Map<string, Set<string>>();
    for (const row of kept) {
      const parent = parentOf(link, row);
      if (parent) wanted.set(parent.type, (wanted.get(parent.type) ?? new Set()).add(parent.id.toLowerCase()));
    }
    const readable = new Set<string>();
    for (const [type, ids] of wanted) {
      const parentKind = findKind(type);
      if (!parentKind) continue;
      const condition = access.parentScope(link, parentKind);
      // A caller who reads every parent of this kind needs no query (writes keep references to existing rows).
      if (condition === undefined) {
        for (const id of ids) readable.add(`${type}:${id}`);
        continue;
      }
      const valid = [...ids].filter((id) => isUuid(id));
      if (valid.length === 0) continue;
      const found = await sql<{ id: string }>`SELECT id FROM ${sql.raw(tableName(parentKind))}
        WHERE id = ANY(${valid}::uuid[])${condition ? sql` AND ${condition}` : sql``}`.execute(db);
      for (const { id } of found.rows) readable.add(`${type}:${id}`);
    }
    kept = kept.filter((row) => {
      const parent = parentOf(link, row);
      return !parent || readable.has(`${parent.type}:${parent.id.toLowerCase()}`);
    });
  }
  return kept;
}

/**
 * Throws unless the caller may read `entity`: MODULE_NOT_ALLOWED or CTM_FST_NOT_AUTHORIZED from its
 * own rules, CTM_FST_NOT_AUTHORIZED when a parent it names is not readable (nothing said about it).
 */
export async function authorizeRead(db: Kysely<DatabaseSchema>, access: Access, kind: KindDefinition, entity: Entity): Promise<void> {
  access.authorize('read', kind, entity);
  if (parentLinks(kind).length === 0) return;
  if ((await readableRows(db, access, kind, [entity])).length === 0) throw new Problem('CTM_FST_NOT_AUTHORIZED');
}

/**
 * Throws CTM_FST_NOT_AUTHORIZED unless every parent the row's content names is readable by the
 * caller: nobody writes a row under a record they may not read (a line on another salesman's
 * quotation, an activity of another module's intervention).
 */
export async function authorizeParents(db: Kysely<DatabaseSchema>, access: Access, kind: KindDefinition, content: EntityShape): Promise<void> {
  if ((await withReadableParents(db, access, kind, [content])).length === 0) throw new Problem('CTM_FST_NOT_AUTHORIZED');
}
