/**
 * «Visita confermata» (issue 26 §8): planning an intervention (its `schedule` transition) e-mails the
 * portal users of its customer, through SMTP (here an in-process server), with the date, the time
 * and the site; after the commit only: a refused plan sends nothing, nor does any other write. Each
 * recipient is judged as itself: another customer's users, a disabled user and one without the
 * intervention's module get nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('«Visita confermata» on %s', (engine) => {
  let api: Api;
  let mailbox: Mailbox;
  let roleIds: Record<string, string>;
  let customerId: string;
  let siteId: string;
  let technician: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const act = async (entity: any, action: string) => admin().request('POST', `/api/assignments/${entity.id}/actions/${action}`, {}, { 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });
  const customerUser = (email: string, attributes: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) =>
    insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: email.split('@')[0], email, customerId, allowedModules: ['fire'], ...attributes }, metadata);
  /** Every message started has left (sent or failed). */
  const settled = () => api.app.notifications.idle();

  beforeAll(async () => {
    mailbox = await startMailbox();
    api = await setupApi(engine, { authDisabled: false, env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://gestionale.example.it' } });
    roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', {
      attributes: { allowedModules: ['fire', 'edu'], registry: { businessName: 'Officine Lombarde Srl' }, registeredOffice: { address: 'Via Roma 10', zipCode: '20121', city: 'Milano', province: 'MI' } },
    })).id;
    siteId = (await create('customers', {
      attributes: { parentId: customerId, allowedModules: ['fire'], registry: { businessName: 'Officine Lombarde Srl – Magazzino di Monza' }, registeredOffice: { address: 'Viale Lombardia 5', zipCode: '20900', city: 'Monza', province: 'MB' } },
      metadata: { type: 'officeLocation' },
    })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    technician = await insertUser(api, [roleIds.Manutentore!], { userType: 'siv', displayName: 'Tecnico Uno', isMainteiner: true });
    await customerUser('anna@officine.test');
    await customerUser('bruno@officine.test');
    await customerUser('formazione@officine.test', { allowedModules: ['edu'] });
    await customerUser('disabilitato@officine.test', {}, { isEnabled: false });
    await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro', email: 'altro@altraditta.test', customerId: otherId, allowedModules: ['fire'] });
  });
  afterAll(async () => {
    await api?.close();
    await mailbox?.close();
  });

  const intervention = (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => create('assignments', {
    attributes: { module: 'fire', title: 'Controllo semestrale estintori', ...attributes },
    relationships: { customerId, operatorIds: [technician], operatorInChargeId: technician, ...relationships },
  });

  it('e-mails each portal user of the customer who may read the intervention, with the date, the time and the site', async () => {
    const planned = await intervention({ plannedStartDateTime: '2026-12-03T08:00:00.000Z', plannedEndDateTime: '2026-12-03T10:30:00.000Z' }, { officeLocationId: siteId });
    // Created, and changed: no message until it is planned.
    const patched = await admin().request('PATCH', `/api/assignments/${planned.id}`, { attributes: { notes: 'Portare la scala' } }, { 'if-match': `"${planned.metadata.lastUpdatedDateTime}"` });
    expect(patched.status).toBe(200);
    await settled();
    expect(mailbox.messages).toHaveLength(0);

    const scheduled = await act(patched.body.data, 'schedule');
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    await settled();
    expect(mailbox.messages.flatMap((m) => m.to).sort()).toEqual(['anna@officine.test', 'bruno@officine.test']);
    const [message] = mailbox.to('anna@officine.test');
    expect(message!.subject).toBe('Visita confermata: giovedì 3 dicembre 2026');
    expect(message!.decoded).toContain('Gentile anna,');
    expect(message!.decoded).toContain('la visita «Controllo semestrale estintori» è confermata per giovedì 3 dicembre 2026 alle 09:00 (fino alle 11:30), presso Officine Lombarde Srl – Magazzino di Monza, Viale Lombardia 5, 20900 Monza (MB).');
    expect(message!.decoded).toContain(`Intervento: ${String(planned.attributes.code)}`);
    expect(message!.decoded).toContain(`https://gestionale.example.it/customers/${customerId}/portal`);
    expect(message!.raw).toContain('Content-Type: text/html');

    // The administrator's outbox lists them.
    const outbox = await admin().request('GET', '/api/mail/outbox?filter[fullText]=confermata');
    expect(outbox.body.data.map((m: any) => m.attributes.recipients[0]).sort()).toEqual(['anna@officine.test', 'bruno@officine.test']);
    expect(outbox.body.data.every((m: any) => m.attributes.transport === 'smtp' && m.attributes.outcome === 'mailSent')).toBe(true);

    // Unplanned: nothing more is sent.
    const unscheduled = await act(scheduled.body.data, 'unschedule');
    expect(unscheduled.status).toBe(200);
    await settled();
    expect(mailbox.messages).toHaveLength(2);
  });

  it('names the customer’s head office when the intervention has no site of its own', async () => {
    const before = mailbox.messages.length;
    const planned = await intervention({ title: 'Verifica idranti', plannedStartDateTime: '2027-01-12T13:00:00.000Z' });
    expect((await act(planned, 'schedule')).status).toBe(200);
    await settled();
    const sent = mailbox.messages.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.subject).toBe('Visita confermata: martedì 12 gennaio 2027');
    expect(sent[0]!.decoded).toContain('è confermata per martedì 12 gennaio 2027 alle 14:00, presso Officine Lombarde Srl, Via Roma 10, 20121 Milano (MI).');
  });

  it('sends nothing for a plan the transition refuses (after the commit only)', async () => {
    const before = mailbox.messages.length;
    const undated = await intervention({});
    const refused = await act(undated, 'schedule');
    expect(refused.status).toBe(409);
    await settled();
    expect(mailbox.messages).toHaveLength(before);
  });
});
