/**
 * The contract of the record layer (DESIGN §4 "Records beyond CRUD", §6.11): what a records provider
 * offers and what the history and live-change endpoints answer. Types only: the client's provider
 * (`src/client/data/`) implements it, the server answers it, and commands receive it through
 * `CommandContext.records`, so a command is tested with any object of this shape.
 */
import type { Entity, EntityJson } from './entity.ts';

/** A list query as the API takes it (SPEC §7): `page[number]`, `filter[x]`, `sort`, … */
export type ListParams = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

/**
 * Lists count their rows exactly up to this many; a larger total is the database's estimate
 * (`meta.totalIsEstimate`), which the grid shows as "più di" this number. Counting a million rows
 * exactly costs more than the page itself.
 */
export const EXACT_TOTAL_LIMIT = 1_000;

export interface ListResult {
  data: Entity[];
  /**
   * `total` is exact up to a limit; beyond it `totalIsEstimate` is set and `total` is the database's
   * estimate (more than the limit). `page.next`: the cursor for `page[after]` when more rows may follow.
   */
  meta: {
    total: number;
    totalIsEstimate?: boolean;
    page: { number: number; size: number; next?: string };
    /** Answered by the device while offline (issue 25): `total` counts what the device keeps, not the office's rows. */
    onDevice?: true;
  };
}

/** What a state transition changed on other records (an assignment's activities closed with it). */
export interface ActionEffect {
  type: string;
  id: string;
  to: string;
}

export interface ActionResult {
  data: Entity;
  /** Set when the action made a new record (a copy): the client opens it. */
  created: boolean;
  effects: ActionEffect[];
  /** A text the server gives to show the user once (a temporary password), Italian. */
  notice?: string;
}

/** One change of one field in a history row: a JSON pointer, the value before and after. */
export interface FieldChange {
  pointer: string;
  from?: unknown;
  to?: unknown;
}

/** What a write did, as `GET /api/{type}/{id}/history` lists it (newest first). */
export interface HistoryEntry {
  version: string;
  at: string;
  /** User id of the author (the effective user while impersonating). */
  by: string | null;
  /** Display name of the author when the server knows it. */
  byName?: string | null;
  /** The administrator who acted on behalf of `by`. */
  impersonator?: string | null;
  /** `create`, `update`, `delete`, `undelete`, `archive`, `restore`, a transition or a custom action. */
  action: string;
  changes: FieldChange[];
}

/** One `event: change` of `GET /api/events` (DESIGN §4). */
export interface ChangeNotice {
  type: string;
  id: string;
  version: string;
  action: string;
  by: string | null;
}

/**
 * The header of a write made once per key (the order wizard): a retry with the same key answers the
 * first result instead of writing again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Options of a write. */
export interface WriteOptions {
  /** Do not raise the SPEC §8 alert: the caller shows the problem (a form's field errors, a 409 view). */
  silent?: boolean;
  /**
   * What failed, as the alert's title (a message id, SPEC §8 «Errore durante la rimozione del
   * prodotto»), in place of the one the kind and operation give (client data/records.ts `failureOf`).
   */
  failure?: string;
}

/**
 * The one data path for records (refine's data provider is the model). It alone builds `/api`
 * URLs for records; every write sends the version it was based on (`If-Match`), and after every
 * write it invalidates the record, the lists of its type and of every type named in `effects`.
 */
export interface RecordsProvider {
  list(type: string, params?: ListParams, signal?: AbortSignal): Promise<ListResult>;
  get(type: string, id: string, signal?: AbortSignal): Promise<Entity>;
  /** `body`: `{ attributes, metadata?, relationships? }`. */
  create(type: string, body: unknown, options?: WriteOptions): Promise<Entity>;
  /** A JSON Merge Patch of `entity` (its version is the If-Match). */
  update(type: string, entity: EntityJson, patch: unknown, options?: WriteOptions): Promise<Entity>;
  /** Soft delete (`isDeleted`), undone by `runAction(…, 'undelete')` within the undo window. */
  remove(type: string, entity: EntityJson, options?: WriteOptions): Promise<Entity>;
  /** A transition, `archive`/`restore`/`undelete`, or a custom action of the kind. */
  runAction(type: string, entity: EntityJson, action: string, body?: unknown, options?: WriteOptions): Promise<ActionResult>;
  history(type: string, id: string, signal?: AbortSignal): Promise<HistoryEntry[]>;
  /**
   * Stores the record's printed document as one of its files (`POST /api/{type}/{id}/document`, with
   * the version shown as If-Match); `reused` when the same data and template were stored already.
   */
  issueDocument(type: string, entity: EntityJson, options?: WriteOptions): Promise<{ data: Entity; reused: boolean }>;
}
