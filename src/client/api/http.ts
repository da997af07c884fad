/**
 * CONTRACT (owned by the client-core work; this first version only fixes the signature others use).
 * The one HTTP client of SPEC §7: base address, bearer token, 10 s timeout, retries, problem+json.
 */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined | null;

export interface RequestOptions {
  /** Query parameters; arrays are sent comma-separated (SPEC §7). Keys like `page[size]` as they are. */
  query?: Record<string, QueryValue>;
  /** Values for `{name}` placeholders in the path, URL-encoded; missing/empty/disallowed → error. */
  params?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A problem+json answer (SPEC §8, DESIGN §4), or a transport failure (status 0). */
export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly type: string;
  readonly title: string;
  readonly errors: { pointer: string; code: string; message: string }[];
  readonly body: Record<string, unknown>;
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

export interface ApiClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}
