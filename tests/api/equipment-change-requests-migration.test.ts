/** Migration 0044: the stored Manutentore role gets its change-request rules once (and no longer writes the legal fields); a role already ruling on change requests, or another role, is left alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { equipmentChangeRequestsMigration, MANUTENTORE_CHANGE_REQUEST_RULES } from '../../src/server/db/migrations/0044-equipment-change-requests.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0044 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('gives the technician its rules once, and leaves other roles and custom rules alone', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = [{ action: ['read', 'update'], subject: ['equipment', 'checks'] }];
    const ids = { Manutentore: randomUUID(), Cliente: randomUUID() };
    await roles.insert(Object.entries(ids).map(([name, id]) => ({ id, by: null, data: { attributes: { name, permissions: old }, metadata: {}, relationships: {} } })));
    await equipmentChangeRequestsMigration.up(api.database.db);
    await equipmentChangeRequestsMigration.up(api.database.db);
    expect((await roles.findById(ids.Manutentore))!.attributes.permissions).toEqual([...old, ...MANUTENTORE_CHANGE_REQUEST_RULES]);
    expect((await roles.findById(ids.Cliente))!.attributes.permissions).toEqual(old);
    const custom = [{ action: 'read', subject: ['equipment', 'equipment change request'] }];
    const technician = (await roles.findById(ids.Manutentore))!;
    await roles.update(ids.Manutentore, technician.metadata.lastUpdatedDateTime as string, { data: { attributes: { name: 'Manutentore', permissions: custom }, metadata: {}, relationships: {} } }, null, 'update');
    await equipmentChangeRequestsMigration.up(api.database.db);
    expect((await roles.findById(ids.Manutentore))!.attributes.permissions).toEqual(custom);
  });
});
