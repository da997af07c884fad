import { afterEach, describe, expect, it } from 'vitest';
import { defaultUserSettings, userSettingsAtom } from '../settings/user-settings.ts';
import { store } from '../store.ts';
import { openTab } from './tab-context.ts';
import { emptyWorkspace, workspaceAtom } from './workspace-state.ts';

const openPages = (count: number) => {
  for (let i = 0; i < count; i++) openTab(`/customers/detail/c${i}`);
  return store.get(workspaceAtom).tabs.length;
};

afterEach(() => {
  store.set(workspaceAtom, emptyWorkspace);
  store.set(userSettingsAtom, defaultUserSettings);
});

describe('openTab and the user’s «Schede aperte al massimo»', () => {
  it('applies the limit the user chose', () => {
    store.set(userSettingsAtom, { ...defaultUserSettings, tabLimit: 20 });
    expect(openPages(25)).toBe(20);
  });

  it('50 when the user chose nothing, as before', () => {
    expect(openPages(55)).toBe(50);
  });

  it('none with «Nessun limite»', () => {
    store.set(userSettingsAtom, { ...defaultUserSettings, tabLimit: 0 });
    expect(openPages(60)).toBe(60);
  });
});
