/** SPEC §7/§9 icon service: GET /api/icons?names=… answers an SVG sprite; >500-character queries refused (414). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines().slice(0, 1))('icon service on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
  });
  afterAll(() => api?.close());

  it('answers a sprite of the known names, reports unknown ones, caches with ETag', async () => {
    const answer = await api.as(api.adminId).request('GET', '/api/icons?names=house,users,no-such-icon');
    expect(answer.status).toBe(200);
    expect(String(answer.headers['content-type'])).toContain('image/svg+xml');
    const text = String(answer.body);
    expect(text).toContain('<symbol id="icon-house"');
    expect(text).toContain('<symbol id="icon-users"');
    expect(text).not.toContain('icon-no-such-icon');
    expect(answer.headers['x-icons-unknown']).toBe('no-such-icon');
    expect(String(answer.headers['cache-control'])).toContain('max-age=31536000');
    expect(answer.headers.etag).toBeTruthy();
  });

  it('refuses a query over 500 characters with problem+json 414 in Italian', async () => {
    const names = Array.from({ length: 100 }, (_, i) => `icona-${i}`).join(',');
    const answer = await api.as(api.adminId).request('GET', `/api/icons?names=${names}`);
    expect(answer.status).toBe(414);
    expect(String(answer.headers['content-type'])).toContain('application/problem+json');
    const body = typeof answer.body === 'string' ? JSON.parse(answer.body) : answer.body;
    expect(body.code).toBe('ICON_QUERY_TOO_LONG');
    expect(body.message).toContain('500 caratteri');
  });

  it('requires sign-in', async () => {
    expect((await api.request('GET', '/api/icons?names=house')).status).toBe(401);
  });
});
