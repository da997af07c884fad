/**
 * The client's one data path for records (DESIGN §6.11): the only code that builds `/api/{type}…`
 * URLs for records. Every write sends the version it was based on (`If-Match`) and then invalidates
 * what it touched: the record, the lists of its type, and the records and lists the server names in
 * `meta.effects` (an assignment closed with its activities). The react-query keys live here too, so
 * every screen caches a record or a list under the key the invalidation reaches.
 */
import type { QueryClient } from '@tanstack/react-query';
import { versionOf, type Entity, type EntityJson } from '../../domain/entity.ts';
import { IDEMPOTENCY_KEY_HEADER, type ActionEffect, type ActionResult, type HistoryEntry, type ListParams, type ListResult, type RecordsProvider, type WriteOptions } from '../../domain/records.ts';
import { ApiProblem, type ApiClient } from '../api/http.ts';
import { showProblemAlert } from '../api/problem-alert.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { intl } from '../i18n/index.ts';
import type { AggregateResult } from '../../domain/aggregate.ts';
import { api } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';

/** One action as `GET /api/{type}/{id}/actions` lists it (what the server allows for this version). */
export interface ServerAction {
  action: string;
  label?: string;
  to?: string;
  allowed?: boolean;
  refusal?: { code: string; message: string } | null;
}

/** Options of a read. */
export interface ReadOptions {
  /** No SPEC §8 alert when it fails (a search that tries several kinds and keeps what answers). */
  silent?: boolean;
}

/** The provider of the contract plus what only the client needs (the server's view of the actions). */
export interface ClientRecords extends RecordsProvider {
  list(type: string, params?: ListParams, signal?: AbortSignal, options?: ReadOptions): Promise<ListResult>;
  /** One record; `silent`: the screen that asked says why it failed (a record page's refusal), no alert. */
  get(type: string, id: string, signal?: AbortSignal, options?: ReadOptions): Promise<Entity>;
  actions(type: string, id: string, signal?: AbortSignal): Promise<ServerAction[]>;
  /**
   * Counts and sums of a list by group (`GET /api/{type}/aggregate`, issue 23): the list query plus
   * `group`, `sum`, `sort`, `limit`; the server's read rule decides which rows count.
   */
  aggregate(type: string, params: ListParams, signal?: AbortSignal): Promise<AggregateResult>;
  /**
   * The list as a file (`Accept: text/csv` or the `.xlsx` type, issue 27): the answer with its body
   * unread, so the caller reads it as it streams (progress) and may abort it. A refusal is thrown as
   * the API's problem, without an alert: the export dialog says it.
   */
  exportList(type: string, params: ListParams, mediaType: string, signal?: AbortSignal): Promise<Response>;
  /**
   * A server operation that creates a record of `type` together with others in one transaction
   * (`POST /api/{type}/{operation}`, the order wizard), once per `idempotencyKey`: sending it again
   * (a second click, a retry after a lost answer) answers the first result. Refreshes what it wrote.
   */
  createOnce(type: string, operation: string, body: unknown, idempotencyKey: string, options?: WriteOptions): Promise<CompoundCreation>;
  /** A read-only resource of one record (`GET /api/{type}/{id}/{resource}`, e.g. a customer's `price` of a product). */
  related<T>(type: string, id: string, resource: string, query?: ListParams, signal?: AbortSignal): Promise<T>;
  /**
   * Replaces a set of rows owned by the record together with the record, in one write checked against
   * its version (`PUT /api/{type}/{id}/{resource}` with If-Match, e.g. a quotation's `lines`).
   * Refreshes the record and the types of the rows it answers.
   */
  replaceRelated(type: string, entity: EntityJson, resource: string, body: unknown, options?: WriteOptions): Promise<CompoundCreation>;
}

/** What `createOnce` answers: the record made and the other records written with it. */
export interface CompoundCreation {
  data: Entity;
  included: (Entity & { type: string })[];
}

