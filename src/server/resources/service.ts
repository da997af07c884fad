/**
 * The rules of every entity kind, one generic path: parse with the shared schemas, check the
 * ability first, check references and versions, run the kind's hooks and state machine, then
 * hand SQL work to the repository. Kind-specific behaviour comes in as a hook table (`hooks.ts`,
 * `ServiceOptions.hooks`): the kinds' modules under `src/server/kinds/`, joined by the composition root.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { deleteRefusal, recordState, stateLockMessage } from '../../domain/record-lock.ts';
import { attachedOwnerOf, entitySchema, entryStates, frozenByLock, parentLinks, readPath, referenceValues, writePath, type EntityShape, type KindDefinition, type RecordActionDefinition } from '../../domain/kind.ts';
import { findTransition, availableActions, type GuardContext, type Transition } from '../../domain/machine.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { kindList, findKind } from '../../domain/kinds.ts';
import { normaliseDateTime } from '../../domain/validation.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { refuseFutureDateTime } from './clock-guard.ts';
import { Problem, problemCatalogue, type ProblemCode } from '../http/problems.ts';
import { authorizeParents, authorizeRead, isUuid, readableRows } from '../auth/read-rule.ts';
import type { Access, Identity } from '../auth/access.ts';
import { COMMON_METADATA_KEYS, isServerMetadataKey, type Entity, type EntityData } from '../../domain/entity.ts';
import { EntityRepository } from './repository.ts';
import { PageAnchors } from './page-anchors.ts';
import { missingReferenceErrors, referencedIds } from './reference-check.ts';
import { parseListQuery, type ListQuery } from './list-query.ts';
import { customFilters } from './custom-filters.ts';
import { actionImplementation, assertActionImplementations, hooksOf, type HookContext, type KindHooks, type KindHooksTable } from './hooks.ts';
import { zodProblem } from './zod-problem.ts';
import { parseAggregate, splitAggregateQuery } from './aggregate.ts';
import { AGGREGATE_ROW_LIMIT, type AggregateGroup, type AggregateResult, type GroupValue } from '../../domain/aggregate.ts';
import { applyMergePatch, deepEqual } from '../../domain/merge-patch.ts';
import { businessDay } from '../../domain/business-day.ts';
import type { FieldChange, HistoryEntry } from '../../domain/records.ts';
import { WriteJournal, readHistory } from '../history/journal.ts';
import { inProcessChangeBus, type ChangeBus } from '../events/bus.ts';
import type { MediaStorage } from '../storage/storage.ts';
import type { DocumentRenderer } from '../documents/render-pool.ts';
import { DEFAULT_LIMITS, type Limits } from '../../domain/rules/limits.ts';

export interface ServiceOptions {
  /** What each kind adds to the generic path, by type: `kindHooks` of `src/server/kinds/index.ts` (the composition root passes it). */
  hooks: KindHooksTable;
  maxPageSize: number;
  maxDiscountPercent: number;
  /** Today as YYYY-MM-DD; tests pin it. */
  today?: () => string;
  /** Where committed writes are announced (GET /api/events); in-process by default. */
  changes?: ChangeBus;
  /** The media store, for actions that write files (a course edition's certificates). */
  storage?: MediaStorage;
  /** Prints documents off the event loop (worker threads within the configured limits), for actions that store them. */
  documents?: DocumentRenderer;
  /** SPEC §9 limits (configuration); the defaults when absent. */
  limits?: Limits;
}

export interface CallContext {
  identity: Identity;
  access: Access;
}

export type ActionResult = {
  entity: Entity;
  created?: boolean;
  createdType?: string;
  effects?: { type: string; id: string; to: string }[];
  /** More of the answer's `meta` from a custom action (a temporary password answered once, and its `notice` for the user). */
  meta?: Record<string, unknown>;
};

/** Why a declared custom action cannot run in the entity's state (null when it can). */
function stateRefusal(kind: KindDefinition, action: string, entity: Entity): { code: string; message: string } | null {
  const declared = kind.actions?.[action];
  if (!declared?.states || !kind.machine) return null;
  const state = String(readPath(entity, kind.machine.statePath));
  if (declared.states.includes(state)) return null;
  return { code: 'TRANSITION_NOT_ALLOWED', message: `«${declared.label}» non è possibile nello stato «${state}»` };
}

/** A reference check that failed because a referred record is deleted, told as an undelete refusal. */
async function withDeletedReferences<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const missing = error instanceof Problem ? (error.errors ?? []).filter((e) => e.code === 'referenceNotFound' || e.code === 'PRICE_LIST_NOT_FOUND') : [];
    if (missing.length === 0) throw error;
    throw new Problem('REFERENCE_DELETED', {
      message: `Impossibile annullare l’eliminazione: ${missing.map((e) => `${e.message} (${e.pointer})`).join('; ')}`,
      errors: missing,
    });
  }
}

const pointerSegments = (pointer: string) => pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

