/**
 * SPEC §6 "staff see modules per allowedModules" for a user limited to one module (an Operatore of
 * `fire` only, made by the administrator), on every kind whose rows carry a module: the one read
 * rule (src/server/auth/access.ts) scopes lists, the dashboard's counts and the palette's search
 * (lists with a state filter, an aggregate, full text), reads by id and documents; writes of
 * another module are refused with MODULE_NOT_ALLOWED. A price list names products of every module:
 * the reader gets the rows of the products it may read, and a write keeps the others as they are.
 * Anomalies follow the equipment they were found on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';

describe.each(engines())('a user limited to one module on %s', (engine) => {
  let api: Api;
  let fireOnly: string;
  let fireAdmin: string;
  let customerId: string;
  const orders: Record<string, any> = {};
  const products: Record<string, string> = {};
  let priceList: any;
  let roles: Record<string, string>;
  const admin = () => api.as(api.adminId);
  const ids = (body: any) => (body.data as any[]).map((row) => row.id as string).sort();
  const created = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    roles = await insertDemoRoles(api);
    for (const template of defaultTemplates) expect((await admin().request('POST', '/api/templateDocs', { attributes: { ...template, isDefault: true } })).status).toBe(201);
    fireOnly = await insertUser(api, [roles.Operatore!], { displayName: 'Operatore antincendio', allowedModules: ['fire'] });
    fireAdmin = await insertUser(api, [api.adminRoleId], { displayName: 'Amministratore antincendio', allowedModules: ['fire'] });
    customerId = (await created('customers', { attributes: { allowedModules: ['fire', 'equip', 'edu', 'med', 'doc'], registry: { businessName: 'Cliente Moduli Srl', city: 'Bergamo' } } })).id;
    for (const module of ['fire', 'edu', 'equip', 'med', 'doc']) {
      orders[module] = await created('orders', {
        attributes: { orderNumber: `ORD-MOD-${module}`, orderDate: TODAY, module, notes: 'ordine moduli', lines: [{ description: `Riga ${module}`, quantity: 1, unitPrice: 100 }] },
        relationships: { customerId },
      });
      products[module] = (await created('products', { attributes: { code: `PRD-${module}`, name: `Prodotto ${module}`, listPrice: 10, module } })).id;
    }
    priceList = await created('priceLists', {
      attributes: { code: 'LIST-MOD', name: 'Listino moduli', items: Object.entries(products).map(([module, productId], i) => ({ productId, price: 10 + i, ...(module === 'med' ? { discountPercent: 5 } : {}) })) },
    });
  });
  afterAll(() => api?.close());

  it('lists, counts and searches only the orders of its module; filter[module] is a list field', async () => {
    const as = api.as(fireOnly);
    const list = await as.request('GET', '/api/orders?page[size]=100');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(ids(list.body)).toEqual([orders.fire.id]);
    expect(list.body.meta.total).toBe(1);
    // Asking for another module does not widen the scope; the administrator filters by module.
    expect((await as.request('GET', '/api/orders?filter[module]=edu')).body.data).toEqual([]);
    const byModule = await admin().request('GET', '/api/orders?filter[module]=edu');
    expect(byModule.status, JSON.stringify(byModule.body)).toBe(200);
    expect(ids(byModule.body)).toEqual([orders.edu.id]);
    // The dashboard's «Ordini in lavorazione» (a list's total by state) and the palette's record search (full text).
    expect((await as.request('GET', '/api/orders?filter[state]=new,todo,planned,in-progress&page[size]=1')).body.meta.total).toBe(1);
    const counts = await as.request('GET', '/api/orders/aggregate?group=state');
    expect(counts.status, JSON.stringify(counts.body)).toBe(200);
    expect(counts.body.data.reduce((n: number, g: any) => n + (g.count as number), 0)).toBe(1);
    const search = await as.request('GET', '/api/orders?filter[fullText]=ORD-MOD&page[size]=10');
    expect(ids(search.body)).toEqual([orders.fire.id]);
    expect(ids((await admin().request('GET', '/api/orders?filter[fullText]=ORD-MOD&page[size]=10')).body)).toHaveLength(5);
  });

  it('reads, prints and sees the history of no order of another module', async () => {
    const as = api.as(fireOnly);
    expect((await as.request('GET', `/api/orders/${orders.fire.id as string}`)).status).toBe(200);
    const fire = await as.request('GET', `/api/orders/${orders.fire.id as string}/document`);
    expect(fire.status).toBe(200);
    expect(fire.headers['content-type']).toContain('application/pdf');
    for (const module of ['edu', 'equip', 'med', 'doc']) {
      const id = orders[module].id as string;
      for (const path of [`/api/orders/${id}`, `/api/orders/${id}/history`, `/api/orders/${id}/document`]) {
        const read = await as.request('GET', path);
        expect(read.status, `${path}: ${JSON.stringify(read.body)}`).toBe(403);
        expect(read.body.code).toBe('MODULE_NOT_ALLOWED');
        expect(JSON.stringify(read.body)).not.toContain('Riga');
      }
    }
  });

  it('refuses to write an order of another module', async () => {
    const as = api.as(fireAdmin);
    const refused = await as.request('POST', '/api/orders', { attributes: { orderDate: TODAY, module: 'edu', lines: [] }, relationships: { customerId } });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.code, JSON.stringify(refused.body)).toBe('MODULE_NOT_ALLOWED');
    const edu = orders.edu;
    const patched = await as.request('PATCH', `/api/orders/${edu.id as string}`, { attributes: { notes: 'cambiato' } }, { 'if-match': `"${edu.metadata.lastUpdatedDateTime as string}"` });
    expect(patched.status).toBe(403);
    expect(patched.body.code).toBe('MODULE_NOT_ALLOWED');
    const fire = orders.fire;
    const moved = await as.request('PATCH', `/api/orders/${fire.id as string}`, { attributes: { module: 'med' } }, { 'if-match': `"${fire.metadata.lastUpdatedDateTime as string}"` });
    expect(moved.status).toBe(403);
    expect(moved.body.code).toBe('MODULE_NOT_ALLOWED');
  });

  it('shows on a price list only the rows of the products it may read, and a write keeps the others', async () => {
    const read = await api.as(fireOnly).request('GET', `/api/priceLists/${priceList.id as string}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.attributes.items).toEqual([{ productId: products.fire, price: 10 }]);
    expect(read.body.data.metadata.productIds ?? [products.fire]).toEqual([products.fire]);
    // The list gives the same rows as the record, and the history shows no price of another module.
    const listed = await api.as(fireOnly).request('GET', '/api/priceLists?filter[code]=LIST-MOD');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.map((row: any) => row.attributes.items)).toEqual([[{ productId: products.fire, price: 10 }]]);
    const history = await api.as(fireOnly).request('GET', `/api/priceLists/${priceList.id as string}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const itemChanges = (history.body.data as any[]).flatMap((entry) => (entry.changes as any[]).filter((change) => change.pointer === '/attributes/items'));
    expect(itemChanges.map((change) => change.to)).toEqual([[{ productId: products.fire, price: 10 }]]);
    expect(JSON.stringify(history.body)).not.toContain(products.med);

    // The fire-only administrator changes the price of its row: the rows it does not see stay as they were.
    const as = api.as(fireAdmin);
    const own = (await as.request('GET', `/api/priceLists/${priceList.id as string}`)).body.data;
    const patched = await as.request('PATCH', `/api/priceLists/${priceList.id as string}`, { attributes: { items: [{ productId: products.fire, price: 12 }] } }, { 'if-match': `"${own.metadata.lastUpdatedDateTime as string}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.attributes.items).toEqual([{ productId: products.fire, price: 12 }]);
    const stored = (await admin().request('GET', `/api/priceLists/${priceList.id as string}`)).body.data.attributes.items;
    expect(stored).toHaveLength(5);
    expect(stored).toContainEqual({ productId: products.fire, price: 12 });
    expect(stored).toContainEqual({ productId: products.med, price: 13, discountPercent: 5 });
    // A row it may not read is not added by it either; one already there is not changed by it.
    const newcomer = (await created('products', { attributes: { code: 'PRD-edu-2', name: 'Prodotto edu 2', listPrice: 10, module: 'edu' } })).id;
    const latest = (await as.request('GET', `/api/priceLists/${priceList.id as string}`)).body.data;
    const foreign = await as.request('PATCH', `/api/priceLists/${priceList.id as string}`, { attributes: { items: [...latest.attributes.items, { productId: newcomer, price: 1 }] } }, { 'if-match': `"${latest.metadata.lastUpdatedDateTime as string}"` });
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(403);
    expect((foreign.body as { code?: string }).code).toBe('MODULE_NOT_ALLOWED');
    const sameRow = await as.request('PATCH', `/api/priceLists/${priceList.id as string}`, { attributes: { items: [...latest.attributes.items, { productId: products.edu, price: 1 }] } }, { 'if-match': `"${latest.metadata.lastUpdatedDateTime as string}"` });
    expect(sameRow.status, JSON.stringify(sameRow.body)).toBe(200);
    expect((await admin().request('GET', `/api/priceLists/${priceList.id as string}`)).body.data.attributes.items).toContainEqual({ productId: products.edu, price: 11 });
  });

  it('reads no employee: a customer\'s workers are of training and health surveillance (edu, med)', async () => {
    const employee = await created('employees', { attributes: { firstName: 'Luca', lastName: 'Verdi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId } });
    const as = api.as(fireOnly);
    const list = await as.request('GET', '/api/employees');
    expect(list.status).toBe(403);
    expect(list.body.code).toBe('MODULE_NOT_ALLOWED');
    expect((await as.request('GET', `/api/employees/${employee.id as string}`)).body.code).toBe('MODULE_NOT_ALLOWED');
    expect((await as.request('GET', `/api/employees/aggregate?group=customerId`)).status).toBe(403);
    // The customer itself, which the user reads, is still there.
    expect((await as.request('GET', `/api/customers/${customerId}`)).status).toBe(200);
  });

  it('reads no anomaly of an equipment or an intervention of another module', async () => {
    const equipment = await created('equipments', { attributes: { equipmentId: 'PON-MOD', module: 'equip' }, relationships: { customerId } });
    const fireEquipment = await created('equipments', { attributes: { equipmentId: 'EST-MOD', module: 'fire' }, relationships: { customerId } });
    const detected = '2026-06-12T10:00:00.000Z';
    const ofEquipment = await created('anomalies', { attributes: { description: 'Perdita ponte', risk: 'low', detectedDateTime: detected }, relationships: { customerId, equipmentId: equipment.id } });
    const ofFire = await created('anomalies', { attributes: { description: 'Estintore scarico', risk: 'low', detectedDateTime: detected }, relationships: { customerId, equipmentId: fireEquipment.id } });
    // Found during an activity of an equip intervention, on no equipment: its intervention's module.
    const activity = await created('activities', { attributes: { code: 'VER-MOD', name: 'Verifica impianto', module: 'equip' } });
    const intervention = await created('assignments', { attributes: { code: 'INT-MOD-EQ', module: 'equip' }, relationships: { customerId } });
    const row = await created('assignmentActivities', { attributes: {}, relationships: { assignmentId: intervention.id, activityId: activity.id } });
    const ofActivity = await created('anomalies', { attributes: { description: 'Quadro senza targa', risk: 'low', detectedDateTime: detected }, relationships: { customerId, assignmentActivityId: row.id } });
    const as = api.as(fireOnly);
    expect(ids((await as.request('GET', '/api/anomalies?page[size]=100')).body)).toEqual([ofFire.id]);
    for (const anomaly of [ofEquipment, ofActivity]) expect((await as.request('GET', `/api/anomalies/${anomaly.id as string}`)).status).toBe(403);
    expect(ids((await admin().request('GET', '/api/anomalies?page[size]=100')).body)).toHaveLength(3);
  });
});
