import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { method: string; path: string; body?: unknown; options?: unknown }[] = [];
let stored: { id: string; attributes: Record<string, unknown>; metadata: { lastUpdatedDateTime: string } } | undefined;
let conflictOnce = false;

// The records provider is the one data path (src/client/data); the settings talk to it, as the workspace does.
vi.mock('../data/records.ts', async () => {
  const { ApiProblem } = await import('../api/http.ts');
  return {
    records: {
      list: async (type: string, params: unknown) => {
        calls.push({ method: 'GET', path: `/${type}`, options: params });
        return { data: stored ? [stored] : [] };
      },
      create: async (type: string, body: { attributes: Record<string, unknown> }) => {
        calls.push({ method: 'POST', path: `/${type}`, body });
        stored = { id: 's1', attributes: body.attributes, metadata: { lastUpdatedDateTime: 'v1' } };
        return stored;
      },
      update: async (type: string, entity: { id: string; metadata: { lastUpdatedDateTime: string } }, body: { attributes: Record<string, unknown> }) => {
        const ifMatch = entity.metadata.lastUpdatedDateTime;
        calls.push({ method: 'PATCH', path: `/${type}/${entity.id}`, body, options: { ifMatch } });
        if (conflictOnce) {
          conflictOnce = false;
          stored = { ...stored!, metadata: { lastUpdatedDateTime: 'v-other' } };
          throw new ApiProblem(409, { code: 'VERSION_CONFLICT' });
        }
        stored = { ...stored!, attributes: { ...stored!.attributes, ...body.attributes }, metadata: { lastUpdatedDateTime: `${ifMatch}+` } };
        return stored;
      },
    },
  };
});

const memory = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => memory.set(k, v), removeItem: (k: string) => memory.delete(k) });

const { flushUserSettings, loadUserSettings, updateUserSettings, userSettingsAtom } = await import('./user-settings.ts');
const { store } = await import('../store.ts');

beforeEach(() => {
  calls.length = 0;
});

describe('user settings per user', () => {
  it('apply the local copy at once, then the server copy, which wins', async () => {
    memory.set('backoffice.userSettings.u1', JSON.stringify({ hasDarkTheme: true, hasFilters: true }));
    stored = { id: 's1', attributes: { hasDarkTheme: false, openTabs: [{ url: '/dashboard' }] }, metadata: { lastUpdatedDateTime: 'v1' } };
    await loadUserSettings('u1');
    expect(store.get(userSettingsAtom)).toMatchObject({ hasDarkTheme: false, openTabs: [{ url: '/dashboard' }], hasFilters: false });
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/userSettings', options: { 'filter[userId]': 'u1' } });
  });

  it('merge changes in a row into one PATCH carrying the version it is based on', async () => {
    updateUserSettings({ hasFilters: true });
    updateUserSettings({ hasSidebarEnlarged: true });
    await flushUserSettings();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ path: '/userSettings/s1', body: { attributes: { hasFilters: true, hasSidebarEnlarged: true } }, options: { ifMatch: 'v1' } });
    expect(JSON.parse(memory.get('backoffice.userSettings.u1')!)).toMatchObject({ hasFilters: true, hasSidebarEnlarged: true });
  });

  it('send nothing when nothing changes', async () => {
    updateUserSettings({ hasFilters: true });
    await flushUserSettings();
    expect(calls).toHaveLength(0);
  });

  it('on a version conflict take the other version and re-apply the change', async () => {
    conflictOnce = true;
    updateUserSettings({ currentGroupSelected: 'marketing' });
    await flushUserSettings();
    await flushUserSettings();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches.map((call) => (call.options as { ifMatch: string }).ifMatch)).toEqual(['v1+', 'v-other']);
    expect(stored!.attributes.currentGroupSelected).toBe('marketing');
  });
});
