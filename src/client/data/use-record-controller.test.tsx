// @vitest-environment jsdom
// The record controller as a screen uses it: rendered with React (testing-library), the app's query
// cache and HTTP client configured against a real local HTTP server (node:http) that stores one
// reminder and checks If-Match like the API, and the tab's sessionStorage (jsdom).
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Identity } from '../../domain/ability.ts';
import type { Entity } from '../../domain/entity.ts';
import { applyMergePatch } from '../../domain/merge-patch.ts';
import { ApiProblem } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { SessionProvider } from '../session/session.tsx';
import { startFakeApi, type FakeApi } from '../test-support/fake-api-server.ts';
import { recordKey } from './records.ts';
import { useRecordController, type ConflictChoice } from './use-record-controller.ts';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ID = '33333333-3333-4333-8333-333333333333';

let api: FakeApi;
let stored: Entity;
let writes: { ifMatch: string | undefined; body: unknown }[];
/** When set, the next PATCH is refused with 409 after this other user's change is stored. */
let raceBy: Record<string, unknown> | undefined;

function entity(version: string, by: string, attributes: Record<string, unknown>): Entity {
  return {
    id: ID,
    attributes: { title: 'Richiamare', dateTime: '2026-05-04T08:00:00.000Z', isDone: false, ...attributes },
    relationships: { userId: ME },
    metadata: {
      createdDateTime: '2026-01-01T00:00:00.000Z', lastUpdatedDateTime: version, deletedDateTime: null,
      createdBy: ME, lastUpdatedBy: by, deletedBy: null, isDeleted: false, isArchived: false,
    },
  };
}

/** Another user saves the reminder (as the API would), then the live stream's notice invalidates it. */
async function changedElsewhere(version: string, attributes: Record<string, unknown>) {
  stored = { ...stored, attributes: { ...stored.attributes, ...attributes }, metadata: { ...stored.metadata, lastUpdatedDateTime: version, lastUpdatedBy: OTHER } };
  await act(() => queryClient.invalidateQueries({ queryKey: recordKey('reminders', ID) }));
}

beforeAll(async () => {
  api = await startFakeApi(({ method, path, headers, text }, send) => {
    if (method === 'GET' && path === `/api/reminders/${ID}`) return send(200, { data: stored });
    if (method === 'GET' && path === `/api/reminders/${ID}/history`) {
      return send(200, { data: [{ version: stored.metadata.lastUpdatedDateTime, at: stored.metadata.lastUpdatedDateTime, by: OTHER, byName: 'Mario Rossi', action: 'update', changes: [] }] });
    }
    if (method === 'PATCH' && path === `/api/reminders/${ID}`) {
      const body = JSON.parse(text) as unknown;
      writes.push({ ifMatch: headers['if-match'], body });
      if (raceBy) {
        stored = { ...stored, attributes: { ...stored.attributes, ...raceBy }, metadata: { ...stored.metadata, lastUpdatedDateTime: 'v-race', lastUpdatedBy: OTHER } };
        raceBy = undefined;
      }
      if (headers['if-match'] !== `"${stored.metadata.lastUpdatedDateTime}"`) {
        return send(409, { status: 409, code: 'VERSION_CONFLICT', title: 'Conflict', message: 'Modificato da altri' }, 'application/problem+json');
      }
      const next = applyMergePatch(stored, body);
      stored = { ...next, metadata: { ...next.metadata, lastUpdatedDateTime: `v${writes.length + 10}`, lastUpdatedBy: ME } };
      return send(200, { data: stored });
    }
    send(404, { status: 404, code: 'NOT_FOUND', title: 'Not found' }, 'application/problem+json');
  });
});

afterAll(() => api.close());

beforeEach(() => {
  stored = entity('v1', ME, {});
  writes = [];
  raceBy = undefined;
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => cleanup());

const identity = {
  id: ME, email: 'me@example.it', displayName: 'Io', userType: 'siv', allowedModules: [], allowedCustomerIds: [], officeLocationIds: [],
  isMainteiner: false, isSalesman: false, roles: [], permissions: [{ action: 'manage', subject: 'all' }],
} as unknown as Identity;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider identity={identity} signOut={async () => undefined}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}

function render(resolveConflict?: () => Promise<ConflictChoice>) {
  return renderHook(() => useRecordController('reminders', ID, { resolveConflict }), { wrapper });
}

