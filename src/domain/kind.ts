/**
 * An entity kind, described as data: its schema, what a list may filter and sort by, what it
 * references, and its state machine. The API, the database layer, the seed and the client all
 * read these descriptions; nothing about a kind is written twice.
 */
import { z } from 'zod';
import type { StateMachine } from './machine.ts';
import type { ModuleName } from './enums.ts';

/** How a list field is stored and compared. Dates are ISO texts, so they compare as text. */
export type FieldType = 'text' | 'number' | 'boolean' | 'date' | 'uuid' | 'textArray' | 'uuidArray';

/** A field the list query language may name (SPEC §7): filter[…], from/to[…], has[…], sort. */
export interface ListField {
  /** Where the value lives: `attributes.status`, `relationships.customerId`, `attributes.registry.vatNumber`. */
  path: string;
  type: FieldType;
  /** May appear in `sort`. Every sortable field gets a b-tree index. */
  sortable?: boolean;
  /** May appear in from[…]/to[…]. */
  range?: boolean;
  /** The values a text field takes when it derives from an enum (a customer's last reply): read and filtered by their Italian names. */
  values?: readonly string[];
  /**
   * The modules the field means something in (a deadline's employee: edu and med): a user working in
   * none of them (SPEC §6 allowedModules) is not offered its filter. Absent: every module.
   */
  modules?: readonly ModuleName[];
}

/**
 * A path that points at entities of another kind (checked on write and on delete, and edited with a
 * picker). A `[]` segment steps into every item of a list: `attributes.items[].productId` is the
 * product of each price-list row (error pointer `/attributes/items/3/productId`).
 */
export interface Reference {
  /** API type of the target kind, e.g. `customers`. */
  target: string;
  /** The value is an array of ids. */
  many?: boolean;
  /** The row belongs to its target (a quotation's products): deleting the target deletes it too. */
  owned?: boolean;
  /**
   * A `uuidArray` list field (`metadata.productIds`) where `derivedMetadata` gathers the same ids:
   * rows pointing at a record are then found through its index instead of a scan of the items.
   */
  gatheredIn?: string;
}

