/**
 * The permission matrix's expected outcomes, as reviewed data (DESIGN §6.13): for each caller, what
 * it may do on each kind, written from SPEC §6 and the demo roles (src/server/seed/generators/roles.ts),
 * the cells that prove the security issue's findings, and those the code does not pass yet.
 *
 * How to read it:
 * - `fixtureRows`: the rows the matrix seeds, per kind, with the words a cell's name uses. The first
 *   row of a kind is its primary row: the one deleted, and attached a file to (`upload`).
 * - A caller's `kinds[type]`: `read` the rows it reads (`'all'`; a list of rows, maybe empty, when its
 *   rules on the kind have conditions; absent: no read at all, so listing is refused too). The list,
 *   the history and the change notices of a row follow `read` (one read rule); its document too, when
 *   the caller also reads every kind the document prints (`documentSubstance`). The list's aggregate
 *   (`GET /api/{type}/aggregate`) counts exactly the rows `read` lists.
 *   `create`: a row like the primary one (for the caller's own user where the kind is per user).
 *   `update`: the rows it may change. `delete`: the primary row. `actions`: the rows each custom action
 *   may run on (the action's target rows are in `actionRows`). `upload` (a file attached to the
 *   primary row) follows read and update of that row.
 * - Absent means refused.
 * - `findings`: the cells that prove a finding of the security issue (their names say which). One
 *   marked `open` is a known gap: the expectation is what SPEC §6 and the issue require, the code
 *   does otherwise today, and the cell runs as an expected failure (`test.fails`) until it is fixed:
 *   then it fails, and `open` is taken off.
 */

/** The fixture, per kind: row key → what the cell names say about the row. The first row is the kind's primary row. */
export const fixtureRows = {
  customers: { customerA: 'customer A', customerB: 'customer B, in the Commerciale’s zone' },
  users: { salesmanX: 'salesman X' },
  roles: { esternoRole: 'the Esterno role' },
  userSettings: { settingsX: 'salesman X’s settings' },
  customerGroups: { customerGroup: 'a customer group' },
  commercialZones: { zoneZ: 'the Commerciale’s zone' },
  zones: { zone: 'a zone' },
  classifications: { classification: 'a fire classification' },
  contextTables: { contextRow: 'a context table row' },
  templateDocs: { certificateTemplate: 'the certificate template' },
  reportHeadings: { heading: 'the fire report heading' },
  media: {
    mediaDraftA: 'a file of salesman X’s draft quotation, customer A',
    mediaIssuedA: 'a file of the issued quotation, customer A',
    mediaOrderA: 'a file of customer A’s order',
    mediaTreeA: 'a file in customer A’s tree',
    mediaTreeB: 'a file in customer B’s tree',
    mediaEquipmentB: 'a photo of customer B’s fire equipment',
    mediaCheckB: 'a photo of a check on customer B’s equipment',
  },
  paymentTerms: { paymentTerm: 'a payment term' },
  invoicingMethods: { invoicingMethod: 'an invoicing method' },
  employees: { employeeA: 'an employee of customer A' },
  jobs: { job: 'a job' },
  jobScopes: { jobScope: 'a job scope' },
  safetyRoles: { safetyRole: 'a safety role' },
  courses: { eduCourse: 'the edu course' },
  courseEditions: { editionA: 'customer A’s closed edition of the edu course' },
  trainingPlans: { planA: 'customer A’s training plan' },
  trainingSites: { siteA: 'customer A’s training site' },
  trainingRooms: { room: 'a room of the site' },
  trainingEquipments: { trainingEquipment: 'a training equipment of the site' },
  reminders: { reminderX: 'salesman X’s fire reminder' },
  quotations: {
    quotationX: 'salesman X’s fire draft, customer A',
    quotationOwn: 'the Commerciale’s own fire draft, customer A',
    quotationIssued: 'salesman X’s issued fire quotation, customer A',
    quotationAccepted: 'salesman X’s accepted fire quotation, customer A',
    quotationRevised: 'salesman X’s fire quotation under revision, customer A',
    quotationB: 'salesman X’s draft for customer B, in the Commerciale’s zone',
    quotationMed: 'the accepted med quotation, customer A',
  },
  quotationRevisions: { revisionX: 'the revision of salesman X’s quotation under revision' },
  quotationProducts: { lineX: 'a line of salesman X’s draft', lineIssued: 'a line of the issued quotation' },
  orders: { orderMed: 'the order made from the med quotation, customer A' },
  products: { productFire: 'the fire product', productEquip: 'the equip product' },
  suppliers: { supplier: 'a supplier' },
  supplierProducts: { supplierProductEquip: 'the supplier product of the equip product' },
  priceLists: { generalList: 'the general price list' },
  commercialAgreements: { agreementA: 'customer A’s fire agreement' },
  activities: { activityFire: 'the fire activity', activityEquip: 'the equip activity' },
  assignments: { interventionEquip: 'customer A’s equip intervention', interventionFireB: 'customer B’s fire intervention' },
  assignmentActivities: { activityOfEquip: 'an activity of customer A’s equip intervention', activityOfFireB: 'an activity of customer B’s fire intervention' },
  equipments: { equipmentEquip: 'customer A’s equip equipment', equipmentFireB: 'customer B’s fire equipment' },
  installations: { installationA: 'customer A’s fire installation' },
  equipmentFamilies: { familyFire: 'the fire equipment family' },
  components: { componentFire: 'a component of the fire family' },
  anomalies: { anomalyEquip: 'the anomaly of customer A’s equip equipment' },
  controls: { controlFire: 'a control of the fire family' },
  checks: { checkB: 'a check on customer B’s fire equipment' },
  physicalActivities: { deadlineA: 'a fire deadline of customer A' },
  physicalEquipments: { contractEquipmentB: 'customer B’s fire equipment under contract' },
  physicalInstallations: { contractInstallationA: 'customer A’s fire installation under contract' },
  savedViews: { viewX: 'salesman X’s saved view' },
  impersonationAudit: { auditRow: 'a request of the Admin acting as salesman X' },
  imports: { importA: 'an import into customer A\'s equipment register' },
  mailMessages: { mailRow: 'a message of the mail outbox, to customer A' },
  technicianQualifications: { qualificationManutentore: 'the Manutentore’s own qualification (issue 25)' },
  serviceRequests: { requestA: 'a service request of customer A, submitted (issue 26 §7)' },
  rectifications: { rectificationA: 'customer A’s proof that it fixed the anomaly of its equip equipment, submitted (issue 26 §4)' },
  enrolmentRequests: { enrolmentA: 'customer A’s request to enrol its employee in the edu course, waiting (issue 26 §6)' },
  equipmentChangeRequests: { changeRequestB: 'the Manutentore’s proposed correction of the serial number of customer B’s fire equipment, pending (issue 25)' },
  healthSurveillanceVisits: { visitA: 'the visit of customer A’s employee, permanently unfit (module med; no next visit, so no deadline beside the fixture’s own)' },
} as const;

