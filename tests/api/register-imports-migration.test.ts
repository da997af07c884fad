/**
 * Migration 0025: a database with equipment imports (migration 0022's tables, their list indexes, a
 * role ruling on `equipment import`, the records' history) becomes one of register imports: the
 * table renamed with its rows, each import saying `register: equipments`, each written row its kind,
 * the role's rule naming `import`, the history following the kind's new name, the old indexes gone;
 * the schema step then serves the kind as any other.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { ensureSchema } from '../../src/server/db/ensure-schema.ts';
import { equipmentImportsMigration } from '../../src/server/db/migrations/0022-equipment-imports.ts';
import { registerImportsMigration } from '../../src/server/db/migrations/0025-register-imports.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0025 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('renames equipment imports to register imports, keeping every row, rule and history line', async () => {
    const db = api.database.db;
    // The database as 0024 left it: the equipment import tables (with a list index), no `imports`.
    await sql`DROP TABLE imports`.execute(db);
    await sql`DROP TABLE import_rows`.execute(db);
    await equipmentImportsMigration.up(db);
    await sql`CREATE INDEX equipment_imports_state_idx ON equipment_imports (id)`.execute(db);
    const importId = randomUUID();
    const equipmentId = randomUUID();
    const at = '2026-06-15T09:00:00.000Z';
    const attributes = { fileName: 'registro.xlsx', headers: ['Matricola'], signature: 'matricola', mapping: ['serialNumber'], rowsCount: 1, createdCount: 1, updatedCount: 0, refusedCount: 0, state: 'committed', committedDateTime: at };
    await sql`INSERT INTO equipment_imports (id, created_date_time, last_updated_date_time, attributes, relationships)
      VALUES (${importId}::uuid, ${at}::timestamptz, ${at}::timestamptz, ${JSON.stringify(attributes)}::jsonb, ${JSON.stringify({ customerId: randomUUID() })}::jsonb)`.execute(db);
    await sql`INSERT INTO equipment_import_rows (import_id, equipment_id, action, version) VALUES (${importId}::uuid, ${equipmentId}::uuid, 'create', ${at}::timestamptz)`.execute(db);
    await sql`INSERT INTO record_history (entity_type, entity_id, version, at, action) VALUES ('equipmentImports', ${importId}::uuid, ${at}::timestamptz, ${at}::timestamptz, 'create')`.execute(db);
    const roles = new EntityRepository(db, findKind('roles')!);
    const roleId = randomUUID();
    await roles.insert([{ id: roleId, by: null, data: { attributes: { name: 'Importatore', permissions: [{ action: ['create', 'update'], subject: ['equipment import', 'equipment'] }] }, metadata: {}, relationships: {} } }]);

    await registerImportsMigration.up(db);
    await ensureSchema(api.database);

    const imported = await new EntityRepository(db, findKind('imports')!).findById(importId);
    expect(imported?.attributes).toMatchObject({ ...attributes, register: 'equipments' });
    const { rows } = await sql<{ type: string; record_id: string; action: string }>`SELECT type, record_id, action FROM import_rows`.execute(db);
    expect(rows).toEqual([{ type: 'equipments', record_id: equipmentId, action: 'create' }]);
    expect((await roles.findById(roleId))!.attributes.permissions).toEqual([{ action: ['create', 'update'], subject: ['import', 'equipment'] }]);
    const history = await sql<{ entity_type: string }>`SELECT entity_type FROM record_history WHERE entity_id = ${importId}::uuid`.execute(db);
    expect(history.rows).toEqual([{ entity_type: 'imports' }]);
    const indexes = await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE 'equipment_import%'`.execute(db);
    expect(indexes.rows).toEqual([]);
    // The kind is listed as any other, through the API.
    const listed = await api.as(api.adminId).request('GET', '/api/imports?filter[register]=equipments');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(importId);
  });
});
