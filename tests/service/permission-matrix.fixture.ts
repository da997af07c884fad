/**
 * The permission matrix's fixture: one or two rows per kind (permission-matrix.expected.ts names
 * them), with the parents they need, written through the service as the administrator (a user's own
 * settings and saved view as that user, since nobody else may write them), states reached through
 * the kinds' own actions. Also what the matrix writes: a body like each kind's primary row, a small
 * change per kind, and the body of each custom action.
 */
import { randomUUID } from 'node:crypto';
import type { Entity } from '../../src/domain/entity.ts';
import type { Caller } from '../../src/server/auth/identity.ts';
import { certificateTemplate } from '../../src/server/seed/generators/document-templates.ts';
import { demoCallers, TODAY, type DemoCallerName, type ServiceSetup } from './setup.ts';
import { fixtureRows, type FixtureType, type RowKey } from './permission-matrix.expected.ts';

export interface Fixture {
  /** Every fixture row as stored once the fixture is complete. */
  rows: Record<RowKey, Entity>;
  /** The kind of each row. */
  typeOf: Record<RowKey, FixtureType>;
  callers: Record<DemoCallerName, Caller>;
  /** A new row like the kind's primary one (undefined: the kind is not created on its own). */
  createBody(type: FixtureType, caller: Caller): unknown;
  /** A small change of the row, valid in its state. */
  patch(type: FixtureType, row: Entity): Record<string, unknown>;
  actionBody(type: FixtureType, action: string): Record<string, unknown>;
  /** Reads every fixture row again (after a state change made by the fixture itself). */
  refresh(): Promise<void>;
}

const media = (name: string, relationships: Record<string, unknown>) => ({
  attributes: { nodeKind: 'media', type: 'document', name, mimeType: 'application/pdf', bytesCount: 100, extension: 'pdf' },
  relationships,
});