export type FixtureType = keyof typeof fixtureRows;
export type RowKey = { [T in FixtureType]: keyof (typeof fixtureRows)[T] }[FixtureType] & string;

/** The rows each custom action runs on (it must suit the action's states). */
export const actionRows: Partial<Record<FixtureType, Record<string, readonly RowKey[]>>> = {
  customers: { logContact: ['customerA'] },
  users: { resetPassword: ['salesmanX'], disable: ['salesmanX'], enable: ['salesmanX'] },
  courseEditions: { issueCertificates: ['editionA'] },
  reminders: { done: ['reminderX'], snooze: ['reminderX'] },
  // duplicate: another salesman's quotation and one's own; createOrder: an accepted quotation.
  quotations: { duplicate: ['quotationX', 'quotationOwn'], createOrder: ['quotationAccepted'] },
  orders: { deliver: ['orderMed'] },
  physicalActivities: { plan: ['deadlineA'], postpone: ['deadlineA'], ignore: ['deadlineA'] },
  serviceRequests: { confirm: ['requestA'], decline: ['requestA'] },
};

/**
 * What each document prints besides its record (README «Documents»): who may not read one of these
 * kinds gets no document (rather than one with parts missing).
 */
export const documentSubstance: Partial<Record<FixtureType, readonly FixtureType[]>> = {
  quotations: ['quotationProducts'],
  trainingPlans: ['employees', 'courses'],
  assignments: ['assignmentActivities', 'checks', 'anomalies'],
  customers: ['equipments', 'checks'],
  // The order confirmation prints the order's own lines: reading the order is enough.
  orders: [],
};

export type Rows = 'all' | readonly RowKey[];

/**
 * The routes beside the kinds' own, each a row of the matrix: what it is asked and who it answers
 * (`'all'`: every caller signed in; a list: those callers; the rest, and who is not signed in, refused).
 */