function readSegments(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const key of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function writeSegments(target: Record<string, unknown>, segments: readonly string[], value: unknown): void {
  let current = target;
  segments.forEach((key, index) => {
    if (index === segments.length - 1) {
      current[key] = value;
      return;
    }
    if (!isPlainObject(current[key])) current[key] = {};
    current = current[key] as Record<string, unknown>;
  });
}

/**
 * Whether a history change is one the caller may read: the value is put into a copy of the record
 * at its place and the copy redacted as `GET` would redact it; a value that does not survive is hidden.
 */
function changeReadable(call: CallContext, kind: KindDefinition, entity: Entity, change: FieldChange): boolean {
  const segments = pointerSegments(change.pointer);
  for (const value of [change.from, change.to]) {
    if (value === undefined) continue;
    const probe = structuredClone(entity) as unknown as Record<string, unknown>;
    writeSegments(probe, segments, value);
    const redacted = call.access.redact(kind, probe as unknown as Entity);
    if (!deepEqual(readSegments(redacted, segments), value)) return false;
  }
  return true;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The version a write is based on: If-Match (ETag) or the body's lastUpdatedDateTime. */
export function parseVersion(ifMatch: string | undefined, bodyVersion: unknown): string {
  const raw = ifMatch?.trim().replace(/^W\//, '').replace(/^"(.*)"$/, '$1') ?? (typeof bodyVersion === 'string' ? bodyVersion : undefined);
  if (raw === undefined || raw === '') throw new Problem('PRECONDITION_REQUIRED');
  const version = normaliseDateTime(raw);
  if (!version) throw new Problem('BAD_REQUEST', { message: 'Versione non valida nell’intestazione If-Match' });
  return version;
}

export class EntityService {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly options: ServiceOptions;
  private readonly changes: ChangeBus;
  /** Keyset anchors of deep pages by number, per list, dropped on the kind's change notices (page-anchors.ts). */
  private readonly pageAnchors = new PageAnchors();
  /** The journal of each open write transaction: repositories built on it record history and notices. */
  private readonly journals = new WeakMap<Kysely<DatabaseSchema>, WriteJournal>();

  constructor(db: Kysely<DatabaseSchema>, options: ServiceOptions) {
    this.db = db;
    this.options = options;
    this.changes = options.changes ?? inProcessChangeBus();
    this.pageAnchors.follow(this.changes);
    // A custom action declared on a kind without an implementation (or the reverse) stops the start.
    assertActionImplementations(kindList, options.hooks);
  }

  /**
   * Every write runs here: one transaction with a journal, so each row written records its history
   * in the transaction, and its change notice goes out only once the transaction has committed.
   */
  private async write<T>(call: CallContext, work: (trx: Kysely<DatabaseSchema>, journal: WriteJournal) => Promise<T>): Promise<T> {
    const journal = new WriteJournal(call.identity);
    let result: T;
    try {
      result = await this.db.transaction().execute(async (trx) => {
        this.journals.set(trx, journal);
        const value = await work(trx, journal);
        await this.changes.beforeCommit(trx, journal.notices);
        return value;
      });
    } catch (error) {
      await journal.rolledBack();
      throw error;
    }
    this.changes.afterCommit(journal.notices);
    return result;
  }

  /** `work` runs if the open write transaction `trx` rolls back: it undoes what the transaction did outside the database. */
  onRollback(trx: Kysely<DatabaseSchema>, work: () => Promise<void>): void {
    this.journalOf(trx).onRollback(work);
  }

  /**
   * Several writes committed as one (the order wizard): `work` writes through `createWithin` /
   * `replaceWithin` on `trx`; a failure anywhere rolls everything back.
   */
  async transaction<T>(call: CallContext, work: (trx: Kysely<DatabaseSchema>, hook: (type: string) => HookContext) => Promise<T>): Promise<T> {
    return this.write(call, (trx) => work(trx, (type) => this.hookContext(trx, call, this.kind(type))));
  }

  private journalOf(trx: Kysely<DatabaseSchema>): WriteJournal {
    const journal = this.journals.get(trx);
    // A programming error, not bad input: writes outside `write` would skip history and notices.
    if (!journal) throw new Error('entity write outside EntityService.write');
    return journal;
  }

  today(): string {
    return this.options.today?.() ?? businessDay();
  }

  /** Now, on the service's business day: the clock's time, or noon (UTC) of the day tests pin. */
  now(): Date {
    const clock = new Date();
    const today = this.today();
    return businessDay(clock) === today ? clock : new Date(`${today}T12:00:00.000Z`);
  }

  /** The hooks of `type` this service runs (none for a kind without hooks). */
  hooksFor(type: string): KindHooks {
    return hooksOf(this.options.hooks, type);
  }

  /** SPEC §9 limits this server runs with. */
  get limits(): Limits {
    return this.options.limits ?? DEFAULT_LIMITS;
  }

  kind(type: string): KindDefinition {
    const kind = findKind(type);
    if (!kind) throw new Problem('ROUTE_NOT_FOUND', { message: `Tipo di risorsa sconosciuto: ${type}` });
    return kind;
  }

  /** A repository on `db`; inside a write transaction it records history and notices. */
  repository(kind: KindDefinition, db: Kysely<DatabaseSchema> = this.db): EntityRepository {
    return new EntityRepository(db, kind, this.journals.get(db), this.pageAnchors);
  }

  /**
   * The read rule of a list, before any SQL: `read` on the kind, the query parsed strictly, no filter
   * or sort on a field hidden from the caller, full text on readable fields only; with the caller's
   * row scope (abilities, modules, customers). The list and its aggregate both start here.
   */
  private readableQuery(type: string, rawQuery: Record<string, string | string[] | undefined>, call: CallContext) {
    const kind = this.kind(type);
    call.access.authorize('read', kind);
    const query = parseListQuery(rawQuery, kind, { maxPageSize: this.options.maxPageSize, customFilters: customFilters[type] ?? {} });
    refuseUnreadableKeys(call, kind, query);
    restrictFullText(call, kind, query);
    return { kind, query, ctx: { today: this.today() }, scope: call.access.listScope(kind) };
  }

  async list(type: string, rawQuery: Record<string, string | string[] | undefined>, call: CallContext) {
    const { kind, query, ctx, scope } = this.readableQuery(type, rawQuery, call);
    const { data, total, totalIsExact, next } = await this.repository(kind).list(query, ctx, scope);
    const page = { number: query.page.number, size: query.page.size, ...(next ? { next } : {}) };
    const shown = (await this.hooksFor(type).afterList?.({ db: this.db, today: this.today(), call }, data)) ?? data;
    return { data: shown.map((entity) => call.access.redact(kind, entity)), meta: { total, ...(totalIsExact ? {} : { totalIsEstimate: true }), page } };
  }

  /**
   * Counts (and sums) of a list by group (issue 23, `GET /api/{type}/aggregate`): the list's query
   * and read rule, plus `group`, `sum`, `sort` and `limit` over the kind's declared fields (none hidden
   * from the caller). A grouping field that names records (a customer, a technician) comes with their
   * names, read through those records' own read rule (a name the caller may not read stays out).
   */
  async aggregate(type: string, rawQuery: Record<string, string | string[] | undefined>, call: CallContext): Promise<AggregateResult> {
    const split = splitAggregateQuery(rawQuery);
    const { kind, query, ctx, scope } = this.readableQuery(type, split.list, call);
    const spec = parseAggregate(split.aggregate, kind);
    const named = [...spec.group.map((g) => ({ param: 'group', path: g.field.path })), ...spec.sum.map((s) => ({ param: 'sum', path: s.field.path }))];
    const refused = new Set(call.access.unreadableFields(kind, named.map((n) => n.path)));
    if (refused.size > 0) {
      throw new Problem('FIELD_NOT_AUTHORIZED', {
        errors: named.filter((n) => refused.has(n.path)).map((n) => ({ pointer: `?${n.param}`, code: 'fieldNotAuthorized', message: 'Campo non leggibile con i tuoi permessi' })),
      });
    }
    const rows = await this.repository(kind).aggregate(query, ctx, scope, spec);
    const data = rows.map((row): AggregateGroup => {
      const key = Object.fromEntries(spec.group.map((g, i) => [g.name, groupValue(g.field.type, row[`key${i}`])]));
      const group: AggregateGroup = { key, count: Number(row.count) };
      if (spec.sum.length > 0) group.sum = Object.fromEntries(spec.sum.map((s, i) => [s.name, Number(row[`sum${i}`] ?? 0)]));
      return group;
    });
    const scanned = Number(rows[0]?.scanned ?? 0);
    const labels: Record<string, Record<string, string>> = {};
    for (const [i, g] of spec.group.entries()) {
      const target = kind.references[g.field.path]?.target;
      const targetKind = target ? findKind(target) : undefined;
      if (!targetKind || !call.access.can('read', targetKind)) continue;
      const ids = [...new Set(rows.map((row) => row[`key${i}`]).filter((id): id is string => typeof id === 'string' && isUuid(id)))];
      const names: Record<string, string> = {};
      for (let at = 0; at < ids.length; at += this.options.maxPageSize) {
        const batch = ids.slice(at, at + this.options.maxPageSize);
        const found = await this.list(targetKind.type, { ids: batch.join(','), 'page[size]': String(batch.length), 'filter[isArchived]': 'all' }, call).catch(() => undefined);
        for (const entity of found?.data ?? []) names[entity.id] = targetKind.title(entity) || entity.id;
      }
      labels[g.name] = names;
    }
    return {
      data,
      meta: {
        total: Math.min(scanned, AGGREGATE_ROW_LIMIT),
        ...(scanned > AGGREGATE_ROW_LIMIT ? { totalIsEstimate: true as const } : {}),
        groups: Number(rows[0]?.groups ?? (spec.group.length === 0 ? 1 : 0)),
        ...(Object.keys(labels).length > 0 ? { labels } : {}),
      },
    };
  }

  async get(type: string, id: string, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    call.access.authorize('read', kind);
    const entity = await this.repository(kind).findById(checkId(id));
    if (!entity) throw new Problem('NOT_FOUND');
    await authorizeRead(this.db, call.access, kind, entity);
    const read = (await this.hooksFor(type).afterRead?.({ db: this.db, today: this.today(), call }, entity)) ?? entity;
    return call.access.redact(kind, read);
  }

  async create(type: string, body: unknown, call: CallContext): Promise<Entity> {
    return this.asRead(type, await this.write(call, (trx) => this.createWithin(trx, call, type, body)), call);
  }

  /**
   * `PUT /api/{type}/{id}` with `If-None-Match: *` (issue 25): the create of `create` under an id the
   * client chose (a UUID), so a record made offline keeps its id; an id already taken, by a live or
   * a deleted record, is 412 RECORD_EXISTS. Same abilities, rules, hooks and history as `create`.
   */
  async createWithId(type: string, id: string, body: unknown, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    // Ability first, as `update` does: who may not create learns nothing of which ids are taken.
    if (!kind.attachedTo) call.access.authorize('create', kind);
    if (!isUuid(id)) {
      const message = 'L’identificativo scelto dal client deve essere un UUID';
      throw new Problem('VALIDATION_FAILED', { message, errors: [{ pointer: '/id', code: 'invalidId', message }] });
    }
    const chosen = id.toLowerCase();
    const taken = async () => (await this.repository(kind).findById(chosen)) !== undefined;
    const entity = await this.write(call, async (trx) => {
      if (await this.repository(kind, trx).findById(chosen)) throw new Problem('RECORD_EXISTS');
      return this.createWithin(trx, call, type, body, { id: chosen });
    }).catch(async (error: unknown) => {
      // Two first creates at once: the loser's insert meets the winner's primary key.
      if ((error as { code?: unknown }).code === '23505' && (await taken())) throw new Problem('RECORD_EXISTS');
      throw error;
    });
    return this.asRead(type, entity, call);
  }

  /**
   * A written record as a read answers it: with what the kind computes on read (a customer's
   * figures), once the write is committed, so the answer a screen shows is not poorer than a reload.
   */
  private async asRead(type: string, entity: Entity, call: CallContext): Promise<Entity> {
    const afterRead = this.hooksFor(type).afterRead;
    if (!afterRead) return entity;
    return call.access.redact(this.kind(type), await afterRead({ db: this.db, today: this.today(), call }, entity));
  }

  /**
   * `GET /api/{type}/{id}/history`: newest first, for whoever may read the record (deleted too),
   * without fields they may not read, and only from when the record became readable to them: a
   * record moved to a customer shows that customer's user nothing of its time with another one.
   */
  async history(type: string, id: string, call: CallContext): Promise<HistoryEntry[]> {
    const kind = this.kind(type);
    call.access.authorize('read', kind);
    const entity = await this.repository(kind).findById(checkId(id));
    if (!entity) throw new Problem('NOT_FOUND');
    await authorizeRead(this.db, call.access, kind, entity);
    let entries = await readHistory(this.db, kind.type, entity.id, { viewerId: call.identity.userId });
    if (call.access.listScope(kind) !== undefined) entries = readableSince(call, kind, entity, entries);
    entries = (await this.hooksFor(type).afterHistory?.({ db: this.db, today: this.today(), call }, entries)) ?? entries;
    // Nothing hidden from this caller on this record: the common case costs nothing.
    if (call.access.redact(kind, entity) === entity) return entries;
    return entries.map((entry) => ({ ...entry, changes: entry.changes.filter((change) => changeReadable(call, kind, entity, change)) }));
  }

  /**
   * Create inside an open transaction (actions that create other entities, e.g. duplicate). `id`:
   * the new row's id when the caller needed it first (a stored file's bytes are kept under it).
   */
  async createWithin(trx: Kysely<DatabaseSchema>, call: CallContext, type: string, body: unknown, options: { id?: string; authority?: WriteAuthority } = {}): Promise<Entity> {
    const [created] = await this.createManyWithin(trx, call, type, [body], (_index, error) => error, options.id ? [options.id] : undefined, options.authority);
    if (!created) throw new Error('insert returned nothing');
    return created;
  }

  async update(type: string, id: string, body: unknown, ifMatch: string | undefined, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    // Rows attached to a record are checked on the row, through its owner.
    if (!kind.attachedTo) call.access.authorize('update', kind);
    const { patch, version } = this.parsePatch(kind, body, ifMatch);
    return this.asRead(type, await this.write(call, (trx) => this.updateWithin(trx, call, type, id, patch, version)), call);
  }

  /** A PATCH body without its version, and the version (If-Match, else the body's lastUpdatedDateTime). */
  parsePatch(kind: KindDefinition, body: unknown, ifMatch: string | undefined): { patch: Record<string, unknown>; version: string } {
    if (!isPlainObject(body)) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' }] });
    const metadataPatch = isPlainObject(body.metadata) ? { ...body.metadata } : body.metadata;
    const bodyVersion = isPlainObject(metadataPatch) ? metadataPatch.lastUpdatedDateTime : undefined;
    if (isPlainObject(metadataPatch)) delete metadataPatch.lastUpdatedDateTime;
    const patch = { ...body, ...(body.metadata !== undefined ? { metadata: metadataPatch } : {}) };
    rejectReadOnlyMetadata(kind, patch);
    return { patch, version: parseVersion(ifMatch, bodyVersion) };
  }

  /** A PATCH inside an open transaction (a quotation's header written with its lines): a batch of one. */
  async updateWithin(trx: Kysely<DatabaseSchema>, call: CallContext, type: string, id: string, patch: Record<string, unknown>, version: string): Promise<Entity> {
    const [updated] = await this.updateManyWithin(trx, call, type, [{ id, patch, version }], (_index, error) => error);
    if (!updated) throw new Error('update returned nothing');
    return updated;
  }

  /**
   * Whether the caller may write a row attached to `owner` (`KindDefinition.attachedTo`) through it:
   * the owner may be read and updated by them. The owner must exist, whoever writes (422 otherwise).
   */
  private async mayUpdateOwner(trx: Kysely<DatabaseSchema>, call: CallContext, kind: KindDefinition, owner: { type: string; id: string }): Promise<boolean> {
    const pointerOf = (path: string) => `/${path.replace(/\./g, '/')}`;
    const ownerKind = findKind(owner.type);
    if (!ownerKind) {
      throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: pointerOf(kind.attachedTo!.typePath), code: 'invalidValue', message: `Tipo di elemento sconosciuto: ${owner.type}` }] });
    }
    const record = isUuid(owner.id) ? await this.repository(ownerKind, trx).findById(owner.id.toLowerCase()) : undefined;
    if (!record || record.metadata.isDeleted) {
      throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: pointerOf(kind.attachedTo!.idPath), code: 'referenceNotFound', message: `${ownerKind.label.singular}: elemento non trovato` }] });
    }
    if (!call.access.can('update', ownerKind, record)) return false;
    return (await readableRows(trx, call.access, ownerKind, [record])).length === 1;
  }

  /** Validates and stores new content for an entity already loaded (and locked) in this transaction: used by actions. */
  async replaceWithin(trx: Kysely<DatabaseSchema>, call: CallContext, current: Entity, type: string, content: EntityShape): Promise<Entity> {
    const journal = this.journalOf(trx);
    const kind = this.kind(type);
    const parsed = entitySchema(kind).safeParse(writableOf(kind, { ...current, ...content, metadata: { ...current.metadata, ...content.metadata } } as Entity));
    if (!parsed.success) throw zodProblem(parsed.error);
    const hook = this.hookContext(trx, call, kind);
    checkStateLock(kind, current, parsed.data as EntityData);
    const stored = await this.prepare(hook, kind, current.id, parsed.data as EntityData, current);
    const updated = await this.repository(kind, trx).update(current.id, current.metadata.lastUpdatedDateTime, { data: stored }, call.identity, journal.customAction ?? 'update');
    if (!updated) throw new Problem('VERSION_CONFLICT');
    await this.afterWrites(hook, kind, [{ entity: updated, previous: current }]);
    return updated;
  }

  async remove(type: string, id: string, ifMatch: string | undefined, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    call.access.authorize('delete', kind);
    const version = parseVersion(ifMatch, undefined);
    return this.write(call, (trx) => this.removeWithin(trx, call, type, id, version));
  }

  /** A soft delete inside an open transaction (a line dropped from its quotation): a batch of one. */
  async removeWithin(trx: Kysely<DatabaseSchema>, call: CallContext, type: string, id: string, version: string): Promise<Entity> {
    const [deleted] = await this.removeManyWithin(trx, call, type, [{ id, version }], (_index, error) => error);
    if (!deleted) throw new Error('delete returned nothing');
    return deleted;
  }

  /**
   * What may be done to the entity now: its machine's transitions from its state (with why a
   * guarded one is refused), archive or restore, the kind's declared custom actions (refused
   * outside their states), or only `undelete` once it is deleted; `allowed` says whether this
   * caller's role may run each one at all (the client disables it otherwise).
   */
  async actions(type: string, id: string, call: CallContext) {
    const kind = this.kind(type);
    const entity = await this.get(type, id, call);
    const withPermission = <T extends { ability: string }>(actions: T[]) => actions.map((a) => ({ ...a, allowed: call.access.can(a.ability, kind, entity) }));
    if (entity.metadata.isDeleted) {
      return withPermission([{ action: 'undelete', label: 'Annulla eliminazione', ability: 'delete', to: null, refusal: null }]);
    }
    const archive = kind.archivable
      ? [entity.metadata.isArchived ? { action: 'restore', label: 'Ripristina' } : { action: 'archive', label: 'Archivia' }].map((a) => ({ ...a, ability: 'update', to: null, refusal: null }))
      : [];
    const hook = this.hookContext(this.db, call, kind);
    // An archived record is written only by restoring it first: it offers none of its custom actions.
    const declaredActions = entity.metadata.isArchived ? [] : Object.entries(kind.actions ?? {});
    const custom = await Promise.all(declaredActions.map(async ([action, declared]) => ({
      action,
      label: declared.label,
      ability: declared.ability,
      creates: declared.creates ?? false,
      to: null,
      refusal: stateRefusal(kind, action, entity) ?? (await this.hooksFor(type).actionRefusal?.(hook, entity, action)) ?? null,
    })));
    const extra = [...archive, ...custom];
    if (!kind.machine) return withPermission(extra);
    const guardContext = await this.guardContext(this.hookContext(this.db, call, kind), kind, entity);
    const state = String(readPath(entity, kind.machine.statePath));
    return withPermission([...availableActions(kind.machine, state, entity as EntityShape, guardContext), ...extra]);
  }

  async runAction(type: string, id: string, action: string, body: unknown, ifMatch: string | undefined, call: CallContext): Promise<ActionResult> {
    const result = await this.runActionWrite(type, id, action, body, ifMatch, call);
    return { ...result, entity: await this.asRead(result.createdType ?? type, result.entity, call) };
  }

  private async runActionWrite(type: string, id: string, action: string, body: unknown, ifMatch: string | undefined, call: CallContext): Promise<ActionResult> {
    const kind = this.kind(type);
    const bodyObject = body === undefined || body === null ? {} : body;
    if (!isPlainObject(bodyObject)) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' }] });
    const declared = kind.actions && Object.hasOwn(kind.actions, action) ? kind.actions[action] : undefined;
    const isArchiveAction = kind.archivable && (action === 'archive' || action === 'restore');
    const isTransition = kind.machine?.transitions.some((t) => t.action === action);
    if (action === 'undelete') return this.undelete(kind, id, parseVersion(ifMatch, bodyObject.lastUpdatedDateTime), call);
    if (!declared && !isArchiveAction && !isTransition) throw new Problem('ACTION_NOT_FOUND', { message: `Azione sconosciuta: ${action}` });
    if (declared) return this.runCustomAction(kind, id, action, declared, bodyObject, ifMatch, call);
    const version = parseVersion(ifMatch, bodyObject.lastUpdatedDateTime);
    const machine = kind.machine;
    // Someone who may never run the action learns nothing about the row from the answer.
    const abilities = isArchiveAction ? ['update'] : [...new Set(machine!.transitions.filter((t) => t.action === action).map((t) => t.ability))];
    if (!abilities.some((ability) => call.access.can(ability, kind))) call.access.authorize(abilities[0] ?? action, kind);
    return this.write(call, async (trx) => {
      const repository = this.repository(kind, trx);
      const current = await this.admit(trx, call, kind, await repository.findById(checkId(id), { forUpdate: true }), version, {
        authorize: (row) => {
          if (!abilities.some((ability) => call.access.can(ability, kind, row))) call.access.authorize(abilities[0] ?? action, kind, row);
        },
        allowArchived: isArchiveAction,
      });
      const hook = this.hookContext(trx, call, kind);
      if (isArchiveAction) {
        const archived = action === 'archive';
        if (current.metadata.isArchived === archived) {
          throw new Problem('TRANSITION_NOT_ALLOWED', { message: archived ? 'L’elemento è già archiviato' : 'L’elemento non è archiviato' });
        }
        const updated = await repository.update(current.id, version, { isArchived: archived }, call.identity);
        if (!updated) throw new Problem('VERSION_CONFLICT');
        return { entity: call.access.redact(kind, updated) };
      }
      const state = String(readPath(current, machine!.statePath));
      const transition = findTransition(machine!, state, action);
      if (!transition) {
        // Said with the names the user sees (a technician reads it in the sync centre), the codes in the extensions.
        const actionLabel = machine!.transitions.find((t) => t.action === action)?.label ?? action;
        const stateLabel = (machineStateLabels as Record<string, Record<string, string> | undefined>)[type]?.[state] ?? state;
        throw new Problem('TRANSITION_NOT_ALLOWED', { message: `Azione «${actionLabel}» non consentita nello stato «${stateLabel}»`, extensions: { state, action } });
      }
      call.access.authorize(transition.ability, kind, current);
      const message = transitionMessage(transition, bodyObject.message);
      const refusal = transition.guard?.(current as EntityShape, await this.guardContext(hook, kind, current));
      if (refusal) throw new Problem('TRANSITION_REFUSED', { code: refusal.code, message: refusal.message, extensions: { state, action } });
      let data = writePath(storedOf(current), machine!.statePath, transition.to);
      const performedAt = transitionTime(bodyObject.performedDateTime, this.now());
      data = (await this.hooksFor(type).onTransition?.(hook, current, data, transition.action, { ...(message === undefined ? {} : { message }), performedAt })) ?? data;
      const updated = await repository.update(current.id, version, { data }, call.identity, transition.action);
      if (!updated) throw new Problem('VERSION_CONFLICT');
      const effects: { type: string; id: string; to: string }[] = [];
      for (const effect of transition.effects ?? []) {
        const target = this.kind(effect.kind);
        const targetMachine = target.machine;
        if (!targetMachine) continue;
        const targetRepository = this.repository(target, trx);
        const marker = `${type}:${current.id}`;
        for (const row of await targetRepository.findRelated(effect.via, current.id, targetMachine.statePath, effect.fromStates)) {
          if (effect.onlyCascaded && row.metadata.cascadedBy !== marker) continue;
          let rowData = writePath(storedOf(row), targetMachine.statePath, effect.toState);
          rowData = writePath(rowData, 'metadata.cascadedBy', effect.onlyCascaded ? undefined : marker);
          // The cascaded row's history names the transition that moved it.
          const changed = await targetRepository.update(row.id, row.metadata.lastUpdatedDateTime, { data: rowData }, call.identity, transition.action);
          if (changed) effects.push({ type: target.type, id: row.id, to: effect.toState });
        }
      }
      await this.afterWrites(hook, kind, [{ entity: updated, previous: current }]);
      return { entity: call.access.redact(kind, updated), effects };
    });
  }

  /**
   * A custom action as the kind declares it (src/domain): the caller must read the row (and any other
   * row the body selects) before its declared ability is checked on it; then the declared body, the
   * version and the declared states; the kind's hook does the rest, and whatever it writes is
   * recorded under the action's name. What it answers must be readable by the caller, or nothing is kept.
   */
  private async runCustomAction(
    kind: KindDefinition,
    id: string,
    action: string,
    declared: RecordActionDefinition,
    body: Record<string, unknown>,
    ifMatch: string | undefined,
    call: CallContext,
  ): Promise<ActionResult> {
    call.access.authorize('read', kind);
    call.access.authorize(declared.ability, kind);
    const { lastUpdatedDateTime: bodyVersion, ...input } = body;
    const version = parseVersion(ifMatch, bodyVersion);
    const run = actionImplementation(this.options.hooks, kind.type, action);
    return this.write(call, async (trx, journal) => {
      const repository = this.repository(kind, trx);
      const current = await this.admit(trx, call, kind, await repository.findById(checkId(id), { forUpdate: true }), version, {
        authorize: (row) => call.access.authorize(declared.ability, kind, row),
      });
      let parsedBody: Record<string, unknown> = {};
      if (declared.body) {
        const parsed = declared.body.safeParse(input);
        if (!parsed.success) throw zodProblem(parsed.error);
        parsedBody = isPlainObject(parsed.data) ? parsed.data : {};
      }
      // The other rows a grid selection names: read and acted on by the same rules, before anything is said of them.
      if (declared.selection) await this.admitSelection(trx, call, kind, declared, parsedBody[declared.selection]);
      const refusal = stateRefusal(kind, action, current);
      if (refusal) throw new Problem('TRANSITION_NOT_ALLOWED', { message: refusal.message, extensions: { state: String(readPath(current, kind.machine?.statePath ?? '')), action } });
      journal.customAction = action;
      const result = await run(this.hookContext(trx, call, kind), current, parsedBody);
      journal.customAction = undefined;
      const createdKind = declared.createdType ? this.kind(declared.createdType) : kind;
      // What an action answers is a read: a copy the caller could not read is not made.
      if ((await readableRows(trx, call.access, createdKind, [result.entity])).length === 0) throw new Problem('FORBIDDEN');
      return { entity: call.access.redact(createdKind, result.entity), created: declared.creates ?? false, createdType: declared.createdType, effects: result.effects, ...(result.meta ? { meta: result.meta } : {}) };
    });
  }

  /** The rows a custom action's selection names: each must exist, be readable and allow the action, or it is refused by its position. */
  private async admitSelection(trx: Kysely<DatabaseSchema>, call: CallContext, kind: KindDefinition, declared: RecordActionDefinition, ids: unknown): Promise<void> {
    if (!Array.isArray(ids)) return;
    const wanted = ids.filter((id): id is string => typeof id === 'string');
    const found = await this.repository(kind, trx).findByIds(wanted.filter(isUuid).map((id) => id.toLowerCase()));
    for (const [index, id] of wanted.entries()) {
      const row = found.get(id.toLowerCase());
      try {
        if (!row) throw new Problem('NOT_FOUND');
        await authorizeRead(trx, call.access, kind, row);
        call.access.authorize(declared.ability, kind, row);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        const pointer = `/${declared.selection}/${index}`;
        throw new Problem(error.code === 'NOT_FOUND' ? 'VALIDATION_FAILED' : 'FORBIDDEN', {
          message: error.code === 'NOT_FOUND' ? `${kind.label.singular}: elemento non trovato` : error.message,
          errors: [{ pointer, code: error.code === 'NOT_FOUND' ? 'referenceNotFound' : 'forbidden', message: error.code === 'NOT_FOUND' ? 'Elemento non trovato' : error.message }],
        });
      }
    }
  }

  /**
   * `undelete`: the soft-deleted record comes back (with the owned rows deleted together with it),
   * if the caller may delete it and what it refers to still exists. Written like any other write.
   */
  private async undelete(kind: KindDefinition, id: string, version: string, call: CallContext): Promise<ActionResult> {
    call.access.authorize('delete', kind);
    return this.write(call, async (trx) => {
      const repository = this.repository(kind, trx);
      const current = await this.admit(trx, call, kind, await repository.findById(checkId(id), { forUpdate: true }), version, {
        authorize: (row) => call.access.authorize('delete', kind, row),
        deleted: true,
      });
      const hook = this.hookContext(trx, call, kind);
      // The same rules as a write (uniqueness, references): a record cannot come back next to its replacement.
      const stored = await withDeletedReferences(() => this.prepare(hook, kind, current.id, storedOf(current), current));
      const restored = await repository.update(current.id, version, { data: stored, isDeleted: false }, call.identity);
      if (!restored) throw new Problem('VERSION_CONFLICT');
      const marker = `${kind.type}:${current.id}`;
      for (const other of kindList) {
        if (!Object.values(other.references).some((r) => r.owned && r.target === kind.type)) continue;
        const otherRepository = this.repository(other, trx);
        for (const ownedId of await otherRepository.undeleteDeletedWith(marker, call.identity)) {
          const owned = await otherRepository.findById(ownedId);
          if (owned) await withDeletedReferences(() => this.checkReferences(trx, other, [{ id: owned.id, data: storedOf(owned) }]));
        }
      }
      await this.afterWrites(hook, kind, [{ entity: restored, previous: current }]);
      return { entity: call.access.redact(kind, restored) };
    });
  }

  private hookContext(db: Kysely<DatabaseSchema>, call: CallContext, kind: KindDefinition): HookContext {
    const reads = new Map<string, Promise<unknown>>();
    return {
      db,
      call,
      kind,
      today: this.today(),
      maxDiscountPercent: this.options.maxDiscountPercent,
      limits: this.limits,
      repository: (type: string) => this.repository(this.kind(type), db),
      service: this,
      storage: this.options.storage,
      documents: this.options.documents,
      onceInBatch<T>(key: string, read: () => Promise<T>): Promise<T> {
        let found = reads.get(key) as Promise<T> | undefined;
        if (!found) reads.set(key, (found = read()));
        return found;
      },
    };
  }

  private async guardContext(hook: HookContext, kind: KindDefinition, entity: Entity): Promise<GuardContext> {
    const extra = await this.hooksFor(kind.type).guardContext?.(hook, entity);
    return { today: hook.today, maxDiscountPercent: this.options.maxDiscountPercent, ...extra };
  }

  /**
   * A row a write names, checked in the order that says nothing of rows the caller may not touch:
   * it exists, the caller reads it (the one read rule) and may do this to it; only then whether it is
   * deleted (or, for `deleted`, still live), at another version, or archived.
   */
  private async admit(
    db: Kysely<DatabaseSchema>,
    call: CallContext,
    kind: KindDefinition,
    current: Entity | undefined,
    version: string,
    options: { authorize: (row: Entity) => void | Promise<void>; allowArchived?: boolean; deleted?: boolean },
  ): Promise<Entity> {
    if (!current) throw new Problem('NOT_FOUND');
    await authorizeRead(db, call.access, kind, current);
    await options.authorize(current);
    if (options.deleted && !current.metadata.isDeleted) throw new Problem('NOT_DELETED');
    if (!options.deleted && current.metadata.isDeleted) throw new Problem('ENTITY_DELETED');
    if (current.metadata.lastUpdatedDateTime !== version) {
      throw new Problem('VERSION_CONFLICT', { extensions: { currentVersion: current.metadata.lastUpdatedDateTime } });
    }
    if (current.metadata.isArchived && !options.allowArchived && !options.deleted) throw new Problem('ENTITY_ARCHIVED');
    return current;
  }

  /** Derived metadata, kind hooks (uniqueness, lookups) and reference checks: what gets stored. */
  private async prepare(hook: HookContext, kind: KindDefinition, id: string, data: EntityData, previous: Entity | undefined): Promise<EntityData> {
    const stored = await this.prepareContent(hook, kind, id, data, previous);
    await this.checkReferences(hook.db, kind, [{ id, data: stored }]);
    return stored;
  }

  /** `prepare` without the reference check (a batch checks all its rows' references at once). */
  private async prepareContent(hook: HookContext, kind: KindDefinition, id: string, data: EntityData, previous: Entity | undefined): Promise<EntityData> {
    const carried = previous ? carriedMetadata(kind, previous) : {};
    let stored: EntityData = lowercaseReferences(kind, data);
    stored = { ...stored, metadata: { ...carried, ...stored.metadata, ...kind.derivedMetadata?.(stored as EntityShape) } };
    return (await this.hooksFor(kind.type).beforeWrite?.(hook, stored, previous, id)) ?? stored;
  }

  /**
   * Every id the writes name (list items included, see reference-check.ts) must be a live record of
   * its kind: one query per target kind however many rows. The first row with a missing one fails
   * (`rowError` says where it was in a batch).
   */
  private async checkReferences(
    db: Kysely<DatabaseSchema>,
    kind: KindDefinition,
    rows: readonly { id: string; data: EntityData }[],
    rowError: (index: number, error: Problem) => unknown = (_index, error) => error,
  ): Promise<void> {
    const perRow = rows.map((row) => referencedIds(kind, row.id, row.data));
    const existing = new Map<string, Set<string>>();
    for (const target of new Set(perRow.flatMap((row) => [...row.wanted.keys()]))) {
      const targetKind = findKind(target);
      if (!targetKind) continue;
      const ids = new Set(perRow.flatMap((row) => (row.wanted.get(target) ?? []).map((r) => r.id.toLowerCase())));
      existing.set(target, await this.repository(targetKind, db).existingIds([...ids]));
    }
    for (const [index, { wanted, errors }] of perRow.entries()) {
      for (const [target, refs] of wanted) {
        const targetKind = findKind(target);
        if (targetKind) errors.push(...missingReferenceErrors(targetKind, refs, existing.get(target) ?? new Set()));
      }
      if (errors.length === 0) continue;
      const priceList = errors.find((e) => e.code === 'PRICE_LIST_NOT_FOUND');
      throw rowError(index, new Problem('VALIDATION_FAILED', priceList ? { errors, code: priceList.code, message: priceList.message } : { errors }));
    }
  }

  /**
   * The write pipeline (DESIGN §4), for updates: each row is prepared on its own — admitted (exists,
   * readable, the ability on it or on the record it is attached to, then deleted, version, archived),
   * merged and parsed, its state read-only, the kind's state lock and its owner's, the kind's hooks —
   * then the references of all rows are checked by one query per target kind and all are written by
   * one UPDATE with their history rows in one INSERT. A single PATCH is a batch of one. A row that
   * fails throws `rowError(its index, the problem)`.
   */
  async updateManyWithin(
    trx: Kysely<DatabaseSchema>,
    call: CallContext,
    type: string,
    updates: readonly { id: string; patch: Record<string, unknown>; version: string }[],
    rowError: (index: number, error: unknown) => unknown,
    /**
     * The rows, when the caller already read them in this transaction (by id): not read again; the
     * UPDATE writes each only at the version read, so a row changed meanwhile fails the whole write.
     */
    read?: ReadonlyMap<string, Entity>,
  ): Promise<Entity[]> {
    if (updates.length === 0) return [];
    const journal = this.journalOf(trx);
    const kind = this.kind(type);
    // Rows attached to a record are allowed through it, row by row.
    if (!kind.attachedTo) call.access.authorize('update', kind);
    const repository = this.repository(kind, trx);
    const hook = this.hookContext(trx, call, kind);
    const currents = read ?? (await repository.lockByIds(updates.map((u) => checkId(u.id))));
    const rows: (PreparedRow & { expectedVersion: string; before: Entity })[] = [];
    for (const [index, update] of updates.entries()) {
      try {
        rows.push(await this.prepareUpdate(hook, kind, currents.get(update.id.toLowerCase()), update.patch, update.version));
      } catch (error) {
        throw rowError(index, error);
      }
    }
    await this.checkReferences(trx, kind, rows, rowError);
    const updated = await repository.updateMany(rows, call.identity, journal.customAction ?? 'update');
    if (!updated) throw new Problem('VERSION_CONFLICT');
    for (const [index, entity] of updated.entries()) {
      const row = rows[index]!;
      try {
        if (!row.throughOwner) {
          call.access.authorize('update', kind, entity);
          call.access.authorizeFields('update', kind, row.before, changedFields(writableOf(kind, row.before), row.parsed));
        }
      } catch (error) {
        throw rowError(index, error);
      }
    }
    await this.afterWrites(hook, kind, updated.map((entity, index) => ({ entity, previous: rows[index]!.before })));
    return updated.map((entity) => call.access.redact(kind, entity));
  }

  /** One row of an update, prepared: see `updateManyWithin`. */
  private async prepareUpdate(hook: HookContext, kind: KindDefinition, found: Entity | undefined, patch: Record<string, unknown>, version: string) {
    const { call, db } = hook;
    let throughBefore = false;
    const ownerBefore = found ? attachedOwnerOf(kind, found) : null;
    const current = await this.admit(db, call, kind, found, version, {
      authorize: async (row) => {
        throughBefore = ownerBefore !== null && (await this.mayUpdateOwner(db, call, kind, ownerBefore));
        if (!throughBefore) call.access.authorize('update', kind, row);
      },
    });
    const parsed = entitySchema(kind).safeParse(applyMergePatch(writableOf(kind, current), patch));
    if (!parsed.success) throw zodProblem(parsed.error);
    const data = parsed.data as EntityData;
    // Through its owner only while it stays with an owner the caller may update (moved to another record: that one
    // too); detaching it from its record, or anything the owner does not allow, needs the kind's own ability.
    const ownerAfter = attachedOwnerOf(kind, data);
    const sameOwner = ownerAfter !== null && ownerAfter.type === ownerBefore?.type && ownerAfter.id === ownerBefore.id;
    const throughOwner = throughBefore && ownerAfter !== null && (sameOwner || (await this.mayUpdateOwner(db, call, kind, ownerAfter)));
    if (throughBefore && !throughOwner) call.access.authorize('update', kind, current);
    // A new owner must exist, whoever moves the row there.
    if (!throughOwner && ownerAfter && !sameOwner) await this.mayUpdateOwner(db, call, kind, ownerAfter);
    if (kind.machine && readPath(data, kind.machine.statePath) !== readPath(current, kind.machine.statePath)) {
      throw new Problem('VALIDATION_FAILED', {
        errors: [{ pointer: `/${kind.machine.statePath.replace(/\./g, '/')}`, code: 'stateReadOnly', message: 'Lo stato si cambia con le azioni disponibili' }],
      });
    }
    checkStateLock(kind, current, data);
    // Nobody writes a row under a record they may not read (a parent named anew must be readable too).
    await authorizeParents(db, call.access, kind, data);
    await this.checkOwnerLocks(hook, kind, [data, current]);
    return { id: current.id, expectedVersion: version, data: await this.prepareContent(hook, kind, current.id, data, current), before: current, parsed: data, throughOwner };
  }

  /**
   * The write pipeline for soft deletes: each row admitted as an update is (with the `delete`
   * ability), the kind's hook, its owner's state lock and the records that name it (tested once for
   * the batch, counted for a row only when some are found); owned rows cascade once for the batch;
   * all written by one UPDATE with their history rows in one INSERT. A single DELETE is a batch of
   * one. `read`: as in `updateManyWithin`.
   */
  async removeManyWithin(
    trx: Kysely<DatabaseSchema>,
    call: CallContext,
    type: string,
    removals: readonly { id: string; version: string }[],
    rowError: (index: number, error: unknown) => unknown,
    read?: ReadonlyMap<string, Entity>,
  ): Promise<Entity[]> {
    if (removals.length === 0) return [];
    const kind = this.kind(type);
    call.access.authorize('delete', kind);
    const repository = this.repository(kind, trx);
    const hook = this.hookContext(trx, call, kind);
    const currents = read ?? (await repository.lockByIds(removals.map((r) => checkId(r.id))));
    // One test for the whole batch; only when some live record names one of its rows are they counted row by row (the refusal names them).
    const mayBeNamed = await this.anyBlockingReference(trx, kind, removals.map((r) => r.id));
    const rows: { id: string; expectedVersion: string; before: Entity }[] = [];
    for (const [index, removal] of removals.entries()) {
      try {
        const current = await this.admit(trx, call, kind, currents.get(removal.id.toLowerCase()), removal.version, {
          authorize: (row) => call.access.authorize('delete', kind, row),
        });
        await this.checkOwnerLocks(hook, kind, [current]);
        // The state's own refusal, in the words the screens disable «Elimina» with (src/domain/record-lock.ts).
        const refusal = deleteRefusal(kind, current);
        if (refusal) throw new Problem('NOT_DELETABLE', { message: refusal, extensions: { state: recordState(kind, current) } });
        await this.hooksFor(kind.type).beforeDelete?.(hook, current);
        if (mayBeNamed) await this.checkRelations(trx, kind, current);
        rows.push({ id: current.id, expectedVersion: removal.version, before: current });
      } catch (error) {
        throw rowError(index, error);
      }
    }
    await this.deleteOwned(trx, kind, rows.map((row) => row.before), call);
    const deleted = await repository.softDeleteMany(rows, call.identity);
    if (!deleted) throw new Problem('VERSION_CONFLICT');
    await this.afterWrites(hook, kind, deleted.map((entity, index) => ({ entity, previous: rows[index]!.before })));
    return deleted.map((entity) => call.access.redact(kind, entity));
  }

  /**
   * The write pipeline for creations: each body prepared on its own (parsed; the kind's `create`
   * ability, or the right to update the record it is attached to; its entry state; its owner's state
   * lock; the kind's hooks), the references of all of them by one query per target kind, one
   * multi-row INSERT and one history INSERT. A single POST is a batch of one. `ids`: the new rows'
   * ids when the caller needs them first. `authority`: the record the rows are created under
   * (`WriteAuthority`). A row that fails throws `rowError(its index, the problem)`.
   */
  async createManyWithin(
    trx: Kysely<DatabaseSchema>,
    call: CallContext,
    type: string,
    bodies: readonly unknown[],
    rowError: (index: number, error: unknown) => unknown,
    ids?: readonly string[],
    authority?: WriteAuthority,
  ): Promise<Entity[]> {
    if (bodies.length === 0) return [];
    const journal = this.journalOf(trx);
    const kind = this.kind(type);
    const hook = this.hookContext(trx, call, kind);
    const rows: PreparedRow[] = [];
    for (const [index, body] of bodies.entries()) {
      try {
        rows.push(await this.prepareCreate(hook, kind, body, ids?.[index] ?? randomUUID(), authority));
      } catch (error) {
        throw rowError(index, error);
      }
    }
    await this.checkReferences(trx, kind, rows, rowError);
    const inserted = await this.repository(kind, trx).insert(rows.map((row) => ({ id: row.id, data: row.data, by: call.identity })), journal.customAction ?? 'create');
    const byId = new Map(inserted.map((entity) => [entity.id, entity]));
    const created: Entity[] = [];
    for (const [index, row] of rows.entries()) {
      const entity = byId.get(row.id);
      if (!entity) throw new Error('insert returned fewer rows');
      if (row.underAuthority) authority?.created.add(entity.id);
      try {
        if (!row.throughOwner) {
          call.access.authorize('create', kind, entity);
          call.access.authorizeFields('create', kind, entity, changedFields(undefined, row.parsed));
        }
      } catch (error) {
        throw rowError(index, error);
      }
      created.push(entity);
    }
    await this.afterWrites(hook, kind, created.map((entity) => ({ entity, previous: undefined })));
    return created.map((entity) => call.access.redact(kind, entity));
  }

  /**
   * What creating a body (or, with `current`, changing it by the merge patch) would refuse, without
   * writing: the schema, abilities, parents, locks and the kind's before-write hooks, as the write
   * itself runs them. The checker throws the refusal. Within a write transaction: a hook may read
   * ahead (an import's preview runs its rows through it and rolls the transaction back). Its rows
   * are one batch, as `createManyWithin`'s: what a batch reads once (an owner, an equipment's type)
   * is read once for all of them, so nothing may be written between two checks.
   */
  writeCheckerWithin(trx: Kysely<DatabaseSchema>, call: CallContext, type: string): (body: unknown, current?: Entity) => Promise<void> {
    const kind = this.kind(type);
    const hook = this.hookContext(trx, call, kind);
    return async (body, current) => {
      if (current) await this.prepareUpdate(hook, kind, current, body as Record<string, unknown>, String(current.metadata.lastUpdatedDateTime));
      else await this.prepareCreate(hook, kind, body, randomUUID());
    };
  }

  /** One new row, prepared: see `createManyWithin`. */
  private async prepareCreate(hook: HookContext, kind: KindDefinition, body: unknown, id: string, authority?: WriteAuthority): Promise<PreparedRow> {
    const { call, db } = hook;
    // A row attached to a record, or created under one's authority, is allowed by the caller's right on that record, checked once it is parsed.
    if (attachedOwnerOf(kind, body) === null && !authority) call.access.authorize('create', kind);
    if (!isPlainObject(body)) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' }] });
    rejectReadOnlyMetadata(kind, body);
    const parsed = entitySchema(kind).safeParse(body);
    if (!parsed.success) throw zodProblem(parsed.error);
    const data = parsed.data as EntityData;
    const owner = attachedOwnerOf(kind, data);
    const underAuthority = authority !== undefined && isUnderAuthority(call, kind, data, authority);
    // Whoever may update the owner may attach; else the kind's own ability decides, as for a row without one.
    const throughOwner = underAuthority || (owner !== null && (await this.mayUpdateOwner(db, call, kind, owner)));
    if (!throughOwner) call.access.authorize('create', kind);
    if (kind.machine) {
      const state = String(readPath(data, kind.machine.statePath));
      if (!entryStates(kind.machine).includes(state)) {
        throw new Problem('VALIDATION_FAILED', {
          errors: [{ pointer: `/${kind.machine.statePath.replace(/\./g, '/')}`, code: 'stateNotAllowed', message: `Un nuovo elemento non può essere creato nello stato «${state}»` }],
        });
      }
    }
    // Nobody creates a row under a record they may not read (a line on another salesman's quotation);
    // a row under an authority names only rows of that authority as parents, written by this caller in this transaction.
    if (!underAuthority) await authorizeParents(db, call.access, kind, data);
    await this.checkOwnerLocks(hook, kind, [data]);
    return { id, data: await this.prepareContent(hook, kind, id, data, undefined), parsed: data, throughOwner, underAuthority };
  }

  /**
   * Rows owned by a record whose content its state freezes (a quotation's lines) follow that lock
   * (`StateLock.ownedRows`):
   * the owner named by each version of the row must be in an editable state. The owners are read once
   * per batch (`hook` is the batch's): 500 lines of one quotation read their quotation once, not 500 times.
   */
  private async checkOwnerLocks(hook: HookContext, kind: KindDefinition, versions: readonly EntityShape[]): Promise<void> {
    for (const [path, reference] of Object.entries(kind.references)) {
      const owner = reference.owned ? findKind(reference.target) : undefined;
      if (!owner?.stateLock?.ownedRows?.includes(kind.type) || !owner.machine) continue;
      const ids = new Set(versions.flatMap((version) => referenceValues(version, path, reference.many ?? false).map((r) => r.id.toLowerCase())));
      for (const id of ids) {
        const record = isUuid(id) ? await this.ownerOf(hook, owner, id) : undefined;
        const state = record ? String(readPath(record, owner.machine.statePath)) : undefined;
        if (record && state !== undefined && !owner.stateLock.editableStates.includes(state)) throw stateLockProblem(owner, state);
      }
    }
  }

  /** The kind's work after a batch is written, in its transaction: `afterWriteMany` once, else `afterWrite` row by row. */
  private async afterWrites(hook: HookContext, kind: KindDefinition, written: readonly { entity: Entity; previous: Entity | undefined }[]): Promise<void> {
    const hooks = this.hooksFor(kind.type);
    if (hooks.afterWriteMany) return hooks.afterWriteMany(hook, written);
    for (const { entity, previous } of written) await hooks.afterWrite?.(hook, entity, previous);
  }

  /** An owner record read once per batch: a batch's rows do not write their owner while they are prepared. */
  private ownerOf(hook: HookContext, owner: KindDefinition, id: string): Promise<Entity | undefined> {
    return hook.onceInBatch(`${owner.type}:${id}`, () => this.repository(owner, hook.db).findById(id));
  }

  /** The references to `kind` from every kind: owned ones (a quotation's products) go with their owner, the others block its delete. */
  private referencesTo(kind: KindDefinition, db: Kysely<DatabaseSchema>): { other: KindDefinition; repository: EntityRepository; path: string; many: boolean; owned: boolean }[] {
    return kindList.flatMap((other) =>
      Object.entries(other.references)
        .filter(([, reference]) => reference.target === kind.type)
        .map(([path, reference]) => ({ other, repository: this.repository(other, db), path, many: reference.many ?? false, owned: reference.owned ?? false })),
    );
  }

  /** Whether a live record names any of `ids` where it blocks a delete: one statement per referencing path for the whole batch. */
  private async anyBlockingReference(db: Kysely<DatabaseSchema>, kind: KindDefinition, ids: readonly string[]): Promise<boolean> {
    for (const { repository, path, many, owned } of this.referencesTo(kind, db)) {
      if (!owned && (await repository.anyReferencing(path, ids, many))) return true;
    }
    return false;
  }

  /** Refuses the delete of a record that live records name (owned rows aside), counting them by kind for the message. */
  private async checkRelations(db: Kysely<DatabaseSchema>, kind: KindDefinition, entity: Entity): Promise<void> {
    const relations: { type: string; label: string; count: number }[] = [];
    for (const { other, repository, path, many, owned } of this.referencesTo(kind, db)) {
      if (owned) continue;
      const count = await repository.countReferencing(path, entity.id, many);
      if (count > 0) {
        const existing = relations.find((r) => r.type === other.type);
        if (existing) existing.count += count;
        else relations.push({ type: other.type, label: other.label.plural, count });
      }
    }
    if (relations.length > 0) {
      throw new Problem('ENTITY_RELATIONS_FOUND', {
        message: `Esistono relazioni con l’elemento: ${relations.map((r) => `${r.label} (${r.count})`).join(', ')}`,
        extensions: { relations },
      });
    }
  }

  /** Owned rows go with their owners, each marked with its owner so that undeleting it brings back these rows and not those deleted before. */
  private async deleteOwned(db: Kysely<DatabaseSchema>, kind: KindDefinition, owners: readonly Entity[], call: CallContext): Promise<void> {
    if (owners.length === 0) return;
    const marked = owners.map((owner) => ({ id: owner.id, deletedWith: `${kind.type}:${owner.id}` }));
    for (const { repository, path, many, owned } of this.referencesTo(kind, db)) {
      if (owned) await repository.softDeleteReferencing(path, marked, many, call.identity);
    }
  }
}

