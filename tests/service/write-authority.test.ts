/**
 * The write pipeline's `WriteAuthority` (issue 22, the order wizard's provisional intervention): the
 * caller's right to create the order allows only the rows that name it, or name a row already
 * created under it; anything else keeps the caller's own abilities, and a caller who may not create
 * the order gets nothing from it. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKind } from '../../src/domain/kinds.ts';
import type { Entity } from '../../src/domain/entity.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { writeAuthority } from '../../src/server/resources/service.ts';
import { engines, setupService, TODAY, type ServiceSetup } from './setup.ts';

describe.each(engines())('write authority on %s', (engine) => {
  let s: ServiceSetup;
  let salesman: Caller;
  let operator: Caller;
  let customerId: string;
  let activityId: string;
  let order: Entity;
  let otherOrder: Entity;

  const orders = findKind('orders')!;
  const intervention = (orderId: string | null) => ({ attributes: { module: 'fire' }, relationships: { customerId, orderId } });
  /** Creates `type` from `body` as `caller` inside one transaction, under the authority of `record`. */
  const createUnder = (caller: Caller, record: Entity, writes: (create: (type: string, body: unknown) => Promise<Entity>) => Promise<unknown>) =>
    s.service.transaction(caller, async (trx) => {
      const authority = writeAuthority(orders, record);
      return writes((type, body) => s.service.createWithin(trx, caller, type, body, { authority }));
    });

  beforeAll(async () => {
    s = await setupService(engine);
    salesman = await s.user(['Commerciale'], { displayName: 'Venditore', allowedModules: ['fire'] });
    operator = await s.user(['Operatore'], { displayName: 'Operatore', allowedModules: ['fire'] });
    customerId = (await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Autorità Srl' } } })).id;
    activityId = (await s.create('activities', { attributes: { code: 'WA-1', name: 'Controllo', module: 'fire' } })).id;
    const orderBody = { attributes: { orderDate: TODAY, module: 'fire', lines: [] }, relationships: { customerId } };
    order = await s.create('orders', orderBody, salesman);
    otherOrder = await s.create('orders', orderBody, salesman);
  });
  afterAll(() => s?.close());

  it('lets the order’s creator write its intervention and that intervention’s activities', async () => {
    const [made, activity] = (await createUnder(salesman, order, async (create) => {
      const assignment = await create('assignments', intervention(order.id));
      return [assignment, await create('assignmentActivities', { attributes: { state: 'open' }, relationships: { assignmentId: assignment.id, activityId } })];
    })) as [Entity, Entity];
    expect(made.relationships.orderId).toBe(order.id);
    expect(activity.relationships.assignmentId).toBe(made.id);
  });

  it('allows nothing that does not name the order or a row created under it', async () => {
    // Another order's intervention, and one naming no order, keep the Commerciale's own ability: refused.
    await expect(createUnder(salesman, order, (create) => create('assignments', intervention(otherOrder.id)))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createUnder(salesman, order, (create) => create('assignments', intervention(null)))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // An activity of an intervention not created under this authority: refused too.
    const elsewhere = await s.create('assignments', intervention(otherOrder.id));
    await expect(createUnder(salesman, order, (create) => create('assignmentActivities', { attributes: { state: 'open' }, relationships: { assignmentId: elsewhere.id, activityId } })))
      .rejects.toMatchObject({ status: 403 });
  });

  it('gives nothing to a caller who may not create the order', async () => {
    await expect(createUnder(operator, order, (create) => create('assignments', intervention(order.id)))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
