/**
 * The rules of every entity kind, one generic path: parse with the shared schemas, check the
 * ability first, check references and versions, run the kind's hooks and state machine, then
 * hand SQL work to the repository. Kind-specific behaviour lives in `hooks.ts`.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { entitySchema, entryStates, readPath, writePath, type EntityShape, type KindDefinition } from '../../domain/kind.ts';
import { findTransition, availableActions, type GuardContext } from '../../domain/machine.ts';
import { kindList, findKind } from '../../domain/kinds.ts';
import { normaliseDateTime } from '../../domain/validation.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { Problem, type FieldError } from '../http/problems.ts';
import type { Access, Identity } from '../auth/access.ts';
import { COMMON_METADATA_KEYS, type Entity, type EntityData } from '../../domain/entity.ts';
import { EntityRepository } from './repository.ts';
import { missingReferenceErrors, referencedIds } from './reference-check.ts';
import { parseListQuery } from './list-query.ts';
import { customFilters } from './custom-filters.ts';
import { hooksFor, type HookContext } from './hooks.ts';
import { zodProblem } from './zod-problem.ts';
import { applyMergePatch } from '../../domain/merge-patch.ts';
import { businessDay } from '../../domain/business-day.ts';

export interface ServiceOptions {
  maxPageSize: number;
  maxDiscountPercent: number;
  /** Today as YYYY-MM-DD; tests pin it. */
  today?: () => string;
}

export interface CallContext {
  identity: Identity;
  access: Access;
}

