/**
 * A button for any command of the registry (or a scoped one) by id (DESIGN §6.1–6.3): its Italian
 * label, its first key as the platform writes it (⌘ on Apple, Ctrl elsewhere), hidden when the
 * command is not offered, and when disabled still focusable, saying why (a visible reason tied with
 * aria-describedby). A click runs it through `runCommand`, the one path keys and the palette take.
 */
import { useContext, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import type { ActiveDocument, Command } from '../../../commands/types.ts';
import { ariaKeyShortcuts, formatSequence } from '../../../commands/keys.ts';
import { availability, commands as registryCommands, onCommandsChanged } from '../../../commands/registry.ts';
import { sessionAtom } from '../session/session.tsx';
import { getCommandContext, undoOfferAtom } from '../workspace/command-context.ts';
import { TabIdContext, tabDocumentsAtom } from '../workspace/tab-context.ts';
import { scopedCommandsAtom } from '../workspace/use-scoped-commands.ts';
import { workspaceAtom } from '../workspace/workspace-state.ts';
import { runCommand } from './keyboard.ts';

export interface CommandButtonProps {
  commandId: string;
  /** The record the command acts on; by default the focused tab's document. */
  document?: ActiveDocument | undefined;
  /** A shorter text than the command's title (the transition bar says "Emetti", not "Preventivo: Emetti"). */
  label?: string;
  className?: string;
}

const currentRegistry = () => registryCommands;

/**
 * The command with this id: the registry's, else a grid's or a form's scoped one — the one registered
 * by the button's own tab first (a closed intervention in another tab registers the same checklist ids).
 */
export function findCommand(id: string, scoped: Iterable<{ commands: readonly Command[]; tabId?: string | undefined }>, tabId?: string): Command | undefined {
  const found = registryCommands.find((command) => command.id === id);
  if (found) return found;
  const registrations = [...scoped];
  const ordered = tabId === undefined ? registrations : [...registrations.filter((r) => r.tabId === tabId), ...registrations.filter((r) => r.tabId !== tabId)];
  for (const registration of ordered) {
    const command = registration.commands.find((c) => c.id === id);
    if (command) return command;
  }
  return undefined;
}

export function CommandButton({ commandId, document, label, className }: CommandButtonProps) {
  const intl = useIntl();
  const reasonId = useId();
  // What availability depends on: the registry, scoped commands, session, tabs, documents. The
  // pending undo (offered, taken, expired) is followed by UndoButton, the one that shows `undo.last`.
  useSyncExternalStore(onCommandsChanged, currentRegistry);
  const scoped = useAtomValue(scopedCommandsAtom);
  const session = useAtomValue(sessionAtom);
  useAtomValue(workspaceAtom);
  useAtomValue(tabDocumentsAtom);

  const command = findCommand(commandId, scoped.values(), useContext(TabIdContext));
  const ctx = session ? getCommandContext(document ? { activeDocument: document } : {}) : undefined;
  if (!command || !ctx) return null;
  const state = availability(command, ctx);
  if (state === false) return null;
  const reason = state === true ? undefined : state.disabled;
  const text = label ?? (typeof command.title === 'string' ? command.title : intl.formatMessage(command.title));
  const keys = command.keys?.[0];
  return (
    <button
      type="button"
      className={['command-button', className].filter(Boolean).join(' ')}
      data-command={command.id}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? reasonId : undefined}
      aria-keyshortcuts={keys ? ariaKeyShortcuts(keys) : undefined}
      title={reason ?? (keys ? formatSequence(keys) : undefined)}
      onClick={() => void runCommand(command, document ? { activeDocument: document } : {})}
    >
      {text}
      {keys && <kbd>{formatSequence(keys)}</kbd>}
      {reason && (
        <span id={reasonId} className="command-reason">
          {reason}
        </span>
      )}
    </button>
  );
}

/**
 * The undo of what just happened to this record (a delete, a transition), while it is offered: the
 * `undo.last` command (`t z`) labelled with what it undoes. Renders nothing otherwise.
 */
export function UndoButton({ document, className }: { document: ActiveDocument; className?: string }) {
  const intl = useIntl();
  const undo = useAtomValue(undoOfferAtom);
  // The offer whose window has closed (set by a timer, so rendering never reads the clock).
  const [expired, setExpired] = useState<typeof undo>(null);
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setExpired(undo), Math.max(0, undo.until - Date.now()));
    return () => clearTimeout(timer);
  }, [undo]);
  if (!undo || undo === expired || undo.type !== document.type || undo.id !== document.id) return null;
  const label = intl.formatMessage({ id: 'commands.undo.button' }, { what: undo.label });
  return <CommandButton commandId="undo.last" document={document} label={label} {...(className ? { className } : {})} />;
}