/** Ids in paths are UUIDs; anything else cannot exist. */
/**
 * The fields (`attributes.x`, `relationships.y`, `metadata.z`) whose value differs between two
 * versions: what a field-level ability must allow. A new entity changes every field it sets.
 */
function changedFields(before: EntityShape | undefined, after: EntityData): string[] {
  const fields: string[] = [];
  for (const section of ['attributes', 'metadata', 'relationships'] as const) {
    const old = (before?.[section] ?? {}) as Record<string, unknown>;
    const next = (after[section] ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(old), ...Object.keys(next)])) {
      if (before === undefined ? next[key] === undefined : JSON.stringify(old[key]) === JSON.stringify(next[key])) continue;
      fields.push(`${section}.${key}`);
    }
  }
  return fields;
}

/** UUIDs are case-insensitive; references are stored lower-case so that filters and lookups match them. */
function lowercaseReferences(kind: KindDefinition, data: EntityData): EntityData {
  let result = data;
  for (const [path, reference] of Object.entries(kind.references)) {
    // Every id the path names, list items included (`attributes.items[].productId`).
    for (const { pointer, id } of referenceValues(result, path, reference.many ?? false)) {
      if (id !== id.toLowerCase()) result = writePath(result, pointer.slice(1).replace(/\//g, '.'), id.toLowerCase());
    }
  }
  return result;
}

function checkId(id: string): string {
  if (!isUuid(id)) throw new Problem('NOT_FOUND');
  return id.toLowerCase();
}

/** Common and derived metadata are the server's: a client naming them gets a clear field error. */
function rejectReadOnlyMetadata(kind: KindDefinition, body: Record<string, unknown>): void {
  if (!isPlainObject(body.metadata)) return;
  const writable = new Set(Object.keys(kind.metadata.shape));
  const errors = Object.keys(body.metadata)
    .filter((key) => !writable.has(key) && (isServerMetadataKey(key) || key === 'displayName'))
    .map((key) => ({ pointer: `/metadata/${key}`, code: 'readOnly', message: 'Campo di sola lettura' }));
  if (errors.length > 0) throw new Problem('VALIDATION_FAILED', { errors });
}

/** The part of a stored entity a client may write, as the schema expects it. */
function writableOf(kind: KindDefinition, entity: Entity): EntityShape {
  const writable = new Set(Object.keys(kind.metadata.shape));
  return {
    attributes: entity.attributes,
    metadata: Object.fromEntries(Object.entries(entity.metadata).filter(([key]) => writable.has(key))),
    relationships: entity.relationships,
  };
}

/** Stored metadata that is neither writable nor common (derived values, cascade markers) survives a write. */
function carriedMetadata(kind: KindDefinition, entity: Entity): Record<string, unknown> {
  const writable = new Set(Object.keys(kind.metadata.shape));
  return Object.fromEntries(
    Object.entries(entity.metadata).filter(([key]) => !writable.has(key) && !COMMON_METADATA_KEYS.includes(key as never)),
  );
}

/** The stored sections of an entity (without common metadata). */
/**
 * The message a transition carries (`Transition.message`): trimmed text within its length, or
 * undefined when none was sent; a transition that takes none refuses one rather than dropping it.
 */
function transitionMessage(transition: Transition, sent: unknown): string | undefined {
  if (sent === undefined || sent === null) return undefined;
  const pointer = '/message';
  if (!transition.message) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer, code: 'unrecognizedKeys', message: `L’azione «${transition.label}» non accetta un messaggio` }] });
  if (typeof sent !== 'string') throw new Problem('VALIDATION_FAILED', { errors: [{ pointer, code: 'invalidType', message: 'Il messaggio deve essere un testo' }] });
  const text = sent.trim();
  const max = transition.message.maxLength;
  if (text.length > max) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer, code: 'tooBig', message: `Il messaggio può avere al massimo ${max} caratteri` }] });
  return text === '' ? undefined : text;
}

