/**
 * SPEC §6 subjects that name part of another, enforced through the same ability path as every write
 * and read (domain/ability.ts dependentRules, the revisions' hook for a conditional `updateRevision`):
 * - `updateRevision` on a quotation: changing a revision's reason needs it, on that revision's quotation;
 * - `customer location`: a customer with a parent is an office location, acted on with that subject's rules;
 * - `commercial terms`: a customer's offer, validity, discount ceiling, price list, payment term and
 *   invoicing method are read with `read` on it (the demo Pianificatore does not, the Operatore does).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCIAL_TERMS_FIELDS, DEPENDENT_RULE_REASONS } from '../../src/domain/ability.ts';
import type { Entity } from '../../src/domain/entity.ts';
import { findKind } from '../../src/domain/kinds.ts';
import type { PermissionRule } from '../../src/domain/entities/roles.ts';
import { readPath } from '../../src/domain/kind.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import { OPERATORE_COMMERCIAL_TERMS_RULE, operatoreCommercialTermsMigration } from '../../src/server/db/migrations/0024-operatore-commercial-terms.ts';
import { sql } from 'kysely';
import type { Caller } from '../../src/server/auth/identity.ts';
import { engines, setupService, TODAY, type ServiceSetup } from './setup.ts';

const USER_ID = '$' + '{user.id}';

describe.each(engines())('SPEC §6 part subjects on %s', (engine) => {
  let s: ServiceSetup;
  let roleCount = 0;
  const version = (entity: Entity) => `"${entity.metadata.lastUpdatedDateTime}"`;
  const patch = async (call: Caller, type: string, entity: Entity, changes: unknown) =>
    s.service.update(type, entity.id, changes, version((await s.stored(type, entity.id))!), call);
  /** A user holding one role made of these rules. */
  const userWith = async (permissions: PermissionRule[]) => {
    roleCount += 1;
    const name = `Ruolo di prova ${roleCount}`;
    s.roleIds[name] = (await s.create('roles', { attributes: { name, description: 'Prova', permissions } })).id;
    return s.user([name]);
  };

  beforeAll(async () => {
    s = await setupService(engine);
  });
  afterAll(() => s?.close());

  describe('updateRevision', () => {
    let customerId: string;
    /** A revision of a quotation written by `authorId` (made as the transition makes it: not through the API). */
    const revisionOf = async (authorId: string | undefined) => {
      const quotation = await s.create('quotations', { attributes: { date: TODAY }, relationships: { customerId, ...(authorId ? { commercialUserId: authorId } : {}) } });
      const [revision] = await new EntityRepository(s.db, findKind('quotationRevisions')!).insert([
        { id: randomUUID(), by: null, data: { attributes: { revisionNumber: 0, reason: 'Prima', snapshot: {} }, metadata: {}, relationships: { quotationId: quotation.id } } },
      ]);
      return revision!;
    };
    beforeAll(async () => {
      customerId = (await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Revisioni Srl' } } })).id;
    });

    it('`update` on revisions alone is not enough: without updateRevision the write is refused, saying why', async () => {
      const caller = await userWith([
        { action: ['read', 'update'], subject: ['quotation', 'quotation revision'] },
      ]);
      const revision = await revisionOf(undefined);
      await expect(patch(caller, 'quotationRevisions', revision, { attributes: { reason: 'Altro' } })).rejects.toMatchObject({ status: 403, message: DEPENDENT_RULE_REASONS.updateRevision });
    });

    it('updateRevision on some quotations only: the revision of one of those may change, of another not', async () => {
      const caller = await userWith([
        { action: 'read', subject: ['quotation', 'quotation revision'] },
        { action: 'update', subject: 'quotation revision' },
        { action: 'updateRevision', subject: 'quotation', conditions: { 'relationships.commercialUserId': USER_ID } },
      ]);
      const mine = await revisionOf(caller.identity.userId!);
      const changed = await patch(caller, 'quotationRevisions', mine, { attributes: { reason: 'Quantità riviste' } });
      expect(changed.attributes.reason).toBe('Quantità riviste');
      const others = await revisionOf(undefined);
      await expect(patch(caller, 'quotationRevisions', others, { attributes: { reason: 'Altro' } })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      expect((await s.stored('quotationRevisions', others.id))!.attributes.reason).toBe('Prima');
    });
  });

  describe('customer location', () => {
    let head: Entity;
    let office: Entity;
    beforeAll(async () => {
      head = await s.create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Sedi Spa' } } });
      office = await s.create('customers', { attributes: { parentId: head.id, registry: { businessName: 'Sedi Spa – Magazzino' } } });
    });

    it('a role on customers but not on their locations neither lists, nor reads, nor writes a location', async () => {
      const caller = await userWith([{ action: ['read', 'create', 'update'], subject: 'customer' }]);
      const listed = await s.service.list('customers', { 'filter[fullText]': 'Sedi', 'page[size]': '100' }, caller);
      expect(listed.data.map((c) => c.id)).toEqual([head.id]);
      await expect(s.service.get('customers', office.id, caller)).rejects.toMatchObject({ status: 403 });
      await expect(patch(caller, 'customers', office, { attributes: { registry: { alias: 'Deposito' } } })).rejects.toMatchObject({ status: 403 });
      await expect(s.create('customers', { attributes: { parentId: head.id, registry: { businessName: 'Sedi Spa – Nuova' } } }, caller)).rejects.toMatchObject({ status: 403 });
      expect((await patch(caller, 'customers', head, { attributes: { registry: { alias: 'Sedi' } } })).attributes.registry).toMatchObject({ alias: 'Sedi' });
    });

    it('read on locations: read, but not changed', async () => {
      const caller = await userWith([{ action: ['read', 'create', 'update'], subject: 'customer' }, { action: 'read', subject: 'customer location' }]);
      const listed = await s.service.list('customers', { 'filter[fullText]': 'Sedi', 'page[size]': '100' }, caller);
      expect(listed.data.map((c) => c.id).sort()).toEqual([head.id, office.id].sort());
      await expect(patch(caller, 'customers', office, { attributes: { registry: { alias: 'Deposito' } } })).rejects.toMatchObject({ status: 403, message: DEPENDENT_RULE_REASONS.customerLocation });
    });

    it('the demo Commerciale creates and changes locations', async () => {
      const seller = await s.user(['Commerciale']);
      const created = await s.create('customers', { attributes: { parentId: head.id, registry: { businessName: 'Sedi Spa – Uffici' } } }, seller);
      expect((await patch(seller, 'customers', created, { attributes: { registry: { alias: 'Uffici' } } })).attributes.parentId).toBe(head.id);
    });
  });

  describe('read on commercial terms', () => {
    let customer: Entity;
    beforeAll(async () => {
      const paymentTerm = await s.create('paymentTerms', { attributes: { code: 'RB60', description: 'Ri.Ba. 60 giorni' } });
      customer = await s.create('customers', {
        attributes: {
          allowedModules: ['fire'], registry: { businessName: 'Condizioni Srl' }, commercialOfferType: 'discount', commercialPercentage: 12,
          validityDateTimeStart: '2026-01-01T00:00:00.000Z', validityDateTimeEnd: '2099-12-31T00:00:00.000Z', maxDiscountPercent: 15,
        },
        relationships: { paymentTermId: paymentTerm.id },
      });
    });
    const termsOf = (entity: Entity) => COMMERCIAL_TERMS_FIELDS.filter((path) => readPath(entity, path) !== undefined);

    it('the demo Pianificatore reads the customer without its commercial terms, and may not filter by them', async () => {
      const planner = await s.user(['Pianificatore']);
      const read = await s.service.get('customers', customer.id, planner);
      expect(readPath(read, 'attributes.registry.businessName')).toBe('Condizioni Srl');
      expect(termsOf(read)).toEqual([]);
      const listed = await s.service.list('customers', { 'filter[fullText]': 'Condizioni', 'page[size]': '10' }, planner);
      expect(termsOf(listed.data[0]!)).toEqual([]);
      await expect(s.service.list('customers', { 'from[commercialPercentage]': '10' }, planner)).rejects.toMatchObject({ status: 403, code: 'FIELD_NOT_AUTHORIZED' });
    });

    it('the demo Operatore and Commerciale read them', async () => {
      for (const role of ['Operatore', 'Commerciale']) {
        const read = await s.service.get('customers', customer.id, await s.user([role]));
        expect(read.attributes).toMatchObject({ commercialPercentage: 12, maxDiscountPercent: 15 });
        expect(read.relationships.paymentTermId).toBe(customer.relationships.paymentTermId);
      }
    });

    it('0024: an Operatore role seeded before gets `read` on commercial terms once', async () => {
      const operatore = s.roleIds.Operatore!;
      const rulesNow = async () => (await s.stored('roles', operatore))!.attributes.permissions as PermissionRule[];
      const without = (await rulesNow()).filter((rule) => rule.subject !== 'commercial terms');
      await sql`UPDATE roles SET attributes = jsonb_set(attributes, '{permissions}', ${JSON.stringify(without)}::jsonb) WHERE id = ${operatore}::uuid`.execute(s.db);
      const reader = await s.user(['Operatore']);
      expect(termsOf(await s.service.get('customers', customer.id, reader))).toEqual([]);
      await operatoreCommercialTermsMigration.up(s.db);
      await operatoreCommercialTermsMigration.up(s.db);
      expect((await rulesNow()).filter((rule) => rule.subject === 'commercial terms')).toEqual([OPERATORE_COMMERCIAL_TERMS_RULE]);
      expect(termsOf(await s.service.get('customers', customer.id, await s.callerOf(reader.identity.userId!)))).not.toEqual([]);
    });
  });
});
