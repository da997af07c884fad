/**
 * Rules of the one enforcement path that the permission matrix does not spell out cell by cell:
 * refusals that say nothing of rows the caller may not read (authorize before state checks), a
 * grid selection checked row by row, approval reminders by the approver's own rules, a customer's
 * figures counted from what the reader may read, and training compliance only with `edu`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/domain/entity.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { customerComplianceOf } from '../../src/server/kinds/support/employee-compliance.ts';
import { engines, setupService, type ServiceSetup } from './setup.ts';

describe.each(engines())('one enforcement path on %s', (engine) => {
  let s: ServiceSetup;
  let customer: Entity;
  let firePlanner: Caller;
  const deadlines: Record<string, Entity> = {};

  beforeAll(async () => {
    s = await setupService(engine);
    customer = await s.create('customers', { attributes: { allowedModules: ['fire', 'equip', 'med'], registry: { businessName: 'Officine Brambilla Srl' } } });
    firePlanner = await s.user(['Pianificatore'], { displayName: 'Pianificatore antincendio', allowedModules: ['fire'] });
    for (const module of ['fire', 'equip'] as const) {
      const activity = await s.create('activities', { attributes: { code: `ATT-${module}`, name: `Controllo ${module}`, module } });
      deadlines[module] = await s.create('physicalActivities', { attributes: { module, deadlineDate: '2026-09-30' }, relationships: { customerId: customer.id, activityId: activity.id } });
    }
    // The equip deadline is already in an intervention: the hook's own state check would refuse it and name it.
    const planned = await s.act('physicalActivities', deadlines.equip!, 'plan', { scheduledDate: '2026-07-01' });
    expect(planned.entity.attributes.module).toBe('equip');
    deadlines.equip = (await s.stored('physicalActivities', deadlines.equip!.id))!;
  });
  afterAll(() => s?.close());

  it('a deadline of another module in a «Crea intervento» selection is refused by its position, saying nothing of it', async () => {
    const refused = s.act('physicalActivities', deadlines.fire!, 'plan', { physicalActivityIds: [deadlines.equip!.id], scheduledDate: '2026-07-01' }, firePlanner);
    await expect(refused).rejects.toMatchObject({ status: 403, errors: [expect.objectContaining({ pointer: '/physicalActivityIds/0' })] });
    const problem = (await refused.catch((error: Error) => error)) as Error;
    expect(JSON.stringify(problem)).not.toMatch(/pianificata|2026-09-30|ATT-equip/);
    expect(problem.message).not.toMatch(/pianificata|2026-09-30/);
    // Acting on that deadline itself: refused before its state is looked at (no «già pianificata»).
    const direct = await s.act('physicalActivities', deadlines.equip!, 'plan', {}, firePlanner).catch((error: Error) => error);
    expect(direct).toMatchObject({ status: 403 });
    expect((direct as Error).message).not.toMatch(/pianificata/);
  });

  it('a stale version of a row the caller may not read is refused as unreadable, not as a conflict with its version', async () => {
    const stale = s.service.update('physicalActivities', deadlines.equip!.id, { attributes: { deadlineDate: '2026-10-31' } }, '"2020-01-01T00:00:00.000Z"', firePlanner);
    await expect(stale).rejects.toMatchObject({ status: 403 });
    await expect(stale.catch((error: { extensions?: Record<string, unknown> }) => error.extensions ?? {})).resolves.not.toHaveProperty('currentVersion');
  });

  it('approval reminders reach only approvers whose own rules let them read the quotation (modules included)', async () => {
    const fireManager = await s.user(['Responsabile commerciale'], { displayName: 'Responsabile antincendio', allowedModules: ['fire'] });
    const medManager = await s.user(['Responsabile commerciale'], { displayName: 'Responsabile medicina', allowedModules: ['med'] });
    const quotation = await s.create('quotations', { attributes: { date: '2026-06-10', module: 'med', title: 'Sorveglianza sanitaria' }, relationships: { customerId: customer.id } });
    // Half the list price: beyond the maximum discount, so the quotation needs an approval.
    await s.create('quotationProducts', { attributes: { description: 'Visita medica', quantity: 1, listPrice: 100, unitPrice: 50 }, relationships: { quotationId: quotation.id } });
    await s.act('quotations', quotation, 'requestApproval');
    const remindersOf = async (caller: Caller) =>
      (await s.service.list('reminders', { 'filter[fullText]': 'Sorveglianza', 'page[size]': '50' }, caller)).data.filter((r) => r.relationships.entityId === quotation.id);
    expect(await remindersOf(medManager)).toHaveLength(1);
    expect(await remindersOf(fireManager)).toHaveLength(0);
  });

  it('a customer’s deadline counters count only the deadlines the reader may list; lists leave them out for such a reader', async () => {
    // An overdue equip deadline: the administrator counts it, the fire-only planner may not list it.
    const activity = await s.create('activities', { attributes: { code: 'ATT-equip-2', name: 'Verifica periodica', module: 'equip' } });
    await s.create('physicalActivities', { attributes: { module: 'equip', deadlineDate: '2026-01-31' }, relationships: { customerId: customer.id, activityId: activity.id } });
    const asAdmin = await s.service.get('customers', customer.id, s.admin);
    const asPlanner = await s.service.get('customers', customer.id, firePlanner);
    expect(asAdmin.metadata.expiredPhysicalActivitiesCount).toBe(1);
    expect(asPlanner.metadata.expiredPhysicalActivitiesCount).toBe(0);
    const listable = (await s.service.list('physicalActivities', { 'filter[customerId]': customer.id }, firePlanner)).data;
    expect(listable.map((row) => row.attributes.module)).toEqual(['fire']);
    const listed = (await s.service.list('customers', { ids: customer.id }, firePlanner)).data[0]!;
    expect(listed.metadata).not.toHaveProperty('expiredPhysicalActivitiesCount');
    expect((await s.service.list('customers', { ids: customer.id }, s.admin)).data[0]!.metadata).toHaveProperty('expiredPhysicalActivitiesCount', 1);
  });

  it('the batch write path admits rows as a single write does: an archived row is refused in a batch update and delete', async () => {
    const archived = (await s.act('customers', await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Archiviata Srl' } } }), 'archive')).entity;
    expect(archived.metadata.isArchived).toBe(true);
    const version = archived.metadata.lastUpdatedDateTime;
    const batchUpdate = s.service.transaction(s.admin, (trx) =>
      s.service.updateManyWithin(trx, s.admin, 'customers', [{ id: archived.id, patch: { attributes: { sdiCode: 'AAAAAAA' } }, version }], (_index, error) => error));
    await expect(batchUpdate).rejects.toMatchObject({ code: 'ENTITY_ARCHIVED' });
    const batchRemove = s.service.transaction(s.admin, (trx) => s.service.removeManyWithin(trx, s.admin, 'customers', [{ id: archived.id, version }], (_index, error) => error));
    await expect(batchRemove).rejects.toMatchObject({ code: 'ENTITY_ARCHIVED' });
  });

  it('a price of 1e306 or a quantity above a million is a field error (422), never an overflow', async () => {
    const quotation = await s.create('quotations', { attributes: { date: '2026-06-10', module: 'fire', title: 'Estintori' }, relationships: { customerId: customer.id } });
    const line = (attributes: Record<string, unknown>) =>
      s.service.create('quotationProducts', { attributes: { description: 'Estintore', quantity: 1, unitPrice: 10, listPrice: 10, ...attributes }, relationships: { quotationId: quotation.id } }, s.admin);
    await expect(line({ unitPrice: 1e306 })).rejects.toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/attributes/unitPrice' })] });
    await expect(line({ quantity: 2_000_000 })).rejects.toMatchObject({ status: 422, errors: [expect.objectContaining({ pointer: '/attributes/quantity' })] });
    await expect(line({ unitPrice: 1_000_000_000 })).resolves.toMatchObject({ attributes: { unitPrice: 1_000_000_000 } });
  });

  it('training compliance is the edu module’s: refused to a user without it', async () => {
    await expect(customerComplianceOf(s.service, firePlanner, customer.id)).rejects.toMatchObject({ code: 'MODULE_NOT_ALLOWED', status: 403 });
    await expect(customerComplianceOf(s.service, s.admin, customer.id)).resolves.toMatchObject({ data: [] });
  });
});
