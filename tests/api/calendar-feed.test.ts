/**
 * The private calendar feed (issue 26 §8): a customer's user turns it on, its calendar app reads the
 * address without signing in and gets its customer's planned visits (never another customer's, nor
 * a cancelled one) and its deadlines; a new address retires the old one, turning it off retires both;
 * the settings keep only the key's hash; an administrator acting as someone cannot turn it on for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('calendar feed on %s', (engine) => {
  let api: Api;
  let clientUser: string;
  let customerId: string;
  let technicianId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  /** The feed read as a calendar app does: no token. */
  const read = (url: string) => api.request('GET', new URL(url).pathname);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false, today: '2026-11-28' });
    const roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Ditta Calendario Srl' } } })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    const technician = await insertUser(api, [roleIds.Manutentore!], { userType: 'siv', displayName: 'Tecnico Uno', isMainteiner: true });
    const visit = (customer: string, title: string, start: string) => create('assignments', {
      attributes: { module: 'fire', title, plannedStartDateTime: start, plannedEndDateTime: start.replace('T08', 'T10') },
      relationships: { customerId: customer, operatorIds: [technician], operatorInChargeId: technician },
    });
    await visit(customerId, 'Controllo semestrale estintori', '2026-12-03T08:00:00.000Z');
    await visit(otherId, 'Visita di un altro cliente', '2026-12-04T08:00:00.000Z');
    await create('physicalActivities', {
      attributes: { module: 'fire', deadlineDate: '2027-01-15', rule: { kind: 'revisione', norm: 'UNI 9994-1', edition: '2024', months: 60, from: 'production' } },
      relationships: { customerId },
    });
    technicianId = technician;
    clientUser = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Calendario', customerId, allowedModules: ['fire'] });
  });
  afterAll(() => api?.close());

  it('answers the customer’s own visits to an address read without signing in', async () => {
    const client = api.as(clientUser);
    expect((await client.request('GET', '/api/calendar/feed')).body.data).toMatchObject({ active: false });
    const made = await client.request('POST', '/api/calendar/feed');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const url = String(made.body.data.url);
    expect(url).toMatch(new RegExp(`/api/calendar/${clientUser}/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await read(url);
    expect(feed.status, String(feed.body)).toBe(200);
    expect(String(feed.headers['content-type'])).toContain('text/calendar');
    const text = String(feed.body);
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('Controllo semestrale estintori');
    expect(text).toContain('DTSTART:20261203T080000Z');
    expect(text).not.toContain('Visita di un altro cliente');
    // Its deadlines, as whole days, with the norm behind them.
    expect(text).toContain('DTSTART;VALUE=DATE:20270115');
    expect(text).toContain('UNI 9994-1:2024');
    // The settings keep only the hash: reading them never gives the address away.
    const settings = await client.request('GET', `/api/userSettings?filter[userId]=${clientUser}`);
    const stored = JSON.stringify(settings.body.data);
    expect(stored).toContain('keyHash');
    expect(stored).not.toContain(url.split('/').at(-1)!.replace('.ics', ''));
    expect((await client.request('GET', '/api/calendar/feed')).body.data).toMatchObject({ active: true });
  });

  it('retires the old address when a new one is made, and both when turned off; a wrong key is a 404 like any', async () => {
    const client = api.as(clientUser);
    const first = String((await client.request('POST', '/api/calendar/feed')).body.data.url);
    const second = String((await client.request('POST', '/api/calendar/feed')).body.data.url);
    expect((await read(first)).status).toBe(404);
    expect((await read(second)).status).toBe(200);
    const forged = second.replace(/\/[A-Za-z0-9_-]{43}\.ics$/, `/${'A'.repeat(43)}.ics`);
    const refused = await read(forged);
    expect(refused.status).toBe(404);
    expect(String(refused.headers['content-type'])).toContain('application/problem+json');
    expect((await client.request('DELETE', '/api/calendar/feed')).status).toBe(204);
    expect((await read(second)).status).toBe(404);
    expect((await client.request('GET', '/api/calendar/feed')).body.data).toMatchObject({ active: false });
  });

  it('gives a technician the interventions it is an operator of, every customer’s', async () => {
    const made = await api.as(technicianId).request('POST', '/api/calendar/feed');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const text = String((await read(String(made.body.data.url))).body);
    expect(text).toContain('Intervento');
    expect(text).toContain('Controllo semestrale estintori');
    expect(text).toContain('Visita di un altro cliente');
    expect(text).not.toContain('VALUE=DATE');
  });

  it('needs sign-in to be turned on, and is never turned on for someone by an administrator acting as them', async () => {
    expect((await api.request('POST', '/api/calendar/feed')).status).toBe(401);
    const acting = await api.as(api.adminId, { 'x-impersonation': JSON.stringify({ userId: clientUser }) }).request('POST', '/api/calendar/feed');
    expect(acting.status).toBe(403);
    expect(acting.body.code).toBe('IMPERSONATION_NOT_ALLOWED');
  });
});
