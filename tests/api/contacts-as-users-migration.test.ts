/**
 * Migration 0040 (issue 26 §9): the sites of a stored customer user, which limited nothing until now,
 * become «every site» (so nobody loses rows when sites start to count); a staff user's are left alone;
 * the signature's code table takes the sign-in codes (no quotation, maybe no user). Run twice: once
 * is the same as twice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { contactsAsUsersMigration } from '../../src/server/db/migrations/0040-contacts-as-users.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0040 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('gives stored customer users every site, keeps staff users’ lists, and lets sign-in codes be stored', async () => {
    const users = new EntityRepository(api.database.db, findKind('users')!);
    const site = randomUUID();
    const customerUser = await insertUser(api, [], { userType: 'customer', customerId: randomUUID(), allowedModules: ['fire'] });
    const staffUser = await insertUser(api, []);
    for (const id of [customerUser, staffUser]) {
      await sql`UPDATE users SET relationships = jsonb_set(relationships, '{officeLocationIds}', ${JSON.stringify([site])}::jsonb) WHERE id = ${id}::uuid`.execute(api.database.db);
    }
    await contactsAsUsersMigration.up(api.database.db);
    await contactsAsUsersMigration.up(api.database.db);
    expect((await users.findById(customerUser))!.relationships.officeLocationIds).toEqual([]);
    expect((await users.findById(staffUser))!.relationships.officeLocationIds).toEqual([site]);
    await sql`INSERT INTO signature_codes (id, purpose, user_id, email, code_hash, expires_date_time, ip_address)
      VALUES (${randomUUID()}::uuid, 'signIn', NULL, 'nessuno@test.it', 'none:x', now(), '127.0.0.1')`.execute(api.database.db);
    const stored = await sql<{ purpose: string; quotation_id: string | null }>`SELECT purpose, quotation_id FROM signature_codes WHERE email = 'nessuno@test.it'`.execute(api.database.db);
    expect(stored.rows).toEqual([{ purpose: 'signIn', quotation_id: null }]);
  });
});
