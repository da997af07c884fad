/**
 * The one key dispatcher (DESIGN §4): every command's keys, static and scoped, in one window
 * listener. The innermost active scope wins; keys without Ctrl/Alt/Meta never fire while typing
 * in a field; sequences (`g q`) wait a moment for their next press. A disabled command says why.
 */
import { useEffect } from 'react';
import type { ActiveDocument, Command, CommandScope } from '../../../commands/types.ts';
import { hasCommandModifier, matchSequence, parseSequence, type KeyEventLike, type KeySequence } from '../../../commands/keys.ts';
import { availability, scopeOf, scopeOrder } from '../../../commands/registry.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { store } from '../store.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { listeningCommands } from '../workspace/use-scoped-commands.ts';
import { paletteEarlyTextAtom, paletteOpenAtom, pendingKeysAtom } from './ui-state.ts';
import { ensureRecordCommands, recordCommandsLoaded } from '../record-commands.ts';

const SEQUENCE_TIMEOUT_MS = 1200;
/** Presses kept while the record commands load, to be tried again once they are in. */
const MAX_REPLAYED_PRESSES = 4;
const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Dead']);

/** A field where plain keys are text: inputs (not buttons/checkboxes), textareas, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  return target.getAttribute('role') === 'combobox' || target.getAttribute('role') === 'textbox';
}

/** A control that Enter or Space activates by itself (a button, a link, a tab): those keys stay the browser's there. */
export function activatesOnEnter(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.matches('button, a[href], summary, input[type=checkbox], input[type=radio], input[type=button], input[type=submit], [role=button], [role=tab], [role=link], [role=menuitem], [role=checkbox], [role=switch], [role=option]');
}

const parsed = new WeakMap<Command, KeySequence[]>();
function sequencesOf(command: Command): KeySequence[] {
  let list = parsed.get(command);
  if (!list) {
    list = (command.keys ?? []).map((key) => parseSequence(key));
    parsed.set(command, list);
  }
  return list;
}

export interface KeyMatch {
  full: Command | undefined;
  partial: boolean;
}

/** The command the presses run (innermost scope first), and whether some longer sequence is still possible. */
export function findKeyMatch(commands: readonly Command[], presses: readonly KeyEventLike[], scopes: ReadonlySet<CommandScope>): KeyMatch {
  let full: Command | undefined;
  let fullRank = -1;
  let partial = false;
  for (const command of commands) {
    const scope = scopeOf(command);
    if (!scopes.has(scope)) continue;
    for (const sequence of sequencesOf(command)) {
      const result = matchSequence(sequence, presses);
      if (result === 'partial') partial = true;
      else if (result === 'full') {
        const rank = scopeOrder.indexOf(scope);
        if (rank > fullRank) {
          full = command;
          fullRank = rank;
        }
      }
    }
  }
  return { full, partial };
}

function toPress(event: KeyboardEvent): KeyEventLike {
  return { key: event.key, code: event.code, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, shiftKey: event.shiftKey };
}

/**
 * Runs a command from any source (key, palette, button): one path (DESIGN §6.1). A button may name
 * the document it belongs to (its tab in a split view need not be the focused one).
 */
export async function runCommand(command: Command, overrides: { activeDocument?: ActiveDocument } = {}): Promise<void> {
  const ctx = getCommandContext(overrides);
  if (!ctx) return;
  const state = availability(command, ctx);
  if (state === false) return;
  if (state !== true) {
    pushAlert({ id: `disabled-${command.id}`, type: 'warning', content: state.disabled });
    return;
  }
  try {
    await command.run(ctx);
  } catch (error) {
    console.error(`command ${command.id}`, error);
  }
}

/** Installs the dispatcher while the shell is mounted. */
/** The palette was asked for and its field does not have the keyboard yet. */
function paletteAwaited(): boolean {
  return store.get(paletteOpenAtom) && !document.querySelector('dialog.palette[open]');
}

export function useKeyboardShortcuts(): void {
  useEffect(() => {
    let presses: KeyEventLike[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const beforeRecordCommands: KeyEventLike[] = [];
    const reset = () => {
      presses = [];
      clearTimeout(timer);
      store.set(pendingKeysAtom, '');
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || MODIFIER_KEYS.has(event.key)) return;
      const typing = isTypingTarget(event.target);
      if (typing && !hasCommandModifier(event)) {
        reset();
        return;
      }
      if ((event.key === 'Enter' || event.key === ' ') && !hasCommandModifier(event) && activatesOnEnter(event.target)) {
        reset();
        return;
      }
      if (!hasCommandModifier(event) && paletteAwaited()) {
        // Typed for the palette before its field is there: its search, never a shortcut («r e» in «Preventivo»).
        event.preventDefault();
        reset();
        if (event.key === 'Escape') {
          store.set(paletteOpenAtom, false);
          store.set(paletteEarlyTextAtom, '');
        } else if (event.key === 'Backspace') store.set(paletteEarlyTextAtom, (text) => text.slice(0, -1));
        else if (event.key.length === 1) store.set(paletteEarlyTextAtom, (text) => text + event.key);
        return;
      }
      dispatch(toPress(event), event);
    };

    /** Runs or starts what `press` (after the presses before it) matches; false when nothing does. */
    const dispatch = (press: KeyEventLike, event?: KeyboardEvent): boolean => {
      // An open modal (dialog host, palette) owns the keyboard: only dialog-scope keys and modified global ones.
      const modal = document.querySelector('dialog[open], [role="dialog"][aria-modal="true"]:not(dialog)');
      const scopes = new Set<CommandScope>(modal ? ['dialog', 'global'] : scopeOrder);
      const commands = listeningCommands().filter((command) => !modal || scopeOf(command) === 'dialog' || (command.keys ?? []).some((key) => /\$mod|Control|Meta|Alt/.test(key)));
      let next = [...presses, press];
      let match = findKeyMatch(commands, next, scopes);
      if (!match.full && !match.partial && presses.length > 0) {
        // Not a continuation: try the press on its own.
        next = [press];
        match = findKeyMatch(commands, next, scopes);
      }
      if (match.full && !match.partial) {
        event?.preventDefault();
        reset();
        void runCommand(match.full);
        return true;
      }
      if (match.partial) {
        event?.preventDefault();
        presses = next;
        store.set(pendingKeysAtom, next.map((p) => p.key).join(' '));
        clearTimeout(timer);
        // A full match that is also a prefix (never in a valid registry) runs when the wait ends.
        const waiting = match.full;
        timer = setTimeout(() => {
          reset();
          if (waiting) void runCommand(waiting);
        }, SEQUENCE_TIMEOUT_MS);
        return true;
      }
      reset();
      // Pressed before the record commands joined (they wait for the first screen, record-commands.ts):
      // they load now and the presses are tried again, so their keys work from the first moment.
      if (event && !recordCommandsLoaded()) {
        if (beforeRecordCommands.length < MAX_REPLAYED_PRESSES) beforeRecordCommands.push(press);
        void ensureRecordCommands().then(
          () => {
            const replay = beforeRecordCommands.splice(0);
            for (const earlier of replay) dispatch(earlier);
          },
          () => beforeRecordCommands.splice(0),
        );
      }
      return false;
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer);
    };
  }, []);
}
