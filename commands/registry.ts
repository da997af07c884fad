/**
 * The one registry of user actions (DESIGN §4, §6.1–6.3). The palette, the key dispatcher, buttons
 * and the shortcut help overlay read it; grids and forms add their scoped commands at run time
 * through `useScopedCommands`, checked by the same rules. A key clash fails at start-up.
 */
import type { Availability, Command, CommandContext, CommandScope } from './types.ts';
import { canonicalSequence, isReservedSequence } from './keys.ts';
import { navigationCommands } from './navigation.ts';
import { workspaceCommands } from './workspace.ts';
import { undoCommand } from './undo.ts';
import type { TransitionKeysOf } from './transitions.ts';

/** Innermost last: a key bound in several active scopes runs the innermost one. */
export const scopeOrder: readonly CommandScope[] = ['global', 'tab', 'grid', 'form', 'dialog'];

export const scopeOf = (command: Command): CommandScope => command.scope ?? 'global';

/**
 * Problems that make a command list unusable: duplicate ids, a reserved browser key, two commands
 * on one key in one scope, or a key that is the start of another's sequence in that scope (`g`
 * against `g q`: one of them could never run).
 */
export function commandProblems(commands: readonly Command[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const byScope = new Map<CommandScope, Map<string, string>>();
  for (const command of commands) {
    if (ids.has(command.id)) problems.push(`Duplicate command id ${command.id}`);
    ids.add(command.id);
    const scope = scopeOf(command);
    const keys = byScope.get(scope) ?? new Map<string, string>();
    byScope.set(scope, keys);
    for (const key of command.keys ?? []) {
      let canonical: string;
      try {
        canonical = canonicalSequence(key, false);
      } catch (error) {
        problems.push(`${command.id}: ${(error as Error).message}`);
        continue;
      }
      if (isReservedSequence(key)) problems.push(`${command.id}: "${key}" is reserved by the browser`);
      const owner = keys.get(canonical);
      if (owner && owner !== command.id) problems.push(`Key clash in scope ${scope}: "${key}" is bound to ${owner} and ${command.id}`);
      keys.set(canonical, command.id);
    }
  }
  for (const [scope, keys] of byScope) {
    for (const [sequence, id] of keys) {
      for (const [other, otherId] of keys) {
        if (other !== sequence && other.startsWith(`${sequence} `)) problems.push(`Key clash in scope ${scope}: "${sequence}" (${id}) starts "${other}" (${otherId})`);
      }
    }
  }
  return problems;
}

/** Throws when `commands` has a problem (start-up and every scoped registration). */
export function assertValidCommands(commands: readonly Command[]): void {
  const problems = commandProblems(commands);
  if (problems.length > 0) throw new Error(`Command registry: ${problems.join('; ')}`);
}

/**
 * Every static command of the product. The record commands (transitions, save/delete/archive…,
 * custom actions: they bring the domain's kinds, machines and schemas) join at start-up from their
 * own chunk: `loadRecordCommands()`.
 */
export let commands: readonly Command[] = [...workspaceCommands, ...navigationCommands, undoCommand];

assertValidCommands(commands);

const listeners = new Set<() => void>();

/** Calls `listener` whenever commands join the registry (a button waiting for its command). */
export function onCommandsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Adds a module's commands to the registry; a clash with what is there throws (start-up error). */
export function addCommands(more: readonly Command[]): void {
  const next = [...commands, ...more.filter((command) => !commands.includes(command))];
  assertValidCommands(next);
  commands = next;
  for (const listener of listeners) listener();
}

/**
 * Commands that act on the row under a grid's cursor (`ctx.activeRow`), e.g. "act as" on a user's
 * row. Every grid adds them to its own `grid` scope while it has the focus, so they listen only there
 * and are checked against the grid's other keys like any scoped command.
 */
export let rowCommands: readonly Command[] = [];

export function addRowCommands(more: readonly Command[]): void {
  rowCommands = [...rowCommands, ...more.filter((command) => !rowCommands.includes(command))];
  for (const listener of listeners) listener();
}

/**
 * Loads and registers the commands of records: state transitions (on the keys their kinds declare:
 * `transitionKeysOf`), save, delete, archive, history and the custom actions of the kinds (the app
 * calls it at start; tests await it).
 */
export function loadRecordCommands(transitionKeysOf: TransitionKeysOf): Promise<void> {
  return Promise.all([import('./transitions.ts'), import('./records.ts'), import('./price-lists.ts'), import('./documents.ts'), import('./admin.ts'), import('./create.ts'), import('./export.ts'), import('./equipment-change-requests.ts')]).then(([transitions, records, priceLists, documents, admin, create, exports, changeRequests]) => {
    addCommands([...transitions.transitionCommands(transitionKeysOf), ...records.recordCommands, ...priceLists.priceListCommands, ...documents.documentCommands, ...admin.adminCommands, ...create.createCommands, exports.exportCommand, ...changeRequests.equipmentChangeRequestCommands]);
    addRowCommands(admin.adminRowCommands);
  });
}

/** Whether to offer `command` now: hidden (false), shown, or shown disabled with the reason. */
export function availability(command: Command, ctx: CommandContext): Availability {
  if (command.can && !ctx.ability.can(command.can[0], command.can[1])) return false;
  return command.when ? command.when(ctx) : true;
}
