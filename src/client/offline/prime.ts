/**
 * Priming (issue 25 «Prepared for offline, automatically»): a technician's device keeps ready, in
 * the user's offline store (db.ts), what their interventions need without a network —
 *
 * - their interventions (`assignments` of which they are an operator) from today (the business day
 *   in Rome) through `FIELD_PRIME_DAYS` working days (src/domain/rules/field-prime-window.ts), and
 *   every running or paused one whatever its date;
 * - each one's activities, customer and office location (a customer record: its address, phone
 *   numbers, e-mail and referents with their notes are the contacts and the access notes);
 * - every equipment and installation at those sites (the office location's; for an intervention
 *   without one, the customer's own equipments not at any location) and those its activities name,
 *   with their family (its agent and rules), the activities' kinds (their rules), the deadlines still
 *   open, the checks of the last two visits per equipment and those of these interventions, the open
 *   anomalies, the controls of the families involved and the technician's own qualifications;
 * - the thumbnails of the photos (checks' photos, equipments' pictures) as bytes (`thumbnails`).
 *
 * Everything is read through the app's HTTP client with list requests of `page[size]` 500, related
 * records in batches of ids (`filter[field]=a,b,…`, `ids=a,b,…`), never one request per record. A kind
 * the user may not read (403) is left out and named in the readiness, never a failure. Records are
 * stored consistently with the outbox (`outbox.prime` for a record with queued work, which keeps the
 * patches on top; a plain write otherwise, what `prime` would write). What a previous run kept and
 * this one no longer wants is removed, unless work on it is queued, so the store stays bounded; and
 * the whole stays within `PRIME_BUDGET_BYTES`.
 */
import type { Entity } from '../../domain/entity.ts';
import { versionOf } from '../../domain/entity.ts';
import { addDays, calendarDay } from '../../domain/rules/calendar.ts';
import { FIELD_PRIME_DAYS_DEFAULT, fieldPrimeWindow, type PrimeWindow } from '../../domain/rules/field-prime-window.ts';
import { ApiProblem, type ApiClient } from '../api/http.ts';
import type { OfflineDb, PrimedKey, ReadinessMissing, ReadinessRow, StoredRecord, ThumbnailRow } from './db.ts';
import type { JsonMap } from './merge.ts';
import type { Outbox } from './outbox.ts';
import { currentPrimingDb, setPrimingDb } from './prime-registry.ts';

/**
 * What priming may keep per user: records (their JSON length) plus thumbnails (their bytes). 50 MB is
 * far under what Chromium grants an origin even on a small phone (a share of the free disk, gigabytes),
 * so the store never pushes the browser to evict it, while holding about eight times what the demo
 * Manutentore's window needs (5.9 MB for 93 interventions, bench/offline-prime; README «Offline: what a
 * technician's device keeps»).
 */
export const PRIME_BUDGET_BYTES = 50 * 1024 * 1024;
/** Ids per batched request: 100 uuids keep the address near 4 kB, well under the servers' limits (the API takes 500). */
export const ID_BATCH = 100;
/** Rows per page (the API's `MAX_PAGE_SIZE` default). */
export const PAGE_SIZE = 500;
/** Equipments whose last checks are read together; pages per such batch at most. */
const CHECK_BATCH = 50;
const CHECK_PAGES = 4;
/** States an intervention is kept ready in whatever its date: under way. */
export const UNDER_WAY_STATES = ['running', 'paused'] as const;

/** The kinds priming reads: a change notice of one of them may change what the device should keep. */
/** Where the kept kinds hold their pictures' media ids (a check's photos, an equipment's pictures): their thumbnails are kept too. */
const PICTURE_FIELDS: Readonly<Record<string, string>> = { checks: 'photos', equipments: 'medias' };

export const PRIMED_TYPES: readonly string[] = [
  'assignments', 'assignmentActivities', 'customers', 'equipments', 'installations', 'equipmentFamilies', 'activities',
  'controls', 'checks', 'anomalies', 'physicalActivities', 'technicianQualifications', 'media',
];

