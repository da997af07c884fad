import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from '../store.ts';
import { closeDialog, confirmDelete, DELETE_PASSPHRASE, dialogAtom, openDialog } from './dialog.tsx';

afterEach(() => {
  vi.useRealTimers();
  store.set(dialogAtom, null);
});

describe('dialog host state (SPEC §4)', () => {
  it('opens on request and resets title, transition, size, keepOpen and role once it has finished closing', async () => {
    vi.useFakeTimers();
    let close!: (result?: string) => void;
    const answer = openDialog<string>({ title: 'Titolo', size: 'lg', transition: 'slide', keepOpen: true, role: 'alertdialog', render: (done) => ((close = done), null) });
    const state = store.get(dialogAtom)!;
    expect(state.open).toBe(true);
    expect(state.request).toMatchObject({ title: 'Titolo', size: 'lg', transition: 'slide', keepOpen: true, role: 'alertdialog' });
    state.request.render(closeDialog);
    close('ok');
    await expect(answer).resolves.toBe('ok');
    // Closing: still there for the closing transition, then reset.
    expect(store.get(dialogAtom)?.open).toBe(false);
    vi.advanceTimersByTime(500);
    expect(store.get(dialogAtom)).toBeNull();
  });

  it('a new request dismisses the one still open', async () => {
    const first = openDialog({ title: 'Uno', render: () => null });
    void openDialog({ title: 'Due', render: () => null });
    await expect(first).resolves.toBeUndefined();
    expect(store.get(dialogAtom)?.request.title).toBe('Due');
  });

  it('a request made while the previous one still fades out is a new request (its body is mounted afresh)', () => {
    vi.useFakeTimers();
    void openDialog({ title: 'Registra consegna', render: () => null });
    const first = store.get(dialogAtom)!;
    closeDialog('done');
    expect(store.get(dialogAtom)?.open).toBe(false);
    void openDialog({ title: 'Registra consegna', render: () => null });
    const second = store.get(dialogAtom)!;
    expect(second.open).toBe(true);
    expect(second.serial).not.toBe(first.serial);
    // The first one's reset timer does not close the second.
    vi.advanceTimersByTime(500);
    expect(store.get(dialogAtom)).toBe(second);
  });

  it('deleting asks for the passphrase "elimina" and is confirmed only through it', async () => {
    expect(DELETE_PASSPHRASE).toBe('elimina');
    const answer = confirmDelete('PRV-1');
    const state = store.get(dialogAtom)!;
    expect(state.request).toMatchObject({ keepOpen: true, role: 'alertdialog' });
    state.resolve(undefined);
    await expect(answer).resolves.toBe(false);
  });
});
