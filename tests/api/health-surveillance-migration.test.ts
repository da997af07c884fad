/** Migration 0039: a stored «Cliente» role gets the health-surveillance read rule once; a role already ruling on visits, or another role, is left alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { CLIENTE_HEALTH_SURVEILLANCE_RULES, healthSurveillanceMigration } from '../../src/server/db/migrations/0039-health-surveillance.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0039 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('adds the rule to a stored Cliente role, once, and leaves a role with its own rule on visits alone', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = [{ action: 'read', subject: 'customer', conditions: { id: '${user.customerId}' } }];
    const cliente = randomUUID();
    const other = randomUUID();
    const custom = [{ action: 'read', subject: ['customer', 'health surveillance visit'] }];
    await roles.insert([
      { id: cliente, by: null, data: { attributes: { name: 'Cliente', permissions: old }, metadata: {}, relationships: {} } },
      { id: other, by: null, data: { attributes: { name: 'Operatore esterno', permissions: old }, metadata: {}, relationships: {} } },
    ]);
    await healthSurveillanceMigration.up(api.database.db);
    await healthSurveillanceMigration.up(api.database.db);
    expect((await roles.findById(cliente))!.attributes.permissions).toEqual([...old, ...CLIENTE_HEALTH_SURVEILLANCE_RULES]);
    expect((await roles.findById(other))!.attributes.permissions).toEqual(old);
    await roles.update(cliente, (await roles.findById(cliente))!.metadata.lastUpdatedDateTime as string, { data: { attributes: { name: 'Cliente', permissions: custom }, metadata: {}, relationships: {} } }, null, 'update');
    await healthSurveillanceMigration.up(api.database.db);
    expect((await roles.findById(cliente))!.attributes.permissions).toEqual(custom);
  });
});
