/**
 * Enumerations of SPEC §1 and §3, shared by schemas, filters and the client: the lists alone, without
 * zod, so that code which only reads them (the client's first screen) does not bring zod with it.
 * `enums.ts` re-exports them with the schemas made from them.
 */

export const modules = ['portal', 'fire', 'equip', 'edu', 'doc', 'med'] as const;
export type ModuleName = (typeof modules)[number];

export const userTypes = ['external', 'siv', 'customer'] as const;
export const customerTypes = ['potential', 'active', 'inactive', 'officeLocation'] as const;
export const customerOrigins = ['siv', 'marketing'] as const;
export const commercialOfferTypes = ['discount', 'surcharge'] as const;
export const classificationLevels = ['high', 'medium', 'low'] as const;
export const psClassifications = ['a', 'bc'] as const;
export const genders = ['male', 'female'] as const;
export const additionalFieldTypes = ['text', 'number', 'combobox', 'checkbox'] as const;
export const contactLastReplies = ['interested', 'notInterested', 'toCall', 'toSee'] as const;
export const contactTypes = ['email', 'phone', 'direct'] as const;
export const contactKinds = ['contact', 'offer'] as const;
export const mediaKinds = ['picture', 'video', 'audio', 'document'] as const;
export const mediaNodeKinds = ['media', 'folder'] as const;
export const equipmentStates = ['active', 'decommissioned', 'provisional', 'added'] as const;
export const ownerships = ['owned', 'rental'] as const;
export const productTypes = ['physical', 'service'] as const;
export const usesSectors = ['construction', 'steelwork', 'other'] as const;
export const invoicingMethodTypes = ['instalment', 'singlePayment'] as const;
export const instalmentTimings = [
  'atSubscription',
  'atCompletion',
  'atWorkProgress',
  'durationFromSubscription',
  'durationFromCompletion',
] as const;
export const instalmentUnits = ['days', 'weeks', 'months', 'years'] as const;
export const trainingRoomTypes = ['classroom', 'practiceZone'] as const;
export const courseTypes = ['standard', 'creditBased'] as const;
export const courseCategories = ['base', 'update'] as const;
export const unitsOfMeasure = [
  'annual', 'daily', 'each', 'euro', 'sixMonthly', 'quarterly', 'halfDay', 'hourly', 'hours',
  'kg', 'km', 'lt', 'minutes', 'ml', 'mq', 'perSession', 'tonnes',
] as const;
export const frequencyUnits = ['day', 'week', 'month', 'year'] as const;
export const anomalyRisks = ['low', 'medium', 'high'] as const;
export const anomalyStates = ['unresolved', 'resolved'] as const;
export const quotationStatuses = [
  'to-be-created', 'draft', 'to-be-approved', 'approved', 'issued', 'accepted', 'not-accepted', 'revision',
] as const;
export const quotationPlannings = ['indicative', 'mandatory'] as const;
export const quotationValidityOptions = ['15d', '30d', '60d', '3m', '6m', '1y'] as const;
export const assignmentStates = [
  'open', 'scheduled', 'running', 'paused', 'closed', 'closed-with-anomalies', 'canceled', 'postponed',
] as const;
export const assignmentActivityStates = [
  'open', 'closed', 'closed-with-anomalies', 'decommissioned', 'postponed', 'canceled', 'activity-substituted',
] as const;
export const orderStates = ['new', 'todo', 'planned', 'in-progress', 'completed', 'cancelled'] as const;
export const templateDocTypes = ['quotation', 'courseCertificate', 'interventionReport', 'controlRegister', 'orderConfirmation'] as const;
export const abilityActions = ['create', 'read', 'update', 'delete', 'manage', 'm'] as const;

// Administration (roles): the quotation extras of SPEC §6, offered by the role editor next to abilityActions.
export const quotationAbilityActions = [
  'emit', 'requestApproval', 'approve', 'readResponsible', 'readArea', 'receiveApprovalReminders',
  'updateUnitNetPrice', 'createRevision', 'updateRevision', 'createOrder',
  // Issue 26 §3: a customer's user signs (or refuses) its issued quotations from the portal.
  'sign',
] as const;

/**
 * Issue 22: recording checks on an intervention (subject `assignment`), for a role that may not change
 * it (the Operatore, on those it is an operator of); `workOn`: starting, pausing and closing it, which
 * `recordChecks` and `update` both grant (ability.ts aliases).
 */
export const assignmentAbilityActions = ['recordChecks', 'workOn'] as const;

/** Issue 26 §4: accepting or refusing a customer's proof that it fixed an anomaly (subject `rectification`). */
export const rectificationAbilityActions = ['decide'] as const;

// Planning, equipment and installations: our design where the SPEC names the kinds only.
/** Modules that own equipments and installations (SPEC §3 "shared by equip and fire"). */
export const equipmentModules = ['fire', 'equip'] as const;
/** What an activity's expiry is counted from (SPEC §9 "from production date or installation date"). */
export const expiryBases = ['production', 'installation', 'lastExecution'] as const;
export const assignmentPriorities = ['low', 'normal', 'high'] as const;
export const installationTypes = [
  'sprinkler', 'hydrant', 'alarm', 'extinguisherNetwork', 'smokeExtraction', 'emergencyLighting', 'other',
] as const;
export const installationStates = ['active', 'decommissioned'] as const;
export const controlResultTypes = ['boolean', 'number', 'text'] as const;

// Commercial area (quotations, orders, products): our design where the SPEC names the kinds only.
/** What a file attached to a quotation is; accepting a quotation needs a `signedQuotation` (SPEC §4). */
export const quotationAttachmentKinds = ['signedQuotation', 'quotation', 'other'] as const;
