// FIELD_PRIME_DAYS reaches the client (issue 25, priming): `/config.json` carries `offline.primeDays`,
// which the client's parseClientConfig reads. The HTTP layer's answer, on one engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClientConfig } from '../../src/client/auth/config.ts';
import { httpLayerEngines, setupApi, type Api } from './setup.ts';

describe.each(httpLayerEngines())('/config.json offline settings (%s)', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine, { env: { FIELD_PRIME_DAYS: '3' } });
  });
  afterAll(async () => api?.close());

  it('publishes FIELD_PRIME_DAYS as offline.primeDays, read as it is by the client', async () => {
    const answer = await api.get('/config.json');
    expect(answer.status).toBe(200);
    expect(answer.body.offline).toEqual({ primeDays: 3 });
    expect(parseClientConfig(answer.body).offline).toEqual({ primeDays: 3 });
  });
});