/** Every id at a reference path of an entity, with its JSON pointer (`[]` segments expanded to each item). */
export function referenceValues(entity: unknown, path: string, many = false): { pointer: string; id: string }[] {
  const found: { pointer: string; id: string }[] = [];
  const walk = (value: unknown, keys: string[], pointer: string): void => {
    if (keys.length === 0) {
      if (many) {
        if (Array.isArray(value)) value.forEach((id, i) => typeof id === 'string' && id && found.push({ pointer: `${pointer}/${i}`, id }));
      } else if (typeof value === 'string' && value) found.push({ pointer, id: value });
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const [key, ...rest] = keys as [string, ...string[]];
    const list = key.endsWith('[]');
    const name = list ? key.slice(0, -2) : key;
    const next = (value as Record<string, unknown>)[name];
    if (!list) return walk(next, rest, `${pointer}/${name}`);
    if (Array.isArray(next)) next.forEach((item, i) => walk(item, rest, `${pointer}/${name}/${i}`));
  };
  walk(entity, path.split('.'), '');
  return found;
}

/** One issue of a cross-field rule; `path` is relative to the entity. */
export interface RuleIssue {
  path: PropertyKey[];
  code: string;
  message: string;
}

export interface EntityShape {
  attributes: Record<string, unknown>;
  metadata: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

/**
 * A record action that is not a state transition nor a generic verb (DESIGN §4 "custom actions"):
 * declared once here, it becomes the route `POST /api/{type}/{id}/actions/{name}`, the command,
 * its palette entry and its button. The server supplies what it does (`src/server/kinds/`).
 */
export interface RecordActionDefinition {
  /** Italian label (button, palette, history). */
  label: string;
  /** CASL action the caller needs on the kind's subject (`create` for a copy, `update` for a change). */
  ability: string;
  /** The request body; absent means the action takes none. */
  body?: z.ZodType;
  /** The action answers a new record (a copy): the client opens it in a tab. */
  creates?: boolean;
  /** API type of the record it creates when not one of this kind (a quotation's `createOrder` → `orders`). */
  createdType?: string;
  /**
   * The client's command opens the create flow of `createdType` started from this record instead of
   * calling the action: its new-record page preset with this path set to the record's id (a quotation's
   * «Crea ordine» → the order wizard with `relationships.quotationId`). The API action stays for direct calls.
   */
  createFlow?: string;
  /** A one-key mnemonic for the `r <key>` shortcut of the open record (unique within the kind). */
  key?: string;
  /** Offered only when the record is in one of these states (the kind's machine). */
  states?: readonly string[];
  /** Offered only on a record it applies to, for kinds without a machine (a user's «Disattiva» while enabled, «Riattiva» while disabled). */
  appliesTo?: (entity: EntityShape) => boolean;
  /**
   * The action also runs on a grid's selection: it runs on the first selected record and this body
   * field (a list of ids) carries the others (the deadlines' "Crea intervento").
   */
  selection?: string;
}

/**
 * Content frozen by state: outside `editableStates` only `alwaysEditable` paths may change (a
 * quotation once it leaves editing keeps its signed copy and notes open). The server refuses the
 * write; the client shows the fields read-only. Owned rows of the kinds it names follow the same lock.
 */
export interface StateLock {
  editableStates: readonly string[];
  /** Dotted paths still editable in the other states. */
  alwaysEditable: readonly string[];
  /** The problem code of a refused write (default `STATE_LOCKED`). */
  code?: string;
  /** What the user can do instead, appended to the refusal («creare una revisione…»). */
  hint?: string;
  /** Kinds whose rows it owns follow the same lock (a quotation's lines): written only while it is editable. */
  ownedRows?: readonly string[];
}

/**
 * The states a record may be deleted in (an order: new or cancelled): in the others the delete is
 * refused with `message`, and the screens offer it disabled with the same words (record-lock.ts).
 */
export interface DeleteLock {
  states: readonly string[];
  message: string;
}

/** Whether `path` is frozen in `state` by `lock` (never without a lock or a state). */
export function frozenByLock(lock: StateLock | undefined, state: string | undefined, path: string): boolean {
  if (!lock || state === undefined || lock.editableStates.includes(state)) return false;
  return !lock.alwaysEditable.some((p) => path === p || path.startsWith(`${p}.`));
}

export interface KindDefinition {
  /** API type: camelCase plural as in the SPEC routes (`customers`, `priceLists`). */
  type: string;
  /** CASL subject (SPEC §6), e.g. `customer`, `quotation products`. */
  subject: string;
  /** Italian names for messages and the palette. */
  label: { singular: string; plural: string };
  attributes: z.ZodObject;
  /** Writable, kind-specific metadata. Common metadata (SPEC §3) is managed by the server. */
  metadata: z.ZodObject;
  relationships: z.ZodObject;
  /** List fields beyond the common ones (createdDateTime, lastUpdatedDateTime, createdBy, lastUpdatedBy). */
  fields: Record<string, ListField>;
  /** Paths whose text feeds the Italian full-text index (`filter[fullText]`). */
  fullText: string[];
  /**
   * The order the kind's list screen reads when its URL asks none (sortable field names, `-` for
   * descending; the API's own default stays newest change first). One index covers these keys, so
   * that order's pages are read from the index alone at any size.
   */
  defaultOrder?: readonly string[];
  /** Dotted paths holding ids of other entities (`relationships.customerId`, `attributes.parentId`). */
  references: Record<string, Reference>;
  /** Metadata the server derives from the entity on every write (e.g. a customer's displayName). */
  derivedMetadata?: (entity: EntityShape) => Record<string, unknown>;
  /** The SPEC gives this kind an archive (isArchived, archive/restore actions). */
  archivable?: boolean;
  /** The kind's lifecycle; the state lives at `machine.statePath`. */
  machine?: StateMachine;
  /** Cross-field rules of SPEC §5 that zod field schemas cannot express. */
  rules?: (entity: EntityShape) => RuleIssue[];
  /** A one-line title for search results and tabs. */
  title: (entity: EntityShape) => string;
  /** Content frozen outside some states of the kind's machine. */
  stateLock?: StateLock;
  /**
   * Dotted paths the server sets whatever a client sends (an intervention's code, from its numbered
   * series): screens show them read-only, and a new record's form leaves them out.
   */
  serverAssigned?: readonly string[];
  /**
   * Whether a field applies to this record (an extinguisher has no INAIL number: that is a machine's):
   * screens leave out the fields that do not, the kind's rules refuse values in them. Default: all apply.
   */
  fieldApplies?: (path: string, entity: EntityShape) => boolean;
  /** States outside which the record cannot be deleted (record-lock.ts `deleteRefusal`). */
  deleteLock?: DeleteLock;
  /** Custom record actions by name (`duplicate`, `deliver`). */
  actions?: Record<string, RecordActionDefinition>;
  /**
   * A row readable only where the row it belongs to is readable (a quotation's lines: where their
   * quotation is), on top of the caller's rules on this kind: a role's scope on the parent
   * (its customer, its status) is then the scope of its rows, written once.
   */
  readThrough?: readonly ReadThrough[];
  /**
   * Every row of the kind belongs to this module (a course edition, a training plan: `edu`), or to
   * these (a customer's employees: `edu` and `med`), for kinds whose rows carry no
   * `attributes.module` of their own: a user with none of them reads none.
   */
  module?: ModuleName | readonly ModuleName[];
  /**
   * Rows that belong to another record (a media row: a check's photo, an employee's certificate):
   * one naming its owner at these paths is created and changed by whoever may update that owner,
   * whatever their ability on this kind's subject; a row without an owner keeps the kind's ability.
   */
  attachedTo?: { typePath: string; idPath: string };
}

export interface ReadThrough {
  /** The dotted path holding the parent's id (`relationships.quotationId`). */
  path: string;
  /** The parent's kind (`quotations`). */
  target: string;
  /**
   * What of the parent must hold: `record` (default), the parent is readable by the caller (its
   * customer, its state, its own parents); `module`, only the parent's module is the caller's (an
   * order made from a quotation is read by planners who read no quotation, but not outside its module).
   * A row whose path is empty is judged by its own rules.
   */
  scope?: 'record' | 'module';
}

/**
 * The parents a row of `kind` is read through (DESIGN §4 "one read rule"): its `readThrough`
 * links, and for a kind whose rows attach to a record (`attachedTo`) the record each names.
 */
export function parentLinks(kind: Pick<KindDefinition, 'readThrough' | 'attachedTo'>): ParentLink[] {
  const links: ParentLink[] = (kind.readThrough ?? []).map((link) => ({ path: link.path, target: link.target, scope: link.scope ?? 'record' }));
  if (kind.attachedTo) links.push({ path: kind.attachedTo.idPath, typePath: kind.attachedTo.typePath, scope: 'record' });
  return links;
}

/** A parent link: a fixed `target` kind, or the kind named at `typePath` in the row (an attached file's owner). */
export type ParentLink = { path: string; scope: 'record' | 'module' } & ({ target: string; typePath?: undefined } | { target?: undefined; typePath: string });

/** The parent a link names in a row: its kind and id, or null when the row names none. */
export function parentOf(link: ParentLink, entity: unknown): { type: string; id: string } | null {
  const id = readPath(entity, link.path);
  const type = link.target ?? readPath(entity, link.typePath!);
  return typeof type === 'string' && type !== '' && typeof id === 'string' && id !== '' ? { type, id } : null;
}

/** The record a row of an `attachedTo` kind belongs to, or null (no owner, or a kind without owners). */
export function attachedOwnerOf(kind: Pick<KindDefinition, 'attachedTo'>, entity: unknown): { type: string; id: string } | null {
  if (!kind.attachedTo) return null;
  const type = readPath(entity, kind.attachedTo.typePath);
  const id = readPath(entity, kind.attachedTo.idPath);
  return typeof type === 'string' && type !== '' && typeof id === 'string' && id !== '' ? { type, id } : null;
}

/** Identity for type inference: keeps literal types while checking the shape. */
export function defineKind<K extends KindDefinition>(kind: K): K {
  return kind;
}

const entitySchemas = new WeakMap<KindDefinition, ReturnType<typeof buildEntitySchema>>();

/**
 * The full entity schema of a kind (attributes, writable metadata, relationships), strict everywhere.
 * Built once per kind: zod compiles a schema's fast path on its first parse, so a schema built per
 * row (500 quotation lines in one save) costs that compilation 500 times.
 */
export function entitySchema(kind: KindDefinition) {
  let schema = entitySchemas.get(kind);
  if (!schema) entitySchemas.set(kind, (schema = buildEntitySchema(kind)));
  return schema;
}

function buildEntitySchema(kind: KindDefinition) {
  return z
    .strictObject({
      attributes: kind.attributes,
      metadata: kind.metadata.prefault({}),
      relationships: kind.relationships.prefault({}),
    })
    .superRefine((entity, ctx) => {
      for (const issue of kind.rules?.(entity as EntityShape) ?? []) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message, params: { code: issue.code } });
      }
    });
}

/** Reads a dotted path (`attributes.registry.city`) out of an entity. */
/**
 * Returns a copy of `entity` with the value at a dotted path replaced (objects and lists on the way
 * are copied; a numeric key inside a list is an item: `attributes.items.3.productId`).
 */
export function writePath<T>(entity: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.');
  if (key === undefined) return entity;
  if (Array.isArray(entity) && /^\d+$/.test(key)) {
    const list: unknown[] = [...entity];
    const index = Number(key);
    list[index] = rest.length === 0 ? value : writePath(list[index], rest.join('.'), value);
    return list as T;
  }
  const source = (entity ?? {}) as Record<string, unknown>;
  return { ...source, [key]: rest.length === 0 ? value : writePath(source[key], rest.join('.'), value) } as T;
}

/** States a new entity may start in: the initial one and those no transition leads to (e.g. provisional). */
export function entryStates(machine: { initial: string; states: readonly string[]; transitions: readonly { to: string }[] }): string[] {
  const reached = new Set(machine.transitions.map((t) => t.to));
  return machine.states.filter((s) => s === machine.initial || !reached.has(s));
}

export function readPath(entity: unknown, path: string): unknown {
  let value: unknown = entity;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