/**
 * When the user made the transition (issue 25): a device that was offline sends the time the technician
 * pressed «Avvia» or «Chiudi» (`performedDateTime`), since the request reaches the server later; never in
 * the future (CLOCK_IN_FUTURE). Without it, now.
 */
function transitionTime(sent: unknown, now: Date): string {
  if (sent === undefined || sent === null) return now.toISOString();
  const pointer = '/performedDateTime';
  if (typeof sent !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(sent) || Number.isNaN(Date.parse(sent))) {
    throw new Problem('VALIDATION_FAILED', { errors: [{ pointer, code: 'invalidDateTime', message: 'Data e ora non valide' }] });
  }
  // Against the real clock: the guard is about the device's clock running ahead of the server's.
  refuseFutureDateTime(sent, pointer);
  return new Date(sent).toISOString();
}

/** A row ready for the set-based commit of the write pipeline. */
interface PreparedRow {
  id: string;
  /** What is stored (derived metadata and the kind's hooks applied). */
  data: EntityData;
  /** What the caller sent, parsed: the fields its abilities must allow. */
  parsed: EntityData;
  /** Allowed by the right to update the record it is attached to, not by the kind's own ability. */
  throughOwner: boolean;
  /** Allowed by the caller's right on a `WriteAuthority`'s record (then `throughOwner` too). */
  underAuthority?: boolean;
}

