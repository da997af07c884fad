/**
 * SPEC §8 «a commercial reference must be inserted from the customer registry»: a customer's
 * commercial referent who is not a user must be one of its registry referents, on every write path
 * (src/domain/rules/commercial-referent.ts, the customer kind's rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';
import { COMMERCIAL_REFERENT_FROM_REGISTRY } from '../../src/domain/rules/commercial-referent.ts';

const referents = [{ firstName: 'Giulia', lastName: 'Neri', role: 'Responsabile acquisti' }];
const company = (name: string, extra: { referentName?: string; referents?: unknown[]; referentId?: string } = {}) => ({
  attributes: { allowedModules: ['fire'], registry: { businessName: name }, additionalInformations: { referents: extra.referents ?? [] } },
  ...(extra.referentName !== undefined ? { metadata: { referentName: extra.referentName } } : {}),
  ...(extra.referentId ? { relationships: { referentId: extra.referentId } } : {}),
});

describe.each(engines())('customer commercial referent on %s', (engine) => {
  let api: Api;
  beforeAll(async () => {
    api = await setupApi(engine);
  });
  afterAll(() => api?.close());

  it('refuses a commercial referent typed freely, neither a user nor a registry referent, in Italian on its field', async () => {
    const res = await api.post('/api/customers', company('Referenti Srl', { referentName: 'Paolo Bassi', referents }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/metadata/referentName', code: 'commercialReferentFromRegistry', message: COMMERCIAL_REFERENT_FROM_REGISTRY }));
  });

  it('accepts a registry referent (either name order), a user referent, or none', async () => {
    expect((await api.post('/api/customers', company('Anagrafica Srl', { referentName: 'giulia  neri', referents }))).status).toBe(201);
    expect((await api.post('/api/customers', company('Anagrafica Due Srl', { referentName: 'Neri Giulia', referents }))).status).toBe(201);
    expect((await api.post('/api/customers', company('Utente Srl', { referentName: 'Amministratore', referentId: api.adminId }))).status).toBe(201);
    expect((await api.post('/api/customers', company('Nessuno Srl'))).status).toBe(201);
  });

  it('on an update too: naming a referent first needs them in the registry, and removing them from it is refused while named', async () => {
    const created = await api.create('customers', company('Aggiornamenti Srl'));
    const typed = await api.patch(`/api/customers/${created.id}`, { metadata: { referentName: 'Giulia Neri' } }, created.metadata.lastUpdatedDateTime);
    expect(typed.status).toBe(422);
    expect(typed.body.errors.map((e: any) => e.message)).toContain(COMMERCIAL_REFERENT_FROM_REGISTRY);
    const named = await api.patch(`/api/customers/${created.id}`, { attributes: { additionalInformations: { referents } }, metadata: { referentName: 'Giulia Neri' } }, created.metadata.lastUpdatedDateTime);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const removed = await api.patch(`/api/customers/${created.id}`, { attributes: { additionalInformations: { referents: [] } } }, named.body.data.metadata.lastUpdatedDateTime);
    expect(removed.status).toBe(422);
    expect(removed.body.errors[0]).toMatchObject({ pointer: '/metadata/referentName', message: COMMERCIAL_REFERENT_FROM_REGISTRY });
  });
});
