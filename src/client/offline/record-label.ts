/**
 * How the sync centre names a record (issue 25) from what the device holds, never by its id alone: a
 * check is known on the field by its control and its equipment («Verifica SEM – Controllo semestrale ·
 * EST-0042 – Brand Model»), so the records it refers to that have a code (control, equipment,
 * installation) name it when the device has them; else its kind's title (src/domain: «Verifica superata
 * del 29/11/2026»); else its own code or name; only a record the device does not hold reads as its
 * kind and the start of its id.
 */
import { findKind } from '../../domain/kinds.ts';
import type { StoredRecord } from './db.ts';

/** The kinds a record is known by in the field, when it refers to them. */
const NAMED_BY = new Set(['controls', 'equipments', 'installations']);

export const recordKeyOf = (type: string, id: string) => `${type}/${id}`;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The records `record` refers to that name it (control, equipment, installation), as `[type, id]`. */
export function namingReferences(type: string, record: Pick<StoredRecord, 'attributes' | 'relationships'> | undefined): [string, string][] {
  const references = findKind(type)?.references;
  if (!references || !record) return [];
  const found: [string, string][] = [];
  for (const [path, reference] of Object.entries(references)) {
    if (reference.many || !NAMED_BY.has(reference.target)) continue;
    const [section, key] = path.split('.', 2) as [string, string];
    const holder = section === 'relationships' ? record.relationships : section === 'attributes' ? record.attributes : undefined;
    const id = text(holder?.[key]);
    if (id) found.push([reference.target, id]);
  }
  return found;
}

/** The record's own name: its kind's title (when the device holds what it needs), else its code or name. */
export function ownTitle(type: string, record: Pick<StoredRecord, 'attributes' | 'relationships' | 'metadata'>): string | undefined {
  const kind = findKind(type);
  if (kind) {
    try {
      const title = text(kind.title({ attributes: record.attributes, relationships: record.relationships, metadata: record.metadata ?? {} }));
      if (title && !/undefined|null|NaN|Invalid Date/.test(title)) return title;
    } catch {
      // A title that needs what the device does not hold: the next best.
    }
  }
  const { attributes } = record;
  return text(attributes.code) ?? text(attributes.name) ?? text(attributes.title) ?? text(attributes.description);
}

export interface RecordLabel {
  /** The kind's Italian name, or null when `name` already says it (a kind's title starts with it). */
  kind: string | null;
  name: string;
}

/** The label of `type/id` from the device's records (`records` by `recordKeyOf`). */
export function recordLabel(records: ReadonlyMap<string, StoredRecord>, type: string, id: string): RecordLabel {
  const kind = findKind(type)?.label.singular ?? type;
  const record = records.get(recordKeyOf(type, id));
  const related = namingReferences(type, record)
    .map(([target, targetId]) => {
      const other = records.get(recordKeyOf(target, targetId));
      return other ? ownTitle(target, other) : undefined;
    })
    .filter((name): name is string => name !== undefined);
  if (related.length) return { kind, name: related.join(' · ') };
  const own = record ? ownTitle(type, record) : undefined;
  if (own) return own.toLocaleLowerCase('it').startsWith(kind.toLocaleLowerCase('it')) ? { kind: null, name: own } : { kind, name: own };
  return { kind, name: id.slice(0, 8) };
}
