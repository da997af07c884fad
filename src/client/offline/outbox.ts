/**
 * The durable outbox of the offline client (issue 25). Every action writes locally and queues; the
 * queue drains when online.
 *
 * - `enqueue…` writes the entry and the record's new local view in one Dexie transaction: the screen
 *   shows the change at once, and a crash leaves both or neither.
 * - `drain()` runs in one tab only (Web Locks `outbox-drain-<user>`; without Web Locks, one drain per
 *   tab at a time — two tabs sending the same entry is then harmless, see below), FIFO per record and
 *   in parallel across records (`concurrency`), through the app's one HTTP client (`src/client/api`:
 *   its auth header, token refresh and problem parsing), never a fetch of its own.
 * - An entry is marked `inflight` before it is sent and removed only with its answer stored. A tab
 *   killed mid-request leaves it `inflight`; the next drain sends it again with the same
 *   `Idempotency-Key` and the same body, and the server answers the first result without writing
 *   again (README «Retry-safe writes»). Nothing is lost, nothing is written twice.
 * - A network failure, 408, 429, 5xx, 401 (waiting for sign-in) or 409 IDEMPOTENCY_KEY_IN_USE waits
 *   with exponential backoff and jitter; the other records go on.
 * - Any other refusal (422 validation, CLOCK_IN_FUTURE, 403, 404…) moves the entry to the inbox and
 *   undoes its local change; it never blocks the queue. Entries that depend on it (`dependsOn`, and
 *   every entry of a record whose create was refused) are held with it.
 * - 409 VERSION_CONFLICT: the current record is read and the patch rebased field by field (merge.ts).
 *   Other fields changed by the office: the patch is re-sent on the new version at once. The same
 *   field changed on both sides: the entry goes to «Da risolvere» (conflicts) with base, mine, theirs
 *   and who changed it when (the record's history), and the record's later entries wait for it;
 *   `keepMine` re-sends on the new version, `acceptTheirs` drops the conflicting fields. Another 409
 *   (an intervention the office cancelled: TRANSITION_NOT_ALLOWED…) goes there too, as `refused`.
 */
import { versionOf, type Entity } from '../../domain/entity.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/records.ts';
import { ApiProblem, type ApiClient } from '../api/http.ts';
import type { ConflictField, ConflictItem, InboxItem, OfflineDb, OutboxEntry, StoredRecord } from './db.ts';
import { applyPatch, composePatches, diffRecord, isJsonMap, keepMinePatch, rebasePatch, type JsonMap, type RecordSections } from './merge.ts';

