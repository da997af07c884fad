import { createStore } from 'jotai';

/** The one jotai store: `main.tsx` passes it to `<Provider>`, and non-React code (HTTP client, alerts) uses it directly. */
export const store = createStore();
