/** Migration 0041: the stored Pianificatore, Manutentore and Esterno roles get their qualification rules once; a role already ruling on them, or another role, is left alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { QUALIFICATION_RULES_BY_ROLE, technicianQualificationRulesMigration } from '../../src/server/db/migrations/0041-technician-qualification-rules.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0041 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('gives the planner, the technician and the external technician their rules once, and leaves other roles and custom rules alone', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = [{ action: 'read', subject: 'assignment' }];
    const ids = { Pianificatore: randomUUID(), Manutentore: randomUUID(), Esterno: randomUUID(), Cliente: randomUUID() };
    await roles.insert(Object.entries(ids).map(([name, id]) => ({ id, by: null, data: { attributes: { name, permissions: old }, metadata: {}, relationships: {} } })));
    await technicianQualificationRulesMigration.up(api.database.db);
    await technicianQualificationRulesMigration.up(api.database.db);
    for (const name of ['Pianificatore', 'Manutentore', 'Esterno'] as const) {
      expect((await roles.findById(ids[name]))!.attributes.permissions, name).toEqual([...old, ...QUALIFICATION_RULES_BY_ROLE[name]!]);
    }
    expect((await roles.findById(ids.Cliente))!.attributes.permissions).toEqual(old);
    // An administrator's own rule on the subject stays as it is.
    const custom = [{ action: 'read', subject: ['assignment', 'technician qualification'] }];
    const planner = (await roles.findById(ids.Pianificatore))!;
    await roles.update(ids.Pianificatore, planner.metadata.lastUpdatedDateTime as string, { data: { attributes: { name: 'Pianificatore', permissions: custom }, metadata: {}, relationships: {} } }, null, 'update');
    await technicianQualificationRulesMigration.up(api.database.db);
    expect((await roles.findById(ids.Pianificatore))!.attributes.permissions).toEqual(custom);
  });
});