/**
 * A record whose creation brings other rows with it, created under its authority: the order of the
 * order wizard (SPEC §2) and its provisional intervention with the intervention's activities. The
 * caller's right to `action` on `record` (creating the order) is what allows each such row, instead
 * of the row kind's own `create` ability and the read rule on its parents; every other step of the
 * write pipeline (parse, entry state, owner locks, the kind's hooks, references, history, notices)
 * runs as for any creation. A row is under the authority only if some reference of it names the
 * record or a row already created under it, and every parent it is read through is one of those:
 * nothing else can be reached this way. `record` is written first, in the same transaction.
 */
export interface WriteAuthority {
  kind: KindDefinition;
  record: Entity;
  action: string;
  /** Ids of the rows created under it so far (the pipeline adds each). */
  readonly created: Set<string>;
}

export function writeAuthority(kind: KindDefinition, record: Entity, action = 'create'): WriteAuthority {
  return { kind, record, action, created: new Set() };
}

/** Whether the parsed row `data` is allowed by `authority` (see `WriteAuthority`). */
function isUnderAuthority(call: CallContext, kind: KindDefinition, data: EntityData, authority: WriteAuthority): boolean {
  if (!call.access.can(authority.action, authority.kind, authority.record)) return false;
  const ids = new Set([authority.record.id, ...authority.created].map((id) => id.toLowerCase()));
  const named = Object.entries(kind.references).some(([path, reference]) => referenceValues(data, path, reference.many ?? false).some((ref) => ids.has(ref.id.toLowerCase())));
  const parentsWithin = parentLinks(kind).every((link) => {
    const parentId = readPath(data, link.path);
    return typeof parentId !== 'string' || !parentId || ids.has(parentId.toLowerCase());
  });
  return named && parentsWithin;
}

