/**
 * A batch of soft deletes (an import's undo, a quotation's dropped lines) tests the batch's
 * references once and cascades to owned rows once, yet keeps what a single delete does: each owned
 * row marked with its own owner (undeleting one owner brings back its rows only), and a row that
 * live records name refused by its position, naming them, with nothing of the batch deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/domain/entity.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

describe.each(engines())('a batch of deletes on %s', (engine) => {
  let s: ServiceSetup;
  let customer: Entity;

  const removeAll = (type: string, rows: readonly Entity[]) =>
    s.service.transaction(s.admin, (trx) =>
      s.service.removeManyWithin(trx, s.admin, type, rows.map((row) => ({ id: row.id, version: String(row.metadata.lastUpdatedDateTime) })), (index, error) => Object.assign(error as object, { index })),
    );
  const quotationWithLines = async (title: string, lines: number) => {
    const quotation = await s.create('quotations', { attributes: { date: '2026-06-10', title }, relationships: { customerId: customer.id } });
    const products = [];
    for (let quantity = 1; quantity <= lines; quantity++) {
      products.push(await s.create('quotationProducts', { attributes: { description: `Riga ${quantity}`, quantity, listPrice: 10, unitPrice: 10 }, relationships: { quotationId: quotation.id } }));
    }
    return { quotation: (await s.stored('quotations', quotation.id))!, products };
  };

  beforeAll(async () => {
    s = await setupService(engine);
    customer = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Cartiera Valtellina Spa' } } });
  });
  afterAll(() => s?.close());

  it('marks each owned row with its own owner, so undeleting one owner brings back its rows only', async () => {
    const first = await quotationWithLines('Primo', 2);
    const second = await quotationWithLines('Secondo', 3);
    const deleted = await removeAll('quotations', [first.quotation, second.quotation]);
    expect(deleted.map((q) => q.metadata.isDeleted)).toEqual([true, true]);
    for (const { quotation, products } of [first, second]) {
      for (const product of products) {
        expect((await s.stored('quotationProducts', product.id))!.metadata).toMatchObject({ isDeleted: true, deletedWith: `quotations:${quotation.id}` });
      }
    }

    await s.act('quotations', deleted[1]!, 'undelete');
    for (const product of second.products) expect((await s.stored('quotationProducts', product.id))!.metadata).toMatchObject({ isDeleted: false });
    for (const product of first.products) expect((await s.stored('quotationProducts', product.id))!.metadata.isDeleted).toBe(true);
  });

  it('refuses the row that live records name, by its position and naming them, and deletes nothing of the batch', async () => {
    const free = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Nessun Legame Srl' } } });
    const named = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Con Preventivi Srl' } } });
    for (const title of ['Uno', 'Due']) await s.create('quotations', { attributes: { date: '2026-06-10', title }, relationships: { customerId: named.id } });

    const refused = await removeAll('customers', [free, named]).catch((error: unknown) => error);
    expect(refused).toMatchObject({ index: 1, code: 'ENTITY_RELATIONS_FOUND', extensions: { relations: expect.arrayContaining([expect.objectContaining({ type: 'quotations', count: 2 })]) } });
    expect((refused as Error).message).toMatch(/Preventivi \(2\)/);
    expect((await s.stored('customers', free.id))!.metadata.isDeleted).toBe(false);

    // Alone, the free one goes.
    expect((await removeAll('customers', [free])).map((c) => c.metadata.isDeleted)).toEqual([true]);
  });
});
