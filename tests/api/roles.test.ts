/**
 * Roles (issue 12): a role is stored only when its rules can be applied — unknown actions,
 * subjects, fields, conditions and `${user.…}` values are refused as field errors in Italian at
 * the rule's part — and a changed role applies at its users' very next request (the caller cache
 * is dropped by the roles' change notice, not after its 5 s).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertUser, setupApi, type Api } from './setup.ts';

const USER_ID = '$' + '{user.id}';
const ZONES = '$' + '{user.commercialZoneIds}';

describe.each(engines())('role rules on %s', (engine) => {
  let api: Api;
  const asAdmin = () => api.as(api.adminId);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
  });
  afterAll(() => api?.close());

  it('refuses rules it could not apply, each at its rule’s part, in Italian', async () => {
    const response = await asAdmin().request('POST', '/api/roles', {
      attributes: {
        name: 'Sbagliato',
        permissions: [
          { action: ['read', 'fly'], subject: 'quotation' },
          { action: 'read', subject: 'spaceship' },
          { action: 'read', subject: 'order', fields: ['attributes.nope'] },
          { action: 'read', subject: 'quotation', conditions: { 'metadata.commercialZoneId': ZONES } },
          { action: 'read', subject: 'order', conditions: { 'relationships.customerId': '$' + '{user.company}' } },
          { action: 'read', subject: 'quotation', conditions: { 'attributes.status': { $in: 'draft' } } },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    const errors = response.body.errors.map((e: { pointer: string; message: string }) => [e.pointer, e.message]);
    expect(errors).toEqual([
      ['/attributes/permissions/0/action', 'Azione sconosciuta: fly'],
      ['/attributes/permissions/1/subject', 'Soggetto sconosciuto: spaceship'],
      ['/attributes/permissions/2/fields', 'Il campo «attributes.nope» non esiste per order'],
      ['/attributes/permissions/3/conditions', `«${ZONES}» è un elenco: in «metadata.commercialZoneId» usa «è uno di», «non è uno di» o «contiene tutti»`],
      ['/attributes/permissions/4/conditions', expect.stringMatching(/^Valore «\$\{user\.company\}» sconosciuto in «relationships\.customerId»: usa \$\{user\.id\}/)],
      ['/attributes/permissions/5/conditions', 'In «attributes.status» «è uno di» vuole un elenco di valori'],
    ]);
    expect((await asAdmin().request('GET', '/api/roles?filter[fullText]=Sbagliato')).body.meta.total).toBe(0);
  });

  it('stores a rule with several actions, subjects, fields and conditions with the user’s values', async () => {
    const response = await asAdmin().request('POST', '/api/roles', {
      attributes: {
        name: 'Commerciale di zona',
        permissions: [
          { action: ['read', 'update', 'emit'], subject: ['quotation', 'order'], conditions: { 'relationships.commercialUserId': USER_ID } },
          { action: 'read', subject: 'quotation', conditions: { 'metadata.commercialZoneId': { $in: ZONES }, 'attributes.status': { $in: ['draft', 'issued'] } } },
          { action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes'], inverted: true, reason: 'Note riservate' },
        ],
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  });

  it('applies a changed role at the user’s next request', async () => {
    const role = (await asAdmin().request('POST', '/api/roles', { attributes: { name: 'Lettore clienti', permissions: [{ action: 'read', subject: 'customer' }] } })).body.data;
    const user = await insertUser(api, [role.id], { displayName: 'Lettore' });
    const created = await asAdmin().request('POST', '/api/customers', { attributes: { registry: { isPerson: false, businessName: 'Cliente del test ruoli' }, allowedModules: ['fire'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const me = api.as(user);
    const before = await me.request('GET', '/api/customers?page[size]=1');
    expect(before.status).toBe(200);
    expect(before.body.meta.total).toBeGreaterThan(0);

    const change = async (permissions: unknown[]) => {
      const current = (await asAdmin().request('GET', `/api/roles/${role.id}`)).body.data;
      const answer = await asAdmin().request('PATCH', `/api/roles/${role.id}`, { attributes: { permissions } }, { 'if-match': `"${current.metadata.lastUpdatedDateTime}"`, 'content-type': 'application/merge-patch+json' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };

    // Within the caller cache's 5 s: the change notice drops the cached permissions.
    await change([{ action: 'read', subject: 'order' }]);
    const refused = await me.request('GET', '/api/customers?page[size]=1');
    expect(refused.status).toBe(403);
    expect((await me.request('GET', '/api/orders?page[size]=1')).status).toBe(200);

    // A condition on the user's own id: only the customers they created (none).
    await change([{ action: 'read', subject: 'customer', conditions: { 'metadata.createdBy': USER_ID } }]);
    const own = await me.request('GET', '/api/customers?page[size]=1');
    expect(own.status).toBe(200);
    expect(own.body.meta.total).toBe(0);
    expect((await me.request('GET', `/api/customers/${created.body.data.id}`)).status).toBe(403);
  });

  it('tells the user’s open change stream that their rights changed, and not others’', async () => {
    const role = (await asAdmin().request('POST', '/api/roles', { attributes: { name: 'Lettore ordini', permissions: [{ action: 'read', subject: 'order' }] } })).body.data;
    const user = await insertUser(api, [role.id], { displayName: 'Con ruolo' });
    const other = await insertUser(api, [], { displayName: 'Senza ruolo' });
    const base = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (userId: string) => {
      const controller = new AbortController();
      const response = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream', authorization: `Bearer ${await api.token(userId)}` }, signal: controller.signal });
      let text = '';
      void (async () => {
        try {
          for await (const chunk of response.body!) text += new TextDecoder().decode(chunk as Uint8Array);
        } catch {
          // aborted
        }
      })();
      return { text: () => text, close: () => controller.abort() };
    };
    const mine = await open(user);
    const theirs = await open(other);
    try {
      await expect.poll(() => mine.text()).toContain('aggiornamenti attivi');
      const current = (await asAdmin().request('GET', `/api/roles/${role.id}`)).body.data;
      const changed = await asAdmin().request('PATCH', `/api/roles/${role.id}`, { attributes: { permissions: [{ action: 'read', subject: ['order', 'customer'] }] } }, { 'if-match': `"${current.metadata.lastUpdatedDateTime}"`, 'content-type': 'application/merge-patch+json' });
      expect(changed.status).toBe(200);
      await expect.poll(() => mine.text(), { timeout: 5_000 }).toContain('event: profile');
      expect(theirs.text()).not.toContain('event: profile');
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
