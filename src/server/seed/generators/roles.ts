/**
 * The demo roles as CASL rules (SPEC §6 subjects and actions).
 *
 * Placeholders: a condition value written `${user.customerId}` (or `${user.id}`) stands for the
 * signed-in user's own customer (or own id). The roles are shared by every user who holds them,
 * so the values cannot be stored; the sign-in work replaces each placeholder when it builds the
 * user's abilities (CASL's documented interpolation of rule templates).
 */
import type { PermissionRule } from '../../../domain/entities/roles.ts';
import { ADMIN_ROLE_NAME } from '../../../domain/rules/identity.ts';
import type { SeedItem } from '../seed-context.ts';
import { LEGAL_EQUIPMENT_PATHS } from '../../../domain/entities/equipment-change-requests.ts';

/** Written as concatenations so no one mistakes them for template literals that failed to interpolate. */
export const USER_CUSTOMER_ID = '$' + '{user.customerId}';
export const USER_ID = '$' + '{user.id}';
/** The commercial zones that list the user among their salesmen (SPEC §6 readArea). */
export const USER_COMMERCIAL_ZONE_IDS = '$' + '{user.commercialZoneIds}';

const crud = ['read', 'create', 'update'];

/** The states in which a customer's user reads its orders: confirmed by the office, then planned, done or cancelled. */
export const CLIENTE_ORDER_STATES = ['todo', 'planned', 'in-progress', 'completed', 'cancelled'];

