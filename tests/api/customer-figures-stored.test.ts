/**
 * The customer's figures in list rows for every customer, not only those a service write refreshed:
 * the seed stores them when it ends, and migration 0015 stores them once on a database whose rows
 * were written without the service (an older database, an import). Each list row carries what the
 * customer's own read computes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { engines, setupApi, TODAY, type Api } from './setup.ts';
import { seedDemoData } from '../../src/server/seed/seed.ts';
import { customerFiguresMigration } from '../../src/server/db/migrations/0015-customer-figures.ts';
import { customerFigureKeys } from '../../src/domain/rules/customer-figures.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { addDays, businessDay } from '../../src/domain/business-day.ts';

type Figures = Record<(typeof customerFigureKeys)[number], unknown>;
const figuresOf = (metadata: Record<string, unknown>) => Object.fromEntries(customerFigureKeys.map((key) => [key, metadata[key]])) as Figures;

/** Every listed customer's figures as the list carries them, and as its own read computes them. */
async function listedAndRead(api: Api) {
  const listed = new Map<string, Figures>();
  for (let page = 1; ; page += 1) {
    const response = await api.get(`/api/customers?page[size]=100&page[number]=${page}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    for (const row of response.body.data) listed.set(row.id, figuresOf(row.metadata));
    if (response.body.data.length < 100) break;
  }
  const read = new Map<string, Figures>();
  for (const id of listed.keys()) {
    const response = await api.get(`/api/customers/${id}`);
    expect(response.status).toBe(200);
    read.set(id, figuresOf(response.body.data.metadata));
  }
  return { listed, read };
}

describe.each(engines())('stored customer figures on %s', (engine) => {
  describe('after the seed', () => {
    let api: Api;
    beforeAll(async () => {
      api = await setupApi(engine);
      await seedDemoData(api.database.db, { scale: 0.05, log: () => {}, referenceDay: TODAY });
    }, 300_000);
    afterAll(() => api?.close());

    it('lists every seeded customer with the figures its own read computes', async () => {
      const { listed, read } = await listedAndRead(api);
      expect(listed.size).toBeGreaterThan(10);
      expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(read));
      const all = [...listed.values()];
      // The demo has office locations and overdue and upcoming deadlines: the comparison is not all zeros.
      expect(all.some((f) => Number(f.officeLocationsCount) > 0)).toBe(true);
      expect(all.some((f) => Number(f.expiredPhysicalActivitiesCount) > 0)).toBe(true);
      expect(all.some((f) => f.nextExpirePhysicalActivity !== null)).toBe(true);
    });
  });

  describe('migration 0015 on rows written without the service', () => {
    let api: Api;
    const today = businessDay();
    const customerId = randomUUID();
    const plainId = randomUUID();
    beforeAll(async () => {
      // The migration counts on the real business day: the app reads on the same day.
      api = await setupApi(engine, { today });
      const insert = (type: string, rows: Array<{ attributes: Record<string, unknown>; metadata?: Record<string, unknown>; relationships?: Record<string, unknown>; id?: string }>) =>
        new EntityRepository(api.database.db, findKind(type)!).insert(rows.map((row) => ({
          id: row.id ?? randomUUID(), by: null, data: { attributes: row.attributes, metadata: row.metadata ?? {}, relationships: row.relationships ?? {} },
        })) as never);
      const company = (name: string, extra: Record<string, unknown> = {}) => ({ allowedModules: ['fire'], registry: { businessName: name }, ...extra });
      const oldListId = randomUUID();
      await insert('customers', [
        { id: customerId, attributes: company('Vecchia Srl'), metadata: { displayName: 'Vecchia Srl', activePriceListId: oldListId } },
        { id: plainId, attributes: company('Senza Niente Srl'), metadata: { displayName: 'Senza Niente Srl' } },
      ]);
      await insert('customers', [
        { attributes: company('Vecchia Srl – Magazzino', { parentId: customerId }), metadata: { displayName: 'Vecchia Srl – Magazzino', type: 'officeLocation' } },
        { attributes: company('Vecchia Srl – Uffici', { parentId: customerId }), metadata: { displayName: 'Vecchia Srl – Uffici', type: 'officeLocation' } },
      ]);
      const ofCustomer = { customerId };
      await insert('priceLists', [
        { id: oldListId, attributes: { code: 'PL-OLD', name: 'Listino scaduto', validFrom: addDays(today, -400), validTo: addDays(today, -35), items: [] }, relationships: ofCustomer },
        { attributes: { code: 'PL-A', name: 'Listino vecchio', validFrom: addDays(today, -300), validTo: addDays(today, 60), items: [] }, relationships: ofCustomer },
        { attributes: { code: 'PL-B', name: 'Listino in vigore', validFrom: addDays(today, -10), validTo: addDays(today, 200), items: [] }, relationships: ofCustomer },
      ]);
      await insert('commercialAgreements', [
        { attributes: { startDate: addDays(today, -100), endDate: addDays(today, 10) }, relationships: ofCustomer },
        { attributes: { startDate: addDays(today, -100) }, relationships: ofCustomer },
        { attributes: { startDate: addDays(today, -100), endDate: addDays(today, -1) }, relationships: ofCustomer },
        { attributes: { startDate: addDays(today, 1) }, relationships: ofCustomer },
        { attributes: { startDate: addDays(today, -100), isActive: false }, relationships: ofCustomer },
      ]);
      const deadline = (offset: number, extra: Record<string, unknown> = {}) => ({ attributes: { module: 'fire', deadlineDate: addDays(today, offset), ...extra }, relationships: ofCustomer });
      await insert('physicalActivities', [deadline(-20), deadline(-5), deadline(-3, { isExecuted: true }), deadline(0), deadline(30), deadline(31), deadline(2, { isEnded: true })]);
    });
    afterAll(() => api?.close());

    it('stores the figures once on every customer, as their own read computes them', async () => {
      const before = (await api.get(`/api/customers?ids=${customerId}`)).body.data[0];
      expect(before.metadata.officeLocationsCount).toBeUndefined();
      await customerFiguresMigration.up(api.database.db);
      await customerFiguresMigration.up(api.database.db);
      const { listed, read } = await listedAndRead(api);
      expect(listed.size).toBe(4);
      expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(read));
      expect(listed.get(customerId)).toEqual({
        activePriceListName: 'Listino in vigore', priceListNr: 'PL-B', priceListExpireDate: addDays(today, 200),
        activeAgreementCount: 2, expiringAgreementCount: 1, officeLocationsCount: 2,
        expiredPhysicalActivitiesCount: 2, expiringPhysicalActivitiesCount: 2, nextExpirePhysicalActivity: today,
      });
      expect(listed.get(plainId)).toEqual({
        activePriceListName: null, priceListNr: null, priceListExpireDate: null, activeAgreementCount: 0, expiringAgreementCount: 0,
        officeLocationsCount: 0, expiredPhysicalActivitiesCount: 0, expiringPhysicalActivitiesCount: 0, nextExpirePhysicalActivity: null,
      });
    });
  });
});