export interface PrimeOptions {
  db: OfflineDb;
  outbox: Pick<Outbox, 'prime'>;
  /** The signed-in technician (the store's user). */
  userId: string;
  /** The app's HTTP client (`api` of src/client/api/client.ts) by default; tests pass one over a fake fetch. */
  http?: ApiClient;
  /** Working days after today (FIELD_PRIME_DAYS); by default what `/config.json` says. */
  days?: number;
  now?: () => number;
  budgetBytes?: number;
  /**
   * Whether the user may read a kind at all (the session's ability): a kind it may not is left out
   * without asking — a 403 would be logged by the browser as an error on every run.
   */
  mayRead?: (type: string) => boolean;
}

export interface PrimeSummary {
  window: PrimeWindow;
  interventions: number;
  records: number;
  recordBytes: number;
  thumbnails: number;
  thumbnailBytes: number;
  budgetBytes: number;
  /** Kinds refused (403): left out. */
  refused: string[];
  /** Thumbnails and interventions left out to stay within the budget. */
  droppedThumbnails: number;
  droppedInterventions: number;
  /** Records removed because no intervention in the window needs them any more. */
  pruned: number;
  /** Requests made. */
  requests: number;
}

type Query = Record<string, string | number | readonly string[]>;
interface ListAnswer { data?: Entity[]; meta?: { total?: number; page?: { size?: number } } }

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const strs = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : []);
const chunks = <T,>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};
const keyOf = (type: string, id: string) => `${type}/${id}`;
const isMap = (value: unknown): value is JsonMap => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Reads lists page by page; a kind refused once is not asked again in the run. */
class Reader {
  readonly refused = new Set<string>();
  requests = 0;
  readonly http: ApiClient;
  private readonly mayRead: (type: string) => boolean;
  constructor(http: ApiClient, mayRead: (type: string) => boolean = () => true) {
    this.http = http;
    this.mayRead = mayRead;
  }

  /** False (and the kind counted as refused) for a kind the user may not read: nothing is asked. */
  allowed(type: string): boolean {
    if (!this.refused.has(type) && !this.mayRead(type)) this.refused.add(type);
    return !this.refused.has(type);
  }

  async list(type: string, query: Query): Promise<Entity[]> {
    if (!this.allowed(type)) return [];
    const rows: Entity[] = [];
    for (let page = 1; ; page += 1) {
      let answer: ListAnswer;
      try {
        this.requests += 1;
        answer = await this.http.get<ListAnswer>(`/${type}`, { query: { ...query, 'page[size]': PAGE_SIZE, 'page[number]': page }, silent: true });
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 403) {
          this.refused.add(type);
          return [];
        }
        throw error;
      }
      const data = answer.data ?? [];
      rows.push(...data);
      const size = answer.meta?.page?.size ?? PAGE_SIZE;
      if (data.length < size || (answer.meta?.total !== undefined && rows.length >= answer.meta.total)) return rows;
    }
  }

  /** The rows whose `parameter` (`ids` or `filter[field]`) is one of `values`, in batches of ID_BATCH. */
  async byValues(type: string, parameter: string, values: Iterable<string>, extra: Query = {}): Promise<Entity[]> {
    const all = [...new Set(values)].sort();
    const rows: Entity[] = [];
    for (const batch of chunks(all, ID_BATCH)) rows.push(...(await this.list(type, { ...extra, [parameter]: batch })));
    return rows;
  }
}

/** An entity list's rows, once each by id. */
class Bag {
  readonly byId = new Map<string, Entity>();
  readonly type: string;
  constructor(type: string) {
    this.type = type;
  }
  add(rows: readonly Entity[]): this {
    for (const row of rows) this.byId.set(row.id, row);
    return this;
  }
  get all(): Entity[] {
    return [...this.byId.values()];
  }
}

/**
 * The checks of each equipment's last two earlier visits (assignment activities other than `current`,
 * whose checks are read apart), newest first, in batches of equipments.
 */
