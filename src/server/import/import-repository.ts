/** The SQL of the equipment import (issue 27): references by code or name, equipments by serial, saved mappings. */
import { sql, type Kysely } from 'kysely';
import { normaliseHeader, type ImportMapping } from '../../domain/import/equipment-import.ts';
import type { DatabaseSchema } from '../db/database.ts';

export class ImportRepository {
  private readonly db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.db = db;
  }

  /** Live equipment types by normalised code and by normalised name. */
  async families(): Promise<Map<string, { id: string; module: string }>> {
    const { rows } = await sql<{ id: string; code: string | null; name: string | null; module: string }>`
      SELECT id, attributes->>'code' AS code, attributes->>'name' AS name, attributes->>'module' AS module
      FROM equipment_families WHERE NOT is_deleted ORDER BY created_date_time`.execute(this.db);
    const byName = new Map<string, { id: string; module: string }>();
    for (const row of rows) {
      for (const text of [row.name, row.code]) if (text) byName.set(normaliseHeader(text), { id: row.id, module: row.module });
    }
    return byName;
  }

  /** The customer's live sites (customers whose parent it is) by normalised name. */
  async sites(customerId: string): Promise<Map<string, { id: string }>> {
    const { rows } = await sql<{ id: string; name: string | null; display: string | null }>`
      SELECT id, attributes->'registry'->>'businessName' AS name, metadata->>'displayName' AS display
      FROM customers WHERE NOT is_deleted AND attributes->>'parentId' = ${customerId}`.execute(this.db);
    const byName = new Map<string, { id: string }>();
    for (const row of rows) for (const text of [row.display, row.name]) if (text) byName.set(normaliseHeader(text), { id: row.id });
    return byName;
  }

  /** Ids of the customer's live equipments whose serial number is one of `serials` (case ignored). */
  async equipmentIdsBySerial(customerId: string, serials: readonly string[]): Promise<string[]> {
    if (serials.length === 0) return [];
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM equipments
      WHERE NOT is_deleted AND relationships->>'customerId' = ${customerId}
        AND lower(attributes->>'serialNumber') = ANY(${[...new Set(serials.map((s) => s.toLowerCase()))]}::text[])`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** The mapping of the latest import of a sheet with this layout. */
  async savedMapping(signature: string): Promise<ImportMapping | undefined> {
    const { rows } = await sql<{ mapping: ImportMapping }>`
      SELECT attributes->'mapping' AS mapping FROM equipment_imports
      WHERE NOT is_deleted AND attributes->>'signature' = ${signature}
      ORDER BY created_date_time DESC LIMIT 1`.execute(this.db);
    return rows[0]?.mapping;
  }

  /** Records what import `importId` wrote: each equipment, its version after the import, the values an update replaced. */
  async recordRows(importId: string, rows: readonly WrittenRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += 500) {
      const chunk = rows.slice(at, at + 500);
      await sql`INSERT INTO equipment_import_rows (import_id, equipment_id, action, version, before)
        SELECT ${importId}::uuid, r.equipment_id, r.action, r.version, r.before
        FROM jsonb_to_recordset(${JSON.stringify(chunk.map((row) => ({ equipment_id: row.equipmentId, action: row.action, version: row.version, before: row.before ?? null })))}::jsonb)
          AS r(equipment_id uuid, action text, version timestamptz, before jsonb)`.execute(this.db);
    }
  }

  /** What import `importId` wrote. */
  async rowsOf(importId: string): Promise<WrittenRow[]> {
    const { rows } = await sql<{ equipment_id: string; action: 'create' | 'update'; version: Date | string; before: Record<string, unknown> | null }>`
      SELECT equipment_id, action, version, before FROM equipment_import_rows WHERE import_id = ${importId}::uuid ORDER BY equipment_id`.execute(this.db);
    return rows.map((row) => ({
      equipmentId: row.equipment_id,
      action: row.action,
      version: new Date(row.version).toISOString(),
      ...(row.before ? { before: row.before } : {}),
    }));
  }
}

/** An equipment an import wrote. */
export interface WrittenRow {
  equipmentId: string;
  action: 'create' | 'update';
  /** Its version (lastUpdatedDateTime) right after the import. */
  version: string;
  /** For an update: the values it replaced, by dotted path. */
  before?: Record<string, unknown>;
}
