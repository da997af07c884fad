/**
 * A new record's version is its creation time: `created_date_time` and `last_updated_date_time` are
 * written from one reading of the clock. Two readings in one row fell on either side of a millisecond
 * now and then (more often on a busy machine), and the record looked changed since its creation: the
 * «Documenti pronti» notice, which tells only of files created by the write, left such a certificate out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

// Two readings straddled a millisecond for about 1 row in 1,500 on the embedded engine: enough rows that
// the old way fails this test all but never.
const ROWS = 20_000;
const BATCH = 4_000;

describe.each(engines())('new records on %s', (engine) => {
  let s: ServiceSetup;

  beforeAll(async () => {
    s = await setupService(engine, { demoRoles: false });
  });
  afterAll(() => s?.close());

  it(`${ROWS.toLocaleString('en')} rows inserted ${BATCH.toLocaleString('en')} at a time: each one's version is its creation time`, async () => {
    const repository = new EntityRepository(s.db, findKind('reminders')!);
    const inserted = [];
    // As the seed writes: statements of BATCH rows (a statement takes at most 65,535 parameters).
    for (let start = 0; start < ROWS; start += BATCH) {
      const items = Array.from({ length: BATCH }, (_, index) => ({
        id: crypto.randomUUID(),
        data: { attributes: { title: `Promemoria ${start + index}` }, metadata: {}, relationships: {} },
        by: s.admin.identity,
      }));
      inserted.push(...(await repository.insert(items)));
    }
    expect(inserted).toHaveLength(ROWS);
    expect(inserted.filter((row) => row.metadata.createdDateTime !== row.metadata.lastUpdatedDateTime).length, 'rows whose version is not their creation time').toBe(0);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM reminders WHERE created_date_time <> last_updated_date_time`.execute(s.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('and one created through the service, with its version given back as its ETag', async () => {
    const customer = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Nuova Apertura Srl' } } });
    expect(customer.metadata.lastUpdatedDateTime).toBe(customer.metadata.createdDateTime);
  });
});