/**
 * A field the caller may never read is neither a filter nor a sort key of its lists: filtering by it
 * would tell its value (a customer user learning its commercial percentage by `filter[commercialPercentage]`).
 */
function refuseUnreadableKeys(call: CallContext, kind: KindDefinition, query: ListQuery): void {
  const param = (condition: ListQuery['conditions'][number], name: string) =>
    condition.kind === 'range' ? `${condition.from !== undefined ? 'from' : 'to'}[${name}]` : condition.kind === 'has' ? `has[${name}]` : `filter[${name}]`;
  const asked = [
    ...query.conditions.flatMap((condition) => ('field' in condition ? [{ param: param(condition, condition.name), path: condition.field.path }] : [])),
    ...query.sort.map((key) => ({ param: 'sort', path: key.field.path })),
  ];
  if (asked.length === 0) return;
  const refused = new Set(call.access.unreadableFields(kind, asked.map((key) => key.path)));
  if (refused.size === 0) return;
  throw new Problem('FIELD_NOT_AUTHORIZED', {
    errors: asked.filter((key) => refused.has(key.path)).map((key) => ({ pointer: `?${key.param}`, code: 'fieldNotAuthorized', message: 'Campo non leggibile con i tuoi permessi' })),
  });
}

/** Full text over fields hidden from the caller matches on the fields it may read only (customers' ERP code for a customer user). */
function restrictFullText(call: CallContext, kind: KindDefinition, query: ListQuery): void {
  const hidden = new Set(call.access.unreadableFields(kind, kind.fullText));
  if (hidden.size === 0) return;
  for (const condition of query.conditions) {
    if (condition.kind === 'fullText') condition.readablePaths = kind.fullText.filter((path) => !hidden.has(path));
  }
}

