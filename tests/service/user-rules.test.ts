/**
 * The user rules of SPEC §5 (issue 12), both engines: a customer-type user needs its customer and at
 * least one module; every user a valid e-mail, and one user per e-mail (the sign-in finds users by
 * it, whatever the letter case). Refusals are field errors in Italian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../../src/server/http/problems.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

describe.each(engines())('user rules on %s', (engine) => {
  let s: ServiceSetup;
  const create = (attributes: Record<string, unknown>) => s.create('users', { attributes });
  /** The field errors of a refused write, as [pointer, message]. */
  const errors = async (write: Promise<unknown>) => {
    const error = await write.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).status).toBe(422);
    return ((error as Problem).errors ?? []).map((e) => [e.pointer, e.message]);
  };

  beforeAll(async () => {
    s = await setupService(engine, { demoRoles: false });
  });
  afterAll(() => s?.close());

  it('a customer user needs its customer and at least one module', async () => {
    expect(await errors(create({ userType: 'customer', displayName: 'Referente', email: 'referente@cliente.it' }))).toEqual([
      ['/attributes/customerId', 'Un utente di tipo cliente deve avere un cliente associato'],
      ['/attributes/allowedModules', 'Selezionare almeno un modulo'],
    ]);
    const customer = await s.create('customers', { attributes: { registry: { isPerson: false, businessName: 'Cliente con utenti' }, allowedModules: ['fire'] } });
    const stored = await create({ userType: 'customer', displayName: 'Referente', email: 'referente@cliente.it', customerId: customer.id, allowedModules: ['portal'] });
    expect(stored.attributes).toMatchObject({ userType: 'customer', customerId: customer.id, allowedModules: ['portal'] });
  });

  it('needs a valid e-mail, one user per e-mail whatever the case', async () => {
    expect(await errors(create({ userType: 'siv', displayName: 'Senza mail', email: 'non-una-mail' }))).toEqual([['/attributes/email', 'Indirizzo email non valido']]);
    const user = await create({ userType: 'siv', displayName: 'Giulia', email: 'giulia@azienda.it' });
    expect(await errors(create({ userType: 'external', displayName: 'Giulia bis', email: ' Giulia@Azienda.IT ' }))).toEqual([['/attributes/email', 'Esiste già un utente con questa e-mail']]);
    // The user keeps their own e-mail when changed otherwise.
    const renamed = await s.service.update('users', user.id, { attributes: { displayName: 'Giulia Bianchi' } }, `"${user.metadata.lastUpdatedDateTime}"`, s.admin);
    expect(renamed.attributes).toMatchObject({ displayName: 'Giulia Bianchi', email: 'giulia@azienda.it' });
  });
});