/** What the Cliente role reads of orders (issue 26 §5; migration 0042-cliente-orders gives stored roles the same). */
export const CLIENTE_ORDER_RULES: PermissionRule[] = [
  { action: 'read', subject: 'order', conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.state': { $in: CLIENTE_ORDER_STATES } } },
  { action: 'read', subject: 'order', fields: ['attributes.notes'], inverted: true, reason: 'Note interne riservate al personale' },
];

/** What a salesman does on a quotation they are responsible for. */
const ownQuotationActions = ['read', 'update', 'requestApproval', 'emit', 'createRevision', 'createOrder'];

const commercialRules: PermissionRule[] = [
  // SPEC §6 readResponsible: the quotations the user wrote or is the salesman of (filtered in SQL by these conditions).
  { action: 'create', subject: 'quotation' },
  { action: [...ownQuotationActions, 'readResponsible'], subject: 'quotation', conditions: { 'relationships.authorId': USER_ID } },
  { action: [...ownQuotationActions, 'readResponsible'], subject: 'quotation', conditions: { 'relationships.commercialUserId': USER_ID } },
  // SPEC §6 readArea: reading (not changing) the quotations of the customers in the user's zones, by the zone kept on each quotation.
  { action: ['read', 'readArea'], subject: 'quotation', conditions: { 'metadata.commercialZoneId': { $in: USER_COMMERCIAL_ZONE_IDS } } },
  { action: [...crud, 'delete'], subject: 'quotation products' },
  { action: ['read', 'create'], subject: 'quotation revision' },
  { action: crud, subject: ['customer', 'customer location', 'order', 'commercial offer'] },
  { action: 'read', subject: ['product', 'price list', 'supplier', 'supplier product', 'activity', 'zone', 'classification', 'invoicing method', 'commercial terms', 'settings'] },
  { action: 'manage', subject: 'reminder', conditions: { 'relationships.userId': USER_ID } },
];

export const roleDefinitions: readonly { name: string; description: string; permissions: PermissionRule[] }[] = [
  {
    name: ADMIN_ROLE_NAME,
    description: 'Amministratore di sistema: può fare tutto.',
    permissions: [{ action: 'manage', subject: 'all' }],
  },
  {
    name: 'Commerciale',
    description: 'Gestisce clienti, preventivi e ordini; consulta prodotti e listini.',
    permissions: commercialRules,
  },
  {
    name: 'Responsabile commerciale',
    description: 'Come il commerciale; in più approva gli sconti, riceve i promemoria di approvazione, modifica il prezzo netto unitario e vede i preventivi della sua area.',
    permissions: [
      ...commercialRules,
      // Every quotation, of every area: the manager oversees them all.
      { action: [...ownQuotationActions, 'approve', 'receiveApprovalReminders', 'updateUnitNetPrice', 'readArea', 'updateRevision'], subject: 'quotation' },
      { action: 'update', subject: 'quotation revision' },
      { action: crud, subject: 'price list' },
    ],
  },
  {
    name: 'Manutentore',
    description: 'Esegue gli interventi: aggiorna attività, attrezzature, impianti, anomalie e verifiche.',
    permissions: [
      { action: ['read', 'update'], subject: ['assignment', 'assignment activity', 'equipment', 'installation', 'anomaly', 'checks'] },
      { action: 'create', subject: ['anomaly', 'checks'] },
      // Issue 25: the data that drives legal deadlines is corrected by a change request the office approves (0044-equipment-change-requests).
      // Proposed from its equipment (the palette's «Nuovo …» does not offer it without one: create-ability.ts).
      { action: 'create', subject: 'equipment change request', conditions: { 'relationships.equipmentId': { $exists: true } } },
      { action: 'read', subject: 'equipment change request', conditions: { 'relationships.requestedById': USER_ID } },
      { action: 'update', subject: 'equipment', fields: [...LEGAL_EQUIPMENT_PATHS], inverted: true, reason: 'Dati che determinano le scadenze di legge: si correggono con una richiesta di modifica' },
      // Issue 26 §4: decides the customers' proofs of the anomalies it may update (0033-rectifications).
      { action: ['read', 'decide'], subject: 'rectification' },
      { action: 'read', subject: ['customer', 'customer location', 'activity', 'equipment type', 'physical activity', 'physical equipment', 'physical installation'] },
      // Issue 25: their own qualifications (D.M. 1/9/2021); the planners manage them.
      { action: 'read', subject: 'technician qualification', conditions: { 'relationships.userId': USER_ID } },
      { action: 'manage', subject: 'reminder', conditions: { 'relationships.userId': USER_ID } },
    ],
  },
  {
    name: 'Pianificatore',
    description: 'Pianifica gli interventi sul calendario e consulta le scadenze.',
    permissions: [
      { action: 'manage', subject: ['assignment', 'assignment activity'] },
      // Issue 25: the technicians' qualifications (D.M. 1/9/2021), which decide whom an intervention may be given to.
      { action: 'manage', subject: 'technician qualification' },
      // Issue 26 §7: the customers' service requests, confirmed with an intervention or declined (0034-service-requests).
      { action: 'manage', subject: 'service request' },
      // Deadlines: planned into interventions and postponed with a reason.
      { action: 'update', subject: 'physical activity' },
      { action: 'read', subject: ['calendar', 'physical activity', 'physical equipment', 'physical installation', 'customer', 'customer location', 'equipment', 'equipment type', 'installation', 'activity', 'user', 'zone', 'order'] },
      { action: 'manage', subject: 'reminder', conditions: { 'relationships.userId': USER_ID } },
    ],
  },
  {
    name: 'Operatore',
    description: 'Back-office: consulta quasi tutto e aggiorna le attività degli interventi.',
    permissions: [
      {
        action: 'read',
        subject: [
          'activity', 'anomaly', 'assignment', 'assignment activity', 'classification', 'commercial offer', 'zone', 'customer location',
          'customer', 'equipment type', 'equipment', 'installation', 'order', 'physical activity', 'physical equipment',
          'physical installation', 'price list', 'product', 'quotation', 'quotation products', 'supplier product', 'supplier', 'checks',
          'course',
        ],
      },
      // The commercial terms of the customers it reads, as it reads their offers and price lists (0024-operatore-commercial-terms).
      { action: 'read', subject: 'commercial terms' },
      { action: 'update', subject: 'assignment activity' },
      // Issue 22: records checks on the interventions it is an operator of (src/server/kinds/checks.ts); a check recorded
      // stays as it is (no update: a file attached to a check would not pass through the checks' hook). Checks only (a
      // check names its activity): controls share the subject and stay the catalogue's.
      { action: 'create', subject: 'checks', conditions: { 'relationships.assignmentActivityId': { $exists: true } } },
      { action: 'recordChecks', subject: 'assignment', conditions: { 'relationships.operatorIds': USER_ID } },
      // Raises the anomaly of a failed check on those interventions (src/server/kinds/anomalies.ts checks the intervention),
      // and attaches the photos of the checks it recorded itself (0023-operatore-anomalies-photos).
      { action: 'create', subject: 'anomaly', conditions: { 'relationships.checkId': { $exists: true } } },
      { action: 'update', subject: 'checks', fields: ['attributes.photos'], conditions: { 'metadata.createdBy': USER_ID } },
      { action: 'manage', subject: 'reminder', conditions: { 'relationships.userId': USER_ID } },
    ],
  },
  {
    name: 'Esterno',
    description: 'Tecnico di una ditta esterna: consulta interventi, attività e attrezzature.',
    permissions: [
      // The equipment's type names it on every list and page (0043-equipment-type-readers).
      { action: 'read', subject: ['assignment', 'assignment activity', 'equipment', 'equipment type'] },
      // Issue 25: their own qualifications.
      { action: 'read', subject: 'technician qualification', conditions: { 'relationships.userId': USER_ID } },
    ],
  },
  {
    name: 'Cliente',
    description: 'Utente del cliente: vede soltanto i dati del proprio cliente.',
    permissions: [
      { action: 'read', subject: 'customer', conditions: { id: USER_CUSTOMER_ID } },
      { action: 'read', subject: ['customer', 'customer location'], conditions: { 'attributes.parentId': USER_CUSTOMER_ID } },
      // Files (media rows, subject customer) of the user's customer: its documents, pictures and folders.
      { action: 'read', subject: 'customer', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
      // The contact log and the commercial terms of its customer are the staff's (issue 22; 0016-cliente-staff-fields).
      {
        action: 'read',
        subject: 'customer',
        fields: [
          'attributes.contacts', 'attributes.origin', 'attributes.originDetail', 'attributes.commercialOfferType', 'attributes.commercialPercentage',
          'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd', 'attributes.maxDiscountPercent', 'attributes.rating',
          'metadata.type', 'metadata.erpCode', 'metadata.erpPaymentTermCode', 'metadata.commercialZoneCode', 'metadata.lastContact', 'metadata.lastReply',
          'relationships.commercialZoneId', 'relationships.customerGroupId',
        ],
        inverted: true,
        reason: 'Dati commerciali riservati al personale',
      },
      {
        action: 'read',
        subject: ['equipment', 'installation', 'assignment', 'physical activity', 'physical equipment', 'physical installation', 'anomaly'],
        conditions: { 'relationships.customerId': USER_CUSTOMER_ID },
      },
      // The activities and checks its intervention reports print, read through its own interventions (issue 22; 0017-cliente-intervention-reports).
      { action: 'read', subject: ['assignment activity', 'checks'] },
      // Internal notes are for the provider's staff only (SPEC §3).
      { action: 'read', subject: 'quotation', conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.status': { $in: ['issued', 'accepted', 'not-accepted'] } } },
      { action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes', 'metadata.totalMargin'], inverted: true, reason: 'Note commerciali riservate al personale' },
      // Issue 26 §5: its orders once confirmed (a new one is the office's draft, deleted without trace), for its document
      // vault and their «Conferma d'ordine»; the order's notes are the staff's (0042-cliente-orders).
      ...CLIENTE_ORDER_RULES,
      // Its issued quotations are signed (or refused) online from the portal (issue 26 §3; 0031-quotation-signature).
      { action: 'sign', subject: 'quotation', conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.status': 'issued' } },
      // Its service requests, opened from the portal, with photos attached while submitted (issue 26 §7; 0034-service-requests).
      { action: ['read', 'create'], subject: 'service request', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
      { action: 'update', subject: 'service request', fields: ['attributes.photoMediaIds'], conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.status': 'submitted' } },
      // Issue 26 §4: proofs that it fixed its own open anomalies itself (0033-rectifications); the office decides.
      { action: ['read', 'create'], subject: 'rectification', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
      { action: 'update', subject: 'rectification', fields: ['attributes.note', 'attributes.evidenceMediaIds'], conditions: { 'relationships.customerId': USER_CUSTOMER_ID, 'attributes.state': 'submitted' } },
      // Issue 26 §6: asks the enrolment of its own employees in a course edition and reads its requests (0036-enrolment-requests);
      // the staff who manage course editions (administrators) decide.
      { action: ['read', 'create'], subject: 'enrolment request', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
      // Module med: the visits of its own employees, i.e. what the written judgement gives the employer
      // (D.Lgs. 81/2008 art. 41 c. 6-bis; nothing clinical is stored); closed without med (0039-health-surveillance).
      { action: 'read', subject: 'health surveillance visit', conditions: { 'relationships.customerId': USER_CUSTOMER_ID } },
      // The lines of those quotations (the kind reads through its quotation: same customer, same states), without the cost and margin.
      { action: 'read', subject: 'quotation products' },
      { action: 'read', subject: 'quotation products', fields: ['attributes.costPrice', 'metadata.margin', 'metadata.marginPercent', 'relationships.supplierId'], inverted: true, reason: 'Costi e margini riservati al personale' },
    ],
  },
];

export function roleItems(): SeedItem[] {
  return roleDefinitions.map((role) => ({ attributes: { name: role.name, description: role.description, permissions: role.permissions } }));
}
