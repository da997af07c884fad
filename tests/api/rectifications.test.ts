/**
 * Rectifications (issue 26 §4): a customer's user sends proof (a note and a file attached by the
 * upload path) that it fixed an open anomaly of its own customer; not for another customer's, not
 * for a resolved one. The office accepts (the anomaly resolved, the evidence kept)
 * or refuses with a reason (the anomaly stays open, the customer reads why); staff without the ability
 * are refused; the decision fields are never the customer's. The register of checks prints an anomaly
 * resolved by an accepted proof as the customer's, with its evidence, not as a technician's intervention.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { pdfText } from '../support/pdf-text.ts';
import { controlRegisterTemplate } from '../../src/server/seed/generators/document-templates.ts';

describe.each(engines())('rectifications on %s', (engine) => {
  let api: Api;
  let cliente: string;
  let stranger: string;
  let manutentore: string;
  let pianificatore: string;
  let customerId: string;
  let otherId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const anomaly = (customer: string, description: string) =>
    create('anomalies', { attributes: { description, risk: 'medium', detectedDateTime: '2026-06-01T09:00:00.000Z' }, relationships: { customerId: customer } });
  const submit = (userId: string, anomalyRow: { id: string }, customer: string, note = 'Abbiamo sostituito il cartello mancante') =>
    api.as(userId).request('POST', '/api/rectifications', { attributes: { note }, relationships: { anomalyId: anomalyRow.id, customerId: customer } });
  const act = async (userId: string, id: string, action: string, body: Record<string, unknown> = {}) => {
    const current = (await admin().request('GET', `/api/rectifications/${id}`)).body.data;
    return api.as(userId).request('POST', `/api/rectifications/${id}/actions/${action}`, body, { 'if-match': `"${current.metadata.lastUpdatedDateTime as string}"` });
  };
  /** Sends a rectification with a photo attached, as the portal does: the row, the file, then the list of evidence. */
  const submitWithPhoto = async (anomalyRow: { id: string }, note?: string) => {
    const sent = await submit(cliente, anomalyRow, customerId, note);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = String(sent.body.data.id);
    const upload = await api.as(cliente).request('POST', '/api/media/uploads', { name: 'cartello.png', mimeType: 'image/png', bytesCount: 68, owner: { type: 'rectifications', id } });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const mediaId = String(upload.body.data.id);
    const patched = await api.as(cliente).request('PATCH', `/api/rectifications/${id}`, { attributes: { evidenceMediaIds: [mediaId] } }, { 'if-match': `"${sent.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    return { id, mediaId };
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Officine Rettifica Srl' } } })).id;
    otherId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altra Officina Srl' } } })).id;
    cliente = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Giulia Cliente', customerId, allowedModules: ['fire'] });
    stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['fire'] });
    manutentore = await insertUser(api, [roleIds.Manutentore!], { allowedModules: ['fire'] });
    pianificatore = await insertUser(api, [roleIds.Pianificatore!], { allowedModules: ['fire'] });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('the customer submits for its own open anomaly only, never the decision', async () => {
    const own = await anomaly(customerId, 'Cartello di segnalazione mancante');
    const theirs = await anomaly(otherId, 'Estintore ostruito');
    // Another customer's anomaly: not for this user, by either customer id.
    expect((await submit(cliente, theirs, otherId)).status).toBe(403);
    const mismatched = await submit(cliente, theirs, customerId);
    expect([403, 422]).toContain(mismatched.status);
    // A decision sent by the customer is not kept.
    const sent = await api.as(cliente).request('POST', '/api/rectifications', {
      attributes: { note: 'Fatto', decisionReason: 'Accettata da me' },
      relationships: { anomalyId: own.id, customerId },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.attributes).toMatchObject({ state: 'submitted', note: 'Fatto' });
    expect(sent.body.data.attributes.decisionReason ?? null).toBeNull();
    // The customer may not decide its own.
    expect((await act(cliente, sent.body.data.id, 'accept')).status).toBe(403);
    // Another customer's user reads nothing of it.
    expect((await api.as(stranger).request('GET', `/api/rectifications/${sent.body.data.id as string}`)).status).toBe(403);
    const list = await api.as(stranger).request('GET', '/api/rectifications');
    expect(list.body.data).toHaveLength(0);
    // A resolved anomaly needs no proof.
    const resolved = await anomaly(customerId, 'Porta tagliafuoco che non chiude');
    expect((await admin().request('POST', `/api/anomalies/${resolved.id as string}/actions/resolve`, {}, { 'if-match': `"${resolved.metadata.lastUpdatedDateTime as string}"` })).status).toBe(200);
    const late = await submit(cliente, resolved, customerId);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ANOMALY_ALREADY_RESOLVED');
  });

  it('accepted: the anomaly is resolved and the evidence kept', async () => {
    const found = await anomaly(customerId, 'Segnaletica di emergenza sbiadita');
    const { id, mediaId } = await submitWithPhoto(found);
    // Staff without the ability (the planner updates no anomaly) is refused.
    expect((await act(pianificatore, id, 'accept')).status).toBe(403);
    const accepted = await act(manutentore, id, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.attributes).toMatchObject({ state: 'accepted', evidenceMediaIds: [mediaId] });
    expect(accepted.body.data.relationships.decidedById).toBe(manutentore);
    const closed = (await admin().request('GET', `/api/anomalies/${found.id as string}`)).body.data;
    expect(closed.attributes.state).toBe('resolved');
    expect(closed.attributes.resolutionNotes).toContain('Abbiamo sostituito il cartello mancante');
    // The customer reads the outcome; the accepted proof no longer changes.
    const seen = await api.as(cliente).request('GET', `/api/rectifications/${id}`);
    expect(seen.body.data.attributes.state).toBe('accepted');
    const frozen = await api.as(cliente).request('PATCH', `/api/rectifications/${id}`, { attributes: { note: 'Altro' } }, { 'if-match': `"${seen.body.data.metadata.lastUpdatedDateTime as string}"` });
    expect(frozen.status).toBeGreaterThanOrEqual(403);
  });

  it('refused: a reason is required, the anomaly stays open and the customer reads why', async () => {
    const found = await anomaly(customerId, 'Idrante senza lancia');
    const { id } = await submitWithPhoto(found);
    const noReason = await act(api.adminId, id, 'refuse');
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors[0]).toMatchObject({ pointer: '/message', code: 'required' });
    const refused = await act(api.adminId, id, 'refuse', { message: 'La foto non mostra la lancia montata' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const open = (await admin().request('GET', `/api/anomalies/${found.id as string}`)).body.data;
    expect(open.attributes.state).toBe('unresolved');
    const seen = await api.as(cliente).request('GET', `/api/rectifications/${id}`);
    expect(seen.body.data.attributes).toMatchObject({ state: 'refused', decisionReason: 'La foto non mostra la lancia montata' });
    // Refused, the customer may send a new proof.
    expect((await submit(cliente, found, customerId, 'Lancia montata, nuova foto')).status).toBe(201);
  });
  it('the register of checks prints an anomaly resolved by an accepted proof as the customer’s, with its evidence', async () => {
    await create('templateDocs', { attributes: { type: 'controlRegister', name: 'Registro', body: controlRegisterTemplate, isDefault: true } });
    const family = await create('equipmentFamilies', { attributes: { code: 'EST', name: 'Estintore', module: 'fire' } });
    const equipment = await create('equipments', { attributes: { equipmentId: 'EST-0042', module: 'fire', serialNumber: 'SN-42' }, relationships: { customerId, equipmentFamilyId: family.id } });
    const onEquipment = (description: string) => create('anomalies', {
      attributes: { description, risk: 'high', detectedDateTime: '2026-06-02T09:00:00.000Z' },
      relationships: { customerId, equipmentId: equipment.id },
    });
    const byCustomer = await onEquipment('Cartello estintore assente');
    const { id } = await submitWithPhoto(byCustomer, 'Cartello riposizionato sopra EST-0042');
    expect((await act(manutentore, id, 'accept')).status).toBe(200);
    const decided = (await admin().request('GET', `/api/rectifications/${id}`)).body.data;
    // Another resolved by the office (a technician's intervention), one still open.
    const byTechnician = await onEquipment('Manometro fuori scala');
    expect((await admin().request('POST', `/api/anomalies/${byTechnician.id as string}/actions/resolve`, {}, { 'if-match': `"${byTechnician.metadata.lastUpdatedDateTime as string}"` })).status).toBe(200);
    await onEquipment('Sigillo rotto');

    const response = await api.app.inject({ method: 'GET', url: `/api/customers/${customerId}/document`, headers: { authorization: `Bearer ${await api.token(api.adminId)}` } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    // Narrow columns: their words wrap.
    const words = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    const day = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(decided.attributes.decidedDateTime));
    expect(words).toContain('Anomalie');
    expect(words).toContain('Cartello estintore assente');
    expect(words).toContain(`Cliente, con prove verificate e accettate dall’ufficio il ${day}`);
    expect(words).toContain('Cartello riposizionato sopra EST-0042');
    expect(words).toContain('1 file: cartello.png');
    // The office's resolution is the maintenance firm's, the open one is not resolved.
    expect(words).toContain('Intervento della ditta di manutenzione');
    expect(words.split('Cliente, con prove verificate').length - 1).toBe(1);
    expect(words).toContain('Sigillo rotto');
    expect(words).toContain('Non risolta');
  });
});