export type ActionResult = { entity: Entity; created?: boolean; effects?: { type: string; id: string; to: string }[] };

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

  constructor(db: Kysely<DatabaseSchema>, options: ServiceOptions) {
    this.db = db;
    this.options = options;
  }

  today(): string {
    return this.options.today?.() ?? businessDay();
  }

  kind(type: string): KindDefinition {
    const kind = findKind(type);
    if (!kind) throw new Problem('ROUTE_NOT_FOUND', { message: `Tipo di risorsa sconosciuto: ${type}` });
    return kind;
  }

  repository(kind: KindDefinition, db: Kysely<DatabaseSchema> = this.db): EntityRepository {
    return new EntityRepository(db, kind);
  }

  async list(type: string, rawQuery: Record<string, string | string[] | undefined>, call: CallContext) {
    const kind = this.kind(type);
    call.access.authorize('read', kind);
    const query = parseListQuery(rawQuery, kind, { maxPageSize: this.options.maxPageSize, customFilters: customFilters[type] ?? {} });
    const { data, total, totalIsExact } = await this.repository(kind).list(query, { today: this.today() }, call.access.listScope(kind));
    return { data: data.map((entity) => call.access.redact(kind, entity)), meta: { total, ...(totalIsExact ? {} : { totalIsEstimate: true }), page: { number: query.page.number, size: query.page.size } } };
  }

  async get(type: string, id: string, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    call.access.authorize('read', kind);
    const entity = await this.repository(kind).findById(checkId(id));
    if (!entity) throw new Problem('NOT_FOUND');
    call.access.authorize('read', kind, entity);
    return call.access.redact(kind, entity);
  }

  async create(type: string, body: unknown, call: CallContext): Promise<Entity> {
    return this.db.transaction().execute((trx) => this.createWithin(trx, call, type, body));
  }

  /** Create inside an open transaction (actions that create other entities, e.g. duplicate). */
  async createWithin(trx: Kysely<DatabaseSchema>, call: CallContext, type: string, body: unknown): Promise<Entity> {
    const kind = this.kind(type);
    call.access.authorize('create', kind);
    if (!isPlainObject(body)) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' }] });
    rejectReadOnlyMetadata(kind, body);
    const parsed = entitySchema(kind).safeParse(body);
    if (!parsed.success) throw zodProblem(parsed.error);
    const data = parsed.data as EntityData;
    if (kind.machine) {
      const state = String(readPath(data, kind.machine.statePath));
      if (!entryStates(kind.machine).includes(state)) {
        throw new Problem('VALIDATION_FAILED', {
          errors: [{ pointer: `/${kind.machine.statePath.replace(/\./g, '/')}`, code: 'stateNotAllowed', message: `Un nuovo elemento non può essere creato nello stato «${state}»` }],
        });
      }
    }
    const id = randomUUID();
    const hook = this.hookContext(trx, call, kind);
    const stored = await this.prepare(hook, kind, id, data, undefined);
    const [entity] = await this.repository(kind, trx).insert([{ id, data: stored, by: call.identity }]);
    if (!entity) throw new Error('insert returned nothing');
    call.access.authorize('create', kind, entity);
    call.access.authorizeFields('create', kind, entity, changedFields(undefined, data));
    await hooksFor(kind.type).afterWrite?.(hook, entity, undefined);
    return call.access.redact(kind, entity);
  }

  async update(type: string, id: string, body: unknown, ifMatch: string | undefined, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    call.access.authorize('update', kind);
    if (!isPlainObject(body)) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' }] });
    const metadataPatch = isPlainObject(body.metadata) ? { ...body.metadata } : body.metadata;
    const bodyVersion = isPlainObject(metadataPatch) ? metadataPatch.lastUpdatedDateTime : undefined;
    if (isPlainObject(metadataPatch)) delete metadataPatch.lastUpdatedDateTime;
    const patch = { ...body, ...(body.metadata !== undefined ? { metadata: metadataPatch } : {}) };
    rejectReadOnlyMetadata(kind, patch);
    const version = parseVersion(ifMatch, bodyVersion);
    return this.db.transaction().execute(async (trx) => {
      const repository = this.repository(kind, trx);
      const current = await this.loadForWrite(repository, id, version);
      call.access.authorize('update', kind, current);
      const merged = applyMergePatch(writableOf(kind, current), patch);
      const parsed = entitySchema(kind).safeParse(merged);
      if (!parsed.success) throw zodProblem(parsed.error);
      const data = parsed.data as EntityData;
      if (kind.machine && readPath(data, kind.machine.statePath) !== readPath(current, kind.machine.statePath)) {
        throw new Problem('VALIDATION_FAILED', {
          errors: [{ pointer: `/${kind.machine.statePath.replace(/\./g, '/')}`, code: 'stateReadOnly', message: 'Lo stato si cambia con le azioni disponibili' }],
        });
      }
      const hook = this.hookContext(trx, call, kind);
      const stored = await this.prepare(hook, kind, current.id, data, current);
      const updated = await repository.update(current.id, version, { data: stored }, call.identity);
      if (!updated) throw new Problem('VERSION_CONFLICT');
      call.access.authorize('update', kind, updated);
      call.access.authorizeFields('update', kind, current, changedFields(writableOf(kind, current), data));
      await hooksFor(kind.type).afterWrite?.(hook, updated, current);
      return call.access.redact(kind, updated);
    });
  }

  /** Validates and stores new content for an entity already loaded (and locked) in this transaction: used by actions. */
  async replaceWithin(trx: Kysely<DatabaseSchema>, call: CallContext, current: Entity, type: string, content: EntityShape): Promise<Entity> {
    const kind = this.kind(type);
    const parsed = entitySchema(kind).safeParse(writableOf(kind, { ...current, ...content, metadata: { ...current.metadata, ...content.metadata } } as Entity));
    if (!parsed.success) throw zodProblem(parsed.error);
    const hook = this.hookContext(trx, call, kind);
    const stored = await this.prepare(hook, kind, current.id, parsed.data as EntityData, current);
    const updated = await this.repository(kind, trx).update(current.id, current.metadata.lastUpdatedDateTime, { data: stored }, call.identity);
    if (!updated) throw new Problem('VERSION_CONFLICT');
    await hooksFor(kind.type).afterWrite?.(hook, updated, current);
    return updated;
  }

  async remove(type: string, id: string, ifMatch: string | undefined, call: CallContext): Promise<Entity> {
    const kind = this.kind(type);
    call.access.authorize('delete', kind);
    const version = parseVersion(ifMatch, undefined);
    return this.db.transaction().execute(async (trx) => {
      const repository = this.repository(kind, trx);
      const current = await this.loadForWrite(repository, id, version);
      call.access.authorize('delete', kind, current);
      const hook = this.hookContext(trx, call, kind);
      await hooksFor(kind.type).beforeDelete?.(hook, current);
      await this.deleteOwnedAndCheckRelations(trx, kind, current, call);
      const deleted = await repository.update(current.id, version, { isDeleted: true }, call.identity);
      if (!deleted) throw new Problem('VERSION_CONFLICT');
      await hooksFor(kind.type).afterWrite?.(hook, deleted, current);
      return call.access.redact(kind, deleted);
    });
  }

  /** Actions of the kind's state machine that start from the entity's state, with why any is refused now. */
  async actions(type: string, id: string, call: CallContext) {
    const kind = this.kind(type);
    const entity = await this.get(type, id, call);
    const archive = kind.archivable
      ? [entity.metadata.isArchived ? { action: 'restore', label: 'Ripristina' } : { action: 'archive', label: 'Archivia' }].map((a) => ({ ...a, ability: 'update' }))
      : [];
    const custom = Object.entries(hooksFor(type).actions ?? {}).map(([action, { label, ability }]) => ({ action, label, ability }));
    const extra = [...archive, ...custom].map((a) => ({ ...a, to: null as string | null, refusal: null }));
    // `allowed`: whether this caller's role may run it at all (the client disables it otherwise).
    const withPermission = <T extends { ability: string }>(actions: T[]) => actions.map((a) => ({ ...a, allowed: call.access.can(a.ability, kind, entity) }));
    if (!kind.machine) return withPermission(extra);
    const guardContext = await this.guardContext(this.hookContext(this.db, call, kind), kind, entity);
    const state = String(readPath(entity, kind.machine.statePath));
    return withPermission([...availableActions(kind.machine, state, entity as EntityShape, guardContext), ...extra]);
  }

  async runAction(type: string, id: string, action: string, body: unknown, ifMatch: string | undefined, call: CallContext): Promise<ActionResult> {
    const kind = this.kind(type);
    const bodyObject = body === undefined || body === null ? {} : body;
    if (!isPlainObject(bodyObject)) throw new Problem('VALIDATION_FAILED', { errors: [{ pointer: '', code: 'invalidType', message: 'Atteso un oggetto JSON' }] });
    const actions = hooksFor(type).actions;
    const customAction = actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
    const isArchiveAction = kind.archivable && (action === 'archive' || action === 'restore');
    const isTransition = kind.machine?.transitions.some((t) => t.action === action);
    if (!customAction && !isArchiveAction && !isTransition) throw new Problem('ACTION_NOT_FOUND', { message: `Azione sconosciuta: ${action}` });
    const version = parseVersion(ifMatch, bodyObject.lastUpdatedDateTime);
    return this.db.transaction().execute(async (trx) => {
      const repository = this.repository(kind, trx);
      const current = await this.loadForWrite(repository, id, version, { allowArchived: isArchiveAction });
      const hook = this.hookContext(trx, call, kind);
      if (customAction) {
        call.access.authorize(customAction.ability, kind, current);
        const result = await customAction.run(hook, current, bodyObject);
        return { ...result, entity: call.access.redact(kind, result.entity) };
      }
      if (isArchiveAction) {
        call.access.authorize('update', kind, current);
        const archived = action === 'archive';
        if (current.metadata.isArchived === archived) {
          throw new Problem('TRANSITION_NOT_ALLOWED', { message: archived ? 'L’elemento è già archiviato' : 'L’elemento non è archiviato' });
        }
        const updated = await repository.update(current.id, version, { isArchived: archived }, call.identity);
        if (!updated) throw new Problem('VERSION_CONFLICT');
        return { entity: call.access.redact(kind, updated) };
      }
      const machine = kind.machine!;
      // Ability first: someone who may never approve learns nothing about the state from the answer.
      const abilities = [...new Set(machine.transitions.filter((t) => t.action === action).map((t) => t.ability))];
      if (!abilities.some((ability) => call.access.can(ability, kind, current))) call.access.authorize(abilities[0] ?? action, kind, current);
      const state = String(readPath(current, machine.statePath));
      const transition = findTransition(machine, state, action);
      if (!transition) {
        throw new Problem('TRANSITION_NOT_ALLOWED', { message: `Azione «${action}» non consentita nello stato «${state}»`, extensions: { state, action } });
      }
      call.access.authorize(transition.ability, kind, current);
      const refusal = transition.guard?.(current as EntityShape, await this.guardContext(hook, kind, current));
      if (refusal) throw new Problem('TRANSITION_REFUSED', { code: refusal.code, message: refusal.message, extensions: { state, action } });
      let data = writePath(storedOf(current), machine.statePath, transition.to);
      data = (await hooksFor(type).onTransition?.(hook, current, data, transition.action)) ?? data;
      const updated = await repository.update(current.id, version, { data }, call.identity);
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
          const changed = await targetRepository.update(row.id, row.metadata.lastUpdatedDateTime, { data: rowData }, call.identity);
          if (changed) effects.push({ type: target.type, id: row.id, to: effect.toState });
        }
      }
      await hooksFor(type).afterWrite?.(hook, updated, current);
      return { entity: call.access.redact(kind, updated), effects };
    });
  }

  private hookContext(db: Kysely<DatabaseSchema>, call: CallContext, kind: KindDefinition): HookContext {
    return {
      db,
      call,
      kind,
      today: this.today(),
      maxDiscountPercent: this.options.maxDiscountPercent,
      repository: (type: string) => this.repository(this.kind(type), db),
      service: this,
    };
  }

  private async guardContext(hook: HookContext, kind: KindDefinition, entity: Entity): Promise<GuardContext> {
    const extra = await hooksFor(kind.type).guardContext?.(hook, entity);
    return { today: hook.today, maxDiscountPercent: this.options.maxDiscountPercent, ...extra };
  }

  private async loadForWrite(repository: EntityRepository, id: string, version: string, options: { allowArchived?: boolean } = {}): Promise<Entity> {
    const current = await repository.findById(checkId(id), { forUpdate: true });
    if (!current) throw new Problem('NOT_FOUND');
    if (current.metadata.isDeleted) throw new Problem('ENTITY_DELETED');
    if (current.metadata.lastUpdatedDateTime !== version) {
      throw new Problem('VERSION_CONFLICT', { extensions: { currentVersion: current.metadata.lastUpdatedDateTime } });
    }
    if (current.metadata.isArchived && !options.allowArchived) throw new Problem('ENTITY_ARCHIVED');
    return current;
  }

  /** Derived metadata, kind hooks (uniqueness, lookups) and reference checks: what gets stored. */
  private async prepare(hook: HookContext, kind: KindDefinition, id: string, data: EntityData, previous: Entity | undefined): Promise<EntityData> {
    const carried = previous ? carriedMetadata(kind, previous) : {};
    let stored: EntityData = lowercaseReferences(kind, data);
    stored = { ...stored, metadata: { ...carried, ...stored.metadata, ...kind.derivedMetadata?.(stored as EntityShape) } };
    stored = (await hooksFor(kind.type).beforeWrite?.(hook, stored, previous, id)) ?? stored;
    await this.checkReferences(hook.db, kind, id, stored);
    return stored;
  }

  /** Every id the write names (list items included, see reference-check.ts) must be a live record of its kind. */
  private async checkReferences(db: Kysely<DatabaseSchema>, kind: KindDefinition, id: string, data: EntityData): Promise<void> {
    const { wanted, errors } = referencedIds(kind, id, data);
    for (const [target, refs] of wanted) {
      const targetKind = findKind(target);
      if (!targetKind) continue;
      const existing = await this.repository(targetKind, db).existingIds([...new Set(refs.map((r) => r.id.toLowerCase()))]);
      errors.push(...missingReferenceErrors(targetKind, refs, existing));
    }
    if (errors.length > 0) {
      const priceList = errors.find((e) => e.code === 'PRICE_LIST_NOT_FOUND');
      throw new Problem('VALIDATION_FAILED', priceList ? { errors, code: priceList.code, message: priceList.message } : { errors });
    }
  }

  /** Owned rows (a quotation's products) go with their owner; any other live reference blocks the delete. */
  private async deleteOwnedAndCheckRelations(db: Kysely<DatabaseSchema>, kind: KindDefinition, entity: Entity, call: CallContext): Promise<void> {
    const relations: { type: string; label: string; count: number }[] = [];
    for (const other of kindList) {
      for (const [path, reference] of Object.entries(other.references)) {
        if (reference.target !== kind.type) continue;
        const repository = this.repository(other, db);
        if (reference.owned) {
          await repository.softDeleteReferencing(path, entity.id, reference.many ?? false, call.identity);
          continue;
        }
        const count = await repository.countReferencing(path, entity.id, reference.many ?? false);
        if (count > 0) {
          const existing = relations.find((r) => r.type === other.type);
          if (existing) existing.count += count;
          else relations.push({ type: other.type, label: other.label.plural, count });
        }
      }
    }
    if (relations.length > 0) {
      throw new Problem('ENTITY_RELATIONS_FOUND', {
        message: `Esistono relazioni con l’elemento: ${relations.map((r) => `${r.label} (${r.count})`).join(', ')}`,
        extensions: { relations },
      });
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
  for (const path of Object.keys(kind.references)) {
    const value = readPath(result, path);
    if (typeof value === 'string') result = writePath(result, path, value.toLowerCase());
    else if (Array.isArray(value)) result = writePath(result, path, value.map((v) => (typeof v === 'string' ? v.toLowerCase() : v)));
  }
  return result;
}

function checkId(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new Problem('NOT_FOUND');
  return id.toLowerCase();
}

/** Common and derived metadata are the server's: a client naming them gets a clear field error. */
function rejectReadOnlyMetadata(kind: KindDefinition, body: Record<string, unknown>): void {
  if (!isPlainObject(body.metadata)) return;
  const writable = new Set(Object.keys(kind.metadata.shape));
  const errors = Object.keys(body.metadata)
    .filter((key) => !writable.has(key) && (COMMON_METADATA_KEYS.includes(key as never) || key === 'displayName' || key === 'cascadedBy' || key.endsWith('ByImpersonator')))
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
export function storedOf(entity: Entity): EntityData {
  return {
    attributes: entity.attributes,
    metadata: Object.fromEntries(Object.entries(entity.metadata).filter(([key]) => !COMMON_METADATA_KEYS.includes(key as never))),
    relationships: entity.relationships,
  };
}
