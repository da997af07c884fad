/**
 * Importing a customer's registers, or the product catalogue, from a spreadsheet (issue 27): each
 * register (equipment, sites, employees, products with their price-list rows) as data: the record
 * kind it writes, the columns it knows with their Italian names and synonyms (matched by normalised
 * name), where each goes and how its text is read, and the column that finds an existing record (a
 * repeated import updates instead of duplicating). The import record kind (`imports`: who, when,
 * file, mapping, counts, state); the rows it wrote, with their versions, are kept beside it (table
 * `import_rows`, read by undo and by the import's page). Pure: no I/O. The server reads the file and
 * writes (src/server/import/).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { isoDateTime, normaliseDate, optionalText, requiredText } from '../validation.ts';

export const importRegisters = ['equipments', 'installations', 'sites', 'employees', 'customers', 'products'] as const;
export type ImportRegister = (typeof importRegisters)[number];

/** How a cell's text becomes a value. */
export type ImportValue =
  | 'text'
  /** Upper case (fiscal codes, provinces). */
  | 'upper'
  /** `gg/mm/aaaa`, ISO or a year (see `importDate`). */
  | 'date'
  /** An Italian or plain number («1.234,50», «12.5»), as a number. */
  | 'number'
  /** Yes or no («Sì», «No», «X», «1», «vero»…). */
  | 'boolean'
  /** One of `choices`, by its Italian name or a synonym (or the stored value itself). */
  | 'choice'
  /** A record of `reference.kind` named by code or name. */
  | 'reference'
  /** Several, separated by `,` `;` `/` or a new line. */
  | 'references';

/** A kind a column names by code or name; `customerSites`: only the importing customer's sites. */
export interface ImportReference {
  kind: 'equipmentFamilies' | 'customers' | 'safetyRoles' | 'jobs' | 'priceLists';
  customerSites?: true;
  /** The message when nothing matches, `{value}` the cell. */
  notFound: string;
}

export interface ImportTargetDefinition {
  label: string;
  synonyms: readonly string[];
  /** Where the value is written on the record; `priceList…` targets are written on a price list (products). */
  path: string;
  value: ImportValue;
  reference?: ImportReference;
  /** For a choice: each accepted word (compared normalised) → the stored value. */
  choices?: Readonly<Record<string, string>>;
  /** A choice of several values in one cell (a multiple combobox). */
  multiple?: true;
}

export interface RegisterDefinition {
  /** The kind of the records written. */
  kind: 'equipments' | 'installations' | 'customers' | 'employees' | 'products';
  /** The SPEC §6 subject whose `create` a new record needs (an office location is a part of the customers kind). */
  subject: string;
  /** «Attrezzature», «Sedi»… (the screen's choice, the record's title). */
  label: string;
  /** One record, for counts («12 attrezzature create»). */
  noun: { one: string; many: string };
  /** Imported into one customer's registers, or into the catalogue. */
  scope: 'customer' | 'catalogue';
  /** Where the customer is written on a new record (customer scope). */
  customerPath?: string;
  /** Where the office's own list of these records is (catalogue registers), offered after an import. */
  listRoute?: { name: string; params?: Readonly<Record<string, string>> };
  /** Records with this path set are never matched (a customer's sites, when importing customers). */
  unmatchedWhenSet?: string;
  /** The customer's additional fields are columns too (SPEC §3 Additional field, `additionalData`). */
  additionalFields?: true;
  targets: Readonly<Record<string, ImportTargetDefinition>>;
  /** The target that finds the existing record to update (within the customer; case ignored). */
  identity: string;
  /** A target that takes another's cell when its own is empty (an equipment's code is its serial). */
  fallbacks?: Readonly<Record<string, string>>;
  /** What a row is called in the preview when the identity is empty. */
  title: readonly string[];
  /** A new record's fixed values, besides the sheet's. */
  base: { attributes?: Record<string, unknown>; metadata?: Record<string, unknown>; relationships?: Record<string, unknown> };
}

