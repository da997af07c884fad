/**
 * A fake `fetch` for the outbox's unit tests (the cheapest tier; the API's own behaviour is tested
 * server-side): records with versions, `If-Match` (409 VERSION_CONFLICT), `PUT` with
 * `If-None-Match: *` (412 RECORD_EXISTS), JSON Merge Patch, actions, the history, and
 * `Idempotency-Key` as README «Retry-safe writes» describes it (a success is replayed for the same
 * request, a refusal is not kept). `intercept` injects failures: a network error before the request
 * reaches the server, or after it was applied (the answer lost), or an answer that never comes.
 */
import { applyMergePatch, changedPaths } from '../../domain/merge-patch.ts';
import type { Entity } from '../../domain/entity.ts';
import { answerLocally } from './local-query.ts';

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  /** The status answered (0: no answer). */
  status: number;
  replayed: boolean;
  /** The query string's parameters (lists). */
  query?: [string, string][];
}

/** `before`: fails before the server sees it; `after`: applied, answer lost; `hang`: applied, no answer ever. */
export type Interception = 'before' | 'after' | 'hang' | Response | undefined;

interface HistoryRow { version: string; at: string; by: string; byName: string; action: string; changes: { pointer: string; from: unknown; to: unknown }[] }

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers } });
export const problem = (status: number, code: string, message = code, extra: Record<string, unknown> = {}) =>
  json(status, { type: `/problems/${code}`, title: code, status, code, message, ...extra });

export class FakeApi {
  readonly records = new Map<string, Entity>();
  readonly history = new Map<string, HistoryRow[]>();
  readonly log: SeenRequest[] = [];
  private readonly keys = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private tick = 0;
  /** Called for every request before the server handles it. */
  intercept: (request: SeenRequest) => Interception = () => undefined;

  private nextVersion(): string {
    this.tick += 1;
    return new Date(Date.UTC(2026, 10, 29, 8, 0, 0, this.tick)).toISOString();
  }