async function lastVisitsChecks(reader: Reader, equipmentIds: readonly string[], current: ReadonlySet<string>): Promise<Entity[]> {
  const kept: Entity[] = [];
  for (const batch of chunks([...new Set(equipmentIds)].sort(), CHECK_BATCH)) {
    if (!reader.allowed('checks')) break;
    const visits = new Map<string, string[]>(batch.map((id) => [id, []]));
    for (let page = 1; page <= CHECK_PAGES; page += 1) {
      reader.requests += 1;
      let data: Entity[];
      try {
        const answer = await reader.http.get<ListAnswer>('/checks', {
          query: { 'filter[equipmentId]': batch, sort: '-checkedDateTime', 'page[size]': PAGE_SIZE, 'page[number]': page }, silent: true,
        });
        data = answer.data ?? [];
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 403) {
          reader.refused.add('checks');
          return kept;
        }
        throw error;
      }
      for (const check of data) {
        const equipment = str(check.relationships.equipmentId);
        const visit = str(check.relationships.assignmentActivityId);
        const seen = equipment ? visits.get(equipment) : undefined;
        if (!seen || !visit || current.has(visit)) continue;
        if (!seen.includes(visit)) seen.push(visit);
        if (seen.indexOf(visit) < 2) kept.push(check);
      }
      // Newest first: an equipment with a third visit seen has its last two whole.
      const complete = [...visits.values()].every((seen) => seen.length > 2);
      if (data.length < PAGE_SIZE || complete) break;
    }
  }
  return kept;
}

/** A `data:image/…;base64,…` preview as bytes, or undefined when it is none. */
export function dataUrlBytes(url: unknown): { mediaType: string; bytes: ArrayBuffer } | undefined {
  if (typeof url !== 'string') return undefined;
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]+)$/i.exec(url);
  if (!match) return undefined;
  const binary = atob(match[2] as string);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return { mediaType: (match[1] as string).toLowerCase(), bytes: bytes.buffer };
}

/** The bytes a record takes in the budget: its JSON's length. */
export const recordBytes = (entity: Entity): number => JSON.stringify(entity).length;

interface Plan {
  /** Per intervention, the records it needs (`type/id`) and the thumbnails (media ids). */
  keys: Map<string, Set<string>>;
  thumbs: Map<string, Set<string>>;
  failedThumbs: Map<string, number>;
}

async function configuredDays(): Promise<number> {
  try {
    const { loadClientConfig } = await import('../auth/config.ts');
    return (await loadClientConfig()).offline?.primeDays ?? FIELD_PRIME_DAYS_DEFAULT;
  } catch {
    return FIELD_PRIME_DAYS_DEFAULT;
  }
}

const inFlight = new WeakMap<OfflineDb, Promise<PrimeSummary>>();

/**
 * Primes the signed-in technician's store once. A call while a run is under way for the same store
 * joins it (never two runs at once). Rejects on a network failure or a server error: what was kept
 * before stays as it was.
 */
export function primeFieldWork(options: PrimeOptions): Promise<PrimeSummary> {
  const running = inFlight.get(options.db);
  if (running) return running;
  const run = primeOnce(options).finally(() => inFlight.delete(options.db));
  inFlight.set(options.db, run);
  return run;
}

