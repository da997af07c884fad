/**
 * SPEC §6 "staff see modules per allowedModules", enforced by the service on every kind whose rows
 * carry `attributes.module`: a user without `med` never gets a `med` row (list, full-text search,
 * read by id, history) and cannot create one or move a row into `med`; rows without a module stay
 * visible. A user with no module listed keeps every module. (tests/api/modules.test.ts: the same
 * refusal as HTTP, and the rule in the identity the client receives.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/domain/entity.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

describe.each(engines())('allowedModules on %s', (engine) => {
  let s: ServiceSetup;
  let fireOnly: Caller;
  let everyModule: Caller;
  const products: Record<string, Entity> = {};
  const codes = (entities: Entity[]) => entities.map((p) => p.attributes.code as string).sort();

  beforeAll(async () => {
    s = await setupService(engine);
    fireOnly = await s.user(['Commerciale'], { displayName: 'Solo antincendio', allowedModules: ['fire'] });
    everyModule = await s.user(['Commerciale'], { displayName: 'Tutti i moduli', allowedModules: [] });
    for (const [key, module] of [['fire', 'fire'], ['med', 'med'], ['none', undefined]] as const) {
      products[key] = await s.create('products', { attributes: { code: `MOD-${key}`, name: `Prodotto modulo ${key}`, listPrice: 10, ...(module ? { module } : {}) } });
    }
  });
  afterAll(() => s?.close());

  it('lists and searches only the rows of the user’s modules, and rows without a module', async () => {
    const list = await s.service.list('products', { 'filter[fullText]': 'modulo', 'page[size]': '100' }, fireOnly);
    expect(codes(list.data)).toEqual(['MOD-fire', 'MOD-none']);
    expect(list.meta.total).toBe(2);
    // Asking for med explicitly does not widen the scope.
    expect((await s.service.list('products', { 'filter[module]': 'med' }, fireOnly)).data).toEqual([]);
    expect(codes((await s.service.list('products', { 'filter[fullText]': 'modulo', 'page[size]': '100' }, everyModule)).data)).toEqual(['MOD-fire', 'MOD-med', 'MOD-none']);
  });

  it('refuses to read a row of another module, with a code and an Italian message', async () => {
    await expect(s.service.get('products', products.med!.id, fireOnly)).rejects.toMatchObject({ code: 'MODULE_NOT_ALLOWED', status: 403, message: expect.stringContaining('modulo') });
    await expect(s.service.history('products', products.med!.id, fireOnly)).rejects.toMatchObject({ status: 403 });
    expect((await s.service.get('products', products.fire!.id, fireOnly)).id).toBe(products.fire!.id);
    expect((await s.service.get('products', products.med!.id, everyModule)).id).toBe(products.med!.id);
  });

  it('refuses to create a row of another module, or to move one into it', async () => {
    const reminder = (module?: string) => ({
      attributes: { title: `Richiamare ${module ?? 'senza modulo'}`, dateTime: '2026-06-16T09:00:00.000Z', ...(module ? { module } : {}) },
      relationships: { userId: fireOnly.identity.userId },
    });
    await expect(s.create('reminders', reminder('med'), fireOnly)).rejects.toMatchObject({ code: 'MODULE_NOT_ALLOWED' });
    const created = await s.create('reminders', reminder('fire'), fireOnly);
    await expect(s.service.update('reminders', created.id, { attributes: { module: 'med' } }, `"${created.metadata.lastUpdatedDateTime}"`, fireOnly)).rejects.toMatchObject({ code: 'MODULE_NOT_ALLOWED' });
    await s.create('reminders', reminder(), fireOnly);

    // An administrator's med reminder for this user is not theirs to see either.
    const forUser = await s.create('reminders', reminder('med'));
    const list = (await s.service.list('reminders', { 'page[size]': '100' }, fireOnly)).data;
    expect(list.map((r) => r.id)).not.toContain(forUser.id);
    expect(list.map((r) => (r.attributes.module as string | undefined) ?? null).sort()).toEqual(['fire', null]);
  });

  it('builds the rule into the identity, so the client hides the same rows', () => {
    expect(fireOnly.profile.allowedModules).toEqual(['fire']);
    expect(fireOnly.profile.permissions).toContainEqual(
      expect.objectContaining({ inverted: true, subject: expect.arrayContaining(['product', 'reminder', 'equipment']), conditions: { 'attributes.module': { $exists: true, $nin: ['fire'] } } }),
    );
    expect(everyModule.profile.permissions.some((rule) => rule.inverted && JSON.stringify(rule.conditions ?? {}).includes('attributes.module'))).toBe(false);
  });
});