// Keys are nested so one prefix reaches everything under it: `recordKey` also covers the record's
// history and actions; `typeKey` every record and list of a type.
export const typeKey = (type: string) => ['records', type] as const;
export const recordKey = (type: string, id: string) => ['records', type, 'one', id] as const;
export const historyKey = (type: string, id: string) => ['records', type, 'one', id, 'history'] as const;
export const actionsKey = (type: string, id: string, version: string) => ['records', type, 'one', id, 'actions', version] as const;
/** Lists of a type; with `params`, one list query (a grid page, a dashboard count, a picker search). */
export function listKey(type: string, params?: ListParams): readonly unknown[] {
  return params === undefined ? ['records', type, 'list'] : ['records', type, 'list', params];
}

// Versions this tab wrote (type/id@version), so the live stream skips the echo of its own writes.
const ownWrites = new Set<string>();
const writeKey = (type: string, id: string, version: string) => `${type}/${id}@${version}`;

function rememberOwnWrite(type: string, entity: Entity): void {
  ownWrites.add(writeKey(type, entity.id, versionOf(entity)));
  // Only the latest ones matter: an echo arrives within seconds.
  if (ownWrites.size > 200) ownWrites.delete(ownWrites.values().next().value as string);
}

/** Whether this tab made the write a change notice reports. */
export function isOwnWrite(type: string, id: string, version: string): boolean {
  return ownWrites.has(writeKey(type, id, version));
}

/**
 * After a write: the record (and its history and actions), the lists of its type, and for each
 * effect that record and the lists of its type. `fresh` is the answer of the write: stored in the
 * cache at once, so the screen that wrote does not fetch what it already holds.
 */
export async function invalidateAfterWrite(
  type: string,
  id: string,
  effects: readonly Pick<ActionEffect, 'type' | 'id'>[] = [],
  fresh?: Entity,
  client: QueryClient = queryClient,
): Promise<void> {
  const exact = fresh ? recordKey(type, fresh.id) : undefined;
  if (fresh && exact) {
    client.setQueryData(exact, fresh);
    rememberOwnWrite(type, fresh);
  }
  const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => part === b[i]);
  const touched = new Map<string, Set<string>>();
  const add = (t: string, i: string) => touched.set(t, (touched.get(t) ?? new Set()).add(i));
  add(type, id);
  if (fresh && fresh.id !== id) add(type, fresh.id);
  for (const effect of effects) add(effect.type, effect.id);
  const jobs: Promise<void>[] = [];
  for (const [t, ids] of touched) {
    jobs.push(client.invalidateQueries({ queryKey: listKey(t) }));
    for (const i of ids) {
      jobs.push(client.invalidateQueries({
        queryKey: recordKey(t, i),
        // The record itself was just answered: its history and actions change, its data is `fresh`.
        predicate: exact ? (query) => !sameKey(query.queryKey, exact) : undefined,
      }));
    }
  }
  await Promise.all(jobs);
}

interface One { data: Entity }
interface ActionAnswer { data: Entity; meta?: { effects?: ActionEffect[]; notice?: unknown; createdType?: string } }

/** How many superseded versions of one record a tab remembers having written over (see `ownSequence`). */
const REMEMBERED_OWN_VERSIONS = 20;

/**
 * SPEC §8: what failed, in words, as the title of the alert of a failed call: the kind's own sentence
 * where the SPEC names one (an employee's creation, a quotation line's removal), else the operation's.
 */
const KIND_FAILURES: Readonly<Record<string, Partial<Record<'list' | 'create' | 'update' | 'remove', string>>>> = {
  employees: { list: 'problems.employeeFetchError', create: 'problems.employeeCreateError', remove: 'problems.employeeRemoveError' },
  quotationProducts: { remove: 'problems.productRemoveError' },
  assignments: { create: 'problems.assignmentCreateError' },
};
const OPERATION_FAILURES = { create: 'problems.saveError', update: 'problems.saveError', remove: 'problems.deleteError' } as const;

export function failureOf(type: string, operation: 'list' | 'create' | 'update' | 'remove'): string | undefined {
  return KIND_FAILURES[type]?.[operation] ?? (operation === 'list' ? undefined : OPERATION_FAILURES[operation]);
}

