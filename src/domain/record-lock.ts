/**
 * What a record's state allows, said once for the API and the screens (DESIGN §4 "one enforcement
 * path"): the fields its state lock keeps open (`KindDefinition.stateLock`), whether it may be
 * deleted (`KindDefinition.deleteLock`), and the Italian sentence of each refusal. The write pipeline
 * refuses with these words; the forms show the same fields read-only and the commands offer the
 * forbidden action disabled with the same reason, so nothing is refused after a confirmation.
 */
import { frozenByLock, readPath, type EntityShape, type KindDefinition } from './kind.ts';
import { machineStateLabels } from './machines/index.ts';

/** The Italian name of a state of the kind's machine (the raw value when it has none). */
export function stateLabel(kind: KindDefinition, state: string): string {
  return (machineStateLabels as Record<string, Record<string, string> | undefined>)[kind.type]?.[state] ?? state;
}

/** The record's state, or undefined for a kind without a machine. */
export function recordState(kind: KindDefinition, entity: EntityShape): string | undefined {
  if (!kind.machine) return undefined;
  const state = readPath(entity, kind.machine.statePath);
  return state === undefined || state === null ? undefined : String(state);
}

/** «Ordine: non modificabile nello stato «Completato»: …» — the refusal of a write the state freezes. */
export function stateLockMessage(kind: KindDefinition, state: string): string {
  const hint = kind.stateLock?.hint;
  return `${kind.label.singular}: non modificabile nello stato «${stateLabel(kind, state)}»${hint ? `: ${hint}` : ''}`;
}

export interface RecordLock {
  /** The record's state (undefined without a machine). */
  state: string | undefined;
  /** Its content is frozen by its state: only `openPaths` may change. */
  frozen: boolean;
  /** Why, in the words the API refuses a write with (set when frozen). */
  reason: string | undefined;
  /** The dotted paths the state still allows to change while frozen. */
  openPaths: readonly string[];
  /** Whether the state allows `path` to change (a field's own ability is asked apart). */
  canEdit(path: string): boolean;
}

/** What the record's state allows of its content. */
export function recordLock(kind: KindDefinition, entity: EntityShape): RecordLock {
  const state = recordState(kind, entity);
  const lock = kind.stateLock;
  const frozen = Boolean(lock && state !== undefined && !lock.editableStates.includes(state));
  return {
    state,
    frozen,
    reason: frozen && state !== undefined ? stateLockMessage(kind, state) : undefined,
    openPaths: frozen ? lock!.alwaysEditable : [],
    canEdit: (path) => !frozenByLock(lock, state, path),
  };
}

/** Why the record cannot be deleted in its state, or undefined when its state allows it. */
export function deleteRefusal(kind: KindDefinition, entity: EntityShape): string | undefined {
  const lock = kind.deleteLock;
  const state = recordState(kind, entity);
  if (!lock || state === undefined || lock.states.includes(state)) return undefined;
  return `${lock.message} (stato attuale: «${stateLabel(kind, state)}»)`;
}
