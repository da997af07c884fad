/**
 * Issue 22, the customer user on the staff screens: the «Cliente» role reads its customer without
 * what is the provider's staff's own (the contact log, origin, commercial offer and percentage,
 * rating, zone…), by id and in lists, while staff read it whole (roles.ts Cliente; the same rule
 * reaches old databases through migration 0016-cliente-staff-fields, once).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity } from '../../src/domain/entity.ts';
import { findKind } from '../../src/domain/kinds.ts';
import { CLIENTE_STAFF_FIELDS_RULE, clienteStaffFieldsMigration } from '../../src/server/db/migrations/0016-cliente-staff-fields.ts';
import { CLIENTE_REPORT_RULE, clienteInterventionReportsMigration } from '../../src/server/db/migrations/0017-cliente-intervention-reports.ts';
import { EntityRepository } from '../../src/server/resources/repository.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { employeeTrainingOf } from '../../src/server/kinds/support/employee-compliance.ts';
import { isValidFiscalCode } from '../../src/domain/validation.ts';
import { engines, setupService, TODAY, type ServiceSetup } from './setup.ts';

const withCheck = (head: string) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => head + c).find(isValidFiscalCode)!;

const STAFF_ONLY = {
  attributes: ['contacts', 'origin', 'originDetail', 'commercialOfferType', 'commercialPercentage', 'validityDateTimeEnd', 'maxDiscountPercent', 'rating'],
  metadata: ['type', 'erpCode', 'lastContact', 'lastReply'],
  relationships: ['commercialZoneId'],
} as const;

describe.each(engines())('the customer user reads its customer without the staff’s fields on %s', (engine) => {
  let s: ServiceSetup;
  let customer: Entity;
  let other: Entity;
  let cliente: Caller;
  let salesman: Caller;

  beforeAll(async () => {
    s = await setupService(engine);
    const zone = await s.create('commercialZones', { attributes: { code: 'NORD', name: 'Zona Nord' } });
    const body = (name: string) => ({
      attributes: {
        allowedModules: ['fire', 'edu'],
        registry: { businessName: name, city: 'Verona' },
        origin: 'marketing',
        originDetail: 'Fiera Sicurezza 2026',
        commercialOfferType: 'discount',
        commercialPercentage: 12.5,
        validityDateTimeEnd: `${TODAY}T00:00:00.000Z`,
        maxDiscountPercent: 20,
        rating: 4,
        contacts: [{ dateTime: `${TODAY}T09:00:00.000Z`, type: 'phone', kind: 'contact', lastReply: 'notInterested', notes: 'Non interessato al rinnovo: richiamare a settembre' }],
      },
      metadata: { type: 'active', erpCode: 'C-0042' },
      relationships: { commercialZoneId: zone.id },
    });
    customer = await s.create('customers', body('Officine Riva Srl'));
    other = await s.create('customers', body('Altra Srl'));
    cliente = await s.user(['Cliente'], { userType: 'customer', displayName: 'Utente Riva', customerId: customer.id, allowedModules: ['fire', 'edu'] });
    salesman = await s.user(['Commerciale'], { displayName: 'Venditore', isSalesman: true });
  });
  afterAll(() => s?.close());

  const hidden = (entity: Entity) => Object.entries(STAFF_ONLY).flatMap(([section, keys]) => keys.filter((key) => Object.hasOwn((entity as unknown as Record<string, Record<string, unknown>>)[section]!, key)).map((key) => `${section}.${key}`));

  it('by id and in the list: its registry, none of the staff’s fields', async () => {
    const read = await s.service.get('customers', customer.id, cliente);
    expect(read.attributes.registry).toMatchObject({ businessName: 'Officine Riva Srl', city: 'Verona' });
    expect(hidden(read)).toEqual([]);
    const listed = (await s.service.list('customers', { 'page[size]': '50' }, cliente)).data;
    expect(listed.map((row) => row.id)).toEqual([customer.id]);
    expect(hidden(listed[0]!)).toEqual([]);
    await expect(s.service.get('customers', other.id, cliente)).rejects.toMatchObject({ code: 'CTM_FST_NOT_AUTHORIZED' });
  });

  it('full text matches its visible fields only: the ERP code finds nothing for it, and its name still does; staff find both', async () => {
    const search = (text: string, caller: Caller) => s.service.list('customers', { 'filter[fullText]': text }, caller).then((page) => page.data.map((row) => row.id));
    expect(await search('C-0042', cliente)).toEqual([]);
    expect(await search('0042', cliente)).toEqual([]);
    expect(await search('Riva Verona', cliente)).toEqual([customer.id]);
    expect(await search('C-0042', s.admin)).toEqual(expect.arrayContaining([customer.id, other.id]));
  });

  it('lists neither filter nor sort by a field it may not read (that would tell its value); staff may', async () => {
    for (const [query, pointer] of [
      [{ 'filter[commercialPercentage]': '12.5' }, '?filter[commercialPercentage]'],
      [{ 'filter[origin]': 'marketing' }, '?filter[origin]'],
      [{ 'from[lastContact]': '2026-01-01' }, '?from[lastContact]'],
      [{ sort: '-rating' }, '?sort'],
    ] as const) {
      await expect(s.service.list('customers', query, cliente)).rejects.toMatchObject({ code: 'FIELD_NOT_AUTHORIZED', errors: [{ pointer }] });
      expect((await s.service.list('customers', query, s.admin)).data.length).toBeGreaterThan(0);
    }
    // Its readable fields filter and sort as ever.
    expect((await s.service.list('customers', { 'filter[city]': 'Verona', sort: 'displayName' }, cliente)).data.map((row) => row.id)).toEqual([customer.id]);
  });

  it('staff read the same customer whole', async () => {
    for (const caller of [s.admin, salesman]) {
      const read = await s.service.get('customers', customer.id, caller);
      expect(hidden(read).sort()).toEqual(Object.entries(STAFF_ONLY).flatMap(([section, keys]) => keys.map((key) => `${section}.${key}`)).sort());
      expect((read.attributes.contacts as { notes: string }[])[0]!.notes).toMatch(/Non interessato/);
    }
  });

  it('an employee’s training record: its own participation, read by whoever reads the employee, never another customer’s', async () => {
    const course = await s.create('courses', { attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5 } });
    const site = await s.create('trainingSites', { attributes: { name: 'Centro formazione Verona', address: { city: 'Verona' } } });
    const room = await s.create('trainingRooms', { attributes: { name: 'Aula Volta', capacity: 10 }, relationships: { trainingSiteId: site.id } });
    const mine = await s.create('employees', { attributes: { lastName: 'Rossi', firstName: 'Mario', fiscalCode: withCheck('RSSMRA85T10A562') }, relationships: { customerId: customer.id } });
    const theirs = await s.create('employees', { attributes: { lastName: 'Verdi', firstName: 'Luigi', fiscalCode: withCheck('VRDLGU90A01F205') }, relationships: { customerId: other.id } });
    // One edition open to several companies: both employees in it.
    const edition = await s.create('courseEditions', {
      attributes: { startDate: TODAY, endDate: TODAY, capacity: 10, participants: [{ employeeId: mine.id }, { employeeId: theirs.id }] },
      relationships: { courseId: course.id, customerId: null, trainingRoomId: room.id },
    });
    const record = await employeeTrainingOf(s.service, cliente, mine.id);
    expect(record.data).toEqual([expect.objectContaining({ editionId: edition.id, editionCode: edition.attributes.code, courseId: course.id, completedOn: TODAY, outcome: null, certificateMediaId: null })]);
    expect(record.meta.courses).toEqual({ [course.id]: { code: 'AI-L2', title: 'Addetto antincendio – livello 2' } });
    // Nothing of the edition's other participants is answered.
    expect(JSON.stringify(record)).not.toContain(theirs.id);
    // The customer user reads no course edition itself, and no other customer's employee.
    await expect(s.service.get('courseEditions', edition.id, cliente)).rejects.toMatchObject({ status: 403 });
    await expect(employeeTrainingOf(s.service, cliente, theirs.id)).rejects.toMatchObject({ code: 'CTM_FST_NOT_AUTHORIZED' });
    expect((await employeeTrainingOf(s.service, s.admin, theirs.id)).data).toHaveLength(1);
  });

  it('migration 0016 gives an old Cliente role the rule once, and leaves a role with its own rule on contacts alone', async () => {
    const roles = new EntityRepository(s.db, findKind('roles')!);
    const old = [{ action: 'read', subject: 'customer', conditions: { id: '${user.customerId}' } }];
    const custom = [...old, { action: 'read', subject: 'customer', fields: ['attributes.contacts'], inverted: true }];
    const [before, kept] = [randomUUID(), randomUUID()];
    await roles.insert([
      { id: before, by: null, data: { attributes: { name: 'Cliente', permissions: old }, metadata: {}, relationships: {} } },
      { id: kept, by: null, data: { attributes: { name: 'Cliente', permissions: custom }, metadata: {}, relationships: {} } },
    ]);
    await clienteStaffFieldsMigration.up(s.db);
    await clienteStaffFieldsMigration.up(s.db);
    expect((await roles.findById(before))!.attributes.permissions).toEqual([...old, CLIENTE_STAFF_FIELDS_RULE]);
    expect((await roles.findById(kept))!.attributes.permissions).toEqual(custom);
  });

  it('migration 0017 gives an old Cliente role the read of its interventions’ activities and checks once, and leaves a role ruling on them alone', async () => {
    const roles = new EntityRepository(s.db, findKind('roles')!);
    const old = [{ action: 'read', subject: 'assignment', conditions: { 'relationships.customerId': '${user.customerId}' } }];
    const custom = [...old, { action: 'read', subject: ['checks'], conditions: { 'attributes.outcome': 'ok' } }];
    const [before, kept] = [randomUUID(), randomUUID()];
    await roles.insert([
      { id: before, by: null, data: { attributes: { name: 'Cliente', permissions: old }, metadata: {}, relationships: {} } },
      { id: kept, by: null, data: { attributes: { name: 'Cliente', permissions: custom }, metadata: {}, relationships: {} } },
    ]);
    await clienteInterventionReportsMigration.up(s.db);
    await clienteInterventionReportsMigration.up(s.db);
    expect((await roles.findById(before))!.attributes.permissions).toEqual([...old, CLIENTE_REPORT_RULE]);
    expect((await roles.findById(kept))!.attributes.permissions).toEqual(custom);
  });
});