export const routeRows = {
  // SPEC §7 «An icon service is also fetched» (src/server/icons/routes.ts): the sidebar's sprite. Icons are
  // nobody's data: it answers whoever is signed in, whatever the role or user type (customers' users, outside technicians).
  icons: { request: 'GET /api/icons?names=house,users', what: 'the sidebar’s icons', answers: 'all' },
  // Issue 26 §8 (src/server/calendar/feed.ts): whether one's own private calendar feed is on. Everyone's own,
  // read through its own settings row; the feed's address is read without signing in, by its key (tests/api/calendar-feed.test.ts).
  calendarFeed: { request: 'GET /api/calendar/feed', what: 'one’s own calendar feed', answers: 'all' },
  // Issue 26 §8 (src/server/mail/routes.ts): the messages the server sent, administrators only (the
  // `mailMessages` kind's read rule; tests/api/mail-outbox.test.ts sends them).
  mailOutbox: { request: 'GET /api/mail/outbox', what: 'the mail outbox', answers: ['Admin', 'Admin (fire only)'] },
  // Issue 26 §3 (src/server/signature/quotation-signature.ts): a one-time code to sign an issued quotation, for
  // its customer's user only (the `sign` rule); staff never sign for the customer (tests/api/quotation-signature.test.ts signs).
  signatureCode: { request: 'POST /api/quotations/{quotationIssued}/signature/code', what: 'a code to sign customer A’s issued quotation', answers: ['Cliente A', 'Cliente A (amministratore)'] },
  // Issue 26 §2 (src/server/documents/register-share.ts): the inspector's share links of customer A's register of
  // checks, for who reads customer A and the kinds its register prints (tests/api/register-share.test.ts opens them).
  registerLinks: { request: 'GET /api/customers/{customerA}/register-links', what: 'the share links of customer A’s register', answers: ['Admin', 'Manutentore', 'Operatore', 'Cliente A', 'Cliente A (amministratore)', 'Admin (fire only)'] },
  // Issue 26 §2: the register of customer A, live (the rows its PDF prints), for the same readers as its share links.
  registerLive: { request: 'GET /api/customers/{customerA}/register', what: 'the register of checks of customer A, live', answers: ['Admin', 'Manutentore', 'Operatore', 'Cliente A', 'Cliente A (amministratore)', 'Admin (fire only)'] },
  // Issue 26 §5 (src/server/documents/download-log.ts): who took customer A's documents, for who reads customer A.
  downloadLog: { request: 'GET /api/customers/{customerA}/downloads', what: 'the download log of customer A’s documents', answers: ['Admin', 'Commerciale', 'Responsabile commerciale', 'Manutentore', 'Pianificatore', 'Operatore', 'Cliente A', 'Cliente A (amministratore)', 'Admin (fire only)', 'Pianificatore (fire only)'] },
  // Issue 26 §6 (src/server/kinds/support/next-editions.ts): the next editions of the edu course open to customer A, as
  // the portal's «Chiedi l’iscrizione» shows them, for who reads customer A and may ask an enrolment for it (tests/api/enrolment-requests.test.ts).
  nextEditions: { request: 'GET /api/customers/{customerA}/nextEditions?courseId={eduCourse}', what: 'the next editions of the edu course open to customer A', answers: ['Admin', 'Cliente A', 'Cliente A (amministratore)'] },
  // Issue 26 §9 (src/server/users/invitations.ts): a new invitation link for a user who has no password yet, for who
  // may invite that user: staff administrators; a customer's administrator only for its own colleagues, never staff
  // (tests/api/contacts-as-users.test.ts invites, and follows the link).
  // The definitions of customer B's additional fields on equipments (src/server/kinds/support/additional-fields.ts), for who reads
  // customer B or one of its equipments: the Esterno reads its fire equipment, not customers; customer A's users neither.
  additionalFields: { request: 'GET /api/customers/{customerB}/additional-fields', what: 'the additional field definitions of customer B', answers: ['Admin', 'Admin (fire only)', 'Commerciale', 'Responsabile commerciale', 'Manutentore', 'Pianificatore', 'Pianificatore (fire only)', 'Operatore', 'Esterno', 'Cliente B'] },
  resendInvitation: { request: 'POST /api/users/{salesmanX}/invitation', what: 'a new invitation link for salesman X', answers: ['Admin', 'Admin (fire only)'] },
} as const satisfies Record<string, { request: string; what: string; answers: 'all' | readonly string[] }>;
export type RouteRow = keyof typeof routeRows;

export interface Grant {
  /** The rows the caller reads; absent: no read on the kind at all (listing refused). */
  read?: Rows;
  create?: boolean;
  update?: Rows;
  /** The primary row. */
  delete?: boolean;
  actions?: Record<string, Rows>;
}

export type Operation = 'list' | 'list by customer A' | 'aggregate' | 'read' | 'history' | 'events' | 'create' | 'update' | 'delete' | 'document' | 'upload' | `action ${string}`;

/** Kinds never created on their own (a quotation revision is made by the quotation’s `createRevision`, a supplier product by its product’s suppliers list): no create cell. */
export const notCreated: readonly FixtureType[] = ['quotationRevisions', 'supplierProducts'];

/**
 * The files of customer A (their `relationships.customerId`: a file of a record takes the record's
 * customer): the media list filtered by customer A may show no other fixture row.
 */
export const mediaOfCustomerA: readonly RowKey[] = ['mediaDraftA', 'mediaIssuedA', 'mediaOrderA', 'mediaTreeA'];

export interface Finding {
  kind: FixtureType;
  /** The row of the cell (absent for `create`; for a list, the row it must not show). */
  row?: RowKey;
  op: Operation;
  /** The finding of the security issue the cell proves. */
  finding: string;
  /**
   * A known gap: the code does otherwise today. `true` when it gives the other answer; the start of
   * the outcome when it fails otherwise (`failed STATE_LOCKED`), so that no other failure passes for it.
   */
  open?: true | string;
}

export interface CallerExpectation {
  /** The SPEC §6 line (and role definition) this caller's expectations follow. */
  follows: string;
  kinds: Partial<Record<FixtureType, Grant>>;
  findings?: readonly Finding[];
}

const all = 'all' as const;
/** Every signed-in user keeps their own settings and saved views (SELF_SERVICE_RULES): none of salesman X's. */
const selfService: Partial<Record<FixtureType, Grant>> = {
  userSettings: { read: [], create: true },
  savedViews: { read: [], create: true },
};
/** `manage` on one's own reminders (every staff role but Esterno): none of salesman X's. */
const ownReminders: Partial<Record<FixtureType, Grant>> = { reminders: { read: [], create: true } };

