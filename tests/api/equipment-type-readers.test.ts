/**
 * Issue 23: the equipment lists name each equipment's type. The Pianificatore and the Esterno read
 * equipment, and now its type too (seed, and migration 0043 for stored roles), so their lists say
 * «EST-POL – Estintore a polvere» instead of «non visibile».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { equipmentTypeReadersMigration } from '../../src/server/db/migrations/0043-equipment-type-readers.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('equipment types for those who read equipment, on %s', (engine) => {
  let api: Api;
  let roleIds: Record<string, string>;
  beforeAll(async () => {
    api = await setupApi(engine);
    roleIds = await insertDemoRoles(api);
  });
  afterAll(() => api?.close());

  it.each(['Pianificatore', 'Esterno'])('the %s reads the equipment types its equipment names', async (role) => {
    const family = await api.post('/api/equipmentFamilies', { attributes: { code: `EST-${role.slice(0, 3).toUpperCase()}`, name: 'Estintore a polvere', module: 'fire' } });
    expect(family.status, JSON.stringify(family.body)).toBe(201);
    const user = await insertUser(api, [roleIds[role]!]);
    const read = await api.as(user).request('GET', `/api/equipmentFamilies?ids=${family.body.data.id as string}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.map((row: { attributes: { name: string } }) => row.attributes.name)).toEqual(['Estintore a polvere']);
  });

  it('gives a stored Pianificatore and Esterno the rule once, and leaves a role with its own rule alone', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = [{ action: 'read', subject: ['equipment', 'assignment'] }];
    const custom = [{ action: 'read', subject: 'equipment type', conditions: { 'attributes.code': 'EST' } }];
    const planner = randomUUID();
    const external = randomUUID();
    const kept = randomUUID();
    await roles.insert([
      { id: planner, by: null, data: { attributes: { name: 'Pianificatore', permissions: old }, metadata: {}, relationships: {} } },
      { id: external, by: null, data: { attributes: { name: 'Esterno', permissions: custom }, metadata: {}, relationships: {} } },
      { id: kept, by: null, data: { attributes: { name: 'Commerciale', permissions: old }, metadata: {}, relationships: {} } },
    ]);
    await equipmentTypeReadersMigration.up(api.database.db);
    await equipmentTypeReadersMigration.up(api.database.db);
    expect((await roles.findById(planner))!.attributes.permissions).toEqual([...old, { action: 'read', subject: 'equipment type' }]);
    expect((await roles.findById(external))!.attributes.permissions).toEqual(custom);
    expect((await roles.findById(kept))!.attributes.permissions).toEqual(old);
  });
});