async function primeOnce(options: PrimeOptions): Promise<PrimeSummary> {
  const { db, outbox, userId } = options;
  const now = options.now ?? (() => Date.now());
  const budget = options.budgetBytes ?? PRIME_BUDGET_BYTES;
  const http = options.http ?? (await import('../api/client.ts')).api;
  const days = options.days ?? (await configuredDays());
  const window = fieldPrimeWindow(new Date(now()), days);
  const runAt = new Date(now()).toISOString();
  const run = `${runAt} ${crypto.randomUUID()}`;
  const reader = new Reader(http, options.mayRead);

  // ---- the interventions ----
  const mine = { 'filter[operatorIds]': [userId] };
  const planned = await reader.list('assignments', {
    ...mine, 'from[plannedStartDateTime]': addDays(window.from, -1), 'to[plannedStartDateTime]': addDays(window.to, 1), sort: 'plannedStartDateTime',
  });
  const underWay = await reader.list('assignments', { ...mine, 'filter[state]': [...UNDER_WAY_STATES] });
  if (reader.refused.has('assignments')) {
    return emptySummary(window, budget, reader);
  }
  const dayOf = new Map<string, string>();
  for (const assignment of underWay) dayOf.set(assignment.id, window.from);
  for (const assignment of planned) {
    const day = calendarDay(str(assignment.attributes.plannedStartDateTime));
    if (dayOf.has(assignment.id) || !day || day < window.from || day > window.to || assignment.attributes.state === 'canceled') continue;
    dayOf.set(assignment.id, day);
  }
  const assignments = new Bag('assignments').add([...planned, ...underWay].filter((a) => dayOf.has(a.id)));

  // ---- what hangs from them ----
  const activities = new Bag('assignmentActivities').add(await reader.byValues('assignmentActivities', 'filter[assignmentId]', assignments.byId.keys()));
  const customerIds = new Set<string>();
  for (const a of assignments.all) for (const id of [str(a.relationships.customerId), str(a.relationships.officeLocationId)]) if (id) customerIds.add(id);
  const customers = new Bag('customers').add(await reader.byValues('customers', 'ids', customerIds, { 'filter[isArchived]': 'all' }));

  const locationIds = new Set(assignments.all.map((a) => str(a.relationships.officeLocationId)).filter((id): id is string => Boolean(id)));
  const bareCustomerIds = new Set(assignments.all.filter((a) => !str(a.relationships.officeLocationId)).map((a) => str(a.relationships.customerId)).filter((id): id is string => Boolean(id)));
  const atSites = async (type: string, named: Set<string>) => {
    const bag = new Bag(type)
      .add(await reader.byValues(type, 'filter[customerLocationId]', locationIds))
      .add(await reader.byValues(type, 'filter[customerId]', bareCustomerIds, { 'has[customerLocationId]': 'false' }));
    return bag.add(await reader.byValues(type, 'ids', [...named].filter((id) => !bag.byId.has(id))));
  };
  const namedEquipments = new Set(activities.all.map((a) => str(a.relationships.equipmentId)).filter((id): id is string => Boolean(id)));
  const namedInstallations = new Set(activities.all.map((a) => str(a.relationships.installationId)).filter((id): id is string => Boolean(id)));
  const equipments = await atSites('equipments', namedEquipments);
  const installations = await atSites('installations', namedInstallations);

  const familyIds = new Set(equipments.all.map((e) => str(e.relationships.equipmentFamilyId)).filter((id): id is string => Boolean(id)));
  const families = new Bag('equipmentFamilies').add(await reader.byValues('equipmentFamilies', 'ids', familyIds));
  const activityKindIds = new Set(activities.all.map((a) => str(a.relationships.activityId)).filter((id): id is string => Boolean(id)));
  for (const family of families.all) {
    const rules = Array.isArray(family.attributes.maintenanceRules) ? family.attributes.maintenanceRules : [];
    for (const rule of rules) if (isMap(rule) && str(rule.activityId)) activityKindIds.add(rule.activityId as string);
  }
  const activityKinds = new Bag('activities').add(await reader.byValues('activities', 'ids', activityKindIds));
  const controls = new Bag('controls').add(await reader.byValues('controls', 'filter[equipmentFamilyId]', familyIds));
  const open = { 'filter[isExecuted]': 'false', 'filter[isEnded]': 'false' };
  const deadlines = new Bag('physicalActivities')
    .add(await reader.byValues('physicalActivities', 'filter[equipmentId]', equipments.byId.keys(), open))
    .add(await reader.byValues('physicalActivities', 'filter[installationId]', installations.byId.keys(), open));
  const unresolved = { 'filter[state]': 'unresolved' };
  const anomalies = new Bag('anomalies')
    .add(await reader.byValues('anomalies', 'filter[equipmentId]', equipments.byId.keys(), unresolved))
    .add(await reader.byValues('anomalies', 'filter[installationId]', installations.byId.keys(), unresolved))
    .add(await reader.byValues('anomalies', 'filter[assignmentActivityId]', activities.byId.keys()));
  const checks = new Bag('checks')
    .add(await reader.byValues('checks', 'filter[assignmentActivityId]', activities.byId.keys()))
    .add(await lastVisitsChecks(reader, [...equipments.byId.keys()], new Set(activities.byId.keys())));
  const qualifications = new Bag('technicianQualifications').add(await reader.list('technicianQualifications', { 'filter[userId]': [userId] }));

  // ---- photos: their media rows, and the thumbnails as bytes ----
  const photoIdsOf = (type: string, entity: Entity): string[] => {
    const field = Object.hasOwn(PICTURE_FIELDS, type) ? PICTURE_FIELDS[type] : undefined;
    return field ? strs(entity.attributes[field]) : [];
  };
  const mediaIds = new Set([...checks.all.flatMap((c) => photoIdsOf('checks', c)), ...equipments.all.flatMap((e) => photoIdsOf('equipments', e))]);
  const media = new Bag('media').add(await reader.byValues('media', 'ids', mediaIds));
  const thumbnails = new Map<string, { mediaType: string; bytes: ArrayBuffer }>();
  /** Pictures whose thumbnail the device cannot have (refused, none made, unreadable). */
  const failed = new Set<string>();
  for (const id of mediaIds) {
    const row = media.byId.get(id);
    if (!row) {
      if (reader.refused.has('media')) failed.add(id);
      continue;
    }
    const meta = isMap(row.attributes.meta) ? row.attributes.meta : {};
    if (row.attributes.type !== 'picture') continue;
    const thumb = dataUrlBytes(meta.thumbnail);
    if (thumb) thumbnails.set(id, thumb);
    else failed.add(id);
  }
  // The media row keeps its blurhash and size; its preview lives once, as bytes, in `thumbnails`.
  for (const row of media.all) {
    if (!isMap(row.attributes.meta) || row.attributes.meta.thumbnail === undefined) continue;
    const { thumbnail: _dropped, ...meta } = row.attributes.meta;
    media.byId.set(row.id, { ...row, attributes: { ...row.attributes, meta: { ...meta, thumbnailOffline: thumbnails.has(row.id) } } });
  }

  // ---- what each intervention needs ----
  const group = (rows: Entity[], by: (row: Entity) => (string | undefined)[]) => {
    const map = new Map<string, Entity[]>();
    for (const row of rows) for (const key of by(row)) if (key) map.set(key, [...(map.get(key) ?? []), row]);
    return map;
  };
  const activitiesOf = group(activities.all, (a) => [str(a.relationships.assignmentId)]);
  const deadlinesOf = group(deadlines.all, (d) => [str(d.relationships.equipmentId), str(d.relationships.installationId)]);
  const anomaliesOf = group(anomalies.all, (a) => [str(a.relationships.equipmentId), str(a.relationships.installationId), str(a.relationships.assignmentActivityId)]);
  const checksOf = group(checks.all, (c) => [str(c.relationships.equipmentId), str(c.relationships.assignmentActivityId)]);
  const controlsOf = group(controls.all, (c) => [str(c.relationships.equipmentFamilyId)]);
  const bags = [assignments, activities, customers, equipments, installations, families, activityKinds, controls, deadlines, anomalies, checks, qualifications, media];
  const bagOf = new Map(bags.map((bag) => [bag.type, bag]));

  const plan: Plan = { keys: new Map(), thumbs: new Map(), failedThumbs: new Map() };
  for (const assignment of assignments.all) {
    const keys = new Set<string>();
    const photos = new Set<string>();
    const add = (type: string, rows: (Entity | undefined)[] | undefined) => {
      for (const row of rows ?? []) {
        if (!row) continue;
        keys.add(keyOf(type, row.id));
        for (const id of photoIdsOf(type, row)) photos.add(id);
      }
    };
    add('assignments', [assignment]);
    add('technicianQualifications', qualifications.all);
    const own = activitiesOf.get(assignment.id) ?? [];
    add('assignmentActivities', own);
    const location = str(assignment.relationships.officeLocationId);
    const customer = str(assignment.relationships.customerId);
    add('customers', [customers.byId.get(customer ?? ''), customers.byId.get(location ?? '')]);
    const here = (row: Entity) => (location ? row.relationships.customerLocationId === location : row.relationships.customerId === customer && !str(row.relationships.customerLocationId));
    const ownEquipments = equipments.all.filter((e) => here(e) || own.some((a) => a.relationships.equipmentId === e.id));
    const ownInstallations = installations.all.filter((i) => here(i) || own.some((a) => a.relationships.installationId === i.id));
    add('equipments', ownEquipments);
    add('installations', ownInstallations);
    const ownFamilies = [...new Set(ownEquipments.map((e) => str(e.relationships.equipmentFamilyId)).filter((id): id is string => Boolean(id)))];
    add('equipmentFamilies', ownFamilies.map((id) => families.byId.get(id)));
    add('controls', ownFamilies.flatMap((id) => controlsOf.get(id) ?? []));
    const kindIds = new Set(own.map((a) => str(a.relationships.activityId)));
    for (const id of ownFamilies) for (const rule of (Array.isArray(families.byId.get(id)?.attributes.maintenanceRules) ? families.byId.get(id)?.attributes.maintenanceRules as unknown[] : [])) if (isMap(rule)) kindIds.add(str(rule.activityId));
    add('activities', [...kindIds].map((id) => activityKinds.byId.get(id ?? '')));
    for (const target of [...ownEquipments, ...ownInstallations]) {
      add('physicalActivities', deadlinesOf.get(target.id));
      add('anomalies', anomaliesOf.get(target.id));
      add('checks', checksOf.get(target.id));
    }
    for (const activity of own) {
      add('anomalies', anomaliesOf.get(activity.id));
      add('checks', checksOf.get(activity.id));
    }
    add('media', [...photos].map((id) => media.byId.get(id)));
    plan.keys.set(assignment.id, keys);
    plan.thumbs.set(assignment.id, new Set([...photos].filter((id) => thumbnails.has(id))));
    plan.failedThumbs.set(assignment.id, [...photos].filter((id) => failed.has(id)).length);
  }

  // ---- the budget: thumbnails of the farthest days first, then the farthest interventions ----
  const entityOf = (key: string) => {
    const slash = key.indexOf('/');
    return bagOf.get(key.slice(0, slash))?.byId.get(key.slice(slash + 1));
  };
  const sizes = new Map<string, number>();
  const sizeOf = (key: string) => {
    let size = sizes.get(key);
    if (size === undefined) {
      const entity = entityOf(key);
      size = entity ? recordBytes(entity) : 0;
      sizes.set(key, size);
    }
    return size;
  };
  const kept = new Set(assignments.byId.keys());
  const union = (map: Map<string, Set<string>>) => new Set([...kept].flatMap((id) => [...(map.get(id) ?? [])]));
  const dayOfThumb = (mediaId: string) => [...kept].filter((id) => plan.thumbs.get(id)?.has(mediaId)).map((id) => dayOf.get(id) as string).sort()[0] ?? window.from;
  const droppedThumbs = new Set<string>();
  const total = () => {
    let bytes = 0;
    for (const key of union(plan.keys)) bytes += sizeOf(key);
    for (const id of union(plan.thumbs)) if (!droppedThumbs.has(id)) bytes += thumbnails.get(id)?.bytes.byteLength ?? 0;
    return bytes;
  };
  if (total() > budget) {
    const farthestFirst = [...union(plan.thumbs)].map((id) => ({ id, day: dayOfThumb(id) })).sort((a, b) => b.day.localeCompare(a.day) || a.id.localeCompare(b.id));
    let bytes = total();
    for (const { id } of farthestFirst) {
      if (bytes <= budget) break;
      droppedThumbs.add(id);
      bytes -= thumbnails.get(id)?.bytes.byteLength ?? 0;
    }
  }
  const droppedAssignments = new Set<string>();
  if (total() > budget) {
    // Still over with no thumbnail at all: the interventions of the farthest days are left out (never one under way).
    const candidates = [...kept].filter((id) => !UNDER_WAY_STATES.includes(assignments.byId.get(id)?.attributes.state as never))
      .sort((a, b) => (dayOf.get(b) as string).localeCompare(dayOf.get(a) as string) || a.localeCompare(b));
    for (const id of candidates) {
      if (total() <= budget) break;
      kept.delete(id);
      droppedAssignments.add(id);
    }
  }

  // ---- store ----
  const keepKeys = union(plan.keys);
  const keepThumbs = [...union(plan.thumbs)].filter((id) => !droppedThumbs.has(id));
  const entities = [...keepKeys].map((key) => ({ key, type: key.slice(0, key.indexOf('/')), entity: entityOf(key) })).filter((row): row is { key: string; type: string; entity: Entity } => row.entity !== undefined);
  const withQueuedWork = await db.transaction('rw', [db.records, db.outbox], async () => {
    const queued = new Set((await db.outbox.toArray()).map((entry) => keyOf(entry.type, entry.recordId)));
    const plain: StoredRecord[] = [];
    for (const { key, type, entity } of entities) {
      if (queued.has(key)) continue;
      const sections = { attributes: isMap(entity.attributes) ? entity.attributes : {}, relationships: isMap(entity.relationships) ? entity.relationships : {} };
      plain.push({ type, id: entity.id, version: versionOf(entity), server: sections, metadata: { ...entity.metadata }, ...sections, primedAt: runAt, updatedAt: runAt });
    }
    await db.records.bulkPut(plain);
    return entities.filter(({ key }) => queued.has(key));
  });
  // A record with work queued: the outbox keeps its patches on top of the server's answer.
  for (const { type, entity } of withQueuedWork) await outbox.prime(type, entity);

  const thumbRows: ThumbnailRow[] = keepThumbs.map((id) => {
    const thumb = thumbnails.get(id) as { mediaType: string; bytes: ArrayBuffer };
    return { mediaId: id, mediaType: thumb.mediaType, bytes: thumb.bytes, size: thumb.bytes.byteLength, day: dayOfThumb(id), primedAt: runAt };
  });
  const refusedKinds = [...reader.refused].sort();
  const readiness: ReadinessRow[] = [...assignments.byId.keys()].map((id) => {
    const thumbs = plan.thumbs.get(id) ?? new Set<string>();
    const missing: ReadinessMissing = {
      kinds: refusedKinds,
      thumbnails: plan.failedThumbs.get(id) ?? 0,
      thumbnailsOverBudget: [...thumbs].filter((mediaId) => droppedThumbs.has(mediaId)).length,
      overBudget: droppedAssignments.has(id),
    };
    const ready = missing.kinds.length === 0 && missing.thumbnails === 0 && missing.thumbnailsOverBudget === 0 && !missing.overBudget;
    return { assignmentId: id, primedAt: runAt, day: dayOf.get(id) as string, ready, missing };
  });
  const primedRows: PrimedKey[] = entities.map(({ type, entity }) => ({ type, id: entity.id, run }));
  const pruned = await db.transaction('rw', [db.records, db.outbox, db.inbox, db.conflicts, db.primed, db.readiness, db.thumbnails], async () => {
    await db.primed.bulkPut(primedRows);
    await db.thumbnails.bulkPut(thumbRows);
    await db.readiness.bulkPut(readiness);
    await db.readiness.where('assignmentId').noneOf([...assignments.byId.keys()]).delete();
    await db.thumbnails.where('mediaId').noneOf(keepThumbs).delete();
    return prune(db, run);
  });

  let recordTotal = 0;
  for (const key of keepKeys) recordTotal += sizeOf(key);
  return {
    window,
    interventions: kept.size,
    records: entities.length,
    recordBytes: recordTotal,
    thumbnails: thumbRows.length,
    thumbnailBytes: thumbRows.reduce((sum, row) => sum + row.size, 0),
    budgetBytes: budget,
    refused: refusedKinds,
    droppedThumbnails: droppedThumbs.size,
    droppedInterventions: droppedAssignments.size,
    pruned,
    requests: reader.requests,
  };
}

