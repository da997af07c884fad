// The app's outbox: the global IndexedDB (fake-indexeddb/auto here), the app's configured HTTP client
// and its react-query cache, as the offline screens will open it.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryWebStorage } from 'oidc-client-ts';
import { configureApi } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { recordKey } from '../data/records.ts';
import { writeImpersonation } from '../session/impersonation-state.ts';
import { versionOf, type Entity } from '../../domain/entity.ts';
import { openAppOutbox } from './app-outbox.ts';
import { FakeApi } from './fake-api.test-support.ts';
import type { Outbox } from './outbox.ts';

let outbox: Outbox | undefined;
const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
beforeEach(() => Object.defineProperty(globalThis, 'localStorage', { value: new InMemoryWebStorage(), configurable: true }));
afterEach(() => {
  outbox?.db.close();
  if (original) Object.defineProperty(globalThis, 'localStorage', original);
  else delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('the app outbox', () => {
  it('sends through the configured client (its token) and puts the answer in the screens cache', async () => {
    const server = new FakeApi();
    configureApi({ baseUrl: 'http://fake/api', fetch: server.fetch, getAccessToken: () => 'app-token', refreshAccessToken: async () => null, onLoginRequired: () => undefined });
    outbox = await openAppOutbox('tecnico-1', { locks: null });
    expect(outbox.db.name).toBe('backoffice-offline-tecnico-1');
    await outbox.prime('checks', server.seed('checks', 'c1', { notes: '' }));
    await outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'verificato' } });
    expect(await outbox.drain()).toMatchObject({ sent: 1 });
    expect(server.log[0]?.headers.authorization).toBe('Bearer app-token');
    const cached = queryClient.getQueryData<Entity>(recordKey('checks', 'c1'));
    expect(cached?.attributes).toEqual({ notes: 'verificato' });
    expect(versionOf(cached!)).toBe(versionOf(server.get('checks', 'c1')!));
  });

  it('is not sent while an administrator impersonates someone in this browser', async () => {
    const server = new FakeApi();
    configureApi({ baseUrl: 'http://fake/api', fetch: server.fetch, getAccessToken: () => 'app-token', refreshAccessToken: async () => null, onLoginRequired: () => undefined });
    outbox = await openAppOutbox('tecnico-2', { locks: null });
    await outbox.prime('checks', server.seed('checks', 'c1', {}));
    await outbox.enqueueEdit('checks', 'c1', { attributes: { notes: 'x' } });
    writeImpersonation({ userId: 'someone-else' });
    expect(await outbox.drain()).toMatchObject({ sent: 0, skipped: 'other-user' });
    expect(server.log).toEqual([]);
    writeImpersonation(null);
    expect(await outbox.drain()).toMatchObject({ sent: 1 });
  });
});