const family: ImportReference = { kind: 'equipmentFamilies', notFound: 'Tipo di attrezzatura non trovato: «{value}» (indicare codice o nome)' };
const site: ImportReference = { kind: 'customers', customerSites: true, notFound: 'Sede del cliente non trovata: «{value}»' };

/** Each register, with its columns as data. Synonyms are compared normalised (`normaliseHeader`). */
export const registers: Readonly<Record<ImportRegister, RegisterDefinition>> = {
  equipments: {
    kind: 'equipments',
    subject: 'equipment',
    label: 'Attrezzature',
    noun: { one: 'attrezzatura', many: 'attrezzature' },
    scope: 'customer',
    customerPath: 'relationships.customerId',
    identity: 'serialNumber',
    fallbacks: { equipmentId: 'serialNumber' },
    additionalFields: true,
    title: ['equipmentId', 'serialNumber'],
    // A new equipment without a type is a fire one; with one, it takes its type's module.
    base: { attributes: { module: 'fire' } },
    targets: {
      equipmentId: { label: 'Codice attrezzatura', path: 'attributes.equipmentId', value: 'text', synonyms: ['Codice', 'Codice attrezzatura', 'Cod', 'Numero', 'N', 'Nr', 'Numero estintore', 'ID'] },
      serialNumber: { label: 'Matricola', path: 'attributes.serialNumber', value: 'text', synonyms: ['Matricola', 'Numero di serie', 'N serie', 'Seriale', 'Serial number', 'Matr'] },
      productionDate: { label: 'Data di fabbricazione', path: 'attributes.productionDate', value: 'date', synonyms: ['Data fabbricazione', 'Data di fabbricazione', 'Data produzione', 'Data di produzione', 'Fabbricazione'] },
      installationDate: { label: 'Data di installazione', path: 'attributes.installationDate', value: 'date', synonyms: ['Data installazione', 'Data di installazione', 'Installazione', 'Data posa'] },
      agent: { label: 'Agente estinguente', path: 'attributes.characteristics.agenteEstinguente', value: 'text', synonyms: ['Agente', 'Agente estinguente', 'Estinguente'] },
      family: { label: 'Tipo', path: 'relationships.equipmentFamilyId', value: 'reference', reference: family, synonyms: ['Tipo', 'Famiglia', 'Tipologia', 'Tipo attrezzatura', 'Modello'] },
      site: { label: 'Sede', path: 'relationships.customerLocationId', value: 'reference', reference: site, synonyms: ['Sede', 'Stabilimento', 'Unità locale', 'Sito'] },
      position: { label: 'Ubicazione', path: 'attributes.customerLocationPosition', value: 'text', synonyms: ['Ubicazione', 'Posizione', 'Collocazione', 'Locale'] },
      customCode: { label: 'Codice cliente', path: 'attributes.customCode', value: 'text', synonyms: ['Codice cliente', 'Vostro codice', 'Rif cliente'] },
      note: { label: 'Note', path: 'attributes.note', value: 'text', synonyms: ['Note', 'Annotazioni', 'Osservazioni'] },
    },
  },
  installations: {
    kind: 'installations',
    subject: 'installation',
    label: 'Impianti',
    noun: { one: 'impianto', many: 'impianti' },
    scope: 'customer',
    customerPath: 'relationships.customerId',
    identity: 'code',
    title: ['code', 'name'],
    base: { attributes: { module: 'fire' } },
    targets: {
      code: { label: 'Codice impianto', path: 'attributes.code', value: 'text', synonyms: ['Codice', 'Codice impianto', 'Cod', 'ID'] },
      name: { label: 'Nome', path: 'attributes.name', value: 'text', synonyms: ['Nome', 'Impianto', 'Denominazione', 'Nome impianto'] },
      type: {
        label: 'Tipo di impianto', path: 'attributes.type', value: 'choice', synonyms: ['Tipo', 'Tipologia', 'Tipo impianto'],
        choices: {
          Sprinkler: 'sprinkler', 'Impianto sprinkler': 'sprinkler',
          Idranti: 'hydrant', Idrante: 'hydrant', 'Rete idranti': 'hydrant', 'Rete idrica antincendio': 'hydrant', Naspi: 'hydrant',
          'Impianto di allarme': 'alarm', Allarme: 'alarm', 'Rivelazione incendi': 'alarm', 'Rilevazione incendi': 'alarm', IRAI: 'alarm',
          'Rete estintori': 'extinguisherNetwork', 'Evacuazione fumi': 'smokeExtraction', EFC: 'smokeExtraction', 'Evacuatori di fumo e calore': 'smokeExtraction',
          'Illuminazione di emergenza': 'emergencyLighting', 'Luci di emergenza': 'emergencyLighting', Altro: 'other',
        },
      },
      module: { label: 'Modulo', path: 'attributes.module', value: 'choice', synonyms: ['Modulo', 'Settore'], choices: { Antincendio: 'fire', Attrezzature: 'equip', Macchine: 'equip' } },
      description: { label: 'Descrizione', path: 'attributes.description', value: 'text', synonyms: ['Descrizione', 'Note'] },
      locationNote: { label: 'Ubicazione', path: 'attributes.locationNote', value: 'text', synonyms: ['Ubicazione', 'Posizione', 'Locale'] },
      site: { label: 'Sede', path: 'relationships.customerLocationId', value: 'reference', reference: site, synonyms: ['Sede', 'Stabilimento', 'Unità locale'] },
      installationDate: { label: 'Data di installazione', path: 'attributes.installationDate', value: 'date', synonyms: ['Data installazione', 'Data di installazione', 'Installato il'] },
    },
  },
  sites: {
    kind: 'customers',
    subject: 'customer location',
    label: 'Sedi',
    noun: { one: 'sede', many: 'sedi' },
    scope: 'customer',
    customerPath: 'attributes.parentId',
    identity: 'name',
    title: ['name'],
    // As «Nuova sede» writes an office location: a company row under the customer, of type officeLocation.
    base: {
      attributes: { allowedModules: [], registry: { isPerson: false } },
      metadata: { type: 'officeLocation' },
    },
    targets: {
      name: { label: 'Nome della sede', path: 'attributes.registry.businessName', value: 'text', synonyms: ['Sede', 'Nome sede', 'Nome della sede', 'Denominazione', 'Ragione sociale', 'Unità locale', 'Stabilimento'] },
      address: { label: 'Indirizzo', path: 'attributes.registry.address', value: 'text', synonyms: ['Indirizzo', 'Via', 'Indirizzo sede'] },
      zipCode: { label: 'CAP', path: 'attributes.registry.zipCode', value: 'text', synonyms: ['CAP', 'Codice postale'] },
      city: { label: 'Comune', path: 'attributes.registry.city', value: 'text', synonyms: ['Comune', 'Città', 'Località'] },
      province: { label: 'Provincia', path: 'attributes.registry.province', value: 'upper', synonyms: ['Provincia', 'Prov', 'PR'] },
      phone: { label: 'Telefono', path: 'attributes.registry.phoneNumber', value: 'text', synonyms: ['Telefono', 'Tel', 'Recapito telefonico'] },
      email: { label: 'E-mail', path: 'attributes.registry.email', value: 'text', synonyms: ['Email', 'E-mail', 'Posta elettronica', 'Mail'] },
      latitude: { label: 'Latitudine', path: 'attributes.registeredOffice.latitude', value: 'number', synonyms: ['Latitudine', 'Lat'] },
      longitude: { label: 'Longitudine', path: 'attributes.registeredOffice.longitude', value: 'number', synonyms: ['Longitudine', 'Lon', 'Lng'] },
    },
  },
  employees: {
    kind: 'employees',
    subject: 'customer',
    label: 'Dipendenti',
    noun: { one: 'dipendente', many: 'dipendenti' },
    scope: 'customer',
    customerPath: 'relationships.customerId',
    identity: 'fiscalCode',
    title: ['lastName', 'firstName'],
    base: {},
    targets: {
      lastName: { label: 'Cognome', path: 'attributes.lastName', value: 'text', synonyms: ['Cognome'] },
      firstName: { label: 'Nome', path: 'attributes.firstName', value: 'text', synonyms: ['Nome'] },
      fiscalCode: { label: 'Codice fiscale', path: 'attributes.fiscalCode', value: 'upper', synonyms: ['Codice fiscale', 'CF', 'C F', 'Cod fiscale'] },
      birthDate: { label: 'Data di nascita', path: 'attributes.birthDate', value: 'date', synonyms: ['Data di nascita', 'Data nascita', 'Nato il'] },
      birthCity: { label: 'Luogo di nascita', path: 'attributes.birthCity', value: 'text', synonyms: ['Luogo di nascita', 'Comune di nascita', 'Nato a'] },
      birthProvince: { label: 'Provincia di nascita', path: 'attributes.birthProvince', value: 'upper', synonyms: ['Provincia di nascita', 'Prov nascita'] },
      hireDate: { label: 'Data di assunzione', path: 'attributes.hireDate', value: 'date', synonyms: ['Data di assunzione', 'Data assunzione', 'Assunto il', 'Assunzione'] },
      email: { label: 'E-mail', path: 'attributes.email', value: 'text', synonyms: ['Email', 'E-mail', 'Mail'] },
      phone: { label: 'Telefono', path: 'attributes.phone', value: 'text', synonyms: ['Telefono', 'Tel', 'Cellulare'] },
      site: { label: 'Sede', path: 'relationships.officeLocationId', value: 'reference', reference: site, synonyms: ['Sede', 'Sede di lavoro', 'Unità locale', 'Stabilimento'] },
      job: { label: 'Mansione', path: 'relationships.jobId', value: 'reference', reference: { kind: 'jobs', notFound: 'Mansione non trovata: «{value}» (indicare codice o nome)' }, synonyms: ['Mansione', 'Qualifica', 'Ruolo aziendale'] },
      safetyRoles: { label: 'Ruoli per la sicurezza', path: 'relationships.safetyRoleIds', value: 'references', reference: { kind: 'safetyRoles', notFound: 'Ruolo per la sicurezza non trovato: «{value}» (indicare codice o nome)' }, synonyms: ['Ruoli per la sicurezza', 'Ruoli sicurezza', 'Ruolo sicurezza', 'Incarichi', 'Incarichi sicurezza', 'Nomine'] },
    },
  },
  customers: {
    kind: 'customers',
    subject: 'customer',
    label: 'Clienti',
    noun: { one: 'cliente', many: 'clienti' },
    scope: 'catalogue',
    identity: 'vatNumber',
    unmatchedWhenSet: 'attributes.parentId',
    listRoute: { name: 'CustomersType', params: { type: 'company' } },
    title: ['businessName', 'vatNumber'],
    base: { attributes: { registry: { isPerson: false } } },
    targets: {
      businessName: { label: 'Ragione sociale', path: 'attributes.registry.businessName', value: 'text', synonyms: ['Ragione sociale', 'Denominazione', 'Cliente', 'Nome cliente', 'Azienda'] },
      vatNumber: { label: 'Partita IVA', path: 'attributes.registry.vatNumber', value: 'text', synonyms: ['Partita IVA', 'P IVA', 'PIVA', 'P IVA cliente'] },
      fiscalCode: { label: 'Codice fiscale', path: 'attributes.registry.fiscalCode', value: 'upper', synonyms: ['Codice fiscale', 'CF', 'C F'] },
      address: { label: 'Indirizzo', path: 'attributes.registry.address', value: 'text', synonyms: ['Indirizzo', 'Via', 'Sede legale'] },
      zipCode: { label: 'CAP', path: 'attributes.registry.zipCode', value: 'text', synonyms: ['CAP'] },
      city: { label: 'Comune', path: 'attributes.registry.city', value: 'text', synonyms: ['Comune', 'Città', 'Località'] },
      province: { label: 'Provincia', path: 'attributes.registry.province', value: 'upper', synonyms: ['Provincia', 'Prov', 'PR'] },
      phone: { label: 'Telefono', path: 'attributes.registry.phoneNumber', value: 'text', synonyms: ['Telefono', 'Tel'] },
      email: { label: 'E-mail', path: 'attributes.registry.email', value: 'text', synonyms: ['Email', 'E-mail', 'Mail'] },
      pec: { label: 'PEC', path: 'attributes.registry.emailPec', value: 'text', synonyms: ['PEC', 'Email PEC', 'Posta certificata'] },
      sdiCode: { label: 'Codice destinatario SDI', path: 'attributes.sdiCode', value: 'upper', synonyms: ['Codice SDI', 'SDI', 'Codice destinatario'] },
      erpCode: { label: 'Codice gestionale', path: 'metadata.erpCode', value: 'text', synonyms: ['Codice ERP', 'Codice gestionale', 'Codice cliente'] },
      modules: {
        label: 'Moduli', path: 'attributes.allowedModules', value: 'choice', multiple: true, synonyms: ['Moduli', 'Servizi', 'Servizi attivi'],
        choices: {
          Portale: 'portal', Antincendio: 'fire', Attrezzature: 'equip', Macchine: 'equip', Formazione: 'edu', Documenti: 'doc', 'Medicina del lavoro': 'med', Medicina: 'med',
        },
      },
    },
  },
  products: {
    kind: 'products',
    subject: 'product',
    label: 'Prodotti e listini',
    noun: { one: 'prodotto', many: 'prodotti' },
    scope: 'catalogue',
    identity: 'code',
    listRoute: { name: 'Products' },
    title: ['code', 'name'],
    base: {},
    targets: {
      code: { label: 'Codice prodotto', path: 'attributes.code', value: 'text', synonyms: ['Codice', 'Codice prodotto', 'Cod', 'Articolo', 'Codice articolo', 'SKU'] },
      name: { label: 'Descrizione', path: 'attributes.name', value: 'text', synonyms: ['Descrizione', 'Nome', 'Nome prodotto', 'Denominazione', 'Prodotto'] },
      description: { label: 'Descrizione estesa', path: 'attributes.description', value: 'text', synonyms: ['Descrizione estesa', 'Dettagli', 'Note'] },
      listPrice: { label: 'Prezzo di listino base', path: 'attributes.listPrice', value: 'number', synonyms: ['Prezzo di listino', 'Prezzo base', 'Prezzo listino base'] },
      costPrice: { label: 'Costo', path: 'attributes.costPrice', value: 'number', synonyms: ['Costo', 'Prezzo di acquisto', 'Costo acquisto'] },
      family: { label: 'Tipo di attrezzatura', path: 'relationships.equipmentFamilyId', value: 'reference', reference: family, synonyms: ['Tipo attrezzatura', 'Famiglia', 'Tipologia'] },
      priceList: { label: 'Listino', path: 'priceList.id', value: 'reference', reference: { kind: 'priceLists', notFound: 'Listino non trovato: «{value}» (indicare codice o nome)' }, synonyms: ['Listino', 'Codice listino', 'Listino prezzi'] },
      price: { label: 'Prezzo nel listino', path: 'priceList.price', value: 'number', synonyms: ['Prezzo', 'Prezzo nel listino', 'Prezzo unitario', 'Importo'] },
    },
  },
};

