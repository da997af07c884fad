/**
 * The user rules of SPEC §5 through the API (issue 12), both engines: a customer-type user needs
 * its customer and at least one module; every user a valid e-mail, and one user per e-mail (the
 * sign-in finds users by it, whatever the letter case). Refusals are field errors in Italian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('user rules on %s', (engine) => {
  let api: Api;
  const post = (attributes: Record<string, unknown>) => api.as(api.adminId).request('POST', '/api/users', { attributes });
  const errors = (body: { errors?: { pointer: string; message: string }[] }) => (body.errors ?? []).map((e) => [e.pointer, e.message]);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
  });
  afterAll(() => api?.close());

  it('a customer user needs its customer and at least one module', async () => {
    const refused = await post({ userType: 'customer', displayName: 'Referente', email: 'referente@cliente.it' });
    expect(refused.status).toBe(422);
    expect(errors(refused.body)).toEqual([
      ['/attributes/customerId', 'Un utente di tipo cliente deve avere un cliente associato'],
      ['/attributes/allowedModules', 'Selezionare almeno un modulo'],
    ]);
    const customer = await api.as(api.adminId).request('POST', '/api/customers', { attributes: { registry: { isPerson: false, businessName: 'Cliente con utenti' }, allowedModules: ['fire'] } });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const stored = await post({ userType: 'customer', displayName: 'Referente', email: 'referente@cliente.it', customerId: customer.body.data.id, allowedModules: ['portal'] });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  });

  it('needs a valid e-mail, one user per e-mail whatever the case', async () => {
    const invalid = await post({ userType: 'siv', displayName: 'Senza mail', email: 'non-una-mail' });
    expect(invalid.status).toBe(422);
    expect(errors(invalid.body)).toEqual([['/attributes/email', 'Indirizzo email non valido']]);

    const first = await post({ userType: 'siv', displayName: 'Giulia', email: 'giulia@azienda.it' });
    expect(first.status).toBe(201);
    const twice = await post({ userType: 'external', displayName: 'Giulia bis', email: ' Giulia@Azienda.IT ' });
    expect(twice.status).toBe(422);
    expect(errors(twice.body)).toEqual([['/attributes/email', 'Esiste già un utente con questa e-mail']]);

    // The user keeps their own e-mail when changed otherwise.
    const user = first.body.data;
    const renamed = await api.as(api.adminId).request('PATCH', `/api/users/${user.id}`, { attributes: { displayName: 'Giulia Bianchi' } }, { 'if-match': `"${user.metadata.lastUpdatedDateTime}"`, 'content-type': 'application/merge-patch+json' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});
