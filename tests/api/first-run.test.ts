/**
 * First-run friction (issue 8), through the whole app on both engines: an empty body sent with a
 * JSON content type where the method takes none, and browser navigations on a host name other
 * than PUBLIC_URL's (redirected before sign-in starts; /api and health routes answered as they are).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

const company = (name: string) => ({ attributes: { allowedModules: ['med'], registry: { businessName: name, isPerson: false } } });

describe.each(engines())('first run on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  const emptyJson = (version: string) => ({ headers: { 'content-type': 'application/json', 'content-length': '0', 'if-match': `"${version}"` }, rawBody: '' });

  it('accepts DELETE and a body-less action sent with Content-Type: application/json and no body', async () => {
    const archived = await api.create('customers', company('Vuoto Srl'));
    const archive = await api.request('POST', `/api/customers/${archived.id}/actions/archive`, emptyJson(archived.metadata.lastUpdatedDateTime));
    expect(archive.status, JSON.stringify(archive.body)).toBe(200);

    const deleted = await api.create('customers', company('Da eliminare Srl'));
    const del = await api.request('DELETE', `/api/customers/${deleted.id}`, emptyJson(deleted.metadata.lastUpdatedDateTime));
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.data.metadata).toMatchObject({ isDeleted: true });
  });

  it('answers a create or update with an empty body as invalid data (422), not as malformed JSON', async () => {
    const create = await api.request('POST', '/api/customers', { headers: { 'content-type': 'application/json' }, rawBody: '' });
    expect(create.status).toBe(422);
    expect(create.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ pointer: '', code: 'invalidType' }] });
    const customer = await api.create('customers', company('Patch vuota Srl'));
    const patch = await api.request('PATCH', `/api/customers/${customer.id}`, { ...emptyJson(customer.metadata.lastUpdatedDateTime), headers: { ...emptyJson(customer.metadata.lastUpdatedDateTime).headers, 'content-type': 'application/merge-patch+json' } });
    expect(patch.status).toBe(422);
    // A body that is there but broken is still INVALID_JSON.
    const broken = await api.request('POST', '/api/customers', { headers: { 'content-type': 'application/json' }, rawBody: '{"attributes":' });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('INVALID_JSON');
  });

  it('redirects a page opened on another host name to PUBLIC_URL, and answers /api there as it is', async () => {
    const publicUrl = api.config.publicUrl;
    const other = new URL(publicUrl).hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const host = `${other}:${new URL(publicUrl).port || 80}`;
    const page = await api.request('GET', '/customers?filter[name]=Rossi', { headers: { host, accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(page.status).toBe(307);
    expect(page.headers.location).toBe(`${publicUrl}/customers?filter[name]=Rossi`);
    const same = await api.request('GET', '/customers', { headers: { host: new URL(publicUrl).host, accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(same.status).not.toBe(307);
    // From another machine of the network a redirect to localhost would go nowhere: a page says why.
    const lan = await api.request('GET', '/customers', { headers: { host: '192.168.1.20:8080', accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(lan.status).toBe(421);
    expect(lan.headers['content-type']).toMatch(/^text\/html/);
    expect(String(lan.body)).toContain('PUBLIC_URL');

    const list = await api.request('GET', '/api/customers?page[size]=1', { headers: { host, accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(list.status).toBe(200);
    const missing = await api.request('GET', '/api/nothing-here', { headers: { host, accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    const health = await api.request('GET', '/api/health', { headers: { host, accept: 'text/html', 'sec-fetch-mode': 'navigate' } });
    expect(health.status).toBe(200);
  });
});
