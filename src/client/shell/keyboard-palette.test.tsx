// @vitest-environment jsdom
// Keys typed right after Ctrl+K, while the palette's code loads or its dialog is not yet drawn, are
// the palette's search and never shortcuts: typing «Preventivo» once ran «r e» (Elimina) instead.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { testIdentity } from '../../../commands/testing.ts';
import { buildAbility } from '../../domain/ability.ts';
import { sessionAtom, type Session } from '../session/session.tsx';
import { store } from '../store.ts';
import { registerScopedCommands } from '../workspace/use-scoped-commands.ts';
import { useKeyboardShortcuts } from './keyboard.ts';
import { paletteEarlyTextAtom, paletteOpenAtom } from './ui-state.ts';

// The record commands are the registry's business, not this test's: as if already loaded.
vi.mock('../record-commands.ts', () => ({ ensureRecordCommands: () => Promise.resolve(), recordCommandsLoaded: () => true }));

const session = { identity: testIdentity, ability: buildAbility([{ action: 'manage', subject: 'all' }]) } as unknown as Session;
const remove = vi.fn();
let unregister: () => void = () => undefined;

function Keys() {
  useKeyboardShortcuts();
  return <p>spazio di lavoro</p>;
}

function show() {
  store.set(sessionAtom, session);
  store.set(paletteEarlyTextAtom, '');
  unregister = registerScopedCommands('record', { scope: 'tab', active: true, commands: [{ id: 'test.delete', title: 'Elimina', group: 'g', keys: ['r e'], run: remove }] });
  render(
    <Provider store={store}>
      <Keys />
    </Provider>,
  );
}

const type = (...keys: string[]) => keys.forEach((key) => fireEvent.keyDown(window, { key }));

afterEach(() => {
  unregister();
  cleanup();
  remove.mockReset();
  store.set(paletteOpenAtom, false);
});

describe('keys typed for a palette not yet drawn', () => {
  it('are its search, not shortcuts; Backspace takes one back and Escape gives up the palette', async () => {
    show();
    store.set(paletteOpenAtom, true);
    type('P', 'r', 'e', 'v', 'x', 'Backspace');
    expect(store.get(paletteEarlyTextAtom)).toBe('Prev');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(remove).not.toHaveBeenCalled();
    type('Escape');
    expect(store.get(paletteOpenAtom)).toBe(false);
    expect(store.get(paletteEarlyTextAtom)).toBe('');
  });

  it('reach the shortcuts again once the palette is closed, and are left to its field once drawn', async () => {
    show();
    type('r', 'e');
    await vi.waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    const dialog = document.createElement('dialog');
    dialog.className = 'palette';
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    store.set(paletteOpenAtom, true);
    type('r', 'e');
    expect(store.get(paletteEarlyTextAtom)).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(remove).toHaveBeenCalledTimes(1);
    dialog.remove();
  });
});
