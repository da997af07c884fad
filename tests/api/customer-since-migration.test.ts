/**
 * Migration 0028: customers written before `metadata.dateTime` and `relationships.additionalFieldsLength`
 * get them from their row (created day, number of additional fields); rows that carry them keep theirs.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { customerSinceMigration } from '../../src/server/db/migrations/0028-customer-since.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0028 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('sets since when and how many additional fields on customers that lack them', async () => {
    const db = api.database.db;
    const customers = new EntityRepository(db, findKind('customers')!);
    const older = randomUUID();
    const recent = randomUUID();
    const registry = (name: string) => ({ businessName: name, isPerson: false });
    const field = { type: 'text', label: 'Reparto', name: 'reparto' };
    await customers.insert([
      { id: older, by: null, data: { attributes: { allowedModules: ['fire'], registry: registry('Vecchia Srl') }, metadata: { additionalPEFields: [field, { ...field, name: 'piano' }] }, relationships: {} } },
      { id: recent, by: null, data: { attributes: { allowedModules: ['fire'], registry: registry('Nuova Srl') }, metadata: { dateTime: '2018-01-02T08:00:00.000Z' }, relationships: { additionalFieldsLength: 0 } } },
    ]);
    await sql`UPDATE customers SET created_date_time = '2015-05-06T07:08:09.123Z' WHERE id = ${older}::uuid`.execute(db);

    await customerSinceMigration.up(db);

    const read = async (id: string) => (await customers.findById(id))!;
    expect((await read(older)).metadata.dateTime).toBe('2015-05-06T07:08:09.123Z');
    expect((await read(older)).relationships.additionalFieldsLength).toBe(2);
    expect((await read(recent)).metadata.dateTime).toBe('2018-01-02T08:00:00.000Z');
    expect((await read(recent)).relationships.additionalFieldsLength).toBe(0);
  });
});
