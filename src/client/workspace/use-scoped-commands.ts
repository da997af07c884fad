/**
 * Commands a grid, form or dialog adds while it is shown (arrows/j/k/Enter in a grid, $mod+s in a
 * form): they join the one dispatcher and the shortcut help overlay, and the innermost active scope
 * wins a key. A registration is checked like the static registry (clash = error).
 */
import { useContext, useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import { atom, useAtomValue } from 'jotai';
import type { Command, CommandScope } from '../../../commands/types.ts';
import { assertValidCommands, commands as staticCommands, onCommandsChanged, scopeOf } from '../../../commands/registry.ts';
import { store } from '../store.ts';
import { TabIdContext } from './tab-context.ts';

export interface ScopedRegistration {
  scope: CommandScope;
  commands: readonly Command[];
  active: boolean;
  /** The tab whose screen registered them (two open interventions register the same ids: each button runs its own tab's). */
  tabId?: string | undefined;
}

/** Registration id → its commands. */
export const scopedCommandsAtom = atom<ReadonlyMap<string, ScopedRegistration>>(new Map());

export function registerScopedCommands(id: string, registration: ScopedRegistration): () => void {
  const scoped = registration.commands.map((command) => ({ ...command, scope: registration.scope }));
  assertValidCommands([...staticCommands.filter((command) => scopeOf(command) === registration.scope), ...scoped]);
  store.set(scopedCommandsAtom, (map) => new Map(map).set(id, { ...registration, commands: scoped }));
  return () =>
    store.set(scopedCommandsAtom, (map) => {
      const next = new Map(map);
      next.delete(id);
      return next;
    });
}

/** Registers `commands` in `scope` while mounted; only `active` ones (the focused grid/form) listen. */
export function useScopedCommands(scope: CommandScope, commands: readonly Command[], active: boolean): void {
  const id = useId();
  const tabId = useContext(TabIdContext);
  useEffect(() => registerScopedCommands(id, { scope, commands, active, tabId }), [id, scope, commands, active, tabId]);
}

/** The commands listening now: static ones plus the active scoped registrations. */
export function listeningCommands(): Command[] {
  return listening(staticCommands, store.get(scopedCommandsAtom));
}

function listening(registry: readonly Command[], scoped: ReadonlyMap<string, ScopedRegistration>): Command[] {
  return [...registry, ...[...scoped.values()].filter((registration) => registration.active).flatMap((registration) => registration.commands)];
}

/**
 * The commands listening now, for a view that lists them: re-read when a module's commands join the
 * registry (the record, transition and «Nuovo …» commands load after sign-in: a palette opened before
 * kept a list without them) and when a scope registers.
 */
export function useListeningCommands(): Command[] {
  const registry = useSyncExternalStore(onCommandsChanged, () => staticCommands);
  const scoped = useAtomValue(scopedCommandsAtom);
  return useMemo(() => listening(registry, scoped), [registry, scoped]);
}
