/**
 * The one HTTP client of SPEC §7: one base address, bearer token, 10 s timeout ("Request timed
 * out"), retries (up to 2) of idempotent methods on 408/413/429/500/502/503/504 honouring
 * Retry-After with a 0.3 s doubling backoff and a retry-count header, comma-separated query
 * arrays, URL-encoded `{param}` path parameters, and on 401 one token refresh and repeat.
 * SPEC §8 alerts are raised through `onProblem`, only once the request will not be retried.
 */
import { IDEMPOTENCY_KEY_HEADER } from '../../domain/records.ts';

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;

export interface RequestOptions {
  /** Query parameters; arrays are sent comma-separated (SPEC §7). Keys like `page[size]` as they are. */
  query?: Record<string, QueryValue>;
  /** Values for `{name}` placeholders in the path, URL-encoded; missing/empty/disallowed → error. */
  params?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No SPEC §8 alert for this request: the caller shows the problem itself (e.g. a form's 409). */
  silent?: boolean;
  /** No alert when the server cannot be reached (status 0): the device answers or queues instead (issue 25). */
  quietWhenUnreachable?: boolean;
  /** The version the write is based on (the entity's ETag / lastUpdatedDateTime): sent as `If-Match`. */
  ifMatch?: string;
  /** What failed, as the alert's title (SPEC §8 «Errore durante la creazione del dipendente»): a message id. */
  failure?: string;
  /** Answer the successful Response itself, its body unread (a download read as it streams). */
  raw?: boolean;
}

/** A problem+json answer (SPEC §8, DESIGN §4), or a transport failure (status 0). */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly type: string;
  readonly title: string;
  readonly errors: { pointer: string; code: string; message: string }[];
  readonly body: Record<string, unknown>;
  /**
   * What failed (the request's `failure` message id): kept on the problem so a caller that reports a
   * silent request's problem itself (`showProblemAlert(problem)`) still titles the alert with it.
   */
  failure?: string;
  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : String(body.title ?? 'Errore'));
    this.status = status;
    this.body = body;
    this.code = String(body.code ?? '');
    this.type = String(body.type ?? '');
    this.title = String(body.title ?? '');
    this.errors = Array.isArray(body.errors) ? (body.errors as ApiProblem['errors']) : [];
  }
}

/** SPEC §8 wording of the time-out; `problems.Request timed out` translates it. */
export const TIMEOUT_MESSAGE = 'Request timed out';
export const TIMEOUT_CODE = 'REQUEST_TIMED_OUT';
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** SPEC §8 path parameter errors: the placeholder has no value, an empty one, or one of a disallowed type. */
export class PathParamError extends Error {
  readonly param: string;
  readonly reason: 'missing' | 'empty' | 'disallowed';
  constructor(param: string, reason: PathParamError['reason']) {
    super(`Path parameter "${param}" is ${reason === 'disallowed' ? 'of a disallowed type' : reason}`);
    this.name = 'PathParamError';
    this.param = param;
    this.reason = reason;
  }
}

export interface ApiClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientConfig {
  /** The one backend base address (`config.json` → `apiBaseUrl`), absolute or relative to the page. */
  baseUrl: string;
  /** The current access token, or nothing (auth disabled). */
  getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** After a 401 of a request that had a token: a fresh token, or null when refreshing failed. */
  refreshAccessToken?: () => Promise<string | null | undefined>;
  /** Refresh failed (or the repeat got 401 again): restart login (SPEC §8). */
  onLoginRequired?: () => void;
  /** Extra headers per request (the impersonation header). */
  extraHeaders?: () => Record<string, string | undefined>;
  /** A problem that is final (not retried): SPEC §8 alert. */
  onProblem?: (problem: ApiProblem, failure?: string) => void;
  /** The server is in maintenance for this user (503 MAINTENANCE), whether the request was silent or not. */
  onMaintenance?: () => void;
  /** SPEC §9 constants; overridable for tests. */
  timeoutMs?: number;
  retryLimit?: number;
  backoffMs?: number;
  /** Retry-After longer than this: not retried (default: the timeout). */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /** Waits `ms` between attempts (default: a timer, given up when `signal` aborts); tests read the waits asked. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const RETRY_METHODS: ReadonlySet<string> = new Set(['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 413, 429, 500, 502, 503, 504]);
export const RETRY_COUNT_HEADER = 'X-Retry-Count';
export const IMPERSONATION_HEADER = 'X-Impersonation';

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** Replaces `{name}` with the URL-encoded value; throws PathParamError for missing/empty/disallowed values. */
export function expandPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(PLACEHOLDER, (_match, name: string) => {
    if (!Object.hasOwn(params, name) || params[name] === undefined || params[name] === null) throw new PathParamError(name, 'missing');
    const value = params[name];
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new PathParamError(name, 'disallowed');
      return encodeURIComponent(String(value));
    }
    if (typeof value !== 'string') throw new PathParamError(name, 'disallowed');
    if (value.trim() === '') throw new PathParamError(name, 'empty');
    return encodeURIComponent(value);
  });
}

/** `a=1&ids=x,y&filter[state]=draft`: arrays comma-separated; brackets and commas kept readable. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      parts.push(`${encode(key)}=${value.map((item) => encodeURIComponent(String(item))).join(',')}`);
    } else {
      parts.push(`${encode(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent/unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** `"<version>"`: the ETag form the API wants in If-Match; an already quoted value is kept. */
export function ifMatchValue(version: string): string {
  return /^(W\/)?".*"$/.test(version) ? version : `"${version}"`;
}

