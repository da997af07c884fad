/**
 * A device for each test of the offline runtime and its screens: an in-memory localStorage, a fresh
 * `FakeApi` the app's HTTP client is configured on; after each test `cleanup` (a render's), the
 * runtime stopped, every offline database deleted and the real localStorage back.
 *
 *   const device = fakeDevice(() => cleanup());
 *   … device.server.seed('checks', 'c1', {…}) …
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach } from 'vitest';
import { InMemoryWebStorage } from 'oidc-client-ts';
import { configureApi } from '../api/client.ts';
import { FakeApi } from './fake-api.test-support.ts';
import { stopOfflineRuntime } from './runtime.ts';

export function fakeDevice(cleanup?: () => void): { readonly server: FakeApi } {
  let server: FakeApi | undefined;
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new InMemoryWebStorage(), configurable: true });
    server = new FakeApi();
    configureApi({ baseUrl: 'http://fake/api', fetch: server.fetch, getAccessToken: () => 'token', refreshAccessToken: async () => null, onLoginRequired: () => undefined });
  });
  afterEach(async () => {
    cleanup?.();
    await stopOfflineRuntime();
    // Each test starts from an empty device.
    for (const { name } of await indexedDB.databases()) if (name) await Dexie.delete(name);
    if (original) Object.defineProperty(globalThis, 'localStorage', original);
    else delete (globalThis as { localStorage?: Storage }).localStorage;
  });
  return {
    get server() {
      if (!server) throw new Error('fakeDevice().server is read inside a test');
      return server;
    },
  };
}
