/** Migration 0012: a «Cliente» role seeded before quotation lines were readable gets the rules once; a role already ruling on lines is left alone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { CLIENTE_LINE_RULES, clienteQuotationLinesMigration } from '../../src/server/db/migrations/0012-cliente-quotation-lines.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0012 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('adds the line rules to an old Cliente role, once, and leaves a role with its own rule on lines alone', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = [{ action: 'read', subject: 'quotation', conditions: { 'relationships.customerId': '${user.customerId}' } }];
    const cliente = randomUUID();
    const other = randomUUID();
    const custom = [{ action: 'read', subject: ['quotation', 'quotation products'] }];
    await roles.insert([
      { id: cliente, by: null, data: { attributes: { name: 'Cliente', permissions: old }, metadata: {}, relationships: {} } },
      { id: other, by: null, data: { attributes: { name: 'Operatore esterno', permissions: old }, metadata: {}, relationships: {} } },
    ]);
    await clienteQuotationLinesMigration.up(api.database.db);
    await clienteQuotationLinesMigration.up(api.database.db);
    expect((await roles.findById(cliente))!.attributes.permissions).toEqual([...old, ...CLIENTE_LINE_RULES]);
    expect((await roles.findById(other))!.attributes.permissions).toEqual(old);
    await roles.update(cliente, (await roles.findById(cliente))!.metadata.lastUpdatedDateTime as string, { data: { attributes: { name: 'Cliente', permissions: custom }, metadata: {}, relationships: {} } }, null, 'update');
    await clienteQuotationLinesMigration.up(api.database.db);
    expect((await roles.findById(cliente))!.attributes.permissions).toEqual(custom);
  });
});
