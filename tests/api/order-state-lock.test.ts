/**
 * A completed or cancelled order is what was done or dropped (src/domain/record-lock.ts): its lines,
 * dates and customer are refused with the state's own words, its notes still change, and it is
 * deleted only when new or cancelled, the refusal naming its state. The screens read the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, setupApi, type Api } from './setup.ts';

describe.each(engines())('order state lock on %s', (engine) => {
  let api: Api;
  let customerId: string;
  const version = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });

  beforeAll(async () => {
    api = await setupApi(engine);
    customerId = (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Omega Trasporti Srl' } } })).id;
  });
  afterAll(() => api?.close());

  const newOrder = () => api.create('orders', {
    attributes: { orderDate: '2026-06-01', notes: 'Consegna al magazzino', lines: [{ description: 'Estintore CO2 5 kg', quantity: 2, unitPrice: 80 }] },
    relationships: { customerId },
  });

  async function through(order: any, actions: string[]): Promise<any> {
    let current = order;
    for (const action of actions) {
      const answer = await api.act('orders', current, action);
      expect(answer.status, action).toBe(200);
      current = answer.body.data;
    }
    return current;
  }

  it('a completed order refuses edits of its content, keeps its notes open, and is not deleted', async () => {
    const completed = await through(await newOrder(), ['confirm', 'plan', 'complete']);
    expect(completed.attributes.state).toBe('completed');
    const at = completed.metadata.lastUpdatedDateTime;

    for (const change of [
      { attributes: { lines: [{ description: 'Estintore CO2 5 kg', quantity: 3, unitPrice: 80 }] } },
      { attributes: { workEndDate: '2026-07-01' } },
      { relationships: { customerId: (await api.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altro Cliente Srl' } } })).id } },
    ]) {
      const refused = await api.patch(`/api/orders/${completed.id}`, change, at);
      expect(refused.status, JSON.stringify(change)).toBe(409);
      expect(refused.body).toMatchObject({ code: 'STATE_LOCKED', state: 'completed', message: 'Ordine: non modificabile nello stato «Completato»: si possono cambiare solo le note' });
    }
    const unchanged = (await api.get(`/api/orders/${completed.id}`)).body.data;
    expect(unchanged.attributes.lines[0].quantity).toBe(2);
    expect(unchanged.metadata.lastUpdatedDateTime).toBe(at);

    const noted = await api.patch(`/api/orders/${completed.id}`, { attributes: { notes: 'Lavori chiusi, verbale firmato' } }, at);
    expect(noted.status).toBe(200);
    expect(noted.body.data.attributes.notes).toBe('Lavori chiusi, verbale firmato');

    // Delivering is a change of its lines too: refused by the action's own states.
    expect((await api.act('orders', noted.body.data, 'deliver', { deliveries: [{ line: 0, quantity: 1 }] })).status).toBe(409);

    const deleted = await api.request('DELETE', `/api/orders/${completed.id}`, { headers: version(noted.body.data) });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'NOT_DELETABLE', state: 'completed', message: 'Si possono eliminare solo ordini nuovi o annullati (stato attuale: «Completato»)' });
    expect((await api.get(`/api/orders/${completed.id}`)).body.data.metadata.isDeleted).toBe(false);
  });

  it('a cancelled order is frozen until reopened, and may be deleted', async () => {
    const cancelled = await through(await newOrder(), ['confirm', 'cancel']);
    const refused = await api.patch(`/api/orders/${cancelled.id}`, { attributes: { orderDate: '2026-06-02' } }, cancelled.metadata.lastUpdatedDateTime);
    expect(refused.body).toMatchObject({ code: 'STATE_LOCKED', message: 'Ordine: non modificabile nello stato «Annullato»: si possono cambiare solo le note' });
    const reopened = await through(cancelled, ['reopen']);
    expect(reopened.attributes.state).toBe('new');
    const edited = await api.patch(`/api/orders/${cancelled.id}`, { attributes: { orderDate: '2026-06-02' } }, reopened.metadata.lastUpdatedDateTime);
    expect(edited.status).toBe(200);
    const cancelledAgain = await through(edited.body.data, ['cancel']);
    expect((await api.request('DELETE', `/api/orders/${cancelled.id}`, { headers: version(cancelledAgain) })).status).toBe(200);
  });

  it('an order in work keeps every field open', async () => {
    const planned = await through(await newOrder(), ['confirm', 'plan']);
    const edited = await api.patch(`/api/orders/${planned.id}`, { attributes: { workStartDate: '2026-06-05', lines: [{ description: 'Estintore CO2 5 kg', quantity: 4, unitPrice: 80 }] } }, planned.metadata.lastUpdatedDateTime);
    expect(edited.status).toBe(200);
    expect(edited.body.data.metadata.totalNetPrice).toBe(320);
    const refused = await api.request('DELETE', `/api/orders/${planned.id}`, { headers: version(edited.body.data) });
    expect(refused.body).toMatchObject({ code: 'NOT_DELETABLE', message: 'Si possono eliminare solo ordini nuovi o annullati (stato attuale: «Pianificato»)' });
  });
});