export async function buildFixture(s: ServiceSetup): Promise<Fixture> {
  const started = Date.now();
  const lap = (what: string) => process.env.MATRIX_TIMING && console.log(`${what}: ${Date.now() - started} ms`);
  const rows = {} as Record<RowKey, Entity>;
  const typeOf = {} as Record<RowKey, FixtureType>;
  const put = (type: FixtureType, key: RowKey, entity: Entity) => {
    if (!Object.hasOwn(fixtureRows[type], key)) throw new Error(`${key} is not a fixture row of ${type}`);
    rows[key] = entity;
    typeOf[key] = type;
    return entity;
  };
  const add = async (type: FixtureType, key: RowKey, body: unknown, call?: Caller) => {
    try {
      return put(type, key, await s.create(type, body, call));
    } catch (error) {
      throw new Error(`fixture ${type} ${key}: ${error instanceof Error ? error.message : String(error)} ${JSON.stringify((error as { errors?: unknown }).errors ?? '')}`, { cause: error });
    }
  };
  const act = async (type: FixtureType, key: RowKey, action: string, body?: unknown) => {
    rows[key] = (await s.act(type, rows[key], action, body)).entity;
  };
  const update = async (type: FixtureType, key: RowKey, patch: Record<string, unknown>) => {
    const current = (await s.stored(type, rows[key].id))!;
    rows[key] = await s.service.update(type, current.id, patch, `"${current.metadata.lastUpdatedDateTime}"`, s.admin);
  };

  const customerA = await add('customers', 'customerA', { attributes: { allowedModules: ['fire', 'equip', 'edu', 'med'], registry: { businessName: 'Cliente A Srl' } } });
  const customerB = await add('customers', 'customerB', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Cliente B Srl' } } });
  lap('customers');
  const callers = await demoCallers(s, { A: customerA, B: customerB });
  lap('callers');
  const commerciale = callers.Commerciale.identity.userId!;

  // Salesman X: another Commerciale, author of most quotations.
  const x = await s.user(['Commerciale'], { displayName: 'Venditore X', isSalesman: true });
  const salesmanX = x.identity.userId!;
  put('users', 'salesmanX', (await s.stored('users', salesmanX))!);
  put('roles', 'esternoRole', (await s.stored('roles', s.roleIds.Esterno!))!);
  // Only their owner may write a user's settings and views.
  await add('userSettings', 'settingsX', { attributes: { hasDarkTheme: false }, relationships: { userId: salesmanX } }, x);
  await add('savedViews', 'viewX', { attributes: { name: 'I miei preventivi', path: '/marketing/quotations', query: 'sort=-date' }, relationships: { userId: salesmanX } }, x);

  // The Commerciale's zone holds customer B (SPEC §6 readArea).
  const zone = await add('commercialZones', 'zoneZ', { attributes: { code: 'Z-NORD', name: 'Zona Nord', provinces: ['MI'] }, relationships: { salesmanIds: [commerciale] } });
  await update('customers', 'customerB', { relationships: { commercialZoneId: zone.id } });

  await add('customerGroups', 'customerGroup', { attributes: { code: 'GRP', name: 'Gruppo industriale' } });
  await add('zones', 'zone', { attributes: { code: 'ZN', name: 'Zona operativa', provinces: ['MI'] } });
  await add('classifications', 'classification', { attributes: { code: 'CL-1', name: 'Rischio incendio', module: 'fire' } });
  await add('contextTables', 'contextRow', { attributes: { tableName: 'origins', code: 'WEB', label: 'Sito web' } });
  await add('templateDocs', 'certificateTemplate', { attributes: { type: 'courseCertificate', name: 'Attestato', body: certificateTemplate, isDefault: true } });
  await add('reportHeadings', 'heading', { attributes: { title: 'Intestazione antincendio', companyName: 'Sicurezza Srl', module: 'fire' } });
  const paymentTerm = await add('paymentTerms', 'paymentTerm', { attributes: { code: 'RB30', description: 'Ricevuta bancaria 30 giorni', days: 30 } });
  await add('invoicingMethods', 'invoicingMethod', { attributes: { name: 'Unica soluzione', type: 'singlePayment' } });
  await add('jobs', 'job', { attributes: { code: 'MAG', name: 'Magazziniere' } });
  await add('jobScopes', 'jobScope', { attributes: { code: 'LOG', name: 'Logistica' } });
  await add('safetyRoles', 'safetyRole', { attributes: { code: 'ADD-ANT', name: 'Addetto antincendio' } });

  lap('reference');
  // Catalogue: a fire family with a component and a control, a fire and an equip activity and product.
  const family = await add('equipmentFamilies', 'familyFire', { attributes: { code: 'EST', name: 'Estintori', module: 'fire' } });
  await add('components', 'componentFire', { attributes: { code: 'VAL', name: 'Valvola' }, relationships: { equipmentFamilyId: family.id } });
  const control = await add('controls', 'controlFire', { attributes: { code: 'PRS', name: 'Pressione' }, relationships: { equipmentFamilyId: family.id } });
  const activityFire = await add('activities', 'activityFire', { attributes: { code: 'REV-EST', name: 'Revisione estintore', module: 'fire' } });
  const activityEquip = await add('activities', 'activityEquip', { attributes: { code: 'VER-PON', name: 'Verifica ponte sollevatore', module: 'equip' } });
  const supplier = await add('suppliers', 'supplier', { attributes: { businessName: 'Fornitore Srl' }, relationships: { paymentTermId: paymentTerm.id } });
  const productFire = await add('products', 'productFire', { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', listPrice: 50, module: 'fire' } });
  // A product's suppliers list writes its supplier products (the row the matrix tests is the one it wrote).
  const productEquip = await add('products', 'productEquip', {
    attributes: { code: 'PON-2C', name: 'Ponte sollevatore a due colonne', listPrice: 900, module: 'equip', suppliers: [{ supplierId: supplier.id, supplierCode: 'F-PON', costPrice: 600, isDefault: true }] },
  });
  const [offer] = await s.service.repository(s.service.kind('supplierProducts')).listByRelationship('productId', productEquip.id);
  put('supplierProducts', 'supplierProductEquip', offer!);
  await add('priceLists', 'generalList', { attributes: { code: 'GEN', name: 'Listino generale', isDefault: true, items: [{ productId: productFire.id, price: 45 }] } });
  await add('commercialAgreements', 'agreementA', { attributes: { title: 'Manutenzione estintori', startDate: '2026-01-01', module: 'fire' }, relationships: { customerId: customerA.id } });
  // Issue 25: a qualification of the Manutentore (no renewal day: no deadline beside the fixture's own).
  await add('technicianQualifications', 'qualificationManutentore', { attributes: { systemTypes: ['extinguishers', 'fireDoors'], certifyingBody: 'Ente di certificazione', obtainedDate: '2025-01-10' }, relationships: { userId: callers.Manutentore.identity.userId } });
  // Issue 26 §7: a service request of customer A, submitted, for its head office.
  await add('serviceRequests', 'requestA', { attributes: { description: 'Estintore scarico nel magazzino', module: 'fire', preferredSlots: [{ date: '2026-06-17', period: 'morning' }, { date: '2026-06-18', period: 'afternoon' }] }, relationships: { customerId: customerA.id } });
  await add('reminders', 'reminderX', { attributes: { title: 'Richiamare il cliente A', dateTime: '2026-06-20T09:00:00.000Z', module: 'fire' }, relationships: { userId: salesmanX, customerId: customerA.id } });

  lap('catalogue');
  // Quotations: salesman X's (draft, issued, accepted, under revision, customer B's in the Commerciale's zone), the Commerciale's own, a med one.
  const quotation = (module: string, customerId: string, authorId: string, title: string) => ({
    attributes: { date: TODAY, module, title },
    relationships: { customerId, authorId },
  });
  const quotationX = await add('quotations', 'quotationX', quotation('fire', customerA.id, salesmanX, 'Estintori sede'));
  await add('quotations', 'quotationOwn', quotation('fire', customerA.id, commerciale, 'Estintori magazzino'));
  const issued = await add('quotations', 'quotationIssued', quotation('fire', customerA.id, salesmanX, 'Estintori uffici'));
  const accepted = await add('quotations', 'quotationAccepted', quotation('fire', customerA.id, salesmanX, 'Estintori officina'));
  const revised = await add('quotations', 'quotationRevised', quotation('fire', customerA.id, salesmanX, 'Estintori mensa'));
  await add('quotations', 'quotationB', quotation('fire', customerB.id, salesmanX, 'Estintori cliente B'));
  const med = await add('quotations', 'quotationMed', quotation('med', customerA.id, salesmanX, 'Sorveglianza sanitaria'));
  await add('quotationProducts', 'lineX', { attributes: { quantity: 2 }, relationships: { quotationId: quotationX.id, productId: productFire.id } });
  await add('quotationProducts', 'lineIssued', { attributes: { quantity: 3 }, relationships: { quotationId: issued.id, productId: productFire.id } });
  for (const key of ['quotationIssued', 'quotationAccepted', 'quotationRevised', 'quotationMed'] as const) await act('quotations', key, 'emit');
  for (const [key, entity] of [['quotationAccepted', accepted], ['quotationMed', med]] as const) {
    const signed = await s.create('media', media('preventivo-firmato.pdf', { ownerType: 'quotations', ownerId: entity.id }));
    await update('quotations', key, { attributes: { attachments: [{ mediaId: signed.id, kind: 'signedQuotation', name: 'preventivo-firmato.pdf' }] } });
    await act('quotations', key, 'accept');
  }
  await act('quotations', 'quotationRevised', 'createRevision', { message: 'Nuove quantità' });
  const [revision] = await s.service.repository(s.service.kind('quotationRevisions')).listByRelationship('quotationId', revised.id);
  put('quotationRevisions', 'revisionX', revision!);

  lap('quotations');
  // The order made from the med quotation, confirmed (deliveries are recorded from `todo`).
  await add('orders', 'orderMed', {
    attributes: { orderDate: TODAY, lines: [{ productId: productFire.id, description: 'Visita medica', quantity: 4, unitPrice: 60 }] },
    relationships: { customerId: customerA.id, quotationId: med.id },
  });
  await act('orders', 'orderMed', 'confirm');

  // Training (edu): a course, a site with a room and an equipment, an employee, a closed edition with a passed participant, a plan.
  const employee = await add('employees', 'employeeA', { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId: customerA.id } });
  const course = await add('courses', 'eduCourse', { attributes: { code: 'ANT-2', title: 'Addetto antincendio livello 2', durationHours: 8, validityYears: 5, module: 'edu' } });
  const site = await add('trainingSites', 'siteA', { attributes: { name: 'Aula cliente A', address: { city: 'Milano' } }, relationships: { customerId: customerA.id } });
  await add('trainingRooms', 'room', { attributes: { name: 'Aula 1', capacity: 20 }, relationships: { trainingSiteId: site.id } });
  await add('trainingEquipments', 'trainingEquipment', { attributes: { name: 'Estintore didattico' }, relationships: { trainingSiteId: site.id } });
  await add('courseEditions', 'editionA', {
    attributes: {
      startDate: '2026-06-01', endDate: '2026-06-01', capacity: 10,
      sessions: [{ id: 's1', date: '2026-06-01', startTime: '09:00', endTime: '13:00' }],
      participants: [{ employeeId: employee.id }],
    },
    relationships: { courseId: course.id, customerId: customerA.id },
  });
  await act('courseEditions', 'editionA', 'start');
  await update('courseEditions', 'editionA', { attributes: { participants: [{ employeeId: employee.id, presentSessionIds: ['s1'] }] } });
  await act('courseEditions', 'editionA', 'close');
  await update('courseEditions', 'editionA', { attributes: { participants: [{ employeeId: employee.id, presentSessionIds: ['s1'], outcome: 'passed' }] } });
  await add('trainingPlans', 'planA', { attributes: { year: 2026, title: 'Piano formativo 2026', items: [{ courseId: course.id, employeeIds: [employee.id] }] }, relationships: { customerId: customerA.id } });
  // Issue 26 §6: customer A asks that its employee join the next edition of the course.
  await add('enrolmentRequests', 'enrolmentA', { attributes: { note: 'Nuovo addetto' }, relationships: { employeeId: employee.id, customerId: customerA.id, courseId: course.id } });
  // Module med: a visit of the same employee; permanently unfit, so no next visit and no deadline beside the fixture's own.
  await add('healthSurveillanceVisits', 'visitA', { attributes: { visitType: 'periodica', visitDate: '2026-03-10', doctorName: 'Dott. Marco Rinaldi', judgement: 'inidoneoPermanente' }, relationships: { employeeId: employee.id } });

  lap('training');
  // Planning: customer A's equip intervention and equipment (with an anomaly), customer B's fire ones (with a check).
  const interventionEquip = await add('assignments', 'interventionEquip', { attributes: { code: 'INT-EQ-1', module: 'equip' }, relationships: { customerId: customerA.id } });
  const interventionFireB = await add('assignments', 'interventionFireB', { attributes: { code: 'INT-FI-1', module: 'fire' }, relationships: { customerId: customerB.id } });
  const equipmentEquip = await add('equipments', 'equipmentEquip', { attributes: { equipmentId: 'PON-001', module: 'equip' }, relationships: { customerId: customerA.id } });
  const equipmentFireB = await add('equipments', 'equipmentFireB', { attributes: { equipmentId: 'EST-001', module: 'fire' }, relationships: { customerId: customerB.id, equipmentFamilyId: family.id } });
  // Issue 25: the Manutentore's proposed correction of the fire equipment's serial number, waiting for the office.
  await add('equipmentChangeRequests', 'changeRequestB', { attributes: { proposed: { serialNumber: 'EST-001-B' } }, relationships: { equipmentId: equipmentFireB.id } }, callers.Manutentore);
  await add('assignmentActivities', 'activityOfEquip', { attributes: {}, relationships: { assignmentId: interventionEquip.id, activityId: activityEquip.id, equipmentId: equipmentEquip.id } });
  const activityOfFireB = await add('assignmentActivities', 'activityOfFireB', { attributes: {}, relationships: { assignmentId: interventionFireB.id, activityId: activityFire.id, equipmentId: equipmentFireB.id } });
  const installation = await add('installations', 'installationA', { attributes: { code: 'IMP-1', name: 'Impianto sprinkler', module: 'fire' }, relationships: { customerId: customerA.id } });
  const anomalyEquip = await add('anomalies', 'anomalyEquip', { attributes: { description: 'Perdita olio', risk: 'medium', detectedDateTime: '2026-06-10T10:00:00.000Z' }, relationships: { customerId: customerA.id, equipmentId: equipmentEquip.id } });
  // Issue 26 §4: customer A's proof that it fixed it, waiting for the office.
  await add('rectifications', 'rectificationA', { attributes: { note: 'Guarnizione sostituita' }, relationships: { anomalyId: anomalyEquip.id, customerId: customerA.id } });
  const check = await add('checks', 'checkB', {
    attributes: { result: true, passed: true, checkedDateTime: '2026-06-10T10:00:00.000Z' },
    relationships: { controlId: control.id, assignmentActivityId: activityOfFireB.id, equipmentId: equipmentFireB.id },
  });
  await add('physicalActivities', 'deadlineA', { attributes: { module: 'fire', deadlineDate: '2026-09-30' }, relationships: { customerId: customerA.id, activityId: activityFire.id, installationId: installation.id } });
  await add('physicalEquipments', 'contractEquipmentB', { attributes: { module: 'fire', contractStartDate: '2026-01-01' }, relationships: { customerId: customerB.id, equipmentId: equipmentFireB.id } });
  await add('physicalInstallations', 'contractInstallationA', { attributes: { module: 'fire', contractStartDate: '2026-01-01' }, relationships: { customerId: customerA.id, installationId: installation.id } });

  lap('planning');
  // Files: of records (each takes its record's customer), and of the customers' trees.
  await add('media', 'mediaDraftA', media('bozza.pdf', { ownerType: 'quotations', ownerId: quotationX.id }));
  await add('media', 'mediaIssuedA', media('emesso.pdf', { ownerType: 'quotations', ownerId: issued.id }));
  await add('media', 'mediaOrderA', media('ordine.pdf', { ownerType: 'orders', ownerId: rows.orderMed.id }));
  await add('media', 'mediaTreeA', media('visura-a.pdf', { customerId: customerA.id }));
  await add('media', 'mediaTreeB', media('visura-b.pdf', { customerId: customerB.id }));
  await add('media', 'mediaEquipmentB', media('estintore.pdf', { ownerType: 'equipments', ownerId: equipmentFireB.id }));
  await add('media', 'mediaCheckB', media('verifica.pdf', { ownerType: 'checks', ownerId: check.id }));

  // The impersonation audit is written by the server after each answer, never through the service.
  const [audit] = await s.service.repository(s.service.kind('impersonationAudit')).insert([{
    id: randomUUID(),
    by: null,
    data: {
      attributes: { at: '2026-06-15T10:00:00.000Z', method: 'GET', path: `/api/quotations/${quotationX.id}`, httpStatus: 200 },
      metadata: {},
      relationships: { impersonatorId: s.admin.identity.userId, userId: salesmanX },
    },
  }]);
  put('impersonationAudit', 'auditRow', audit!);
  // The mail outbox is written by the mail service after each message, never through the service.
  const [mail] = await s.service.repository(s.service.kind('mailMessages')).insert([{
    id: randomUUID(),
    by: null,
    data: {
      attributes: {
        recipients: ['cliente@cliente-a.it'], sender: 'Servizi di sicurezza <noreply@localhost>', subject: 'Visita confermata', textBody: 'La visita è confermata.',
        messageId: '<matrice@localhost>', transport: 'emlFile', outcome: 'mailSent', sentDateTime: '2026-06-15T10:00:00.000Z',
      },
      metadata: {},
      relationships: {},
    },
  }]);
  put('mailMessages', 'mailRow', mail!);
  // Issue 27: the record of an import into customer A's equipment register (what it wrote: nothing here).
  await add('imports', 'importA', { attributes: importRecord('registro.xlsx'), relationships: { customerId: customerA.id } });

  const fixture: Fixture = {
    rows,
    typeOf,
    callers,
    async refresh() {
      for (const [key, type] of Object.entries(typeOf) as [RowKey, FixtureType][]) rows[key] = (await s.stored(type, rows[key].id))!;
      // Roles and zones changed since the callers were first built (the Commerciale's zone).
      for (const name of Object.keys(callers) as DemoCallerName[]) callers[name] = await s.callerOf(callers[name].identity.userId!);
    },
    createBody(type, caller) {
      const me = caller.identity.userId!;
      const bodies: Record<FixtureType, unknown> = {
        customers: { attributes: { allowedModules: ['fire'], registry: { businessName: 'Nuovo Cliente Srl' } } },
        users: { attributes: { userType: 'siv', displayName: 'Nuovo utente', email: 'nuovo.utente@service.test' } },
        roles: { attributes: { name: 'Nuovo ruolo', permissions: [{ action: 'read', subject: 'product' }] } },
        userSettings: { attributes: { hasDarkTheme: true }, relationships: { userId: me } },
        customerGroups: { attributes: { code: 'GRP-2', name: 'Nuovo gruppo' } },
        commercialZones: { attributes: { code: 'Z-SUD', name: 'Zona Sud', provinces: [] } },
        zones: { attributes: { code: 'ZS', name: 'Nuova zona', provinces: [] } },
        classifications: { attributes: { code: 'CL-2', name: 'Nuova classificazione', module: 'fire' } },
        contextTables: { attributes: { tableName: 'origins', code: 'FIERA', label: 'Fiera' } },
        templateDocs: { attributes: { type: 'courseCertificate', name: 'Nuovo attestato', body: certificateTemplate } },
        reportHeadings: { attributes: { title: 'Nuova intestazione', companyName: 'Sicurezza Srl', module: 'fire' } },
        media: { attributes: { nodeKind: 'folder', name: 'Nuova cartella' }, relationships: { customerId: rows.customerA.id } },
        paymentTerms: { attributes: { code: 'RB60', description: 'Ricevuta bancaria 60 giorni', days: 60 } },
        invoicingMethods: { attributes: { name: 'Nuovo metodo', type: 'singlePayment' } },
        employees: { attributes: { firstName: 'Giulia', lastName: 'Bianchi', fiscalCode: 'BNCGLI90A41F205H' }, relationships: { customerId: rows.customerA.id } },
        jobs: { attributes: { code: 'CAR', name: 'Carrellista' } },
        jobScopes: { attributes: { code: 'PRO', name: 'Produzione' } },
        safetyRoles: { attributes: { code: 'PS', name: 'Primo soccorso' } },
        courses: { attributes: { code: 'PS-1', title: 'Primo soccorso', durationHours: 12, module: 'edu' } },
        courseEditions: { attributes: { startDate: '2026-09-01', endDate: '2026-09-01', capacity: 10 }, relationships: { courseId: rows.eduCourse.id, customerId: rows.customerA.id } },
        trainingPlans: { attributes: { year: 2027, title: 'Piano formativo 2027', items: [{ courseId: rows.eduCourse.id }] }, relationships: { customerId: rows.customerA.id } },
        trainingSites: { attributes: { name: 'Nuova sede', address: { city: 'Torino' } }, relationships: { customerId: rows.customerA.id } },
        trainingRooms: { attributes: { name: 'Aula 2' }, relationships: { trainingSiteId: rows.siteA.id } },
        trainingEquipments: { attributes: { name: 'Manichino' }, relationships: { trainingSiteId: rows.siteA.id } },
        reminders: { attributes: { title: 'Nuovo promemoria', dateTime: '2026-06-22T09:00:00.000Z', module: 'fire' } },
        technicianQualifications: { attributes: { systemTypes: ['hydrants'], certifyingBody: 'Altro ente', obtainedDate: '2025-03-01' }, relationships: { userId: callers.Manutentore.identity.userId } },
        serviceRequests: { attributes: { description: 'Porta tagliafuoco che non chiude', module: 'fire', preferredSlots: [{ date: '2026-06-19', period: 'morning' }] }, relationships: { customerId: rows.customerA.id } },
        quotations: { attributes: { date: TODAY, module: 'fire' }, relationships: { customerId: rows.customerA.id } },
        quotationRevisions: undefined,
        quotationProducts: { attributes: { quantity: 1 }, relationships: { quotationId: rows.quotationX.id, productId: rows.productFire.id } },
        orders: {
          attributes: { orderDate: TODAY, lines: [{ productId: rows.productFire.id, description: 'Visita medica', quantity: 1, unitPrice: 60 }] },
          relationships: { customerId: rows.customerA.id, quotationId: rows.quotationMed.id },
        },
        products: { attributes: { code: 'EST-CO2', name: 'Estintore CO2', listPrice: 70, module: 'fire' } },
        suppliers: { attributes: { businessName: 'Nuovo Fornitore Srl' } },
        supplierProducts: undefined,
        priceLists: { attributes: { code: 'NEW', name: 'Nuovo listino' } },
        commercialAgreements: { attributes: { title: 'Nuovo accordo', startDate: '2026-07-01', module: 'fire' }, relationships: { customerId: rows.customerA.id } },
        activities: { attributes: { code: 'NEW-ACT', name: 'Nuova attività', module: 'fire' } },
        assignments: { attributes: { code: 'INT-EQ-2', module: 'equip' }, relationships: { customerId: rows.customerA.id } },
        assignmentActivities: { attributes: {}, relationships: { assignmentId: rows.interventionEquip.id, activityId: rows.activityEquip.id, equipmentId: rows.equipmentEquip.id } },
        equipments: { attributes: { equipmentId: 'PON-002', module: 'equip' }, relationships: { customerId: rows.customerA.id } },
        installations: { attributes: { code: 'IMP-2', name: 'Nuovo impianto', module: 'fire' }, relationships: { customerId: rows.customerA.id } },
        equipmentFamilies: { attributes: { code: 'IDR', name: 'Idranti', module: 'fire' } },
        components: { attributes: { code: 'MAN', name: 'Manometro' }, relationships: { equipmentFamilyId: rows.familyFire.id } },
        anomalies: { attributes: { description: 'Nuova perdita', risk: 'low', detectedDateTime: '2026-06-12T10:00:00.000Z' }, relationships: { customerId: rows.customerA.id, equipmentId: rows.equipmentEquip.id } },
        rectifications: { attributes: { note: 'Perdita riparata' }, relationships: { anomalyId: rows.anomalyEquip.id, customerId: rows.customerA.id } },
        equipmentChangeRequests: { attributes: { proposed: { productionDate: '2020-01-01' } }, relationships: { equipmentId: rows.equipmentFireB.id } },
        enrolmentRequests: { attributes: { note: 'Prossima edizione' }, relationships: { employeeId: rows.employeeA.id, customerId: rows.customerA.id, courseId: rows.eduCourse.id } },
        // At the end of the employment: no next visit, no deadline.
        healthSurveillanceVisits: { attributes: { visitType: 'cessazione', visitDate: '2026-05-04', doctorName: 'Dott.ssa Paola Ferri', judgement: 'idoneo' }, relationships: { employeeId: rows.employeeA.id } },
        controls: { attributes: { code: 'SIG', name: 'Sigillo' }, relationships: { equipmentFamilyId: rows.familyFire.id } },
        checks: {
          attributes: { result: true, passed: true, checkedDateTime: '2026-06-12T10:00:00.000Z' },
          relationships: { controlId: rows.controlFire.id, assignmentActivityId: rows.activityOfFireB.id, equipmentId: rows.equipmentFireB.id },
        },
        physicalActivities: { attributes: { module: 'fire', deadlineDate: '2026-12-31' }, relationships: { customerId: rows.customerA.id, activityId: rows.activityFire.id } },
        physicalEquipments: { attributes: { module: 'fire', contractStartDate: '2026-07-01' }, relationships: { customerId: rows.customerB.id, equipmentId: rows.equipmentFireB.id } },
        physicalInstallations: { attributes: { module: 'fire', contractStartDate: '2026-07-01' }, relationships: { customerId: rows.customerA.id, installationId: rows.installationA.id } },
        savedViews: { attributes: { name: 'Nuova vista', path: '/marketing/quotations' }, relationships: { userId: me } },
        imports: { attributes: importRecord('nuovo.csv'), relationships: { customerId: rows.customerA.id } },
        impersonationAudit: {
          attributes: { at: '2026-06-15T11:00:00.000Z', method: 'PATCH', path: '/api/customers', httpStatus: 200 },
          relationships: { impersonatorId: s.admin.identity.userId, userId: rows.salesmanX.id },
        },
        mailMessages: {
          attributes: {
            recipients: ['altro@cliente-a.it'], sender: 'Servizi di sicurezza <noreply@localhost>', subject: 'Scritto a mano', textBody: 'Mai scritto dall’API.',
            messageId: '<falso@localhost>', transport: 'smtp', outcome: 'mailSent', sentDateTime: '2026-06-15T11:00:00.000Z',
          },
        },
      };
      return bodies[type];
    },
    patch(type, row) {
      const a = row.attributes as Record<string, unknown>;
      const changed = (value: unknown) => `${String(value ?? '')} (agg.)`.trim();
      const patches: Record<FixtureType, Record<string, unknown>> = {
        customers: { attributes: { registry: { website: 'https://www.esempio.it' } } },
        users: { attributes: { displayName: changed(a.displayName) } },
        roles: { attributes: { description: changed(a.description) } },
        userSettings: { attributes: { hasDarkTheme: true } },
        customerGroups: { attributes: { description: 'Aggiornato' } },
        commercialZones: { attributes: { description: 'Aggiornato' } },
        zones: { attributes: { description: 'Aggiornato' } },
        classifications: { attributes: { description: 'Aggiornato' } },
        contextTables: { attributes: { label: changed(a.label) } },
        templateDocs: { attributes: { name: changed(a.name) } },
        reportHeadings: { attributes: { title: changed(a.title) } },
        media: { attributes: { name: `agg-${String(a.name)}` } },
        paymentTerms: { attributes: { description: changed(a.description) } },
        invoicingMethods: { attributes: { name: changed(a.name) } },
        employees: { attributes: { phone: '021234567' } },
        jobs: { attributes: { description: 'Aggiornato' } },
        jobScopes: { attributes: { description: 'Aggiornato' } },
        safetyRoles: { attributes: { description: 'Aggiornato' } },
        courses: { attributes: { description: 'Aggiornato' } },
        courseEditions: { attributes: { notes: 'Aggiornato' } },
        trainingPlans: { attributes: { title: changed(a.title) } },
        trainingSites: { attributes: { notes: 'Aggiornato' } },
        trainingRooms: { attributes: { notes: 'Aggiornato' } },
        trainingEquipments: { attributes: { notes: 'Aggiornato' } },
        reminders: { attributes: { note: 'Aggiornato' } },
        technicianQualifications: { attributes: { certifyingBody: 'Ente aggiornato' } },
        serviceRequests: { attributes: { photoMediaIds: [] } },
        quotations: { attributes: { notes: 'Aggiornato' } },
        quotationRevisions: { attributes: { reason: 'Aggiornato' } },
        quotationProducts: { attributes: { notes: 'Aggiornato' } },
        orders: { attributes: { notes: 'Aggiornato' } },
        products: { attributes: { description: 'Aggiornato' } },
        suppliers: { attributes: { notes: 'Aggiornato' } },
        supplierProducts: { attributes: { leadTimeDays: 10 } },
        priceLists: { attributes: { description: 'Aggiornato' } },
        commercialAgreements: { attributes: { notes: 'Aggiornato' } },
        activities: { attributes: { description: 'Aggiornato' } },
        assignments: { attributes: { notes: 'Aggiornato' } },
        assignmentActivities: { attributes: { outcomeNotes: 'Aggiornato' } },
        equipments: { attributes: { note: 'Aggiornato' } },
        installations: { attributes: { description: 'Aggiornato' } },
        equipmentFamilies: { attributes: { description: 'Aggiornato' } },
        components: { attributes: { description: 'Aggiornato' } },
        anomalies: { attributes: { resolutionNotes: 'Aggiornato' } },
        rectifications: { attributes: { note: 'Aggiornato' } },
        equipmentChangeRequests: { attributes: { note: 'Aggiornato' } },
        enrolmentRequests: { attributes: { note: 'Aggiornato' } },
        healthSurveillanceVisits: { attributes: { doctorName: 'Dott.ssa Elena Barbieri' } },
        controls: { attributes: { description: 'Aggiornato' } },
        checks: { attributes: { notes: 'Aggiornato' } },
        physicalActivities: { attributes: { lastExecutionDate: '2026-03-01' } },
        physicalEquipments: { attributes: { contractEndDate: '2027-12-31' } },
        physicalInstallations: { attributes: { contractEndDate: '2027-12-31' } },
        savedViews: { attributes: { name: changed(a.name) } },
        impersonationAudit: { attributes: { httpStatus: 500 } },
        mailMessages: { attributes: { subject: 'Oggetto cambiato' } },
        imports: { attributes: { note: 'Verificata' } },
      };
      return patches[type];
    },
    actionBody(type, action) {
      const bodies: Record<string, Record<string, unknown>> = {
        'customers logContact': { type: 'phone', notes: 'Richiamare a settembre' },
        'orders deliver': { deliveries: [{ line: 0, quantity: 1 }] },
        'physicalActivities plan': { scheduledDate: '2026-07-01' },
        'physicalActivities postpone': { deadlineDate: '2026-10-31', postponeReason: 'Cliente chiuso per ferie' },
        'serviceRequests confirm': { date: '2026-06-17', period: 'morning', technicianId: callers.Manutentore.identity.userId },
        'serviceRequests decline': { reason: 'Intervento già previsto la settimana prossima' },
      };
      return bodies[`${type} ${action}`] ?? {};
    },
  };
  await fixture.refresh();
  lap('files and refresh');
  return fixture;
}

/** An import's record as the import writes it (src/server/import/register-import-service.ts). */
function importRecord(fileName: string) {
  return {
    register: 'equipments', fileName, headers: ['Matricola'], signature: 'matricola', mapping: ['serialNumber'], rowsCount: 0, createdCount: 0, updatedCount: 0,
    refusedCount: 0, state: 'committed', committedDateTime: '2026-06-15T09:00:00.000Z',
  };
}
