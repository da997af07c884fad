/**
 * SPEC §2 order wizard as one server call (`POST /api/orders/wizard`): the order and its provisional
 * assignment in one transaction (a refusal of a later step leaves nothing), lines priced by the
 * quotations' rule (price list, commercial offer), once per `Idempotency-Key` (a retry answers the
 * first result; the same key with another body is refused), on both engines.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('order wizard on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let productId: string;

  const admin = () => api.as(api.adminId);
  const wizard = (body: unknown, key: string | null = randomUUID(), userId = api.adminId) =>
    api.as(userId).request('POST', '/api/orders/wizard', body, key ? { 'idempotency-key': key } : {});
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const ordersOf = async (customer: string) => (await admin().request('GET', `/api/orders?filter[customerId]=${customer}&page[size]=100`)).body.data as any[];
  const assignmentsOf = async (customer: string) => (await admin().request('GET', `/api/assignments?filter[customerId]=${customer}&page[size]=100`)).body.data as any[];
  const body = (customer: string, code = `INC-${randomUUID().slice(0, 8)}`) => ({
    order: { attributes: { orderDate: '2026-06-15', module: 'fire', notes: 'Dal wizard' }, relationships: { customerId: customer } },
    lines: [{ productId, quantity: 3, deliveredQuantity: 1, discountPercent: 5 }],
    assignment: { attributes: { code, title: 'Prima installazione' } },
  });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    customerId = (await create('customers', {
      attributes: {
        allowedModules: ['fire'], registry: { businessName: 'Wizard Spa' },
        commercialOfferType: 'discount', commercialPercentage: 10, validityDateTimeStart: '2026-01-01T00:00:00.000Z', validityDateTimeEnd: '2026-12-31T00:00:00.000Z',
      },
    })).id;
    productId = (await create('products', { attributes: { code: 'EST-W6', name: 'Estintore a polvere 6 kg', listPrice: 100 } })).id;
    await create('priceLists', { attributes: { code: 'GEN-W', name: 'Generale', isDefault: true, items: [{ productId, price: 90 }] } });
  });
  afterAll(() => api?.close());

  it('creates the numbered order, priced by the price list and the offer, with its provisional assignment', async () => {
    const response = await wizard(body(customerId, 'INC-W-1'));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.data;
    expect(response.headers.location).toBe(`/api/orders/${order.id}`);
    expect(order.attributes.orderNumber).toMatch(/^ORD-2026-\d{5}$/);
    // General list 90, customer offer −10% → 81; the line discount 5% is the wizard's.
    expect(order.attributes.lines).toEqual([expect.objectContaining({ productId, description: 'Estintore a polvere 6 kg', quantity: 3, deliveredQuantity: 1, listPrice: 90, unitPrice: 81, discountPercent: 5 })]);
    expect(order.metadata.totalNetPrice).toBe(230.85);
    const [assignment] = response.body.included;
    // The code sent is ignored: interventions are numbered by the server's series.
    expect(assignment).toMatchObject({ attributes: { code: expect.stringMatching(/^INT-2026-\d{5}$/), isProvisional: true, state: 'open', module: 'fire' }, relationships: { customerId, orderId: order.id } });
    expect(order.relationships.assignmentIds).toEqual([assignment.id]);
  });

  it('leaves nothing when a later step is refused (an operator not allowed on the module)', async () => {
    const customer = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Atomica Srl' } } })).id;
    const elsewhere = await insertUser(api, [api.adminRoleId], { allowedModules: ['equip'] });
    const key = randomUUID();
    const withOperator = (operatorIds: string[]) => ({ ...body(customer), assignment: { attributes: { title: 'Prima installazione' }, relationships: { operatorIds } } });
    const refused = await wizard(withOperator([elsewhere]), key);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/relationships/operatorIds/0', code: 'operatorNotAllowed' })]);
    expect(await ordersOf(customer)).toEqual([]);
    expect(await assignmentsOf(customer)).toEqual([]);
    // A refused request stores nothing under its key: corrected, it goes through with the same key.
    const fixed = await wizard(withOperator([]), key);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(201);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('answers a retry with the same key with the first result, and never makes a second order', async () => {
    const customer = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Ripetuta Srl' } } })).id;
    const key = randomUUID();
    const request = body(customer);
    const first = await wizard(request, key);
    expect(first.status).toBe(201);
    // Key order in the body does not make it another request.
    const again = await wizard({ lines: request.lines, assignment: request.assignment, order: request.order }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(customer)).toHaveLength(1);
    expect(await assignmentsOf(customer)).toHaveLength(1);
  });

  it('makes one order when the same request arrives twice at once', async () => {
    const customer = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Doppio Clic Srl' } } })).id;
    const key = randomUUID();
    const request = body(customer);
    const answers = await Promise.all([wizard(request, key), wizard(request, key)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('keeps keys apart per user: another user’s same key is a request of their own', async () => {
    const customer = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Due Utenti Srl' } } })).id;
    const other = await insertUser(api, [api.adminRoleId]);
    const key = randomUUID();
    const mine = await wizard(body(customer, 'INC-U-1'), key);
    const theirs = await wizard(body(customer, 'INC-U-2'), key, other);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await ordersOf(customer)).toHaveLength(2);
  });

  it('refuses the same key with another body, and a request without a key', async () => {
    const customer = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Chiave Srl' } } })).id;
    const key = randomUUID();
    expect((await wizard(body(customer, 'INC-K-1'), key)).status).toBe(201);
    const reused = await wizard(body(customer, 'INC-K-2'), key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringContaining('chiave di idempotenza') });
    expect(await ordersOf(customer)).toHaveLength(1);
    const missing = await wizard(body(customer), null);
    expect(missing.status).toBe(428);
    expect(missing.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const malformed = await wizard(body(customer), 'corta');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('Chiave di idempotenza non valida');
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('is in the API reference, with its header and its answer', async () => {
    const document = (await admin().request('GET', '/api/openapi.json')).body;
    const operation = document.paths['/api/orders/wizard'].post;
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '422', '428']));
    expect(operation.requestBody.content['application/json'].schema.properties).toHaveProperty('lines');
  });

  it('refuses bad input with pointers, before claiming the key', async () => {
    const key = randomUUID();
    const bad = await wizard({ ...body(customerId), lines: [{ productId, quantity: -1, unitPrice: 1 }] }, key);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.pointer).sort()).toEqual(['/lines/0/quantity', '/lines/0/unitPrice']);
    expect((await wizard(body(customerId), key)).status).toBe(201);
  });
});
