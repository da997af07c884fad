/**
 * Migration 0042: a stored «Cliente» role gets the order rules once (a role already ruling on orders, or
 * another role, is left alone); a database with document templates but no «Conferma d'ordine» gets its
 * default template once, and an empty one (a fresh database, seeded after the migrations) none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { findKind } from '../../src/domain/kinds.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { CLIENTE_ORDER_RULES, clienteOrdersMigration } from '../../src/server/db/migrations/0042-cliente-orders.ts';
import { CLIENTE_ORDER_RULES as SEEDED_RULES } from '../../src/server/seed/generators/roles.ts';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('migration 0042 on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  const templates = async () => (await sql<{ type: string; name: string; is_default: boolean }>`
    SELECT attributes->>'type' AS type, attributes->>'name' AS name, (attributes->>'isDefault')::boolean AS is_default FROM template_docs WHERE NOT is_deleted ORDER BY 1`.execute(api.database.db)).rows;

  it('gives the stored roles what the seed gives the Cliente role', () => {
    expect(JSON.parse(JSON.stringify(CLIENTE_ORDER_RULES))).toEqual(JSON.parse(JSON.stringify(SEEDED_RULES)));
  });

  it('adds the rules to a stored Cliente role, once, and leaves a role with its own rule on orders alone', async () => {
    const roles = new EntityRepository(api.database.db, findKind('roles')!);
    const old = [{ action: 'read', subject: 'customer', conditions: { id: '${user.customerId}' } }];
    const cliente = randomUUID();
    const other = randomUUID();
    const custom = [{ action: 'read', subject: ['customer', 'order'] }];
    await roles.insert([
      { id: cliente, by: null, data: { attributes: { name: 'Cliente', permissions: old }, metadata: {}, relationships: {} } },
      { id: other, by: null, data: { attributes: { name: 'Operatore esterno', permissions: old }, metadata: {}, relationships: {} } },
    ]);
    await clienteOrdersMigration.up(api.database.db);
    await clienteOrdersMigration.up(api.database.db);
    expect((await roles.findById(cliente))!.attributes.permissions).toEqual([...old, ...CLIENTE_ORDER_RULES]);
    expect((await roles.findById(other))!.attributes.permissions).toEqual(old);
    await roles.update(cliente, (await roles.findById(cliente))!.metadata.lastUpdatedDateTime as string, { data: { attributes: { name: 'Cliente', permissions: custom }, metadata: {}, relationships: {} } }, null, 'update');
    await clienteOrdersMigration.up(api.database.db);
    expect((await roles.findById(cliente))!.attributes.permissions).toEqual(custom);
  });

  it('adds the default «Conferma d’ordine» template to a database that has the other templates, once', async () => {
    // No templates yet (a fresh database): the seed writes them after the migrations.
    await clienteOrdersMigration.up(api.database.db);
    expect(await templates()).toEqual([]);
    const older = defaultTemplates.filter((template) => template.type !== 'orderConfirmation');
    for (const template of older) expect((await api.post('/api/templateDocs', { attributes: { ...template, isDefault: true } })).status).toBe(201);
    await clienteOrdersMigration.up(api.database.db);
    await clienteOrdersMigration.up(api.database.db);
    expect((await templates()).filter((row) => row.type === 'orderConfirmation')).toEqual([{ type: 'orderConfirmation', name: 'Conferma d’ordine', is_default: true }]);
    // It is a template like the others: listed, found by its name, valid for its type.
    const listed = await api.get('/api/templateDocs?filter[type]=orderConfirmation&filter[fullText]=conferma');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const stored = listed.body.data[0];
    const saved = await api.patch(`/api/templateDocs/${stored.id as string}`, { attributes: { name: 'Conferma d’ordine (migrata)' } }, stored.metadata.lastUpdatedDateTime);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});
