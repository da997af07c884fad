/**
 * The order wizard for every role that may create orders (issue 22), on both engines: the
 * Commerciale, who may not create interventions, finishes it — the provisional intervention and its
 * activities are created under the order's authority — while a role that may not create orders is
 * still refused; the services of step 4 become order lines and activities of the intervention; the
 * wizard starts from an accepted quotation with its prices; interventions take their codes from one
 * series `INT-YYYY-NNNNN`, whoever creates them, and a code sent is ignored.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';

const CODE = /^INT-2026-\d{5}$/;

describe.each(engines())('order wizard by role on %s', (engine) => {
  let api: Api;
  let roles: Record<string, string>;
  let seller: string;
  let planner: string;
  let customerId: string;
  let productId: string;
  let checkId: string;
  let refillId: string;
  let inspectionId: string;
  let serviceId: string;

  const admin = () => api.as(api.adminId);
  const wizard = (body: unknown, userId: string, key = randomUUID()) => api.as(userId).request('POST', '/api/orders/wizard', body, { 'idempotency-key': key });
  const create = async (type: string, body: unknown, userId = api.adminId) => {
    const response = await api.as(userId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const activitiesOf = async (assignmentId: string) =>
    (await admin().request('GET', `/api/assignmentActivities?filter[assignmentId]=${assignmentId}&page[size]=100`)).body.data as any[];
  const newCustomer = async (name: string) => (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name } } })).id as string;
  const body = (customer: string, extra: { services?: string[]; code?: string } = {}) => ({
    order: { attributes: { orderDate: TODAY, module: 'fire' }, relationships: { customerId: customer, selectedServiceIds: extra.services ?? [] } },
    lines: [{ productId, quantity: 2, deliveredQuantity: 0, discountPercent: 0, activityIds: [checkId, refillId] }],
    assignment: { attributes: { title: 'Installazione', plannedStartDateTime: '2026-06-22T07:00:00.000Z', ...(extra.code ? { code: extra.code } : {}) } },
  });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    roles = await insertDemoRoles(api);
    seller = await insertUser(api, [roles.Commerciale!], { displayName: 'Venditore', isSalesman: true, allowedModules: ['fire'] });
    planner = await insertUser(api, [roles.Pianificatore!], { displayName: 'Pianificatrice', isPlanner: true, allowedModules: ['fire'] });
    customerId = await newCustomer('Ruoli Spa');
    const activity = async (code: string, name: string) => (await create('activities', { attributes: { code, name, module: 'fire' } })).id as string;
    checkId = await activity('W-CTRL', 'Controllo semestrale');
    refillId = await activity('W-RIC', 'Ricarica');
    inspectionId = await activity('W-SOP', 'Sopralluogo');
    productId = (await create('products', { attributes: { code: 'W-EST6', name: 'Estintore a polvere 6 kg', listPrice: 80 }, relationships: { activityIds: [checkId, refillId] } })).id;
    serviceId = (await create('products', { attributes: { code: 'W-SRV', name: 'Sopralluogo tecnico', type: 'service', listPrice: 45 }, relationships: { activityIds: [inspectionId, checkId] } })).id;
  });
  afterAll(() => api?.close());

  it('lets the Commerciale finish it: order, provisional intervention under the order’s authority, its activities', async () => {
    const response = await wizard(body(customerId, { services: [serviceId] }), seller);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.data;
    const [assignment] = response.body.included;
    expect(assignment).toMatchObject({
      type: 'assignments',
      attributes: { code: expect.stringMatching(CODE), isProvisional: true, state: 'open', module: 'fire', title: 'Installazione' },
      relationships: { customerId, orderId: order.id },
    });
    expect(order.relationships.assignmentIds).toEqual([assignment.id]);
    // The product line and the service line; the service brings all its activities.
    expect(order.attributes.lines).toEqual([
      expect.objectContaining({ productId, quantity: 2, unitPrice: 80, activityIds: [checkId, refillId] }),
      expect.objectContaining({ productId: serviceId, description: 'Sopralluogo tecnico', quantity: 1, unitPrice: 45, activityIds: [inspectionId, checkId] }),
    ]);
    const activities = await activitiesOf(assignment.id);
    expect(activities.map((a) => a.relationships.activityId).sort()).toEqual([checkId, refillId, inspectionId].sort());
    expect(activities.every((a) => a.attributes.state === 'open' && a.attributes.scheduledDate === '2026-06-22')).toBe(true);
    // Written through the pipeline: the history names the Commerciale as author of the intervention.
    const history = (await admin().request('GET', `/api/assignments/${assignment.id}/history`)).body.data as any[];
    expect(history.at(-1)).toMatchObject({ action: 'create', by: seller });
    // The authority covers the wizard only: the Commerciale still may not create an intervention by itself.
    const alone = await api.as(seller).request('POST', '/api/assignments', { attributes: { module: 'fire' }, relationships: { customerId, orderId: order.id } });
    expect(alone.status).toBe(403);
  });

  it('turns the services of step 4 into order lines and activities, each activity once', async () => {
    const customer = await newCustomer('Servizi Srl');
    const response = await wizard(body(customer, { services: [serviceId] }), api.adminId);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [assignment] = response.body.included;
    expect(response.body.data.relationships.selectedServiceIds).toEqual([serviceId]);
    expect(response.body.data.metadata.activityIds.sort()).toEqual([checkId, refillId, inspectionId].sort());
    expect(await activitiesOf(assignment.id)).toHaveLength(3);
    // A physical product among the services is refused in Italian, naming it.
    const refused = await wizard(body(customer, { services: [productId] }), api.adminId);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ pointer: '/order/relationships/selectedServiceIds/0', message: 'Estintore a polvere 6 kg non è un servizio: va tra i prodotti del passo 3' })]);
  });

  it('refuses a role that may not create orders, and leaves nothing', async () => {
    const customer = await newCustomer('Rifiutata Srl');
    const operator = await insertUser(api, [roles.Operatore!], { displayName: 'Operatore', allowedModules: ['fire'] });
    for (const userId of [planner, operator]) {
      const refused = await wizard(body(customer), userId);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    expect((await admin().request('GET', `/api/orders?filter[customerId]=${customer}`)).body.data).toEqual([]);
    expect((await admin().request('GET', `/api/assignments?filter[customerId]=${customer}`)).body.data).toEqual([]);
  });

  it('starts from an accepted quotation: its prices line by line, its services, its totals, its link, one order only', async () => {
    const customer = await newCustomer('Preventivo Spa');
    const quotation = await create('quotations', { attributes: { date: TODAY, module: 'fire' }, relationships: { customerId: customer } }, seller);
    // Prices agreed below the list (set by someone allowed to), the same product on two lines, and a service.
    const quoted = [
      { productId, quantity: 4, unitPrice: 70, discountPercent: 10 },
      { productId, quantity: 2, unitPrice: 75, discountPercent: 0 },
      { productId: serviceId, quantity: 3, unitPrice: 40, discountPercent: 5 },
    ];
    for (const { productId: product, ...attributes } of quoted) {
      await create('quotationProducts', { attributes, relationships: { quotationId: quotation.id, productId: product } });
    }
    const request = (b: ReturnType<typeof body>) => ({
      ...b,
      order: { ...b.order, relationships: { ...b.order.relationships, quotationId: quotation.id } },
      lines: quoted.map(({ productId: product, quantity, discountPercent }) => ({ productId: product, quantity, deliveredQuantity: 0, discountPercent, activityIds: product === serviceId ? [inspectionId, checkId] : [] })),
    });
    const draft = await wizard(request(body(customer)), seller);
    expect(draft.status).toBe(422);
    expect(draft.body.errors).toEqual([expect.objectContaining({ pointer: '/order/relationships/quotationId', message: 'L’ordine si crea da un preventivo accettato' })]);
    await sql`UPDATE quotations SET attributes = jsonb_set(attributes, '{status}', '"accepted"') WHERE id = ${quotation.id}::uuid`.execute(api.database.db);
    const response = await wizard(request(body(customer)), seller);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const order = response.body.data;
    expect(order.relationships.quotationId).toBe(quotation.id);
    // The quotation's agreed prices, line by line (not the list's 80 and 45), the service's quantity kept.
    expect(order.attributes.lines.map((line: any) => [line.productId, line.quantity, line.unitPrice])).toEqual([[productId, 4, 70], [productId, 2, 75], [serviceId, 3, 40]]);
    expect(order.relationships.selectedServiceIds).toEqual([serviceId]);
    const accepted = (await admin().request('GET', `/api/quotations/${quotation.id}`)).body.data;
    expect(order.metadata.totalNetPrice).toBe(accepted.metadata.totalNetPrice);
    expect(await activitiesOf(response.body.included[0].id)).toHaveLength(2);
    const again = await wizard(request(body(customer)), seller);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ORDER_ALREADY_EXISTS', message: `Dal preventivo è già stato creato l’ordine ${order.attributes.orderNumber}` });
  });

  it('numbers interventions from one series whoever creates them; a code sent is ignored and a stored one kept', async () => {
    const customer = await newCustomer('Serie Srl');
    const number = (code: string) => Number(code.slice(-5));
    // Two at once get distinct, consecutive numbers.
    const both = await Promise.all([api.adminId, planner].map((userId) =>
      api.as(userId).request('POST', '/api/assignments', { attributes: { module: 'fire', code: 'SCRITTO-A-MANO' }, relationships: { customerId: customer } })));
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const codes = both.map((r) => r.body.data.attributes.code as string);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(Math.abs(number(codes[0]!) - number(codes[1]!))).toBe(1);
    // The wizard's intervention continues the same series, whatever code the client sent.
    const fromWizard = await wizard(body(customer, { code: 'INC-999' }), seller);
    expect(fromWizard.status, JSON.stringify(fromWizard.body)).toBe(201);
    expect(number(fromWizard.body.included[0].attributes.code)).toBe(Math.max(...codes.map(number)) + 1);
    // An update does not change the code.
    const [first] = both;
    const patched = await api.as(planner).request('PATCH', `/api/assignments/${first!.body.data.id}`, { attributes: { code: 'ALTRO', title: 'Rinominato' } }, { 'if-match': `"${first!.body.data.metadata.lastUpdatedDateTime}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ code: codes[0], title: 'Rinominato' });
  });
});
