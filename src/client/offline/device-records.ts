/**
 * The device's part of the records data path (issue 25): what a field user's screens read and write
 * when the server cannot be reached, over the user's offline store and outbox. The records layer
 * (src/client/data/records.ts) calls it while it is installed (`installDeviceRecords`, by the offline
 * runtime), so the intervention's screens keep their one data path and work the same offline:
 *
 * - **Reads**: online, the server's answer with what the device still has to send on top (its queued
 *   edits, its unsent records that match the list, the state its queued actions lead to); offline
 *   (or the request fails to reach the server), the device's copy answers the same list query
 *   (local-query.ts), or the read fails as before when the device holds nothing of that kind.
 * - **Writes** of the field kinds (`FIELD_WRITE_TYPES`): online and with nothing queued they go to
 *   the server at once, as before, so a refusal is shown where it happened — sent with an
 *   `Idempotency-Key` and, for a new record, under its own id (`PUT … If-None-Match: *`). Offline,
 *   behind earlier unsent changes, or when the answer never came, the same request is written on the
 *   device and queued under the same key: the outbox sends it when it can, and the server replays a
 *   write it had already committed instead of making it twice.
 */
import { versionOf, type Entity, type EntityJson } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { findTransition } from '../../domain/machine.ts';
import { applyMergePatch } from '../../domain/merge-patch.ts';
import { readPath } from '../../domain/kind.ts';
import type { ActionResult, ListParams, ListResult } from '../../domain/records.ts';
import { ApiProblem } from '../api/http.ts';
import type { DeviceRecords, OnlineWrite, ServerAction } from '../data/records.ts';
import type { OutboxEntry, StoredRecord } from './db.ts';
import { answerLocally, localMatcher } from './local-query.ts';
import type { Outbox } from './outbox.ts';

/** What a technician changes in the field: the intervention, its activities, the checks, the anomalies, and its proposed corrections of equipment data (never the equipment itself). */
export const FIELD_WRITE_TYPES: ReadonlySet<string> = new Set(['assignments', 'assignmentActivities', 'checks', 'anomalies', 'equipmentChangeRequests']);

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The server could not be reached, or did not answer in time: the write may or may not have been made. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiProblem && error.status === 0;
}

export interface DeviceRecordsOptions {
  /** Whether the browser says it is online (tests pass their own). */
  online?: () => boolean;
  newId?: () => string;
  now?: () => number;
}

/** The ids a record's relationships name (to send a record after the unsent ones it points at). */
function referencedIds(sections: { relationships?: unknown }): string[] {
  const relationships = isMap(sections.relationships) ? sections.relationships : {};
  return Object.values(relationships).flatMap((value) => (typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []));
}