/** Everything on every row: the Admin role (`manage all`), less other users' settings (closing rule). */
function everything(except: readonly FixtureType[] = []): Partial<Record<FixtureType, Grant>> {
  const kinds: Partial<Record<FixtureType, Grant>> = {};
  for (const type of Object.keys(fixtureRows) as FixtureType[]) {
    if (except.includes(type)) continue;
    const actions = Object.fromEntries(Object.keys(actionRows[type] ?? {}).map((action) => [action, all]));
    kinds[type] = { read: all, create: true, update: all, delete: true, actions };
  }
  kinds.userSettings = { read: [], create: true };
  // The impersonation audit is written by the server only: an administrator reads it, nobody writes it.
  kinds.impersonationAudit = { read: all };
  // So is the mail outbox (issue 26 §8): the mail service writes it, an administrator reads it.
  kinds.mailMessages = { read: all };
  // Supplier products are written from their product's suppliers list only (issue 23 «one truth»).
  kinds.supplierProducts = { read: all };
  return kinds;
}

/** Cells a finding covers: every listed operation on every listed row. */
function proves(finding: string, kind: FixtureType, ops: readonly Operation[], rows: readonly (RowKey | undefined)[] = [undefined]): Finding[] {
  return ops.flatMap((op) => rows.map((row) => ({ kind, op, finding, ...(row ? { row } : {}) })));
}

/** Cells a finding covers that the code does not pass yet (known gaps). */
export function open(found: Finding[], today: true | string = true): Finding[] {
  return found.map((f) => ({ ...f, open: today }));
}

const READ_OPS: readonly Operation[] = ['list', 'read', 'history', 'events'];
/** The reading cells of files; the media list is also asked filtered by customer A (the issue's "media list filtered by customerId"). */
function mediaReads(finding: string, rows: readonly RowKey[]): Finding[] {
  const ofA = rows.filter((row) => mediaOfCustomerA.includes(row));
  return [...proves(finding, 'media', READ_OPS, rows), ...proves(finding, 'media', ['list by customer A'], ofA)];
}

// The security issue's findings, as the cells name them.
const DUPLICATE_WITHOUT_READ = 'custom actions must authorize read on the source first (duplicate of a quotation it may not read)';
const MEDIA_OF_UNREADABLE_RECORD = 'media attached to a record is readable only where the record is';
const MEDIA_WRITE_OF_UNREADABLE_RECORD = 'media attached to a record is changed only by who may change the record';
// Beyond the issue's list, the same rule (DESIGN §4 "a row that belongs to a parent is read through it"):
const REVISION_OF_UNREADABLE_QUOTATION = 'a row that belongs to a parent is read through it (DESIGN §4): the revision of a quotation the caller may not read';
const LINES_OF_ANOTHERS_QUOTATION = 'a row the caller may not read is not the caller’s to write: the lines of another salesman’s quotation (the Commerciale changes only its own, SPEC §6 readResponsible)';
const CREATE_UNDER_UNREADABLE_PARENT = 'a new row names only parents the caller may read: a user allowed only fire creates rows under a parent of another module';
const LINE_ON_ANOTHERS_QUOTATION = 'a new row names only parents the caller may read: a line on another salesman’s quotation';
const PARENT_OUTSIDE_MODULES = 'a user allowed only fire reads rows of other modules through their parent';
const WRITE_OUTSIDE_MODULES = 'a user allowed only fire changes rows of other modules reached through their parent';