function emptySummary(window: PrimeWindow, budget: number, reader: Reader): PrimeSummary {
  return { window, interventions: 0, records: 0, recordBytes: 0, thumbnails: 0, thumbnailBytes: 0, budgetBytes: budget, refused: [...reader.refused].sort(), droppedThumbnails: 0, droppedInterventions: 0, pruned: 0, requests: reader.requests };
}

/**
 * Removes what an earlier run kept and this one (`runAt`) did not want: never a record with work
 * queued (an outbox entry, a refusal in the inbox, a conflict), nor one a queued entry points at (the
 * activity a new check belongs to) and its intervention. Inside the caller's transaction.
 */
async function prune(db: OfflineDb, run: string): Promise<number> {
  const stale = await db.primed.where('run').notEqual(run).toArray();
  if (stale.length === 0) return 0;
  const entries = [...(await db.outbox.toArray()), ...(await db.inbox.toArray()).map((item) => item.entry)];
  const busy = new Set(entries.map((entry) => keyOf(entry.type, entry.recordId)));
  for (const conflict of await db.conflicts.toArray()) busy.add(keyOf(conflict.type, conflict.recordId));
  // Ids a queued entry refers to (its relationships): the records it hangs from stay.
  const referred = new Set<string>();
  for (const entry of entries) {
    const relationships = isMap(entry.body.relationships) ? entry.body.relationships : {};
    for (const value of Object.values(relationships)) for (const id of typeof value === 'string' ? [value] : strs(value)) referred.add(id);
  }
  for (const id of [...referred]) {
    const activity = await db.records.get(['assignmentActivities', id]);
    const parent = str(activity?.relationships.assignmentId);
    if (parent) referred.add(parent);
  }
  let removed = 0;
  for (const row of stale) {
    if (busy.has(keyOf(row.type, row.id)) || referred.has(row.id)) continue;
    await db.records.delete([row.type, row.id]);
    await db.primed.delete([row.type, row.id]);
    removed += 1;
  }
  return removed;
}