/** A group key as JSON: numbers and booleans typed (SQL answers numeric as text), the rest as text. */
function groupValue(type: string, value: unknown): GroupValue {
  if (value === null || value === undefined) return null;
  if (type === 'number') return Number(value);
  if (type === 'boolean') return value === true || value === 'true';
  return String(value);
}

/** The refusal of a write that a record's state freezes (`KindDefinition.stateLock`). */
function stateLockProblem(kind: KindDefinition, state: string): Problem {
  const lock = kind.stateLock!;
  const code: ProblemCode = lock.code && Object.hasOwn(problemCatalogue, lock.code) ? (lock.code as ProblemCode) : 'STATE_LOCKED';
  // The screens show the same sentence beside the read-only fields (src/domain/record-lock.ts).
  return new Problem(code, { message: stateLockMessage(kind, state), extensions: { state } });
}

/**
 * The state lock of a kind, for every kind that declares one: outside its editable states, only the
 * `alwaysEditable` fields of its content (attributes and relationships) may change.
 */
function checkStateLock(kind: KindDefinition, current: Entity, data: EntityData): void {
  const lock = kind.stateLock;
  if (!lock || !kind.machine) return;
  const state = String(readPath(current, kind.machine.statePath));
  if (lock.editableStates.includes(state)) return;
  // Compared with the stored content as the schema reads it (defaults filled), so that only what the write changes counts.
  const stored = entitySchema(kind).safeParse(writableOf(kind, current));
  const before = stored.success ? (stored.data as EntityData) : writableOf(kind, current);
  const frozen = changedFields(before, data).filter((field) => !field.startsWith('metadata.') && frozenByLock(lock, state, field));
  if (frozen.length > 0) throw stateLockProblem(kind, state);
}