function isProblemContentType(contentType: string | null): boolean {
  return /application\/problem\+json/i.test(contentType ?? '');
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createApiClient(config: ApiClientConfig): ApiClient {
  const timeoutMs = config.timeoutMs ?? 10_000;
  const retryLimit = config.retryLimit ?? 2;
  const backoffMs = config.backoffMs ?? 300;
  const maxRetryAfterMs = config.maxRetryAfterMs ?? timeoutMs;
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const wait = config.wait ?? sleep;

  function resolveUrl(path: string, options: RequestOptions): string {
    const expanded = expandPath(path, options.params);
    const base = config.baseUrl.replace(/\/+$/, '');
    const relative = expanded.replace(/^\/+/, '');
    const query = buildQuery(options.query);
    return `${base}/${relative}${query ? `?${query}` : ''}`;
  }

  /** One attempt with its own 10 s timeout; a time-out or network failure becomes an ApiProblem with status 0. */
  async function attempt(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const signals = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      return await doFetch(url, { ...init, signal: signals });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timeout.signal.aborted) {
        throw new ApiProblem(0, { type: 'about:blank#timeout', title: TIMEOUT_MESSAGE, code: TIMEOUT_CODE, message: TIMEOUT_MESSAGE });
      }
      throw new ApiProblem(0, { type: 'about:blank#network', title: 'Network error', code: NETWORK_ERROR_CODE, message: String((error as Error)?.message ?? error) });
    } finally {
      clearTimeout(timer);
    }
  }

  async function toProblem(response: Response): Promise<ApiProblem> {
    let body: Record<string, unknown> = {};
    const text = await response.text().catch(() => '');
    if (text) {
      try {
        const parsed = JSON.parse(text) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        // Not JSON: keep the status text as title below.
      }
    }
    if (body.title === undefined) body = { ...body, title: response.statusText || `HTTP ${response.status}` };
    if (body.status === undefined) body = { ...body, status: response.status };
    return new ApiProblem(response.status, body);
  }

  async function readBody(response: Response): Promise<unknown> {
    if (response.status === 204 || response.status === 205) return undefined;
    // Binary answers (documents: application/pdf) come back as a Blob.
    if (/^application\/(pdf|octet-stream)/i.test(response.headers.get('content-type') ?? '')) return response.blob();
    const text = await response.text();
    if (!text) return undefined;
    return /json/i.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : text;
  }

  function report(problem: ApiProblem, options: RequestOptions, contentType: string | null): void {
    if (problem.code === 'MAINTENANCE') return config.onMaintenance?.();
    if (options.silent || !config.onProblem || (problem.status === 0 && options.quietWhenUnreachable)) return;
    const shown = problem.status === 0 || (isProblemContentType(contentType) && (problem.status === 403 || problem.status === 409 || problem.status >= 500));
    if (shown) config.onProblem(problem, options.failure);
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const verb = method.toUpperCase();
    const url = resolveUrl(path, options);
    // A write sent with an idempotency key answers its first result when repeated, so it may be retried too.
    const canRetry = RETRY_METHODS.has(verb) || Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER.toLowerCase());

    const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (typeof FormData !== 'undefined' && options.body instanceof FormData) body = options.body;
      else if (typeof Blob !== 'undefined' && options.body instanceof Blob) body = options.body;
      else {
        body = JSON.stringify(options.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    if (options.ifMatch !== undefined) headers['If-Match'] = ifMatchValue(options.ifMatch);
    for (const [name, value] of Object.entries(config.extraHeaders?.() ?? {})) if (value !== undefined) headers[name] = value;
    Object.assign(headers, options.headers);

    let token = (await config.getAccessToken?.()) ?? undefined;
    let refreshed = false;
    let retries = 0;
    for (;;) {
      const attemptHeaders: Record<string, string> = { ...headers };
      if (token) attemptHeaders.Authorization = `Bearer ${token}`;
      if (retries > 0) attemptHeaders[RETRY_COUNT_HEADER] = String(retries);

      let response: Response;
      try {
        response = await attempt(url, { method: verb, headers: attemptHeaders, body }, options.signal);
      } catch (error) {
        if (error instanceof ApiProblem) {
          error.failure ??= options.failure;
          report(error, options, null);
        }
        throw error;
      }
      if (response.ok) return (options.raw ? response : await readBody(response)) as T;

      if (response.status === 401 && token && !refreshed && config.refreshAccessToken) {
        // SPEC §8: a request that had a token gets one refresh and one repeat.
        refreshed = true;
        await response.body?.cancel().catch(() => undefined);
        const fresh = await config.refreshAccessToken().catch(() => null);
        if (fresh) {
          token = fresh;
          continue;
        }
        config.onLoginRequired?.();
        throw await toProblemFrom401();
      }

      if (canRetry && retries < retryLimit && RETRY_STATUSES.has(response.status)) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        if (retryAfter === undefined || retryAfter <= maxRetryAfterMs) {
          await response.body?.cancel().catch(() => undefined);
          const delay = retryAfter ?? backoffMs * 2 ** retries;
          retries += 1;
          await wait(delay, options.signal);
          continue;
        }
      }

      const problem = await toProblem(response);
      problem.failure = options.failure;
      if (response.status === 401 && token) config.onLoginRequired?.();
      report(problem, options, response.headers.get('content-type'));
      throw problem;
    }

    function toProblemFrom401(): ApiProblem {
      return new ApiProblem(401, { type: 'about:blank#unauthorized', title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED' });
    }
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