/** What `startPriming` needs of the offline runtime (runtime.ts `OfflineRuntime`). */
export interface PrimingRuntime {
  readonly userId: string;
  readonly db: OfflineDb;
  readonly outbox: Pick<Outbox, 'prime'>;
}

export interface StartPrimingOptions extends Partial<Omit<PrimeOptions, 'db' | 'outbox' | 'userId'>> {
  /** Quiet time after the last relevant change notice before a run (default 2 s): a burst of writes is one run. */
  debounceMs?: number;
  /** A run also every this often (default an hour), so the window follows the days while the app stays open. */
  refreshMs?: number;
  /** Hears change notices; by default the tab's live stream (src/client/data/live-updates.ts `onChangeNotice`). */
  subscribe?: (listener: (notice: { type: string }) => void) => (() => void) | Promise<() => void>;
  /** Whether the device is online now (default `navigator.onLine`): offline, a run waits for `online`. */
  isOnline?: () => boolean;
  onRun?: (summary: PrimeSummary) => void;
  onError?: (error: unknown) => void;
}

/**
 * Keeps the technician's store primed: a run at once, when the device comes back online, after the
 * relevant change notices (debounced), and every `refreshMs`; never two at once (a trigger during a
 * run makes one more run after it). Returns the function that stops it all.
 */
