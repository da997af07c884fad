/**
 * Importing a customer's equipment register from a spreadsheet (issue 27): the columns the import
 * knows, their Italian names and synonyms as data, matched by normalised name; the import record
 * kind (`equipmentImports`) with who, when, file, mapping, counts and state; the rows it wrote, with
 * their versions, are kept beside it (table `equipment_import_rows`, read by undo only).
 * Pure: no I/O. The server reads the file and writes (src/server/import/).
 */
import { z } from 'zod';
import { defineKind, type EntityShape } from '../kind.ts';
import { isoDateTime, normaliseDate, optionalText, requiredText } from '../validation.ts';

/** Where an imported column goes. */
export const importTargetKeys = [
  'equipmentId', 'serialNumber', 'productionDate', 'installationDate', 'agent', 'family', 'site', 'position', 'customCode', 'note',
] as const;
export type ImportTarget = (typeof importTargetKeys)[number];

/** Each target with its Italian label and the column names that mean it (compared normalised). */
export const importTargets: Readonly<Record<ImportTarget, { label: string; synonyms: readonly string[] }>> = {
  equipmentId: { label: 'Codice attrezzatura', synonyms: ['Codice', 'Codice attrezzatura', 'Cod', 'Numero', 'N', 'Nr', 'Numero estintore', 'ID'] },
  serialNumber: { label: 'Matricola', synonyms: ['Matricola', 'Numero di serie', 'N serie', 'Seriale', 'Serial number', 'Matr'] },
  productionDate: { label: 'Data di fabbricazione', synonyms: ['Data fabbricazione', 'Data di fabbricazione', 'Data produzione', 'Data di produzione', 'Fabbricazione'] },
  installationDate: { label: 'Data di installazione', synonyms: ['Data installazione', 'Data di installazione', 'Installazione', 'Data posa'] },
  agent: { label: 'Agente estinguente', synonyms: ['Agente', 'Agente estinguente', 'Estinguente'] },
  family: { label: 'Tipo', synonyms: ['Tipo', 'Famiglia', 'Tipologia', 'Tipo attrezzatura', 'Modello'] },
  site: { label: 'Sede', synonyms: ['Sede', 'Stabilimento', 'Unità locale', 'Sito'] },
  position: { label: 'Ubicazione', synonyms: ['Ubicazione', 'Posizione', 'Collocazione', 'Locale'] },
  customCode: { label: 'Codice cliente', synonyms: ['Codice cliente', 'Vostro codice', 'Rif cliente'] },
  note: { label: 'Note', synonyms: ['Note', 'Annotazioni', 'Osservazioni'] },
};

/** A column name compared without case, accents, punctuation or repeated spaces. */
export function normaliseHeader(header: string): string {
  return header.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

const synonymIndex = new Map<string, ImportTarget>(
  importTargetKeys.flatMap((key) => importTargets[key].synonyms.map((synonym) => [normaliseHeader(synonym), key] as const)),
);

/** One target per column (null: ignored), in column order. */
export const importMapping = z.array(z.enum(importTargetKeys).nullable()).max(200);
export type ImportMapping = z.infer<typeof importMapping>;

/** The mapping found by name: each column to the target its name means, a target taken once (first column wins). */
export function autoMapping(headers: readonly string[]): ImportMapping {
  const taken = new Set<ImportTarget>();
  return headers.map((header) => {
    const target = synonymIndex.get(normaliseHeader(header));
    if (!target || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
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

export const equipmentImportStates = ['committed', 'undone'] as const;

export const equipmentImportAttributes = z.strictObject({
  fileName: requiredText(255),
  /** The original file, kept in the customer's files. */
  mediaId: z.uuid().nullable().optional(),
  headers: z.array(z.string().max(200)).max(200),
  signature: requiredText(5000),
  mapping: importMapping,
  rowsCount: z.number().int().min(0),
  createdCount: z.number().int().min(0),
  updatedCount: z.number().int().min(0),
  refusedCount: z.number().int().min(0),
  state: z.enum(equipmentImportStates),
  committedDateTime: isoDateTime(),
  undoneDateTime: isoDateTime().nullable().optional(),
  note: optionalText(500),
});

type EquipmentImportShape = EntityShape & { attributes: z.infer<typeof equipmentImportAttributes> };

export const equipmentImports = defineKind({
  type: 'equipmentImports',
  subject: 'equipment import',
  label: { singular: 'Importazione attrezzature', plural: 'Importazioni attrezzature' },
  attributes: equipmentImportAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({ customerId: z.uuid() }),
  fields: {
    signature: { path: 'attributes.signature', type: 'text' },
    state: { path: 'attributes.state', type: 'text' },
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
    const { fileName, createdCount, updatedCount } = (entity as EquipmentImportShape).attributes;
    return `${fileName} (${createdCount} nuove, ${updatedCount} aggiornate)`;
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
  equipmentId: string;
  serialNumber: string;
  /** The existing equipment updated. */
  id?: string;
  errors?: RefusedCell[];
}

/** What an import would write, row by row, and its counts (`POST …/equipmentImports/preview`). */
export interface ImportPreview {
  fileName: string;
  headers: string[];
  mapping: ImportMapping;
  mappingSource: 'request' | 'saved' | 'names';
  targets: { key: ImportTarget; label: string }[];
  rowsCount: number;
  createCount: number;
  updateCount: number;
  unchangedCount: number;
  refusedCount: number;
  rows: PreviewRow[];
}
