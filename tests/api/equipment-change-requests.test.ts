/**
 * Equipment change requests (issue 25): the data that drives legal deadlines (production and
 * installation dates, serial number, agent) is not patched by a field technician: it is refused with
 * LEGAL_DATA_BY_CHANGE_REQUEST, and the technician proposes the correction as a request (created under
 * the device's id, as the outbox sends it). The office approves it, which writes the proposed values
 * through the equipment's own write (history by the approver, deadlines recomputed), unless the
 * equipment changed those fields since the base (409 unless re-confirmed with «Approva comunque»), or
 * rejects it with a reason. A customer's user has no part in it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extinguisherRules } from '../../src/domain/rules/maintenance-rules.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('equipment change requests on %s', (engine) => {
  let api: Api;
  let manutentore: string;
  let otherTechnician: string;
  let cliente: string;
  let customerId: string;
  let familyId: string;
  const admin = () => api.as(api.adminId);
  const ifMatch = (row: { metadata: Record<string, unknown> }) => ({ 'if-match': `"${String(row.metadata.lastUpdatedDateTime)}"` });
  const fresh = async (type: string, id: string) => (await admin().request('GET', `/api/${type}/${id}`)).body.data;
  const extinguisher = async () => {
    const response = await admin().request('POST', '/api/equipments', {
      attributes: {
        equipmentId: `EST-${randomUUID().slice(0, 6)}`, module: 'fire', serialNumber: 'M-100', productionDate: '2015-04-10', installationDate: '2015-05-02',
        characteristics: { agenteEstinguente: 'Polvere ABC', caricaKg: 6 },
      },
      relationships: { customerId, equipmentFamilyId: familyId },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const propose = (userId: string, equipment: { id: string; metadata: Record<string, unknown> }, proposed: Record<string, unknown>, base: Record<string, unknown>, id = randomUUID()) =>
    api.as(userId).request('PUT', `/api/equipmentChangeRequests/${id}`, {
      attributes: { proposed, base, equipmentVersion: equipment.metadata.lastUpdatedDateTime, requestedDateTime: '2026-06-10T09:30:00.000Z', note: 'Letto sulla targhetta' },
      relationships: { equipmentId: equipment.id },
    }, { 'if-none-match': '*' });
  const act = async (userId: string, id: string, action: string, body: Record<string, unknown> = {}) =>
    api.as(userId).request('POST', `/api/equipmentChangeRequests/${id}/actions/${action}`, body, ifMatch(await fresh('equipmentChangeRequests', id)));
  const endOfLife = async (equipmentId: string) => {
    const response = await admin().request('GET', `/api/physicalActivities?filter[equipmentId]=${equipmentId}&filter[isEnded]=false`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body.data as { attributes: { deadlineDate: string; rule: { kind: string } } }[]).find((d) => d.attributes.rule.kind === 'fineVita')?.attributes.deadlineDate;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    customerId = (await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Magazzini Targhetta Srl' } } })).body.data.id;
    familyId = (await admin().request('POST', '/api/equipmentFamilies', {
      attributes: { code: `EST-${randomUUID().slice(0, 4)}`, name: 'Estintore a polvere', module: 'fire', expiryBasis: 'production', maintenanceRules: extinguisherRules.filter((r) => r.kind === 'fineVita') },
    })).body.data.id;
    manutentore = await insertUser(api, [roleIds.Manutentore!], { displayName: 'Marco Manutentore', allowedModules: ['fire'] });
    otherTechnician = await insertUser(api, [roleIds.Manutentore!], { displayName: 'Altro Tecnico', allowedModules: ['fire'] });
    cliente = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Targhetta', customerId, allowedModules: ['fire'] });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('a technician may not patch the legal fields of an equipment, only the others', async () => {
    const equipment = await extinguisher();
    const date = await api.as(manutentore).request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { productionDate: '2014-04-10' } }, ifMatch(equipment));
    expect(date.status).toBe(403);
    expect(date.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(date.body).toMatchObject({ code: 'LEGAL_DATA_BY_CHANGE_REQUEST', message: expect.stringMatching(/richiesta di modifica/) });
    expect(date.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/productionDate', code: 'changeRequestRequired' })]);
    // The agent, inside the characteristics, by the agent its rules read.
    const agent = await api.as(manutentore).request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { characteristics: { agenteEstinguente: 'Anidride carbonica' } } }, ifMatch(equipment));
    expect(agent.status).toBe(403);
    expect(agent.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/characteristics/agent' })]);
    const serial = await api.as(manutentore).request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { serialNumber: 'M-999' } }, ifMatch(equipment));
    expect(serial.body.code).toBe('LEGAL_DATA_BY_CHANGE_REQUEST');
    // Where it stands and the other characteristics stay the technician's.
    const other = await api.as(manutentore).request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { customerLocationPosition: 'Vicino all’ascensore', characteristics: { caricaKg: 9 } } }, ifMatch(equipment));
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect((await fresh('equipments', equipment.id)).attributes).toMatchObject({ productionDate: '2015-04-10', serialNumber: 'M-100', customerLocationPosition: 'Vicino all’ascensore' });
    // The office still corrects them directly.
    const office = await admin().request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { serialNumber: 'M-101' } }, ifMatch(other.body.data));
    expect(office.status, JSON.stringify(office.body)).toBe(200);
  });

  it('the technician proposes under the device’s id (201, then 412), reads its own, and never sets the decision', async () => {
    const equipment = await extinguisher();
    const id = randomUUID();
    const created = await propose(manutentore, equipment, { productionDate: '2016-04-10' }, { productionDate: '2015-04-10' }, id);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.id).toBe(id);
    expect(created.body.data.attributes).toMatchObject({ state: 'pending', proposed: { productionDate: '2016-04-10' }, base: { productionDate: '2015-04-10' }, requestedDateTime: '2026-06-10T09:30:00.000Z' });
    expect(created.body.data.relationships).toMatchObject({ equipmentId: equipment.id, requestedById: manutentore, customerId });
    expect((await propose(manutentore, equipment, { productionDate: '2016-04-10' }, { productionDate: '2015-04-10' }, id)).status).toBe(412);
    // Its own only: another technician lists none of it and may not open it.
    expect((await api.as(manutentore).request('GET', `/api/equipmentChangeRequests/${id}`)).status).toBe(200);
    const theirs = await api.as(otherTechnician).request('GET', `/api/equipmentChangeRequests?filter[equipmentId]=${equipment.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await api.as(otherTechnician).request('GET', `/api/equipmentChangeRequests/${id}`)).status).toBe(403);
    // A decision sent with it is not kept; a request proposing nothing is refused; the technician does not decide.
    const decided = await api.as(manutentore).request('POST', '/api/equipmentChangeRequests', {
      attributes: { proposed: { serialNumber: 'M-200' }, decisionReason: 'Da me' }, relationships: { equipmentId: equipment.id, decidedById: manutentore },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(201);
    expect(decided.body.data.attributes).toMatchObject({ state: 'pending', base: { serialNumber: 'M-100' } });
    expect(decided.body.data.attributes.decisionReason ?? null).toBeNull();
    expect(decided.body.data.relationships.decidedById ?? null).toBeNull();
    const empty = await api.as(manutentore).request('POST', '/api/equipmentChangeRequests', { attributes: { proposed: {} }, relationships: { equipmentId: equipment.id } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([expect.objectContaining({ pointer: '/attributes/proposed' })]);
    expect((await act(manutentore, id, 'approve')).status).toBe(403);
  });

  it('approving writes the proposed values through the equipment’s write: history by the approver, deadlines recomputed', async () => {
    const equipment = await extinguisher();
    expect(await endOfLife(equipment.id)).toBe('2033-04-10');
    const sent = await propose(manutentore, equipment, { productionDate: '2014-04-10', agent: 'co2' }, { productionDate: '2015-04-10', agent: 'powder' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const approved = await act(api.adminId, sent.body.data.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.attributes.state).toBe('approved');
    expect(approved.body.data.relationships.decidedById).toBe(api.adminId);
    const after = await fresh('equipments', equipment.id);
    expect(after.attributes.productionDate).toBe('2014-04-10');
    // The agent as its rules read it; the text that said another agent says this one.
    expect(after.attributes.characteristics).toMatchObject({ agent: 'co2', agenteEstinguente: 'Anidride carbonica (CO2)', caricaKg: 6 });
    const history = await admin().request('GET', `/api/equipments/${equipment.id}/history`);
    expect(history.status).toBe(200);
    const [latest] = history.body.data;
    expect(JSON.stringify(latest.by)).toContain(api.adminId);
    expect(latest.changes).toEqual(expect.arrayContaining([expect.objectContaining({ pointer: '/attributes/productionDate', from: '2015-04-10', to: '2014-04-10' })]));
    expect(await endOfLife(equipment.id)).toBe('2032-04-10');
    // Decided once.
    expect((await act(api.adminId, sent.body.data.id, 'reject', { message: 'Tardi' })).status).toBe(409);
  });

  it('a base the equipment moved away from is refused until the office re-confirms', async () => {
    const equipment = await extinguisher();
    const sent = await propose(manutentore, equipment, { serialNumber: 'M-101' }, { serialNumber: 'M-100' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const corrected = await admin().request('PATCH', `/api/equipments/${equipment.id}`, { attributes: { serialNumber: 'M-102' } }, ifMatch(equipment));
    expect(corrected.status).toBe(200);
    const stale = await act(api.adminId, sent.body.data.id, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(stale.body).toMatchObject({ code: 'EQUIPMENT_CHANGED_SINCE_REQUEST', message: expect.stringMatching(/Matricola: vista M-100, ora M-102.*Approva comunque/) });
    expect((await fresh('equipments', equipment.id)).attributes.serialNumber).toBe('M-102');
    const confirmed = await act(api.adminId, sent.body.data.id, 'approveAnyway');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await fresh('equipments', equipment.id)).attributes.serialNumber).toBe('M-101');
  });

  it('rejecting needs the reason, which the technician reads; the equipment is left as it was', async () => {
    const equipment = await extinguisher();
    const sent = await propose(manutentore, equipment, { installationDate: '2015-06-01' }, { installationDate: '2015-05-02' });
    const id = sent.body.data.id;
    const bare = await act(api.adminId, id, 'reject');
    expect(bare.status).toBe(422);
    expect(bare.body.errors).toEqual([expect.objectContaining({ pointer: '/message', code: 'required' })]);
    const rejected = await act(api.adminId, id, 'reject', { message: 'La data è quella del verbale di installazione' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const read = await api.as(manutentore).request('GET', `/api/equipmentChangeRequests/${id}`);
    expect(read.body.data.attributes).toMatchObject({ state: 'rejected', decisionReason: 'La data è quella del verbale di installazione' });
    expect((await fresh('equipments', equipment.id)).attributes.installationDate).toBe('2015-05-02');
  });

  it('a customer’s user neither proposes nor reads change requests', async () => {
    const equipment = await extinguisher();
    const sent = await propose(manutentore, equipment, { serialNumber: 'M-300' }, { serialNumber: 'M-100' });
    expect(sent.status).toBe(201);
    expect((await propose(cliente, equipment, { serialNumber: 'M-301' }, { serialNumber: 'M-100' })).status).toBe(403);
    expect((await api.as(cliente).request('GET', '/api/equipmentChangeRequests')).status).toBe(403);
    expect((await api.as(cliente).request('GET', `/api/equipmentChangeRequests/${sent.body.data.id}`)).status).toBe(403);
    expect((await act(cliente, sent.body.data.id, 'approve')).status).toBe(403);
  });
});