export function createDeviceRecords(outbox: Outbox, options: DeviceRecordsOptions = {}): DeviceRecords {
  const { db } = outbox;
  const online = options.online ?? (() => globalThis.navigator?.onLine !== false);
  const newId = options.newId ?? (() => crypto.randomUUID());
  const now = options.now ?? (() => Date.now());

  const entriesOf = (type: string, id: string) => db.outbox.where('[type+recordId]').equals([type, id]).sortBy('seq');

  /** A stored record as the screens read it: the local view, the state its queued actions lead to, and `unsent` while it has entries. */
  function entityOf(stored: StoredRecord, entries: readonly OutboxEntry[]): Entity {
    const machine = findKind(stored.type)?.machine;
    let attributes = stored.attributes;
    if (machine) {
      const statePath = machine.statePath.replace(/^attributes\./, '');
      let state = String(readPath({ attributes }, machine.statePath) ?? machine.initial);
      for (const entry of entries) {
        if (entry.kind !== 'action' || !entry.action) continue;
        state = findTransition(machine, state, entry.action)?.to ?? state;
      }
      if (!statePath.includes('.')) attributes = { ...attributes, [statePath]: state };
    }
    const at = new Date(now()).toISOString();
    return {
      id: stored.id,
      attributes,
      relationships: stored.relationships,
      metadata: {
        createdDateTime: stored.updatedAt ?? at,
        deletedDateTime: null,
        createdBy: null,
        lastUpdatedBy: null,
        deletedBy: null,
        isDeleted: false,
        isArchived: false,
        ...stored.metadata,
        lastUpdatedDateTime: stored.version ?? '',
        // How many changes wait, and the last one: a screen holding this record takes each local step as news.
        // (domain/entity.ts DEVICE_METADATA_KEYS: the forms leave them out.)
        ...(entries.length > 0 ? { unsent: entries.length, localSeq: entries.at(-1)!.seq ?? entries.length } : {}),
      },
    } as Entity;
  }

  async function localEntity(type: string, id: string): Promise<Entity | undefined> {
    const stored = await outbox.local(type, id);
    return stored ? entityOf(stored, await entriesOf(type, id)) : undefined;
  }

  /** A record the server answered, with the device's unsent changes on top (as it is unless the device has some). */
  async function overlay(type: string, entity: Entity): Promise<Entity> {
    const entries = await entriesOf(type, entity.id);
    if (entries.length === 0) {
      // Kept fresh: a record the device holds for offline use takes the server's newer answer.
      const stored = await outbox.local(type, entity.id);
      if (stored && stored.version !== versionOf(entity)) await outbox.prime(type, entity);
      return entity;
    }
    const stored = await outbox.local(type, entity.id);
    return stored ? entityOf(stored, entries) : entity;
  }

  /** The device's records of `type` (unsent ones included), as the screens read them. */
  async function allOf(type: string): Promise<Entity[]> {
    const stored = await db.records.where('type').equals(type).toArray();
    const entries = await db.outbox.where('[type+recordId]').between([type, ''], [type, '\uffff']).toArray();
    const byRecord = new Map<string, OutboxEntry[]>();
    for (const entry of entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) byRecord.set(entry.recordId, [...(byRecord.get(entry.recordId) ?? []), entry]);
    return stored.map((row) => entityOf(row, byRecord.get(row.id) ?? []));
  }

  /** The outbox entries a new write must follow: the record's own, and those of the unsent records it points at. */
  async function dependenciesOf(sections: { relationships?: unknown }): Promise<string[]> {
    const ids = new Set(referencedIds(sections).map((id) => id.toLowerCase()));
    if (ids.size === 0) return [];
    const entries = await db.outbox.toArray();
    return entries.filter((entry) => entry.kind === 'create' && ids.has(entry.recordId.toLowerCase())).map((entry) => entry.id);
  }

  /**
   * Every entry still queued: a state change goes after all of them, since the server judges it on what
   * was recorded before (an intervention is closed once its checks are in; the queue drains records in
   * parallel, and a close sent ahead of its checks was refused for controls still open).
   */
  async function everythingQueued(): Promise<string[]> {
    return (await db.outbox.toArray()).map((entry) => entry.id);
  }

  /** Whether a write must wait on the device: offline, or unsent changes are queued (it goes after them). */
  async function mustQueue(): Promise<boolean> {
    return !online() || (await db.outbox.count()) > 0;
  }

  const kick = () => {
    if (online()) void outbox.drain().catch(() => undefined);
  };

  /** Online first; queued under the same key when offline, behind unsent work, or when the answer was lost. */
  async function route<T>(write: OnlineWrite<T>, queue: (idempotencyKey: string) => Promise<T>, afterOnline: (result: T) => Promise<void>): Promise<{ result: T; queued: boolean }> {
    const idempotencyKey = newId();
    if (!(await mustQueue())) {
      try {
        const result = await write(idempotencyKey);
        await afterOnline(result);
        return { result, queued: false };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
      }
    }
    const result = await queue(idempotencyKey);
    kick();
    return { result, queued: true };
  }

  /** The device must hold a record before it is changed there: the screen's copy (the server's answer) is kept. */
  async function ensureStored(type: string, entity: EntityJson): Promise<void> {
    if (await outbox.local(type, entity.id)) return;
    if (!versionOf(entity)) throw new Error(`${type}/${entity.id} is not on this device`);
    await outbox.prime(type, entity as Entity);
  }

  return {
    handles: (type) => FIELD_WRITE_TYPES.has(type),
    online,

    async list(type: string, params: ListParams = {}): Promise<ListResult | undefined> {
      const entities = await allOf(type);
      if (entities.length === 0 && !FIELD_WRITE_TYPES.has(type)) return undefined;
      return answerLocally(type, entities, params);
    },

    get: (type, id) => localEntity(type, id),

    async actions(type, id): Promise<ServerAction[] | undefined> {
      const machine = findKind(type)?.machine;
      const entity = await localEntity(type, id);
      if (!machine || !entity) return undefined;
      const state = String(readPath(entity, machine.statePath) ?? machine.initial);
      // Offline the guards cannot be read: every transition of the state is offered, and the server decides when it is sent.
      return machine.transitions.filter((transition) => transition.from.includes(state)).map((transition) => ({ action: transition.action, label: transition.label, to: transition.to, allowed: true }));
    },

    async overlayList(type, params, answer) {
      if (!FIELD_WRITE_TYPES.has(type)) return answer;
      const data = await Promise.all(answer.data.map((entity) => overlay(type, entity)));
      const answered = new Set(data.map((entity) => entity.id));
      const matches = localMatcher(type, params);
      // Records made on this device and not sent yet belong to the lists they match.
      const unsent = matches ? (await allOf(type)).filter((entity) => !versionOf(entity) && !answered.has(entity.id) && matches(entity)) : [];
      if (unsent.length === 0 && data.every((entity, i) => entity === answer.data[i])) return answer;
      return { ...answer, data: [...data, ...unsent], meta: { ...answer.meta, total: answer.meta.total + unsent.length } };
    },

    overlayOne: (type, entity) => (FIELD_WRITE_TYPES.has(type) ? overlay(type, entity) : Promise.resolve(entity)),

    async create(type, raw, write) {
      const body = isMap(raw) ? raw : {};
      const id = typeof body.id === 'string' && body.id ? body.id : newId();
      const sections = { attributes: isMap(body.attributes) ? body.attributes : {}, relationships: isMap(body.relationships) ? body.relationships : {} };
      // The same body online and queued: a retry under the same key must be the same request.
      return route<Entity>(
        (key) => write(id, key, sections),
        async (idempotencyKey) => {
          await outbox.enqueueCreate(type, id, sections, { dependsOn: await dependenciesOf(sections), idempotencyKey });
          return (await localEntity(type, id))!;
        },
        (created) => outbox.prime(type, created),
      );
    },

    async update(type, entity, patch, write) {
      return route<Entity>(
        write,
        // A fresh key: the queued patch is the difference from the device's view, which may not be the
        // body first sent; if that one was applied after all, the queued one finds a newer version and
        // merges (the same values again change nothing).
        async () => {
          await ensureStored(type, entity);
          const stored = (await outbox.local(type, entity.id))!;
          const after = applyMergePatch({ attributes: stored.attributes, relationships: stored.relationships }, { attributes: patch.attributes, relationships: patch.relationships });
          await outbox.enqueueEdit(type, entity.id, after, { dependsOn: await dependenciesOf(isMap(patch) ? patch : {}) });
          return (await localEntity(type, entity.id))!;
        },
        async (updated) => {
          if (await outbox.local(type, updated.id)) await outbox.prime(type, updated);
        },
      );
    },

    async runAction(type, entity, action, body, write) {
      return route<ActionResult>(
        write,
        async (idempotencyKey) => {
          await ensureStored(type, entity);
          await outbox.enqueueAction(type, entity.id, action, isMap(body) ? (body as Record<string, never>) : {}, { idempotencyKey, dependsOn: await everythingQueued() });
          return { data: (await localEntity(type, entity.id))!, created: false, effects: [] };
        },
        async (result) => {
          if (!result.created && (await outbox.local(type, result.data.id))) await outbox.prime(type, result.data);
        },
      );
    },
  };
}
