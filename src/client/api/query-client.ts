import { QueryClient } from '@tanstack/react-query';

/**
 * The app's react-query cache. No react-query retries: the HTTP client already retries what SPEC §7
 * allows, and a second layer would multiply attempts and alerts.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
