/**
 * The configured HTTP client singleton. `main.tsx` calls `configureApi()` once config.json and the
 * session are known; until then requests wait, so modules may import `api` at load time.
 */
import { createApiClient, IMPERSONATION_HEADER, type ApiClient, type ApiClientConfig, type RequestOptions } from './http.ts';
import { showProblemAlert } from './problem-alert.ts';
import { impersonationHeader } from '../session/impersonation-state.ts';

let resolveClient!: (client: ApiClient) => void;
let ready: Promise<ApiClient> = new Promise((resolve) => (resolveClient = resolve));
let current: ApiClient | undefined;

export function configureApi(config: Pick<ApiClientConfig, 'baseUrl' | 'getAccessToken' | 'refreshAccessToken' | 'onLoginRequired'> & Partial<ApiClientConfig>): ApiClient {
  const client = createApiClient({
    onProblem: showProblemAlert,
    // Maintenance (SPEC §2): the whole app shows the Maintenance route until an administrator ends it.
    onMaintenance: () => {
      if (window.location.pathname !== '/maintenance') window.location.assign('/maintenance');
    },
    extraHeaders: () => ({ [IMPERSONATION_HEADER]: impersonationHeader() }),
    ...config,
  });
  if (current) ready = Promise.resolve(client);
  current = client;
  resolveClient(client);
  return client;
}

const client = async () => current ?? ready;

export const api: ApiClient = {
  request: async <T,>(method: string, path: string, options?: RequestOptions) => (await client()).request<T>(method, path, options),
  get: async <T,>(path: string, options?: RequestOptions) => (await client()).get<T>(path, options),
  post: async <T,>(path: string, body?: unknown, options?: RequestOptions) => (await client()).post<T>(path, body, options),
  patch: async <T,>(path: string, body: unknown, options?: RequestOptions) => (await client()).patch<T>(path, body, options),
  put: async <T,>(path: string, body: unknown, options?: RequestOptions) => (await client()).put<T>(path, body, options),
  delete: async <T,>(path: string, options?: RequestOptions) => (await client()).delete<T>(path, options),
};
