/** Small UI atoms of the shell, set by commands (keys, palette, buttons) and read by components. */
import { atom } from 'jotai';
import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

/** The command palette is open. */
export const paletteOpenAtom = atom(false);
/**
 * What was typed after the palette was asked for and before its field had the keyboard (its code
 * still loading, or not yet drawn): the palette's search starts with it, and none of it is a shortcut.
 */
export const paletteEarlyTextAtom = atom('');
/** The shortcut help overlay is open. */
export const shortcutHelpOpenAtom = atom(false);
/** On small screens the sidebar is a drawer: open or not (on larger screens it is always there). */
export const sidebarDrawerOpenAtom = atom(false);
/** The key presses of a sequence typed so far (`g` waiting for `q`), shown as a hint. */
export const pendingKeysAtom = atom<string>('');

/**
 * True while a modal dialog closes and the browser hands the focus back to where it was: that focus
 * is not the user choosing a side of the split view (a plain flag, read synchronously in focus events).
 */
export const returningFocus = { active: false };

/** Closes a native dialog, marking the focus it gives back as returned. */
export function closeDialogElement(dialog: HTMLDialogElement): void {
  returningFocus.active = true;
  try {
    dialog.close();
  } finally {
    returningFocus.active = false;
  }
}

/**
 * Keeps a native `<dialog>` modal while `open` (focus trap, Escape, top layer) and closes it as
 * `closeDialogElement` does; `onShown` runs right after it opens (e.g. to focus a field).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, onShown?: (dialog: HTMLDialogElement) => void): void {
  // onShown is read when the dialog opens, not a reason to re-run.
  const shown = useEffectEvent((dialog: HTMLDialogElement) => onShown?.(dialog));
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      shown(dialog);
    }
    if (!open && dialog.open) closeDialogElement(dialog);
  }, [ref, open]);
}