  /** A record as the office made it. */
  seed(type: string, id: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}): Entity {
    const version = this.nextVersion();
    const entity: Entity = {
      id, attributes, relationships,
      metadata: { createdDateTime: version, lastUpdatedDateTime: version, deletedDateTime: null, createdBy: 'office', lastUpdatedBy: 'office', deletedBy: null, isDeleted: false, isArchived: false },
    };
    this.records.set(`${type}/${id}`, entity);
    this.history.set(`${type}/${id}`, [{ version, at: version, by: 'office', byName: 'Ufficio', action: 'create', changes: [] }]);
    return structuredClone(entity);
  }

  /** A change made in the office while the device was offline. */
  officeEdit(type: string, id: string, patch: Record<string, unknown>, by = 'planner', byName = 'Paola Pianificatrice'): Entity {
    return this.write(`${type}/${id}`, patch, by, byName, 'update');
  }

  get(type: string, id: string): Entity | undefined {
    const entity = this.records.get(`${type}/${id}`);
    return entity ? structuredClone(entity) : undefined;
  }

  /** The writes applied to a record (its history rows after the create). */
  writesTo(type: string, id: string): number {
    return (this.history.get(`${type}/${id}`) ?? []).filter((row) => row.action !== 'create').length;
  }

  private write(key: string, patch: Record<string, unknown>, by: string, byName: string, action: string): Entity {
    const current = this.records.get(key) as Entity;
    const version = this.nextVersion();
    const next: Entity = {
      ...current,
      attributes: applyMergePatch(current.attributes, patch.attributes ?? {}),
      relationships: applyMergePatch(current.relationships, patch.relationships ?? {}),
      metadata: { ...current.metadata, lastUpdatedDateTime: version, lastUpdatedBy: by },
    };
    const changes = changedPaths({ attributes: current.attributes, relationships: current.relationships }, { attributes: next.attributes, relationships: next.relationships })
      .map((path) => ({ pointer: `/${path.split('.').join('/')}`, from: null, to: null }));
    this.records.set(key, next);
    this.history.get(key)?.unshift({ version, at: version, by, byName, action, changes });
    return structuredClone(next);
  }

  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[name.toLowerCase()] = value;
    const text = typeof init.body === 'string' ? init.body : '';
    const seen: SeenRequest = { method: (init.method ?? 'GET').toUpperCase(), path: decodeURIComponent(url.pathname.replace(/^\/api/, '')), headers, body: text ? JSON.parse(text) : undefined, status: 0, replayed: false, query: [...url.searchParams.entries()] };
    this.log.push(seen);
    const interception = this.intercept(seen);
    if (interception instanceof Response) {
      seen.status = interception.status;
      return interception;
    }
    if (interception === 'before') throw new TypeError('fetch failed');
    const response = this.handle(seen, text);
    seen.status = response.status;
    if (interception === 'after') throw new TypeError('fetch failed');
    if (interception === 'hang') return new Promise<Response>(() => undefined);
    return response;
  };

  private handle(seen: SeenRequest, text: string): Response {
    const key = seen.headers['idempotency-key'];
    const fingerprint = `${seen.method} ${seen.path} ${text}`;
    if (key && seen.method !== 'GET') {
      const stored = this.keys.get(key);
      if (stored && stored.fingerprint !== fingerprint) return problem(422, 'IDEMPOTENCY_KEY_REUSED');
      if (stored) {
        seen.replayed = true;
        return json(stored.status, stored.body, { 'Idempotent-Replayed': 'true' });
      }
    }
    const answer = this.route(seen);
    if (key && seen.method !== 'GET' && answer.status < 300) this.keys.set(key, { fingerprint, status: answer.status, body: answer.body });
    if (answer.status < 400) return json(answer.status, answer.body);
    const { code, message, errors } = answer.body as { code: string; message: string; errors: unknown[] };
    return problem(answer.status, code, message, { errors });
  }

  private route(seen: SeenRequest): { status: number; body: unknown } {
    const fail = (status: number, code: string, message = code, errors: unknown[] = []) => ({ status, body: { code, message, errors } });
    const [, type = '', id = '', sub, action] = seen.path.split('/');
    const recordKey = `${type}/${id}`;
    const current = this.records.get(recordKey);
    const ifMatch = seen.headers['if-match']?.replace(/^"|"$/g, '');
    const body = (seen.body ?? {}) as Record<string, unknown>;
    if (seen.method === 'GET' && !id) {
      // A list: the SPEC §7 query over this type's records, computed as the device would.
      const all = [...this.records.entries()].filter(([key]) => key.startsWith(`${type}/`)).map(([, entity]) => structuredClone(entity));
      const answer = answerLocally(type, all, Object.fromEntries(seen.query ?? []));
      return answer ? { status: 200, body: answer } : fail(400, 'INVALID_QUERY');
    }
    if (seen.method === 'GET') {
      if (!current) return fail(404, 'NOT_FOUND');
      if (sub === 'history') return { status: 200, body: { data: this.history.get(recordKey) ?? [] } };
      return { status: 200, body: { data: current } };
    }
    if (seen.method === 'PUT') {
      if (seen.headers['if-none-match'] !== '*') return fail(428, 'PRECONDITION_REQUIRED');
      if (current) return fail(412, 'RECORD_EXISTS');
      if ((body.attributes as Record<string, unknown> | undefined)?.invalid) return fail(422, 'VALIDATION_FAILED', 'Dati non validi', [{ pointer: '/attributes/invalid', code: 'invalid', message: 'Valore non ammesso' }]);
      return { status: 201, body: { data: this.seedAs(type, id, body) } };
    }
    if (!current) return fail(404, 'NOT_FOUND');
    if (ifMatch !== current.metadata.lastUpdatedDateTime) return fail(409, 'VERSION_CONFLICT', 'Il record è stato modificato da un altro utente');
    if (seen.method === 'PATCH') {
      if ((body.attributes as Record<string, unknown> | undefined)?.invalid) return fail(422, 'VALIDATION_FAILED', 'Dati non validi', [{ pointer: '/attributes/invalid', code: 'invalid', message: 'Valore non ammesso' }]);
      return { status: 200, body: { data: this.write(recordKey, body, 'technician', 'Marco Manutentore', 'update') } };
    }
    if (seen.method === 'POST' && sub === 'actions' && action) {
      if (current.attributes.state === 'cancelled') return fail(409, 'TRANSITION_NOT_ALLOWED', 'L’intervento è stato annullato');
      return { status: 200, body: { data: this.write(recordKey, { attributes: { state: action } }, 'technician', 'Marco Manutentore', 'transition') } };
    }
    return fail(404, 'ROUTE_NOT_FOUND');
  }

  private seedAs(type: string, id: string, body: Record<string, unknown>): Entity {
    const entity = this.seed(type, id, (body.attributes ?? {}) as Record<string, unknown>, (body.relationships ?? {}) as Record<string, unknown>);
    entity.metadata.createdBy = 'technician';
    this.records.set(`${type}/${id}`, structuredClone(entity));
    return entity;
  }
}