/**
 * The history entries a caller with a restricted read sees: from the newest back to the write that
 * made the record readable to them (that entry without the values it replaced), none before it.
 * Each older version is rebuilt by undoing the changes of the newer entries.
 */
function readableSince(call: CallContext, kind: KindDefinition, entity: Entity, entries: readonly HistoryEntry[]): HistoryEntry[] {
  const seen: HistoryEntry[] = [];
  let version = structuredClone(entity) as unknown as Record<string, unknown>;
  for (const entry of entries) {
    const before = structuredClone(version);
    for (const change of entry.changes) {
      const segments = pointerSegments(change.pointer);
      if (change.from === undefined) deleteSegments(before, segments);
      else writeSegments(before, segments, change.from);
    }
    const readableBefore = entry.action !== 'create' && call.access.can('read', kind, before as unknown as Entity);
    if (readableBefore) {
      seen.push(entry);
      version = before;
      continue;
    }
    seen.push({ ...entry, changes: entry.changes.map(({ pointer, to }) => (to === undefined ? { pointer } : { pointer, to })) });
    break;
  }
  return seen;
}

function deleteSegments(target: Record<string, unknown>, segments: readonly string[]): void {
  const parent = readSegments(target, segments.slice(0, -1));
  const last = segments.at(-1);
  if (parent !== null && typeof parent === 'object' && last !== undefined) delete (parent as Record<string, unknown>)[last];
}

export function storedOf(entity: Entity): EntityData {
  return {
    attributes: entity.attributes,
    metadata: Object.fromEntries(Object.entries(entity.metadata).filter(([key]) => !COMMON_METADATA_KEYS.includes(key as never))),
    relationships: entity.relationships,
  };
}