/** A customer's additional field (SPEC §3), as the customer's metadata keeps it. */
export interface AdditionalFieldFacts {
  type: 'text' | 'number' | 'combobox' | 'checkbox';
  label: string;
  name: string;
  options?: readonly string[];
  multiple?: boolean;
}

/**
 * The columns a register takes for one customer: its own, then (equipment) one per additional field
 * of the customer, named by its label (`extra.<name>`, written in `additionalData`).
 */
export function targetsFor(register: ImportRegister, additionalFields: readonly AdditionalFieldFacts[] = []): Record<string, ImportTargetDefinition> {
  const definition = registers[register];
  const targets: Record<string, ImportTargetDefinition> = { ...definition.targets };
  if (!definition.additionalFields) return targets;
  for (const field of additionalFields) {
    const value: ImportValue = field.type === 'number' ? 'number' : field.type === 'checkbox' ? 'boolean' : field.type === 'combobox' ? 'choice' : 'text';
    targets[`extra.${field.name}`] = {
      label: field.label,
      path: `attributes.additionalData.${field.name}`,
      value,
      synonyms: [field.label, field.name],
      ...(field.type === 'combobox' ? { choices: Object.fromEntries((field.options ?? []).map((option) => [option, option])) } : {}),
      ...(field.type === 'combobox' && field.multiple ? { multiple: true as const } : {}),
    };
  }
  return targets;
}