/**
 * SPEC §8 «Errore durante la rimozione del prodotto»: the failure of a save that drops products the
 * stored record had (a quotation's product lines, a price list's products), given the products
 * stored and those the draft keeps; undefined when none is dropped (the save's usual failure).
 */
export function productRemovalFailure(stored: readonly string[], kept: readonly string[]): string | undefined {
  const keeps = new Set(kept);
  return stored.some((product) => !keeps.has(product)) ? 'problems.productRemoveError' : undefined;
}

/** A write sent to the server under an idempotency key (and, for a new record, under its own id). */
export type OnlineWrite<T> = (idempotencyKey: string) => Promise<T>;

/**
 * The device's copy of a field user's work (issue 25, src/client/offline/device-records.ts), installed
 * by the offline runtime while it runs: reads fall back on it when the server cannot be reached and
 * show its unsent changes on top of the server's answer; writes of the kinds it `handles` go online
 * first and are queued on the device when they cannot be sent (offline, behind unsent changes, an
 * answer lost). Loaded lazily, so the first load does not carry the offline store.
 */
export interface DeviceRecords {
  handles(type: string): boolean;
  online(): boolean;
  list(type: string, params?: ListParams): Promise<ListResult | undefined>;
  get(type: string, id: string): Promise<Entity | undefined>;
  actions(type: string, id: string): Promise<ServerAction[] | undefined>;
  overlayList(type: string, params: ListParams, answer: ListResult): Promise<ListResult>;
  overlayOne(type: string, entity: Entity): Promise<Entity>;
  create(type: string, body: unknown, write: (id: string, idempotencyKey: string, body: { attributes: unknown; relationships: unknown }) => Promise<Entity>): Promise<{ result: Entity; queued: boolean }>;
  update(type: string, entity: EntityJson, patch: { attributes?: unknown; relationships?: unknown }, write: OnlineWrite<Entity>): Promise<{ result: Entity; queued: boolean }>;
  runAction(type: string, entity: EntityJson, action: string, body: unknown, write: OnlineWrite<ActionResult>): Promise<{ result: ActionResult; queued: boolean }>;
}

let device: DeviceRecords | null = null;
let deviceStarting: Promise<DeviceRecords | null> | null = null;

/**
 * Installs (or, with null, removes) the device's part of the data path. A promise may be given while
 * the store opens: offline reads wait for it instead of failing first. Queries that failed for want
 * of a network are read again through it.
 */
export function installDeviceRecords(next: DeviceRecords | null | Promise<DeviceRecords | null>, client: QueryClient = queryClient): void {
  if (next instanceof Promise) {
    deviceStarting = next;
    void next.then((ready) => {
      if (deviceStarting === next) installDeviceRecords(ready, client);
    }, () => {
      if (deviceStarting === next) installDeviceRecords(null, client);
    });
    return;
  }
  deviceStarting = null;
  device = next;
  if (next) void client.refetchQueries({ predicate: (query) => query.state.status === 'error' && query.queryKey[0] === 'records' });
}

/**
 * The device's part is on its way (a field user's start without a network): until `starting` settles,
 * reads wait for it instead of going to the network first and failing — the first screen's read can
 * come before the offline runtime's chunk has opened the store.
 */
export function expectDeviceRecords(starting: Promise<unknown>, client: QueryClient = queryClient): void {
  if (device || deviceStarting) return;
  installDeviceRecords(starting.then(() => device, () => null), client);
}

/** Whether the device's part is installed or on its way: reads may then be answered by the device, not the server. */
export function deviceRecordsInUse(): boolean {
  return device !== null || deviceStarting !== null;
}

/** A list the device answered: its total is what the device keeps (a figure says so, SPEC: no estimate shown as exact). */
const answeredOnDevice = (answer: ListResult): ListResult => ({ ...answer, meta: { ...answer.meta, onDevice: true } });