export function startPriming(runtime: PrimingRuntime, options: StartPrimingOptions = {}): () => void {
  const { debounceMs = 2_000, refreshMs = 60 * 60_000, subscribe, onRun, onError, ...prime } = options;
  const isOnline = options.isOnline ?? (() => (globalThis.navigator as { onLine?: boolean } | undefined)?.onLine !== false);
  const relevant = new Set(PRIMED_TYPES);
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = (): void => {
    timer = undefined;
    if (stopped || !isOnline()) return;
    if (running) {
      again = true;
      return;
    }
    running = primeFieldWork({ ...prime, db: runtime.db, outbox: runtime.outbox, userId: runtime.userId })
      .then((summary) => onRun?.(summary), (error: unknown) => onError?.(error))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          schedule();
        }
      });
  };
  const schedule = (): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  };
  const onOnline = () => schedule();
  globalThis.addEventListener?.('online', onOnline);
  // The screens' readiness badges read this store.
  setPrimingDb(runtime.db);
  const refresh = setInterval(run, refreshMs);
  let unsubscribe: (() => void) | undefined;
  const listen = subscribe ?? (async (listener: (notice: { type: string }) => void) => (await import('../data/live-updates.ts')).onChangeNotice(listener));
  void Promise.resolve(listen((notice) => {
    if (relevant.has(notice.type)) schedule();
  })).then((off) => {
    if (stopped) off();
    else unsubscribe = off;
  }, (error: unknown) => onError?.(error));
  run();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    clearInterval(refresh);
    globalThis.removeEventListener?.('online', onOnline);
    unsubscribe?.();
    if (currentPrimingDb() === runtime.db) setPrimingDb(null);
  };
}