export const expected: Record<string, CallerExpectation> = {
  // SPEC §6: "Role name Admin marks a system administrator": manage all. Nobody reads or changes
  // another user's settings (closing rule), an administrator neither.
  Admin: {
    follows: 'SPEC §6 “Role name Admin marks a system administrator” (roles.ts Admin: manage all)',
    kinds: everything(),
  },

  // SPEC §6 "staff see modules per allowedModules": `manage all`, but no row of a module other than
  // fire, and (the read rule) no row reached through a parent of another module: the activities of
  // an equip intervention, the anomaly of equip equipment, the order of a med quotation, course
  // editions and training plans (edu), the supplier products of an equip product, the files of records
  // it may not read. What it may not read it may not change either.
  'Admin (fire only)': {
    follows: 'SPEC §6 “staff see modules per allowedModules” over the Admin role (module limits win over manage all)',
    kinds: {
      ...everything(),
      reportHeadings: { read: all, create: true, update: all, delete: true },
      // Training is the edu module's, every kind of it: closed whole (no listing), courses row by row.
      courses: { read: [], create: false },
      courseEditions: {},
      trainingPlans: {},
      enrolmentRequests: {},
      // Health surveillance is the med module's: closed whole.
      healthSurveillanceVisits: {},
      // A customer's employees are whom training and health surveillance are about (edu, med): closed whole.
      employees: {},
      trainingSites: {},
      trainingRooms: {},
      trainingEquipments: {},
      quotations: {
        read: ['quotationX', 'quotationOwn', 'quotationIssued', 'quotationAccepted', 'quotationRevised', 'quotationB'],
        create: true,
        update: ['quotationX', 'quotationOwn', 'quotationIssued', 'quotationAccepted', 'quotationRevised', 'quotationB'],
        delete: true,
        actions: { duplicate: all, createOrder: all },
      },
      orders: { read: [] },
      products: { read: ['productFire'], create: true, update: ['productFire'], delete: true },
      supplierProducts: { read: [] },
      activities: { read: ['activityFire'], create: true, update: ['activityFire'], delete: true },
      assignments: { read: ['interventionFireB'], create: false, update: ['interventionFireB'] },
      assignmentActivities: { read: ['activityOfFireB'], create: false, update: ['activityOfFireB'] },
      equipments: { read: ['equipmentFireB'], create: false, update: ['equipmentFireB'] },
      anomalies: { read: [], create: false },
      // Read through its anomaly, of equip equipment (issue 26 §4).
      rectifications: { read: [], create: false },
      media: {
        read: ['mediaDraftA', 'mediaIssuedA', 'mediaTreeA', 'mediaTreeB', 'mediaEquipmentB', 'mediaCheckB'],
        create: true,
        update: ['mediaDraftA', 'mediaIssuedA', 'mediaTreeA', 'mediaTreeB', 'mediaEquipmentB', 'mediaCheckB'],
        delete: true,
      },
    },
    findings: [
      ...proves(PARENT_OUTSIDE_MODULES, 'assignmentActivities', [...READ_OPS, 'upload'], ['activityOfEquip']),
      ...proves(WRITE_OUTSIDE_MODULES, 'assignmentActivities', ['update', 'delete'], ['activityOfEquip']),
      ...proves(CREATE_UNDER_UNREADABLE_PARENT, 'assignmentActivities', ['create']),
      ...proves(PARENT_OUTSIDE_MODULES, 'anomalies', [...READ_OPS, 'upload'], ['anomalyEquip']),
      ...proves(WRITE_OUTSIDE_MODULES, 'anomalies', ['update', 'delete'], ['anomalyEquip']),
      ...proves(CREATE_UNDER_UNREADABLE_PARENT, 'anomalies', ['create']),
      ...proves(PARENT_OUTSIDE_MODULES, 'orders', [...READ_OPS, 'upload'], ['orderMed']),
      ...proves(WRITE_OUTSIDE_MODULES, 'orders', ['update', 'delete', 'action deliver'], ['orderMed']),
      ...proves(CREATE_UNDER_UNREADABLE_PARENT, 'orders', ['create']),
      ...proves(PARENT_OUTSIDE_MODULES, 'courseEditions', [...READ_OPS, 'upload'], ['editionA']),
      ...proves(WRITE_OUTSIDE_MODULES, 'courseEditions', ['update', 'delete', 'action issueCertificates'], ['editionA']),
      ...proves(WRITE_OUTSIDE_MODULES, 'courseEditions', ['create']),
      ...proves(PARENT_OUTSIDE_MODULES, 'trainingPlans', [...READ_OPS, 'document', 'upload'], ['planA']),
      ...proves(WRITE_OUTSIDE_MODULES, 'trainingPlans', ['update', 'delete'], ['planA']),
      ...proves(WRITE_OUTSIDE_MODULES, 'trainingPlans', ['create']),
      ...proves(PARENT_OUTSIDE_MODULES, 'supplierProducts', [...READ_OPS, 'upload'], ['supplierProductEquip']),
      ...proves(WRITE_OUTSIDE_MODULES, 'supplierProducts', ['update', 'delete'], ['supplierProductEquip']),
      ...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaOrderA']),
      ...proves(MEDIA_WRITE_OF_UNREADABLE_RECORD, 'media', ['update'], ['mediaOrderA']),
    ],
  },

  // roles.ts Commerciale; SPEC §6 quotation extras "read those the user is responsible for"
  // (readResponsible: author or salesman) and "read those of the user's area" (readArea: read only).
  // Customers, orders and commercial offers: read, create, update; the catalogue read only; nothing of
  // planning, equipment or checks; the files of the records it reads.
  Commerciale: {
    follows: 'SPEC §6 quotation extras readResponsible / readArea, roles.ts Commerciale',
    kinds: {
      ...selfService,
      ...ownReminders,
      customers: { read: all, create: true, update: all, actions: { logContact: all } },
      customerGroups: { read: all, create: true, update: all },
      employees: { read: all, create: true, update: all },
      media: {
        read: ['mediaOrderA', 'mediaTreeA', 'mediaTreeB'],
        create: true,
        update: ['mediaOrderA', 'mediaTreeA', 'mediaTreeB'],
      },
      commercialZones: { read: all },
      zones: { read: all },
      classifications: { read: all },
      contextTables: { read: all },
      templateDocs: { read: all },
      jobs: { read: all },
      jobScopes: { read: all },
      safetyRoles: { read: all },
      paymentTerms: { read: all },
      invoicingMethods: { read: all },
      quotations: {
        read: ['quotationOwn', 'quotationB'],
        create: true,
        update: ['quotationOwn'],
        actions: { duplicate: ['quotationOwn'] },
      },
      // The lines of the quotations it reads; it works on the lines of its own quotations only.
      quotationProducts: { read: [], create: false },
      quotationRevisions: { read: [] },
      orders: { read: all, create: true, update: all, actions: { deliver: all } },
      products: { read: all },
      suppliers: { read: all },
      supplierProducts: { read: all },
      priceLists: { read: all },
      commercialAgreements: { read: all, create: true, update: all },
      activities: { read: all },
    },
    findings: [
      ...proves(DUPLICATE_WITHOUT_READ, 'quotations', ['action duplicate'], ['quotationX']),
      ...proves(REVISION_OF_UNREADABLE_QUOTATION, 'quotationRevisions', READ_OPS, ['revisionX']),
      ...proves(LINES_OF_ANOTHERS_QUOTATION, 'quotationProducts', ['update'], ['lineX', 'lineIssued']),
      ...proves(LINES_OF_ANOTHERS_QUOTATION, 'quotationProducts', ['delete'], ['lineX']),
      ...proves(LINE_ON_ANOTHERS_QUOTATION, 'quotationProducts', ['create']),
      ...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaDraftA', 'mediaIssuedA', 'mediaEquipmentB', 'mediaCheckB']),
      ...proves(MEDIA_WRITE_OF_UNREADABLE_RECORD, 'media', ['update'], ['mediaDraftA', 'mediaIssuedA', 'mediaEquipmentB', 'mediaCheckB']),
    ],
  },

  // roles.ts Responsabile commerciale: the Commerciale's rules, and every quotation (approve,
  // receiveApprovalReminders, updateUnitNetPrice, readArea of every area, updateRevision), price lists.
  'Responsabile commerciale': {
    follows: 'SPEC §6 quotation extras approve / receiveApprovalReminders / updateUnitNetPrice / update quotation revision, roles.ts Responsabile commerciale',
    kinds: {
      ...selfService,
      ...ownReminders,
      customers: { read: all, create: true, update: all, actions: { logContact: all } },
      customerGroups: { read: all, create: true, update: all },
      employees: { read: all, create: true, update: all },
      media: {
        read: ['mediaDraftA', 'mediaIssuedA', 'mediaOrderA', 'mediaTreeA', 'mediaTreeB'],
        create: true,
        update: ['mediaDraftA', 'mediaIssuedA', 'mediaOrderA', 'mediaTreeA', 'mediaTreeB'],
      },
      commercialZones: { read: all },
      zones: { read: all },
      classifications: { read: all },
      contextTables: { read: all },
      templateDocs: { read: all },
      jobs: { read: all },
      jobScopes: { read: all },
      safetyRoles: { read: all },
      paymentTerms: { read: all },
      invoicingMethods: { read: all },
      quotations: { read: all, create: true, update: all, actions: { duplicate: all, createOrder: all } },
      quotationProducts: { read: all, create: true, update: all, delete: true },
      quotationRevisions: { read: all, update: all },
      orders: { read: all, create: true, update: all, actions: { deliver: all } },
      products: { read: all },
      suppliers: { read: all },
      supplierProducts: { read: all },
      priceLists: { read: all, create: true, update: all },
      commercialAgreements: { read: all, create: true, update: all },
      activities: { read: all },
    },
    findings: [
      ...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaEquipmentB', 'mediaCheckB']),
      ...proves(MEDIA_WRITE_OF_UNREADABLE_RECORD, 'media', ['update'], ['mediaEquipmentB', 'mediaCheckB']),
    ],
  },

  // roles.ts Manutentore: reads and updates interventions, their activities, equipment,
  // installations, anomalies and checks; creates anomalies and checks; reads customers, activities,
  // equipment types and the deadlines; no quotations or orders, so none of their files.
  Manutentore: {
    follows: 'roles.ts Manutentore (SPEC §6 subjects assignment, assignment activity, equipment, installation, anomaly, checks)',
    kinds: {
      ...selfService,
      ...ownReminders,
      customers: { read: all },
      customerGroups: { read: all },
      employees: { read: all },
      // Who may change the equipment or the check may change its photo (the media kind's attachedTo).
      media: { read: ['mediaTreeA', 'mediaTreeB', 'mediaEquipmentB', 'mediaCheckB'], update: ['mediaEquipmentB', 'mediaCheckB'] },
      activities: { read: all },
      assignments: { read: all, update: all },
      assignmentActivities: { read: all, update: all },
      equipments: { read: all, update: all },
      components: { read: all, update: all },
      installations: { read: all, update: all },
      equipmentFamilies: { read: all },
      anomalies: { read: all, create: true, update: all },
      // Controls share the checks' subject (SPEC §6 "checks"): the role's rules on checks reach them.
      controls: { read: all, create: true, update: all },
      checks: { read: all, create: true, update: all },
      physicalActivities: { read: all },
      physicalEquipments: { read: all },
      physicalInstallations: { read: all },
      // Issue 25: a technician reads their own qualifications, and changes none.
      technicianQualifications: { read: ['qualificationManutentore'] },
      // Issue 26 §4: staff who update anomalies decide the customers' proofs («Accetta», «Rifiuta»), and write none.
      rectifications: { read: all },
      // Issue 25: a technician proposes corrections of the data that drives legal deadlines, and reads its own; the office decides.
      equipmentChangeRequests: { read: ['changeRequestB'], create: true },
    },
    findings: [...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaDraftA', 'mediaIssuedA', 'mediaOrderA'])],
  },

  // roles.ts Pianificatore: manages interventions and their activities, updates (plans, postpones)
  // deadlines, reads customers, equipment, installations, activities, users, zones and orders.
  Pianificatore: {
    follows: 'roles.ts Pianificatore (SPEC §6 subjects assignment, assignment activity, physical activity)',
    kinds: {
      ...selfService,
      ...ownReminders,
      customers: { read: all },
      customerGroups: { read: all },
      employees: { read: all },
      media: { read: ['mediaOrderA', 'mediaTreeA', 'mediaTreeB', 'mediaEquipmentB'] },
      users: { read: all },
      commercialZones: { read: all },
      zones: { read: all },
      orders: { read: all },
      activities: { read: all },
      assignments: { read: all, create: true, update: all, delete: true },
      assignmentActivities: { read: all, create: true, update: all, delete: true },
      equipments: { read: all },
      components: { read: all },
      installations: { read: all },
      // Issue 23: the type an equipment list names (0043-equipment-type-readers).
      equipmentFamilies: { read: all },
      physicalActivities: { read: all, update: all, actions: { plan: all, postpone: all } },
      physicalEquipments: { read: all },
      physicalInstallations: { read: all },
      // Issue 25: the planners manage the technicians' qualifications.
      technicianQualifications: { read: all, create: true, update: all, delete: true },
      // Issue 26 §7: the planners confirm (with an intervention) or decline the customers' service requests.
      serviceRequests: { read: all, create: true, update: all, delete: true, actions: { confirm: all, decline: all } },
    },
    findings: [...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaDraftA', 'mediaIssuedA', 'mediaCheckB'])],
  },

  // The Pianificatore limited to fire (SPEC §6 allowedModules): no equip intervention, no equip
  // equipment or activity, and (the read rule) not the activities of the equip intervention nor the
  // order of the med quotation, nor that order's file.
  'Pianificatore (fire only)': {
    follows: 'SPEC §6 “staff see modules per allowedModules” over roles.ts Pianificatore',
    kinds: {
      ...selfService,
      ...ownReminders,
      customers: { read: all },
      customerGroups: { read: all },
      // Employees belong to edu and med (KindDefinition.module): closed whole.
      employees: {},
      media: { read: ['mediaTreeA', 'mediaTreeB', 'mediaEquipmentB'] },
      users: { read: all },
      commercialZones: { read: all },
      zones: { read: all },
      orders: { read: [] },
      activities: { read: ['activityFire'] },
      assignments: { read: ['interventionFireB'], create: false, update: ['interventionFireB'] },
      assignmentActivities: { read: ['activityOfFireB'], create: false, update: ['activityOfFireB'] },
      equipments: { read: ['equipmentFireB'] },
      components: { read: all },
      installations: { read: all },
      equipmentFamilies: { read: all },
      physicalActivities: { read: all, update: all, actions: { plan: all, postpone: all } },
      physicalEquipments: { read: all },
      physicalInstallations: { read: all },
      // Issue 25: the planners manage the technicians' qualifications.
      technicianQualifications: { read: all, create: true, update: all, delete: true },
      // Issue 26 §7: the planners confirm (with an intervention) or decline the customers' service requests.
      serviceRequests: { read: all, create: true, update: all, delete: true, actions: { confirm: all, decline: all } },
    },
    findings: [
      ...proves(PARENT_OUTSIDE_MODULES, 'assignmentActivities', [...READ_OPS, 'upload'], ['activityOfEquip']),
      ...proves(WRITE_OUTSIDE_MODULES, 'assignmentActivities', ['update', 'delete'], ['activityOfEquip']),
      ...proves(CREATE_UNDER_UNREADABLE_PARENT, 'assignmentActivities', ['create']),
      ...proves(PARENT_OUTSIDE_MODULES, 'orders', READ_OPS, ['orderMed']),
      ...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaDraftA', 'mediaIssuedA', 'mediaOrderA', 'mediaCheckB']),
    ],
  },

  // roles.ts Operatore: back office, reads almost everything of the business (not users, roles,
  // settings, report headings, invoicing methods, quotation revisions) and updates intervention activities.
  Operatore: {
    follows: 'roles.ts Operatore (reads the SPEC §6 business subjects, updates assignment activities)',
    kinds: {
      ...selfService,
      ...ownReminders,
      customers: { read: all },
      customerGroups: { read: all },
      employees: { read: all },
      media: { read: all },
      commercialZones: { read: all },
      zones: { read: all },
      classifications: { read: all },
      courses: { read: all },
      courseEditions: { read: all },
      trainingPlans: { read: all },
      trainingSites: { read: all },
      trainingRooms: { read: all },
      trainingEquipments: { read: all },
      quotations: { read: all },
      quotationProducts: { read: all },
      orders: { read: all },
      products: { read: all },
      suppliers: { read: all },
      supplierProducts: { read: all },
      priceLists: { read: all },
      commercialAgreements: { read: all },
      activities: { read: all },
      assignments: { read: all },
      assignmentActivities: { read: all, update: all },
      equipments: { read: all },
      components: { read: all },
      installations: { read: all },
      equipmentFamilies: { read: all },
      anomalies: { read: all },
      controls: { read: all },
      checks: { read: all },
      physicalActivities: { read: all },
      physicalEquipments: { read: all },
      physicalInstallations: { read: all },
    },
  },

  // roles.ts Esterno: an outside technician reads interventions, their activities and equipment; nothing else.
  Esterno: {
    follows: 'roles.ts Esterno (SPEC §6 user type external)',
    kinds: {
      ...selfService,
      assignments: { read: all },
      assignmentActivities: { read: all },
      equipments: { read: all },
      components: { read: all },
      // Issue 23: the type an equipment list names (0043-equipment-type-readers).
      equipmentFamilies: { read: all },
      // Issue 25: their own qualifications only (the fixture's is the Manutentore's).
      technicianQualifications: { read: [] },
    },
  },

  // SPEC §6 "Customers see only their own customer" (roles.ts Cliente): its customer, its files, its
  // equipment, installations, interventions (with the activities and checks their reports print), deadlines and anomalies, its issued / accepted /
  // not-accepted quotations and their lines, its confirmed orders (issue 26 §5: with their «Conferma d'ordine» and files); never
  // another customer's rows, never a draft.
  'Cliente A': {
    follows: 'SPEC §6 “Customers see only their own customer”, roles.ts Cliente (customer A)',
    kinds: {
      ...selfService,
      customers: { read: ['customerA'] },
      customerGroups: { read: [] },
      employees: { read: ['employeeA'] },
      media: { read: ['mediaIssuedA', 'mediaOrderA', 'mediaTreeA'] },
      quotations: { read: ['quotationIssued', 'quotationAccepted', 'quotationMed'] },
      quotationProducts: { read: ['lineIssued'] },
      orders: { read: ['orderMed'] },
      assignments: { read: ['interventionEquip'] },
      // The activities and checks of its own interventions, which their reports print (issue 22), and the control catalogue of its modules.
      assignmentActivities: { read: ['activityOfEquip'] },
      controls: { read: ['controlFire'] },
      checks: { read: [] },
      equipments: { read: ['equipmentEquip'] },
      components: { read: [] },
      installations: { read: ['installationA'] },
      anomalies: { read: ['anomalyEquip'] },
      physicalActivities: { read: ['deadlineA'] },
      physicalEquipments: { read: [] },
      physicalInstallations: { read: ['contractInstallationA'] },
      // Issue 26 §7: its service requests, opened from the portal; photos attached while submitted; the office confirms or declines.
      serviceRequests: { read: ['requestA'], create: true, update: ['requestA'] },
      // Issue 26 §4: its proofs for its own open anomalies; the note and files change while waiting.
      rectifications: { read: ['rectificationA'], create: true, update: ['rectificationA'] },
      // Issue 26 §6: asks the enrolment of its own employees and reads its requests; the training office decides.
      enrolmentRequests: { read: ['enrolmentA'], create: true },
      // Module med: the visits of its own employees (what the written judgement gives the employer), read only.
      healthSurveillanceVisits: { read: ['visitA'] },
    },
    findings: [...mediaReads(MEDIA_OF_UNREADABLE_RECORD, ['mediaDraftA'])],
  },

  'Cliente B': {
    follows: 'SPEC §6 “Customers see only their own customer”, roles.ts Cliente (customer B, fire only)',
    kinds: {
      ...selfService,
      customers: { read: ['customerB'] },
      customerGroups: { read: [] },
      employees: {},
      media: { read: ['mediaTreeB', 'mediaEquipmentB'] },
      quotations: { read: [] },
      quotationProducts: { read: [] },
      orders: { read: [] },
      assignments: { read: ['interventionFireB'] },
      assignmentActivities: { read: ['activityOfFireB'] },
      controls: { read: ['controlFire'] },
      checks: { read: ['checkB'] },
      equipments: { read: ['equipmentFireB'] },
      components: { read: [] },
      installations: { read: [] },
      anomalies: { read: [] },
      physicalActivities: { read: [] },
      physicalEquipments: { read: ['contractEquipmentB'] },
      physicalInstallations: { read: [] },
      serviceRequests: { read: [] },
      rectifications: { read: [] },
      // Fire only: training (edu) and health surveillance (med) are closed whole.
      enrolmentRequests: {},
      healthSurveillanceVisits: {},
    },
  },
};

// Issue 26 §9: customer A's administrator reads what Cliente A reads, and manages the users of customer A only:
// it lists users (none of the fixture's, all staff), and neither reads, changes, disables nor resets salesman X.
expected['Cliente A (amministratore)'] = {
  follows: 'issue 26 §9 “Contacts as users”, domain/rules/customer-users.ts customerAdminRules (customer A)',
  kinds: { ...expected['Cliente A']!.kinds, users: { read: [] } },
  findings: expected['Cliente A']!.findings,
};