/** The device's part when the browser is offline (waiting for it while it opens), else null. */
async function offlineDevice(): Promise<DeviceRecords | null> {
  const current = device ?? (deviceStarting ? await deviceStarting.catch(() => null) : null);
  return current && !current.online() ? current : null;
}

const unreachable = (error: unknown) => error instanceof ApiProblem && error.status === 0;

/** A provider over an HTTP client and a query cache (the app's singletons by default; tests pass their own). */
export function createRecordsProvider(http: ApiClient = api, client: QueryClient = queryClient): ClientRecords {
  const write = (options?: WriteOptions) => ({ ...(options?.silent ? { silent: true } : {}), ...(options?.failure ? { failure: options.failure } : {}) });
  const failing = (type: string, operation: 'list' | 'create' | 'update' | 'remove') => {
    const failure = failureOf(type, operation);
    return failure ? { failure } : {};
  };
  /**
   * Writes to one record from this tab run one after the other, and a write whose base is a version
   * this tab itself wrote over is sent on the version that write answered: a second action pressed
   * before the first answer reached the screen (two deliveries in a row) is not a conflict with
   * oneself. A version someone else wrote is never replaced: that conflict still answers 409.
   */
  const sequences = new Map<string, { tail: Promise<void>; superseded: string[]; latest?: EntityJson }>();
  const ownSequence = <E extends EntityJson, T>(type: string, entity: E, send: (base: E) => Promise<{ result: T; fresh?: EntityJson }>): Promise<T> => {
    const key = `${type}/${entity.id}`;
    const sequence = sequences.get(key) ?? { tail: Promise.resolve(), superseded: [] };
    sequences.set(key, sequence);
    const run = sequence.tail.then(async () => {
      // Only while the cache still holds that answer: a newer version from anyone else means a real conflict.
      const cached = client.getQueryData<EntityJson>(recordKey(type, entity.id));
      const own = sequence.latest && sequence.superseded.includes(versionOf(entity)) && cached && versionOf(cached) === versionOf(sequence.latest);
      const base = own ? (sequence.latest as E) : entity;
      const { result, fresh } = await send(base);
      if (fresh?.id === entity.id) {
        sequence.superseded = [versionOf(base), ...sequence.superseded].slice(0, REMEMBERED_OWN_VERSIONS);
        sequence.latest = fresh;
      }
      return result;
    });
    sequence.tail = run.then(() => undefined, () => undefined);
    return run;
  };
  const runActionOn = async (type: string, entity: EntityJson, action: string, body: unknown, options?: WriteOptions, idempotencyKey?: string): Promise<ActionResult> => {
    const answer = await http.post<ActionAnswer>('/{type}/{id}/actions/{action}', body, {
      params: { type, id: entity.id, action },
      ifMatch: versionOf(entity),
      ...(idempotencyKey ? { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }, quietWhenUnreachable: true } : {}),
      ...write(options),
    });
    const effects = answer.meta?.effects ?? [];
    // A copy (duplicate, revision) answers a record with another id: the caller opens it.
    const result: ActionResult = { data: answer.data, created: answer.data.id !== entity.id, effects };
    if (typeof answer.meta?.notice === 'string') result.notice = answer.meta.notice;
    if (result.created) {
      // A record of another kind (a quotation's order) when the answer says so (the action's declaration, on the server).
      const createdType = answer.meta?.createdType ?? type;
      client.setQueryData(recordKey(createdType, answer.data.id), answer.data);
      rememberOwnWrite(createdType, answer.data);
      await invalidateAfterWrite(type, entity.id, [...effects, { type: createdType, id: answer.data.id }], undefined, client);
    } else {
      await invalidateAfterWrite(type, entity.id, effects, answer.data, client);
    }
    return result;
  };
  /** A write kept on the device: the screens show it at once, and lists of its kind are read again (with it on top). */
  const afterQueued = async (type: string, entity: Entity) => {
    client.setQueryData(recordKey(type, entity.id), entity);
    await client.invalidateQueries({ queryKey: listKey(type) });
    await client.invalidateQueries({ queryKey: recordKey(type, entity.id), predicate: (query) => query.queryKey.length > 4 });
    pushAlert({ id: 'offline-queued', type: 'info', content: intl.formatMessage({ id: 'records.savedOnDevice' }) });
  };
  return {
    async list(type, params = {}, signal, options) {
      const offline = await offlineDevice();
      const local = offline ? await offline.list(type, params) : undefined;
      if (local) return answeredOnDevice(local);
      const onDevice = device;
      try {
        const answer = await http.get<ListResult>('/{type}', { params: { type }, query: params, signal, ...failing(type, 'list'), ...write(options), ...(onDevice ? { quietWhenUnreachable: true } : {}) });
        return onDevice ? await onDevice.overlayList(type, params, answer) : answer;
      } catch (error) {
        const fallback = onDevice && unreachable(error) ? await onDevice.list(type, params) : undefined;
        if (fallback) return answeredOnDevice(fallback);
        if (onDevice && unreachable(error) && !options?.silent) showProblemAlert(error as ApiProblem, failureOf(type, 'list'));
        throw error;
      }
    },

    async exportList(type, params, mediaType, signal) {
      return http.get<Response>('/{type}', { params: { type }, query: params, signal, silent: true, raw: true, headers: { Accept: `${mediaType}, application/problem+json` } });
    },

    async aggregate(type, params, signal) {
      return http.get<AggregateResult>('/{type}/aggregate', { params: { type }, query: params, signal, ...failing(type, 'list') });
    },

    async get(type, id, signal, options) {
      const offline = await offlineDevice();
      const local = offline ? await offline.get(type, id) : undefined;
      if (local) return local;
      const onDevice = device;
      try {
        const { data } = await http.get<One>('/{type}/{id}', { params: { type, id }, signal, ...(options?.silent ? { silent: true } : {}), ...(onDevice ? { quietWhenUnreachable: true } : {}) });
        return onDevice ? await onDevice.overlayOne(type, data) : data;
      } catch (error) {
        const fallback = onDevice && unreachable(error) ? await onDevice.get(type, id) : undefined;
        if (fallback) return fallback;
        if (onDevice && unreachable(error) && !options?.silent) showProblemAlert(error as ApiProblem);
        throw error;
      }
    },

    async create(type, body, options) {
      const onDevice = device?.handles(type) ? device : null;
      if (onDevice) {
        // A field record is made under its own id, so a retry or the queue can never make it twice.
        const { result, queued } = await onDevice.create(type, body, async (id, key, sections) =>
          (await http.put<One>('/{type}/{id}', sections, {
            params: { type, id },
            headers: { [IDEMPOTENCY_KEY_HEADER]: key, 'If-None-Match': '*' },
            quietWhenUnreachable: true,
            ...failing(type, 'create'),
            ...write(options),
          })).data);
        if (queued) await afterQueued(type, result);
        else await invalidateAfterWrite(type, result.id, [], result, client);
        return result;
      }
      const { data } = await http.post<One>('/{type}', body, { params: { type }, ...failing(type, 'create'), ...write(options) });
      await invalidateAfterWrite(type, data.id, [], data, client);
      return data;
    },

    update(type, entity, patch, options) {
      return ownSequence(type, entity, async (base) => {
        const send = async (key?: string) => (await http.patch<One>('/{type}/{id}', patch, {
          params: { type, id: base.id },
          ifMatch: versionOf(base),
          ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key }, quietWhenUnreachable: true } : {}),
          ...failing(type, 'update'),
          ...write(options),
        })).data;
        const onDevice = device?.handles(type) ? device : null;
        if (onDevice) {
          const { result, queued } = await onDevice.update(type, base, patch as { attributes?: unknown; relationships?: unknown }, send);
          if (queued) await afterQueued(type, result);
          else await invalidateAfterWrite(type, base.id, [], result, client);
          return { result, fresh: result };
        }
        const data = await send();
        await invalidateAfterWrite(type, base.id, [], data, client);
        return { result: data, fresh: data };
      });
    },

    remove(type, entity, options) {
      return ownSequence(type, entity, async (base) => {
        const { data } = await http.delete<One>('/{type}/{id}', { params: { type, id: base.id }, ifMatch: versionOf(base), ...failing(type, 'remove'), ...write(options) });
        await invalidateAfterWrite(type, base.id, [], data, client);
        return { result: data, fresh: data };
      });
    },

    runAction(type, entity, action, body, options) {
      return ownSequence(type, entity, async (base) => {
        const onDevice = device?.handles(type) ? device : null;
        if (onDevice) {
          // A field kind's actions are its transitions: each carries when the user made it, the same body
          // online and from the queue (the server dates the intervention's start and end by it).
          const stamped = { ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}), performedDateTime: new Date().toISOString() };
          const { result, queued } = await onDevice.runAction(type, base, action, stamped, (key) => runActionOn(type, base, action, stamped, options, key));
          if (queued) await afterQueued(type, result.data);
          return { result, fresh: result.created ? undefined : result.data };
        }
        const result = await runActionOn(type, base, action, body, options);
        return { result, fresh: result.created ? undefined : result.data };
      });
    },

    issueDocument(type, entity, options) {
      return ownSequence(type, entity, async (base) => {
        const answer = await http.post<{ data: Entity; meta?: { reused?: boolean } }>('/{type}/{id}/document', {}, { params: { type, id: base.id }, ifMatch: versionOf(base), ...write(options) });
        await invalidateAfterWrite(type, base.id, [{ type: 'media', id: answer.data.id }], undefined, client);
        return { result: { data: answer.data, reused: answer.meta?.reused === true } };
      });
    },

    async createOnce(type, operation, body, idempotencyKey, options) {
      const answer = await http.post<Partial<CompoundCreation> & { data: Entity }>('/{type}/{operation}', body, {
        params: { type, operation },
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        ...write(options),
      });
      const included = answer.included ?? [];
      await invalidateAfterWrite(type, answer.data.id, included.map((entity) => ({ type: entity.type, id: entity.id })), answer.data, client);
      return { data: answer.data, included };
    },

    async related<T>(type: string, id: string, resource: string, query: ListParams = {}, signal?: AbortSignal) {
      return http.get<T>('/{type}/{id}/{resource}', { params: { type, id, resource }, query, signal });
    },

    replaceRelated(type, entity, resource, body, options) {
      return ownSequence(type, entity, async (base) => {
        const answer = await http.put<Partial<CompoundCreation> & { data: Entity }>('/{type}/{id}/{resource}', body, {
          params: { type, id: base.id, resource },
          ifMatch: versionOf(base),
          ...write(options),
        });
        const included = answer.included ?? [];
        for (const row of included) client.setQueryData(recordKey(row.type, row.id), row);
        const rowTypes = [...new Set(included.map((row) => row.type))];
        await invalidateAfterWrite(type, base.id, [], answer.data, client);
        await Promise.all(rowTypes.map((rowType) => client.invalidateQueries({ queryKey: listKey(rowType) })));
        return { result: { data: answer.data, included }, fresh: answer.data };
      });
    },

    async history(type, id, signal) {
      return (await http.get<{ data: HistoryEntry[] }>('/{type}/{id}/history', { params: { type, id }, signal })).data;
    },

    async actions(type, id, signal) {
      const offline = await offlineDevice();
      const local = offline ? await offline.actions(type, id) : undefined;
      if (local) return local;
      const onDevice = device;
      try {
        return (await http.get<{ data: ServerAction[] }>('/{type}/{id}/actions', { params: { type, id }, signal, ...(onDevice ? { quietWhenUnreachable: true } : {}) })).data;
      } catch (error) {
        const fallback = onDevice && unreachable(error) ? await onDevice.actions(type, id) : undefined;
        if (fallback) return fallback;
        throw error;
      }
    },
  };
}

/** The app's records provider (`CommandContext.records`, every screen). */
export const records: ClientRecords = createRecordsProvider();

export type { EntityJson };
