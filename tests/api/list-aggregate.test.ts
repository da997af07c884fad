/**
 * `GET /api/{type}/aggregate` (issue 23, the dashboards' charts) on both engines: counts and sums by
 * group under the list's query language, date buckets in Rome, array fields counted per element, the
 * names of referenced records, the groups' order and limit; the same read rule as the list (a customer
 * user counts only its rows, a user limited to fire only fire rows, a hidden field may not be grouped);
 * unknown fields are a 400 problem in Italian.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('list aggregate on %s', (engine) => {
  let api: Api;
  let customerA: string;
  let customerB: string;
  let clientUser: string;
  let fireOnly: string;
  let techX: string;
  let techY: string;

  const insert = (type: string, rows: { attributes: Record<string, unknown>; metadata?: Record<string, unknown>; relationships: Record<string, unknown> }[]) =>
    new EntityRepository(api.database.db, findKind(type)!).insert(rows.map((row) => ({ id: randomUUID(), by: null, data: { attributes: row.attributes, metadata: row.metadata ?? {}, relationships: row.relationships } })));
  const get = async (userId: string, url: string) => {
    const response = await api.as(userId).request('GET', url);
    return { status: response.status, body: response.body };
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    const made = [];
    for (const businessName of ['Alfa Srl', 'Beta Spa']) {
      const response = await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire', 'equip'], registry: { businessName } } });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      made.push(response.body.data.id as string);
    }
    [customerA, customerB] = made as [string, string];
    clientUser = await insertUser(api, [roles.Cliente!], { userType: 'customer', displayName: 'Cliente Alfa', customerId: customerA, allowedModules: ['fire', 'equip'] });
    fireOnly = await insertUser(api, [roles.Pianificatore!], { displayName: 'Pianificatore antincendio', allowedModules: ['fire'] });
    techX = await insertUser(api, [roles.Manutentore!], { displayName: 'Tecnico X', isMainteiner: true });
    techY = await insertUser(api, [roles.Manutentore!], { displayName: 'Tecnico Y', isMainteiner: true });
    const deadline = (customerId: string, customerName: string, module: string, deadlineDate: string, isExecuted = false) =>
      ({ attributes: { module, deadlineDate, isExecuted, isEnded: false }, metadata: { customerName }, relationships: { customerId } });
    await insert('physicalActivities', [
      // Week of Monday 2026-06-15: two fire of A, one equip of B; the week after: one fire of B; an executed one.
      deadline(customerA, 'Alfa Srl', 'fire', '2026-06-15'),
      deadline(customerA, 'Alfa Srl', 'fire', '2026-06-21'),
      deadline(customerB, 'Beta Spa', 'equip', '2026-06-17'),
      deadline(customerB, 'Beta Spa', 'fire', '2026-06-22'),
      deadline(customerB, 'Beta Spa', 'fire', '2026-06-16', true),
    ]);
    const quotation = (status: string, date: string, totalNetPrice: number, customerId: string) =>
      ({ attributes: { status, date, module: 'fire', code: `PRV-${randomUUID().slice(0, 6)}` }, metadata: { totalNetPrice }, relationships: { customerId } });
    await insert('quotations', [
      quotation('draft', '2026-05-10', 100.5, customerA),
      quotation('issued', '2026-05-20', 200, customerA),
      quotation('accepted', '2026-06-02', 300.25, customerB),
      quotation('issued', '2026-06-03', 50, customerB),
    ]);
    const intervention = (operatorIds: string[], plannedStartDateTime: string, state = 'scheduled') =>
      ({ attributes: { state, module: 'fire', code: `INT-${randomUUID().slice(0, 6)}`, plannedStartDateTime }, relationships: { customerId: customerA, operatorIds, operatorInChargeId: operatorIds[0] ?? null } });
    await insert('assignments', [
      intervention([techX, techY], '2026-06-15T07:00:00.000Z'),
      intervention([techX], '2026-06-16T22:30:00.000Z'), // 00:30 on the 17th in Rome
      intervention([techY], '2026-06-16T08:00:00.000Z'),
    ]);
  }, 120_000);
  afterAll(() => api?.close());

  it('counts the deadlines still to do by week and module, each week its Monday', async () => {
    const { status, body } = await get(api.adminId, '/api/physicalActivities/aggregate?filter[isExecuted]=false&group=deadlineDate:week,module');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toEqual([
      { key: { deadlineDate: '2026-06-15', module: 'equip' }, count: 1 },
      { key: { deadlineDate: '2026-06-15', module: 'fire' }, count: 2 },
      { key: { deadlineDate: '2026-06-22', module: 'fire' }, count: 1 },
    ]);
    expect(body.meta).toEqual({ total: 4, groups: 3 });
  });

  it('takes the list’s own filters (the worklist’s due window) and names the customers, the largest group first', async () => {
    const { body } = await get(api.adminId, '/api/physicalActivities/aggregate?filter[due]=next30&filter[module]=fire&group=customerId&sort=-count&limit=1');
    expect(body.data).toEqual([{ key: { customerId: customerA }, count: 2 }]);
    expect(body.meta.groups).toBe(2);
    expect(body.meta.labels).toEqual({ customerId: { [customerA]: 'Alfa Srl' } });
  });

  it('sums a number field by state and by month, with no group the whole list', async () => {
    const byState = (await get(api.adminId, '/api/quotations/aggregate?group=status&sum=totalNetPrice')).body;
    expect(byState.data).toEqual([
      { key: { status: 'accepted' }, count: 1, sum: { totalNetPrice: 300.25 } },
      { key: { status: 'draft' }, count: 1, sum: { totalNetPrice: 100.5 } },
      { key: { status: 'issued' }, count: 2, sum: { totalNetPrice: 250 } },
    ]);
    const byMonth = (await get(api.adminId, '/api/quotations/aggregate?filter[status]=issued,accepted&group=date:month,status')).body;
    expect(byMonth.data.map((g: { key: object; count: number }) => [g.key, g.count])).toEqual([
      [{ date: '2026-05-01', status: 'issued' }, 1],
      [{ date: '2026-06-01', status: 'accepted' }, 1],
      [{ date: '2026-06-01', status: 'issued' }, 1],
    ]);
    const whole = (await get(api.adminId, '/api/quotations/aggregate?sum=totalNetPrice')).body;
    expect(whole).toEqual({ data: [{ key: {}, count: 4, sum: { totalNetPrice: 650.75 } }], meta: { total: 4, groups: 1 } });
  });

  it('counts an intervention once for each of its technicians, by day in Rome, with their names', async () => {
    const { body } = await get(api.adminId, '/api/assignments/aggregate?from[plannedStartDateTime]=2026-06-15&to[plannedStartDateTime]=2026-06-21&group=operatorIds,plannedStartDateTime:day');
    const rows = body.data.map((g: { key: { operatorIds: string; plannedStartDateTime: string }; count: number }) => [g.key.operatorIds === techX ? 'X' : 'Y', g.key.plannedStartDateTime, g.count]);
    expect(rows.toSorted()).toEqual([['X', '2026-06-15', 1], ['X', '2026-06-17', 1], ['Y', '2026-06-15', 1], ['Y', '2026-06-16', 1]]);
    expect(body.meta.total).toBe(3);
    expect(body.meta.labels.operatorIds).toEqual({ [techX]: 'Tecnico X', [techY]: 'Tecnico Y' });
  });

  it('counts only what the caller may list: a customer user its own rows, a fire-only planner fire rows', async () => {
    const own = (await get(clientUser, '/api/physicalActivities/aggregate?group=customerId')).body;
    expect(own.data).toEqual([{ key: { customerId: customerA }, count: 2 }]);
    const asked = (await get(clientUser, `/api/physicalActivities/aggregate?filter[customerId]=${customerB}`)).body;
    expect(asked.data).toEqual([{ key: {}, count: 0 }]);
    const fire = await get(fireOnly, '/api/physicalActivities/aggregate?group=module');
    expect(fire.status, JSON.stringify(fire.body)).toBe(200);
    expect(fire.body.data).toEqual([{ key: { module: 'fire' }, count: 4 }]);
    // The same figures as the list's totals.
    const listed = await get(fireOnly, '/api/physicalActivities?page[size]=1');
    expect(listed.body.meta.total).toBe(4);
  });

  it('refuses a kind the caller may not read, and a field hidden from it', async () => {
    expect((await get(clientUser, '/api/roles/aggregate')).status).toBe(403);
    // A field the customer user may not read (its customer's type, staff data) is not a grouping key.
    const hidden = await get(clientUser, '/api/customers/aggregate?group=type');
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(403);
    expect(hidden.body.code).toBe('FIELD_NOT_AUTHORIZED');
    expect(hidden.body.errors[0].pointer).toBe('?group');
  });

  it('refuses unknown fields, a date without its period, a sum of text, in Italian', async () => {
    const unknown = await get(api.adminId, '/api/quotations/aggregate?group=password&sum=code&sort=name&limit=0');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('INVALID_QUERY');
    expect(unknown.body.errors.map((e: { pointer: string; message: string }) => `${e.pointer} ${e.message}`)).toEqual([
      '?group Raggruppamento non disponibile: password',
      '?sum Somma non disponibile: code (solo campi numerici)',
      '?sort Ordinamento dei gruppi: count o -count',
      '?limit Numero di gruppi tra 1 e 500',
    ]);
    const date = await get(api.adminId, '/api/quotations/aggregate?group=date');
    expect(date.status).toBe(400);
    expect(date.body.errors[0].message).toBe('Per raggruppare per date indica il periodo: date:day, date:week o date:month');
    expect((await get(api.adminId, '/api/quotations/aggregate?filter[nope]=1')).status).toBe(400);
  });
});