/** The part of the Web Locks API the outbox uses (`navigator.locks`). */
export interface LockManagerLike {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

export interface BackoffPolicy {
  /** The first wait, in ms. */
  baseMs: number;
  /** The longest wait, in ms. */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 5 * 60_000 };
/** Automatic re-sends after a 409 in a row before the entry waits with backoff. */
const MAX_REBASES = 5;

/**
 * The wait before attempt `attempts + 1`: the exponential step `min(cap, base · 2^(attempts−1))`,
 * half of it fixed and half random («equal jitter»), so it grows with the failures, is never below
 * half the step, never above the step, and tabs or devices failing together do not retry together.
 */
export function retryDelay(attempts: number, random: () => number = Math.random, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(step / 2 + (r * step) / 2);
}

export interface OutboxOptions {
  db: OfflineDb;
  /** The app's HTTP client (`api` of src/client/api/client.ts); tests pass one over a fake fetch. */
  http: ApiClient;
  /** `navigator.locks` by default; null: none (one drain per tab at a time). */
  locks?: LockManagerLike | null;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  /** Records sent to at once (default 3). */
  concurrency?: number;
  backoff?: BackoffPolicy;
  /** False while another user is signed in: the queue is not sent under someone else's session. */
  isCurrentUser?: () => boolean;
  /**
   * Whether the device is online (`navigator.onLine` by default). While it is not, nothing is sent on
   * a schedule: attempts that could only fail would build up backoff, and the queue would then wait
   * (and another tab's timer take it over) after the network came back; `online` drains at once.
   */
  isOnline?: () => boolean;
  /** After the server answered a write (the app refreshes its cache: data/records.ts `invalidateAfterWrite`). */
  onApplied?: (type: string, entity: Entity) => void | Promise<void>;
  /**
   * After the server refused a write, to the inbox or to «Da risolvere»: the record's local change is
   * undone or the office's version read, so the screens read it again (the app invalidates its cache).
   */
  onRefused?: (type: string, id: string) => void | Promise<void>;
  /** After anything in the store changed (the sync centre re-reads). */
  onChange?: () => void;
}

export interface DrainSummary {
  sent: number;
  refused: number;
  conflicts: number;
  /** Transient failures (the entry waits). */
  retried: number;
  /** When the earliest waiting entry may be sent (epoch ms), or null. */
  nextAttemptAt: number | null;
  /** Not drained: another user is signed in. */
  skipped?: 'other-user';
}

export interface EnqueueOptions {
  /** Entries (ids) that must be applied before this one. */
  dependsOn?: readonly string[];
  /**
   * The key an attempt already sent with this very request (an online write whose answer never came):
   * queued under it, the server replays what it may have committed instead of writing twice.
   */
  idempotencyKey?: string;
}

type Sections = Partial<RecordSections>;

const EMPTY_SECTIONS = (): RecordSections => ({ attributes: {}, relationships: {} });
const sectionsOf = (entity: { attributes?: unknown; relationships?: unknown }): RecordSections => ({
  attributes: isJsonMap(entity.attributes) ? entity.attributes : {},
  relationships: isJsonMap(entity.relationships) ? entity.relationships : {},
});
const recordPath = (type: string, id: string) => `/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;
const keyOf = (entry: Pick<OutboxEntry, 'type' | 'recordId'>) => `${entry.type}/${entry.recordId}`;
const TRANSIENT_STATUSES = new Set([0, 401, 408, 425, 429]);

type Outcome =
  | { kind: 'sent' }
  | { kind: 'refused' }
  | { kind: 'conflict' }
  | { kind: 'retry' }
  | { kind: 'again' };

export interface Outbox {
  readonly db: OfflineDb;
  readonly lockName: string;
  /** A record read for offline use: its server version and the local view (queued patches kept on top). */
  prime(type: string, entity: Entity): Promise<void>;
  /** The local view of a record, or undefined when the device does not hold it. */
  local(type: string, id: string): Promise<StoredRecord | undefined>;
  /** A record made on the device under its own id (`PUT … If-None-Match: *`). */
  enqueueCreate(type: string, id: string, sections: Sections, options?: EnqueueOptions): Promise<OutboxEntry>;
  /** A change of fields: queues the merge patch of only what differs from the local view; null when nothing does. */
  enqueueEdit(type: string, id: string, after: Sections, options?: EnqueueOptions): Promise<OutboxEntry | null>;
  /** A state change or another action of the record. */
  enqueueAction(type: string, id: string, action: string, body?: JsonMap, options?: EnqueueOptions): Promise<OutboxEntry>;
  /** Sends what may be sent now, in this tab if no other holds the lock (else after it). */
  drain(): Promise<DrainSummary>;
  /** «Mantieni il mio»: re-sends mine on the version the conflict found. */
  keepMine(conflictId: string): Promise<void>;
  /** «Accetta il loro»: drops mine on the conflicting fields (what merged without conflict is still sent). */
  acceptTheirs(conflictId: string): Promise<void>;
  /** Puts a refused entry back in the queue, in its place (after the technician fixed what the server refused). */
  retryRefused(entryId: string, body?: JsonMap): Promise<void>;
  /** Drops a refused entry; entries held by it are sent and answered on their own. */
  discardRefused(entryId: string): Promise<void>;
  /** Drains now and whenever the device comes back online or a wait ends; `stop` ends that. */
  start(): void;
  stop(): void;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, http } = options;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const newId = options.newId ?? (() => crypto.randomUUID());
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const isCurrentUser = options.isCurrentUser ?? (() => true);
  const isOnline = options.isOnline ?? (() => (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false);
  const locks = options.locks === undefined ? ((globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null) : options.locks;
  const lockName = `outbox-drain-${db.userId}`;
  const changed = () => options.onChange?.();
  const iso = () => new Date(now()).toISOString();

  /** The local view: the server's answer (or nothing yet) with the live entries' patches in queue order. */
  function localView(server: RecordSections | null, entries: readonly OutboxEntry[]): RecordSections {
    let view = server ?? EMPTY_SECTIONS();
    for (const entry of entries) {
      if (entry.kind === 'create' && !server) view = applyPatch(view, sectionsOf(entry.body));
      else if (entry.kind === 'update') view = applyPatch(view, entry.body);
    }
    return sectionsOf(view);
  }

  /** Recomputes a record's local view from its server answer and its live entries (inside a transaction). */
  async function refreshLocal(type: string, id: string, patch: Partial<StoredRecord> = {}): Promise<void> {
    const stored = await db.records.get([type, id]);
    if (!stored && !patch.server) return;
    const base: StoredRecord = stored ?? { type, id, version: null, server: null, metadata: {}, attributes: {}, relationships: {}, primedAt: null, updatedAt: iso() };
    const next = { ...base, ...patch };
    const entries = await db.outbox.where('[type+recordId]').equals([type, id]).sortBy('seq');
    const view = localView(next.server, entries);
    await db.records.put({ ...next, ...view, updatedAt: iso() });
  }

  function entryOf(fields: Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'type' | 'recordId' | 'body' | 'base' | 'baseVersion'> & { action?: string }, dependsOn: readonly string[], idempotencyKey?: string): OutboxEntry {
    return {
      id: newId(),
      idempotencyKey: idempotencyKey ?? newId(),
      deviceTime: iso(),
      dependsOn: [...dependsOn],
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
      rebases: 0,
      ...fields,
    };
  }

  /** A queued create of the record is a dependency of every later entry of it (refused, they are held with it). */
  async function withCreateDependency(type: string, id: string, dependsOn: readonly string[] = []): Promise<string[]> {
    const entries = await db.outbox.where('[type+recordId]').equals([type, id]).toArray();
    const create = entries.find((entry) => entry.kind === 'create');
    const refusedCreate = create ? undefined : (await db.inbox.toArray()).find((item) => item.entry.kind === 'create' && item.entry.type === type && item.entry.recordId === id);
    const ids = new Set(dependsOn);
    if (create) ids.add(create.id);
    if (refusedCreate) ids.add(refusedCreate.id);
    return [...ids];
  }

  async function enqueueCreate(type: string, id: string, sections: Sections, enqueue: EnqueueOptions = {}): Promise<OutboxEntry> {
    const body = { attributes: sections.attributes ?? {}, relationships: sections.relationships ?? {} };
    const entry = await db.transaction('rw', [db.records, db.outbox, db.inbox], async () => {
      if (await db.records.get([type, id])) throw new Error(`${type}/${id} is already on this device`);
      const created = entryOf({ kind: 'create', method: 'PUT', path: recordPath(type, id), type, recordId: id, body, base: null, baseVersion: null }, enqueue.dependsOn ?? [], enqueue.idempotencyKey);
      await db.outbox.add(created);
      await db.records.put({ type, id, version: null, server: null, metadata: {}, ...body, primedAt: null, updatedAt: iso() });
      return created;
    });
    changed();
    return entry;
  }

  async function enqueueEdit(type: string, id: string, after: Sections, enqueue: EnqueueOptions = {}): Promise<OutboxEntry | null> {
    const entry = await db.transaction('rw', [db.records, db.outbox, db.inbox], async () => {
      const stored = await db.records.get([type, id]);
      if (!stored) throw new Error(`${type}/${id} is not on this device: prime it before editing it offline`);
      const view = sectionsOf(stored);
      const patch = diffRecord(view, after);
      if (!patch) return null;
      const dependsOn = await withCreateDependency(type, id, enqueue.dependsOn);
      const edit = entryOf({ kind: 'update', method: 'PATCH', path: recordPath(type, id), type, recordId: id, body: patch, base: view, baseVersion: stored.version }, dependsOn, enqueue.idempotencyKey);
      await db.outbox.add(edit);
      await refreshLocal(type, id);
      return edit;
    });
    if (entry) changed();
    return entry;
  }

  async function enqueueAction(type: string, id: string, action: string, body: JsonMap = {}, enqueue: EnqueueOptions = {}): Promise<OutboxEntry> {
    const entry = await db.transaction('rw', [db.records, db.outbox, db.inbox], async () => {
      const stored = await db.records.get([type, id]);
      if (!stored) throw new Error(`${type}/${id} is not on this device: prime it before acting on it offline`);
      const dependsOn = await withCreateDependency(type, id, enqueue.dependsOn);
      const queued = entryOf({ kind: 'action', action, method: 'POST', path: `${recordPath(type, id)}/actions/${encodeURIComponent(action)}`, type, recordId: id, body, base: sectionsOf(stored), baseVersion: stored.version }, dependsOn, enqueue.idempotencyKey);
      await db.outbox.add(queued);
      return queued;
    });
    changed();
    return entry;
  }

  async function prime(type: string, entity: Entity): Promise<void> {
    await db.transaction('rw', [db.records, db.outbox], async () => {
      await refreshLocal(type, entity.id, { server: sectionsOf(entity), version: versionOf(entity), metadata: { ...entity.metadata }, primedAt: iso() });
    });
    changed();
  }

  // ---- draining ----

  /** The first live entry of each record, if it may be sent now. */
  async function readyHeads(busy: ReadonlySet<string>, at: number): Promise<OutboxEntry[]> {
    const all = await db.outbox.orderBy('seq').toArray();
    const queued = new Set(all.map((entry) => entry.id));
    const refused = new Set(await db.inbox.toCollection().primaryKeys());
    const seen = new Set<string>();
    const heads: OutboxEntry[] = [];
    for (const entry of all) {
      const key = keyOf(entry);
      if (seen.has(key)) continue; // FIFO per record: only its first entry
      seen.add(key);
      if (busy.has(key) || entry.state === 'conflict' || entry.nextAttemptAt > at) continue;
      if (entry.dependsOn.some((id) => queued.has(id) || refused.has(id))) continue;
      heads.push(entry);
    }
    return heads;
  }

  function send(entry: OutboxEntry): Promise<{ data: Entity } | undefined> {
    const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey };
    const common = { silent: true, headers };
    const ifMatch = entry.baseVersion ? { ifMatch: entry.baseVersion } : {};
    if (entry.kind === 'create') return http.put(entry.path, entry.body, { ...common, headers: { ...headers, 'If-None-Match': '*' } });
    if (entry.kind === 'update') return http.patch(entry.path, entry.body, { ...common, ...ifMatch });
    return http.post(entry.path, entry.body, { ...common, ...ifMatch });
  }

  async function readCurrent(entry: OutboxEntry): Promise<Entity> {
    return (await http.get<{ data: Entity }>(recordPath(entry.type, entry.recordId), { silent: true })).data;
  }

  /** The answer stored: the entry leaves the queue, the record takes the new version, later entries on the sent version follow it. */
  async function applied(entry: OutboxEntry, data: Entity): Promise<void> {
    const version = versionOf(data);
    await db.transaction('rw', [db.records, db.outbox], async () => {
      if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
      await db.outbox
        .where('[type+recordId]').equals([entry.type, entry.recordId])
        .filter((later) => later.baseVersion === entry.baseVersion)
        .modify({ baseVersion: version });
      await refreshLocal(entry.type, entry.recordId, { server: sectionsOf(data), version, metadata: { ...data.metadata } });
    });
    try {
      await options.onApplied?.(entry.type, data);
    } catch {
      // The screens' cache is refreshed again by the live stream; the write itself is stored.
    }
  }

  async function waitAndRetry(entry: OutboxEntry, problem: ApiProblem | Error): Promise<Outcome> {
    const attempts = entry.attempts + 1;
    const status = problem instanceof ApiProblem ? problem.status : 0;
    const code = problem instanceof ApiProblem ? problem.code : 'NETWORK_ERROR';
    await db.outbox.update(entry.seq as number, {
      state: 'pending',
      attempts,
      rebases: 0,
      nextAttemptAt: now() + retryDelay(attempts, random, backoff),
      lastError: { status, code, message: problem.message },
    });
    return { kind: 'retry' };
  }

  async function refuse(entry: OutboxEntry, problem: ApiProblem): Promise<Outcome> {
    const item: InboxItem = { id: entry.id, entry: { ...entry, state: 'pending' }, status: problem.status, code: problem.code, message: problem.message, errors: problem.errors, at: iso() };
    await db.transaction('rw', [db.records, db.outbox, db.inbox], async () => {
      await db.inbox.put(item);
      await db.outbox.delete(entry.seq as number);
      await refreshLocal(entry.type, entry.recordId);
    });
    await refused(entry);
    return { kind: 'refused' };
  }

  /** The screens still show what the refused write made locally: they read the record again. */
  async function refused(entry: OutboxEntry): Promise<void> {
    try {
      await options.onRefused?.(entry.type, entry.recordId);
    } catch {
      // A cache refresh that failed leaves the screens to the live stream; the store is right.
    }
  }

  /** Who changed each conflicting field and when, from the record's history (newest first); best effort. */
  async function attribute(entry: OutboxEntry, fields: ConflictField[], theirs: Entity): Promise<ConflictField[]> {
    const fallback = { changedBy: (theirs.metadata.lastUpdatedBy as string | null | undefined) ?? null, changedAt: versionOf(theirs) || null };
    let history: { by?: string | null; byName?: string | null; at?: string; changes?: { pointer: string }[] }[] = [];
    try {
      history = (await http.get<{ data: typeof history }>(`${recordPath(entry.type, entry.recordId)}/history`, { silent: true })).data ?? [];
    } catch {
      // The history is a courtesy: without it the record's last writer is named.
    }
    return fields.map((field) => {
      const touches = (pointer: string) => pointer === field.pointer || field.pointer.startsWith(`${pointer}/`) || pointer.startsWith(`${field.pointer}/`);
      const row = history.find((h) => (h.changes ?? []).some((change) => touches(change.pointer)));
      return row ? { ...field, changedBy: row.by ?? null, changedByName: row.byName ?? null, changedAt: row.at ?? null } : { ...field, ...fallback };
    });
  }

  async function versionConflict(entry: OutboxEntry): Promise<Outcome> {
    let theirs: Entity;
    try {
      theirs = await readCurrent(entry);
    } catch (error) {
      return failed(entry, error);
    }
    const theirSections = sectionsOf(theirs);
    const theirVersion = versionOf(theirs);
    const server = { server: theirSections, version: theirVersion, metadata: { ...theirs.metadata } };
    if (entry.kind !== 'update') {
      // An action or a create on a changed record: sent again on the new version; its own guards decide.
      await db.transaction('rw', [db.records, db.outbox], async () => {
        await db.outbox.update(entry.seq as number, { baseVersion: theirVersion, idempotencyKey: newId(), state: 'pending', rebases: entry.rebases + 1 });
        await refreshLocal(entry.type, entry.recordId, server);
      });
      return entry.rebases + 1 >= MAX_REBASES ? waitAndRetry(entry, new ApiProblem(409, { code: 'VERSION_CONFLICT', title: 'VERSION_CONFLICT' })) : { kind: 'again' };
    }
    const rebased = rebasePatch(entry.base, entry.body, theirSections);
    if (rebased.conflicts.length === 0) {
      await db.transaction('rw', [db.records, db.outbox], async () => {
        if (rebased.patch) {
          // A new key: the refused request's key was released by the server, but a new body deserves its own.
          await db.outbox.update(entry.seq as number, { body: rebased.patch, base: theirSections, baseVersion: theirVersion, idempotencyKey: newId(), state: 'pending', rebases: entry.rebases + 1 });
        } else {
          await db.outbox.delete(entry.seq as number); // the office already made the same change
        }
        await refreshLocal(entry.type, entry.recordId, server);
      });
      if (!rebased.patch) return { kind: 'sent' };
      if (entry.rebases + 1 >= MAX_REBASES) {
        const fresh = await db.outbox.get(entry.seq as number);
        return fresh ? waitAndRetry(fresh, new ApiProblem(409, { code: 'VERSION_CONFLICT', title: 'VERSION_CONFLICT' })) : { kind: 'sent' };
      }
      return { kind: 'again' };
    }
    const fields = await attribute(entry, rebased.conflicts, theirs);
    const conflict: ConflictItem = {
      id: newId(), entryId: entry.id, type: entry.type, recordId: entry.recordId, reason: 'fields', fields,
      theirs: theirSections, theirsVersion: theirVersion, ...(rebased.patch ? { autoPatch: rebased.patch } : {}), at: iso(),
    };
    await toConflict(entry, conflict, server);
    return { kind: 'conflict' };
  }

  async function toConflict(entry: OutboxEntry, conflict: ConflictItem, server: Partial<StoredRecord>): Promise<void> {
    await db.transaction('rw', [db.records, db.outbox, db.conflicts], async () => {
      await db.conflicts.where('entryId').equals(entry.id).delete();
      await db.conflicts.add(conflict);
      await db.outbox.update(entry.seq as number, { state: 'conflict' });
      await refreshLocal(entry.type, entry.recordId, server);
    });
    await refused(entry);
  }

  /** A 409 other than a version conflict: the office's change made this write impossible as it is. */
  async function refusedByState(entry: OutboxEntry, problem: ApiProblem): Promise<Outcome> {
    let theirs: Entity | undefined;
    try {
      theirs = await readCurrent(entry);
    } catch {
      theirs = undefined;
    }
    const theirSections = theirs ? sectionsOf(theirs) : (entry.base ?? EMPTY_SECTIONS());
    const conflict: ConflictItem = {
      id: newId(), entryId: entry.id, type: entry.type, recordId: entry.recordId, reason: 'refused', fields: [],
      code: problem.code, message: problem.message, theirs: theirSections, theirsVersion: theirs ? versionOf(theirs) : (entry.baseVersion ?? ''), at: iso(),
    };
    await toConflict(entry, conflict, theirs ? { server: theirSections, version: versionOf(theirs), metadata: { ...theirs.metadata } } : {});
    return { kind: 'conflict' };
  }

  /** A create answered 412: the record is already there (the key expired after a lost answer): read it and go on. */
  async function alreadyCreated(entry: OutboxEntry): Promise<Outcome> {
    try {
      await applied(entry, await readCurrent(entry));
      return { kind: 'sent' };
    } catch (error) {
      return failed(entry, error);
    }
  }

  async function failed(entry: OutboxEntry, error: unknown): Promise<Outcome> {
    if (!(error instanceof ApiProblem)) return waitAndRetry(entry, error instanceof Error ? error : new Error(String(error)));
    const { status, code } = error;
    if (TRANSIENT_STATUSES.has(status) || status >= 500 || code === 'IDEMPOTENCY_KEY_IN_USE') return waitAndRetry(entry, error);
    if (status === 409 && code === 'VERSION_CONFLICT') return versionConflict(entry);
    if (status === 412 && entry.kind === 'create') return alreadyCreated(entry);
    if (status === 409) return refusedByState(entry, error);
    return refuse(entry, error);
  }

  async function process(entry: OutboxEntry): Promise<Outcome> {
    await db.outbox.update(entry.seq as number, { state: 'inflight' });
    let answer: { data: Entity } | undefined;
    try {
      answer = await send(entry);
    } catch (error) {
      return failed(entry, error);
    }
    if (answer?.data) await applied(entry, answer.data);
    else await db.transaction('rw', [db.records, db.outbox], async () => {
      await db.outbox.delete(entry.seq as number);
      await refreshLocal(entry.type, entry.recordId);
    });
    return { kind: 'sent' };
  }

  async function run(): Promise<DrainSummary> {
    const summary: DrainSummary = { sent: 0, refused: 0, conflicts: 0, retried: 0, nextAttemptAt: null };
    const running = new Map<string, Promise<void>>();
    // When the entries were last looked at: one whose wait ended after that was not sent, and is due next.
    let checkedAt = now();
    for (;;) {
      if (!isCurrentUser()) break;
      checkedAt = now();
      const heads = await readyHeads(new Set(running.keys()), checkedAt);
      for (const head of heads) {
        if (running.size >= concurrency) break;
        const key = keyOf(head);
        const job = process(head)
          .then((outcome) => {
            if (outcome.kind === 'sent') summary.sent += 1;
            else if (outcome.kind === 'refused') summary.refused += 1;
            else if (outcome.kind === 'conflict') summary.conflicts += 1;
            else if (outcome.kind === 'retry') summary.retried += 1;
          })
          .catch(async (error: unknown) => {
            // The store itself failed (quota, a closed database): the entry waits rather than spinning.
            summary.retried += 1;
            await waitAndRetry(head, error instanceof Error ? error : new Error(String(error))).catch(() => undefined);
          })
          .finally(() => {
            running.delete(key);
            changed();
          });
        running.set(key, job);
      }
      if (running.size === 0) break;
      await Promise.race(running.values());
    }
    // Waits that had not ended when the entries were last looked at (a slow machine may have ended them
    // since: then the next drain is at once, never lost).
    const waiting = await db.outbox.where('state').equals('pending').toArray();
    const later = waiting.map((entry) => entry.nextAttemptAt).filter((at) => at > checkedAt);
    summary.nextAttemptAt = later.length ? Math.min(...later) : null;
    return summary;
  }

  let current: Promise<DrainSummary> | undefined;
  let queued: Promise<DrainSummary> | undefined;

  async function drainOnce(): Promise<DrainSummary> {
    if (!isCurrentUser()) return { sent: 0, refused: 0, conflicts: 0, retried: 0, nextAttemptAt: null, skipped: 'other-user' };
    // Another tab holding the lock drains; this one waits its turn (a killed tab's lock is released by the browser).
    return locks ? locks.request(lockName, () => run()) : run();
  }

  /**
   * One drain at a time in this tab. A call while one runs waits for it and then drains once more
   * (what was queued meanwhile may have been read too late); calls meanwhile share that second drain.
   */
  function drain(): Promise<DrainSummary> {
    if (!current) {
      current = drainOnce().finally(() => {
        current = undefined;
      });
      return current;
    }
    queued ??= current.catch(() => undefined).then(() => {
      queued = undefined;
      return drain();
    });
    return queued;
  }

  async function resolve(conflictId: string, keep: 'mine' | 'theirs'): Promise<void> {
    await db.transaction('rw', [db.records, db.outbox, db.conflicts], async () => {
      const conflict = await db.conflicts.get(conflictId);
      if (!conflict) throw new Error('Conflict already resolved');
      const entry = await db.outbox.where('id').equals(conflict.entryId).first();
      await db.conflicts.delete(conflictId);
      if (!entry) return;
      const fresh = { base: conflict.theirs, baseVersion: conflict.theirsVersion, idempotencyKey: newId(), state: 'pending' as const, attempts: 0, nextAttemptAt: 0, rebases: 0 };
      if (conflict.reason === 'refused') {
        if (keep === 'mine') await db.outbox.update(entry.seq as number, fresh);
        else await db.outbox.delete(entry.seq as number);
      } else {
        const body = keep === 'mine' ? composePatches(conflict.autoPatch, keepMinePatch(conflict.fields)) : conflict.autoPatch;
        if (body) await db.outbox.update(entry.seq as number, { ...fresh, body });
        else await db.outbox.delete(entry.seq as number);
      }
      await refreshLocal(entry.type, entry.recordId);
    });
    changed();
    if (started) void drain();
  }

  async function retryRefused(entryId: string, body?: JsonMap): Promise<void> {
    await db.transaction('rw', [db.records, db.outbox, db.inbox], async () => {
      const item = await db.inbox.get(entryId);
      if (!item) throw new Error('Refused entry not found');
      await db.inbox.delete(entryId);
      // Back in its place (its `seq`), so the record's order is kept; a corrected body needs a new key.
      const entry: OutboxEntry = { ...item.entry, state: 'pending', attempts: 0, nextAttemptAt: 0, rebases: 0, ...(body ? { body, idempotencyKey: newId() } : {}) };
      await db.outbox.put(entry);
      await refreshLocal(entry.type, entry.recordId);
    });
    changed();
    if (started) void drain();
  }

  async function discardRefused(entryId: string): Promise<void> {
    await db.transaction('rw', [db.records, db.outbox, db.inbox], async () => {
      const item = await db.inbox.get(entryId);
      if (!item) return;
      await db.inbox.delete(entryId);
      await refreshLocal(item.entry.type, item.entry.recordId);
    });
    changed();
    if (started) void drain();
  }

  // ---- scheduling ----

  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onOnline = () => void kick();

  async function kick(): Promise<void> {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!isOnline()) return; // the `online` event kicks again
    const summary = await drain().catch(() => null);
    if (!started) return;
    const at = summary ? summary.nextAttemptAt : now() + backoff.baseMs;
    if (timer) clearTimeout(timer);
    timer = at === null ? undefined : setTimeout(() => void kick(), Math.max(0, at - now()));
  }

  return {
    db,
    lockName,
    prime,
    local: (type, id) => db.records.get([type, id]),
    async enqueueCreate(type, id, sections, enqueue) {
      const entry = await enqueueCreate(type, id, sections, enqueue);
      if (started) void kick();
      return entry;
    },
    async enqueueEdit(type, id, after, enqueue) {
      const entry = await enqueueEdit(type, id, after, enqueue);
      if (started && entry) void kick();
      return entry;
    },
    async enqueueAction(type, id, action, body, enqueue) {
      const entry = await enqueueAction(type, id, action, body, enqueue);
      if (started) void kick();
      return entry;
    },
    drain,
    keepMine: (id) => resolve(id, 'mine'),
    acceptTheirs: (id) => resolve(id, 'theirs'),
    retryRefused,
    discardRefused,
    start() {
      if (started) return;
      started = true;
      globalThis.addEventListener?.('online', onOnline);
      void kick();
    },
    stop() {
      started = false;
      globalThis.removeEventListener?.('online', onOnline);
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
