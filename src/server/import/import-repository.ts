/** The SQL of register imports (issue 27): references by code or name, existing records by identity, saved mappings, the rows an import wrote. */
import { sql, type Kysely } from 'kysely';
import { normaliseHeader, type ImportMapping, type ImportReference } from '../../domain/import/register-import.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { jsonPathSql, tableName } from '../db/entity-sql.ts';

/** A record a reference column may name. */
export interface ReferencedRow {
  id: string;
  /** An equipment type's module (a new equipment takes it). */
  module?: string;
}

export class ImportRepository {
  private readonly db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.db = db;
  }

  /**
   * The live rows of the referenced kind by normalised code and by normalised name (an office
   * location by its name and display name, only among `customerId`'s). Reference tables are small.
   */
  async referenced(reference: ImportReference, customerId: string | undefined): Promise<Map<string, ReferencedRow>> {
    const { rows } = reference.customerSites
      ? await sql<{ id: string; code: string | null; name: string | null; module: string | null }>`
          SELECT id, metadata->>'displayName' AS code, attributes->'registry'->>'businessName' AS name, NULL AS module
          FROM customers WHERE NOT is_deleted AND attributes->>'parentId' = ${customerId ?? ''} ORDER BY created_date_time`.execute(this.db)
      : await sql<{ id: string; code: string | null; name: string | null; module: string | null }>`
          SELECT id, attributes->>'code' AS code, attributes->>'name' AS name, attributes->>'module' AS module
          FROM ${sql.table(tableName({ type: reference.kind }))} WHERE NOT is_deleted ORDER BY created_date_time`.execute(this.db);
    const byName = new Map<string, ReferencedRow>();
    for (const row of rows) {
      for (const text of [row.name, row.code]) if (text) byName.set(normaliseHeader(text), { id: row.id, ...(row.module ? { module: row.module } : {}) });
    }
    return byName;
  }

  /** Ids of the live records of `kind` (within the customer, when `scope` is given; without `unmatchedWhenSet` set) whose `identityPath` is one of `values` (case ignored). */
  async idsByIdentity(kind: KindDefinition, identityPath: string, values: readonly string[], scope?: { customerPath: string; customerId: string }, unmatchedWhenSet?: string): Promise<string[]> {
    if (values.length === 0) return [];
    const identity = sql.raw(`lower(${jsonPathSql(identityPath)})`);
    const within = scope ? sql`AND ${sql.raw(jsonPathSql(scope.customerPath))} = ${scope.customerId}` : sql``;
    const unset = unmatchedWhenSet ? sql`AND coalesce(${sql.raw(jsonPathSql(unmatchedWhenSet))}, '') = ''` : sql``;
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM ${sql.table(tableName(kind))}
      WHERE NOT is_deleted ${within} ${unset} AND ${identity} = ANY(${[...new Set(values.map((v) => v.toLowerCase()))]}::text[])`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** The mapping of the latest import of a sheet with this layout into the same register. */
  async savedMapping(register: string, signature: string): Promise<ImportMapping | undefined> {
    const { rows } = await sql<{ mapping: ImportMapping }>`
      SELECT attributes->'mapping' AS mapping FROM imports
      WHERE NOT is_deleted AND attributes->>'signature' = ${signature} AND attributes->>'register' = ${register}
      ORDER BY created_date_time DESC LIMIT 1`.execute(this.db);
    return rows[0]?.mapping;
  }

  /** Records what import `importId` wrote: each record, its version after the import, the values an update replaced. */
  async recordRows(importId: string, rows: readonly WrittenRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += 500) {
      const chunk = rows.slice(at, at + 500);
      await sql`INSERT INTO import_rows (import_id, type, record_id, action, version, before)
        SELECT ${importId}::uuid, r.type, r.record_id, r.action, r.version, r.before
        FROM jsonb_to_recordset(${JSON.stringify(chunk.map((row) => ({ type: row.type, record_id: row.id, action: row.action, version: row.version, before: row.before ?? null })))}::jsonb)
          AS r(type text, record_id uuid, action text, version timestamptz, before jsonb)`.execute(this.db);
    }
  }

  /** What import `importId` wrote, in the order it wrote it. */
  async rowsOf(importId: string): Promise<WrittenRow[]> {
    const { rows } = await sql<{ type: string; record_id: string; action: 'create' | 'update'; version: Date | string; before: Record<string, unknown> | null }>`
      SELECT type, record_id, action, version, before FROM import_rows WHERE import_id = ${importId}::uuid ORDER BY type, record_id`.execute(this.db);
    return rows.map((row) => ({
      type: row.type,
      id: row.record_id,
      action: row.action,
      version: new Date(row.version).toISOString(),
      ...(row.before ? { before: row.before } : {}),
    }));
  }
}

/** A record an import wrote. */
export interface WrittenRow {
  type: string;
  id: string;
  action: 'create' | 'update';
  /** Its version (lastUpdatedDateTime) right after the import. */
  version: string;
  /** For an update: the values it replaced, by dotted path. */
  before?: Record<string, unknown>;
}