describe('useRecordController', () => {
  it('loads, tracks the draft and saves only the change with the version it was based on', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setField('attributes.title', 'Richiamare domani'));
    expect(result.current.dirty).toBe(true);
    expect(result.current.handle.dirty).toBe(true);
    let outcome: string | undefined;
    await act(async () => void (outcome = await result.current.save()));
    expect(outcome).toBe('saved');
    expect(writes).toEqual([{ ifMatch: '"v1"', body: { attributes: { title: 'Richiamare domani' } } }]);
    expect(result.current.dirty).toBe(false);
    expect(result.current.stored?.metadata.lastUpdatedDateTime).toBe('v11');
  });

  it('saves through a companion (rows edited with the record): dirty by its rows alone, its field errors kept at their paths', async () => {
    const saves: { version: string; patch: unknown }[] = [];
    let fail = true;
    const companion = {
      dirty: true,
      async save(base: Entity, patch: unknown) {
        saves.push({ version: base.metadata.lastUpdatedDateTime, patch });
        if (fail) {
          fail = false;
          throw new ApiProblem(422, { status: 422, code: 'VALIDATION_FAILED', title: 'Invalid', message: 'Dati non validi', errors: [{ pointer: '/lines/1/attributes/quantity', code: 'tooSmall', message: 'Quantità non valida' }] });
        }
        return entity('v-lines', ME, {});
      },
    };
    const { result } = renderHook(() => useRecordController('reminders', ID, { companion }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.dirty).toBe(true);
    await act(async () => expect(await result.current.save()).toBe('failed'));
    expect(result.current.errors.get('lines.1.attributes.quantity')).toBe('Quantità non valida');
    await act(async () => expect(await result.current.save()).toBe('saved'));
    expect(saves).toEqual([{ version: 'v1', patch: undefined }, { version: 'v1', patch: undefined }]);
    expect(writes).toHaveLength(0);
    expect(result.current.stored?.metadata.lastUpdatedDateTime).toBe('v-lines');
  });

  it('refuses to save an invalid draft and shows every error then', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setField('attributes.title', ''));
    await act(async () => expect(await result.current.save()).toBe('invalid'));
    expect(writes).toHaveLength(0);
    expect(result.current.errors.get('attributes.title')).toBeTruthy();
  });

  it('takes a newer version from someone else when there is no draft, saying who', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await changedElsewhere('v2', { title: 'Cambiato da Mario' });
    await waitFor(() => expect(result.current.draft?.attributes.title).toBe('Cambiato da Mario'));
    expect(result.current.remote).toMatchObject({ pending: false, by: OTHER, version: 'v2' });
    await waitFor(() => expect(result.current.remote?.byName).toBe('Mario Rossi'));
  });

  it('keeps a draft when someone else saves, and "keep mine" saves it on their version', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setField('attributes.title', 'Il mio titolo'));
    await changedElsewhere('v2', { note: 'La nota di Mario' });
    await waitFor(() => expect(result.current.remote?.pending).toBe(true));
    expect(result.current.draft?.attributes.title).toBe('Il mio titolo');
    expect(result.current.stored?.metadata.lastUpdatedDateTime).toBe('v1');
    act(() => result.current.remote!.keepMine());
    expect(result.current.remote).toBeUndefined();
    expect(result.current.stored?.metadata.lastUpdatedDateTime).toBe('v2');
    expect(result.current.draft?.attributes).toMatchObject({ title: 'Il mio titolo', note: 'La nota di Mario' });
    await act(async () => expect(await result.current.save()).toBe('saved'));
    expect(writes).toEqual([{ ifMatch: '"v2"', body: { attributes: { title: 'Il mio titolo' } } }]);
    expect(stored.attributes).toMatchObject({ title: 'Il mio titolo', note: 'La nota di Mario' });
  });

  it('"reload" drops the draft for the newer version', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setField('attributes.title', 'Il mio titolo'));
    await changedElsewhere('v2', { title: 'Il titolo di Mario' });
    await waitFor(() => expect(result.current.remote?.pending).toBe(true));
    act(() => result.current.remote!.reload());
    expect(result.current.dirty).toBe(false);
    expect(result.current.draft?.attributes.title).toBe('Il titolo di Mario');
  });

  it('a 409 asks what to do; applying mine on top saves against the current version', async () => {
    const { result } = render(async () => 'overwrite');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setField('attributes.title', 'Il mio titolo'));
    raceBy = { note: 'Scritta nel frattempo' };
    await act(async () => expect(await result.current.save()).toBe('saved'));
    expect(writes.map((w) => w.ifMatch)).toEqual(['"v1"', '"v-race"']);
    expect(stored.attributes).toMatchObject({ title: 'Il mio titolo', note: 'Scritta nel frattempo' });
  });

  it('keeps the draft in the tab storage and offers it back when the record is reopened', async () => {
    const first = render();
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    act(() => first.result.current.setField('attributes.title', 'Non salvato'));
    first.unmount();
    queryClient.clear();
    const { result } = render();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.dirty).toBe(false);
    expect(result.current.restorable?.savedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    act(() => result.current.restorable!.restore());
    expect(result.current.draft?.attributes.title).toBe('Non salvato');
    expect(result.current.dirty).toBe(true);
    act(() => result.current.discard());
    expect(result.current.dirty).toBe(false);
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('records.draft'))).toEqual([]);
  });
});