/** Yes or no as a register writes it; anything else is returned as is, for the import to refuse. */
export function importBoolean(text: string): boolean | string {
  const word = normaliseHeader(text);
  if (['si', 's', 'x', '1', 'vero', 'true', 'yes', 'presente'].includes(word)) return true;
  if (['no', 'n', '0', 'falso', 'false', 'assente'].includes(word)) return false;
  return text;
}

/** The stored value a choice's word means (normalised comparison, the stored value itself accepted), or undefined. */
export function importChoice(text: string, choices: Readonly<Record<string, string>>): string | undefined {
  const word = normaliseHeader(text);
  for (const [label, value] of Object.entries(choices)) if (normaliseHeader(label) === word || normaliseHeader(value) === word) return value;
  return undefined;
}

/** A column name compared without case, accents, punctuation or repeated spaces. */
export function normaliseHeader(header: string): string {
  return header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** The targets' synonyms, normalised → target (the first target naming a synonym keeps it). */
function synonymIndex(targets: Readonly<Record<string, ImportTargetDefinition>>): Map<string, string> {
  const index = new Map<string, string>();
  for (const [key, target] of Object.entries(targets)) for (const synonym of target.synonyms) if (!index.has(normaliseHeader(synonym))) index.set(normaliseHeader(synonym), key);
  return index;
}

/** One target per column (null: ignored), in column order. */
export const importMapping = z.array(z.string().max(50).nullable()).max(200);
export type ImportMapping = z.infer<typeof importMapping>;

/** The mapping found by name: each column to the target its name means, a target taken once (first column wins). */
export function autoMapping(register: ImportRegister, headers: readonly string[], targets: Readonly<Record<string, ImportTargetDefinition>> = registers[register].targets): ImportMapping {
  const taken = new Set<string>();
  const index = synonymIndex(targets);
  return headers.map((header) => {
    const target = index.get(normaliseHeader(header));
    if (!target || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}

/** A number as a register writes it: «1.234,50», «12,5», «12.5»; anything else is returned as is, for the schema to refuse. */
export function importNumber(text: string): number | string {
  const value = text.trim().replace(/\s|€/g, '');
  const normalised = /,/.test(value) ? value.replace(/\./g, '').replace(',', '.') : value;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : text;
}

/** Several names in one cell. */
export function importList(text: string): string[] {
  return text.split(/[,;/\n]+/).map((part) => part.trim()).filter(Boolean);
}

/** The same sheet layout has the same signature: its normalised column names in order. */
export function headerSignature(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('|');
}

/** A date as written in an Italian register: `gg/mm/aaaa` (or `-`, `.`), ISO, or a year alone (1 January). Unknown text is returned as is, so the schema refuses it with its own message. */
export function importDate(text: string): string {
  const value = text.trim();
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (italian) {
    const year = italian[3]!.length === 2 ? `20${italian[3]}` : italian[3]!;
    return normaliseDate(`${year}-${italian[2]!.padStart(2, '0')}-${italian[1]!.padStart(2, '0')}`) ?? value;
  }
  if (/^\d{4}$/.test(value)) return `${value}-01-01`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:T.*)?$/.exec(value);
  return iso ? iso[1]! : value;
}

export const importStates = ['committed', 'undone'] as const;

export const importAttributes = z.strictObject({
  register: z.enum(importRegisters).default('equipments'),
  fileName: requiredText(255),
  /** The original file, kept in the customer's files (or the import's own, for the catalogue). */
  mediaId: z.uuid().nullable().optional(),
  headers: z.array(z.string().max(200)).max(200),
  signature: requiredText(5000),
  mapping: importMapping,
  rowsCount: z.number().int().min(0),
  createdCount: z.number().int().min(0),
  updatedCount: z.number().int().min(0),
  refusedCount: z.number().int().min(0),
  state: z.enum(importStates),
  committedDateTime: isoDateTime(),
  undoneDateTime: isoDateTime().nullable().optional(),
  note: optionalText(500),
});

type ImportShape = EntityShape & { attributes: z.infer<typeof importAttributes> };

export const imports = defineKind({
  type: 'imports',
  subject: 'import',
  label: { singular: 'Importazione', plural: 'Importazioni' },
  attributes: importAttributes,
  metadata: z.strictObject({}),
  /** The customer whose registers it filled; none for the catalogue. */
  relationships: z.strictObject({ customerId: z.uuid().nullable().optional() }),
  fields: {
    register: { path: 'attributes.register', type: 'text' },
    fileName: { path: 'attributes.fileName', type: 'text', sortable: true },
    signature: { path: 'attributes.signature', type: 'text' },
    state: { path: 'attributes.state', type: 'text' },
    createdCount: { path: 'attributes.createdCount', type: 'number', sortable: true },
    updatedCount: { path: 'attributes.updatedCount', type: 'number', sortable: true },
    refusedCount: { path: 'attributes.refusedCount', type: 'number', sortable: true },
    committedDateTime: { path: 'attributes.committedDateTime', type: 'date', sortable: true, range: true },
    customerId: { path: 'relationships.customerId', type: 'uuid' },
  },
  fullText: ['attributes.fileName'],
  defaultOrder: ['-committedDateTime'],
  references: {
    'relationships.customerId': { target: 'customers' },
    'attributes.mediaId': { target: 'media' },
  },
  title: (entity) => {
    const { register, fileName } = (entity as ImportShape).attributes;
    return `${registers[register ?? 'equipments'].label}: ${fileName}`;
  },
});

/** A cell a preview refuses, with the reason (the API's answer, read by the import screen). */
export interface RefusedCell {
  column: string | null;
  field: string;
  value: string;
  message: string;
}

export interface PreviewRow {
  /** Row number in the file (1 = header row). */
  row: number;
  action: 'create' | 'update' | 'unchanged' | 'refused';
  /** What the row is: its identity (matricola, codice fiscale, codice) or its name. */
  title: string;
  /** The existing record updated. */
  id?: string;
  errors?: RefusedCell[];
}

/** What an import would write, row by row, and its counts (`POST …/imports/preview`). */
export interface ImportPreview {
  register: ImportRegister;
  fileName: string;
  headers: string[];
  mapping: ImportMapping;
  mappingSource: 'request' | 'saved' | 'names';
  targets: { key: string; label: string }[];
  rowsCount: number;
  createCount: number;
  updateCount: number;
  unchangedCount: number;
  refusedCount: number;
  rows: PreviewRow[];
}

/** A record an import wrote, as its page lists it (`GET /api/imports/{id}/rows`). */
export interface ImportedRow {
  type: string;
  id: string;
  title: string;
  action: 'create' | 'update';
  /** Changed or deleted after the import: undo is refused while one is. */
  changedSince: 'no' | 'changed' | 'deleted';
  lastUpdatedDateTime?: string;
}
