import { QueryClient } from '@tanstack/react-query';

/**
 * The app's react-query cache. No react-query retries: the HTTP client already retries what SPEC §7
 * allows, and a second layer would multiply attempts and alerts. Queries run whatever the browser
 * says of the network (`networkMode: 'always'`): offline, a field user's reads are answered by the
 * device (data/records.ts), and the others say «Impossibile contattare il server» instead of waiting.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});
