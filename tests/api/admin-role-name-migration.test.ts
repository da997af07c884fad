/**
 * Migration 0030: a stored role named «Admin» (SPEC §6's name, the seed's until issue 23) becomes
 * «Amministratore», and its users stay administrators; its search words follow the new name.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import { adminRoleNameMigration } from '../../src/server/db/migrations/0030-admin-role-name.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { engines, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0030 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
  });
  afterAll(() => api?.close());

  it('renames the Admin role in Italian, its users still administrators', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = randomUUID();
    await roles.insert([{ id: old, by: null, data: { attributes: { name: 'Admin', description: 'Vecchio nome', permissions: [{ action: 'manage', subject: 'all' }] }, metadata: {}, relationships: {} } }]);
    const user = await insertUser(api, [old], { displayName: 'Amministratore di prima', email: 'prima@test.it' });
    const before = (await api.as(user).request('GET', '/api/identity/authorization')).body[0];
    expect(before.roles).toEqual([{ id: old, name: 'Admin' }]);

    await adminRoleNameMigration.up(api.database.db);

    expect((await roles.findById(old))!.attributes.name).toBe('Amministratore');
    const after = (await api.as(user).request('GET', '/api/identity/authorization')).body[0];
    expect(after.roles).toEqual([{ id: old, name: 'Amministratore' }]);
    // Only an administrator may act as another user: the renamed role's user may.
    const other = await insertUser(api, [], { displayName: 'Altro', email: 'altro@test.it' });
    const acting = await api.as(user, { 'x-impersonation': JSON.stringify({ userId: other }) }).request('GET', '/api/identity/authorization');
    expect(acting.status).toBe(200);
    expect(acting.body[0].isImpersonating).toBe(true);
    // Found by its new name.
    const found = await api.as(api.adminId).request('GET', '/api/roles?filter[fullText]=amministratore');
    expect(found.body.data.map((role: { id: string }) => role.id)).toContain(old);
  });
});
