/**
 * The pure parts of the record controller: what a new record starts with, the sections a client
 * may write, validation, field abilities and state locks, and what to do when a newer version
 * arrives while the user edits. No React, no I/O: unit-tested alone.
 */
import type { AppAbility } from '../../domain/ability.ts';
import { versionOf, type EntityJson } from '../../domain/entity.ts';
import { entitySchema, frozenByLock, readPath, writePath, type KindDefinition } from '../../domain/kind.ts';
import { applyMergePatch, mergePatch } from '../../domain/merge-patch.ts';
import { NEW_RECORD_ID } from '../../domain/routes.ts';

/** The id in a detail URL that means "a new one" (domain/routes.ts). */
export const NEW_ID = NEW_RECORD_ID;

/** What a form may do with one field (SPEC §6): hidden when not readable, read-only when not editable. */
export interface FieldAccess {
  canRead(path: string): boolean;
  canEdit(path: string): boolean;
}

/**
 * A new entity of a kind: every field with a schema default gets it, the rest stays empty. A required
 * group of fields (a customer's registry) starts as its own defaults, so that what it lacks is named
 * on its fields («Ragione sociale: Obbligatorio»), not on a group no input shows.
 */
export function newEntity(kind: KindDefinition, preset: Record<string, unknown> = {}): EntityJson {
  const defaults = (schema: unknown): Record<string, unknown> => {
    const shape = (schema as { shape?: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown }; shape?: unknown }> }).shape ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const parsed = field.safeParse(undefined);
      if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
      else if (!parsed.success && field.shape) out[key] = defaults(field);
    }
    return out;
  };
  let entity: EntityJson = { id: NEW_ID, attributes: defaults(kind.attributes), metadata: defaults(kind.metadata), relationships: defaults(kind.relationships) };
  // Values the list it was created from was filtered by (a customer's equipments → that customer).
  for (const [path, value] of Object.entries(preset)) entity = writePath(entity, path, value);
  return entity;
}

/**
 * What a new record starts with for a user limited to one module (SPEC §4 allowedModules): its required
 * module field (`module` or `moduleName`) on that module, the only one the form offers them
 * (allowed-options.ts), when the kind accepts it. Nothing for a user of several modules or of all.
 */
export function modulePreset(kind: KindDefinition, allowedModules: readonly string[]): Record<string, unknown> {
  if (allowedModules.length !== 1) return {};
  const shape = (kind.attributes as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape ?? {};
  const name = ['module', 'moduleName'].find((key) => key in shape);
  const field = name ? shape[name]! : undefined;
  if (!field || field.safeParse(undefined).success || !field.safeParse(allowedModules[0]).success) return {};
  return { [`attributes.${name!}`]: allowedModules[0] };
}

/** The sections a client may write, as the strict schema expects them (no common or derived metadata). */
export function writable(kind: KindDefinition, entity: EntityJson): { attributes: Record<string, unknown>; metadata: Record<string, unknown>; relationships: Record<string, unknown> } {
  const metaKeys = Object.keys((kind.metadata as unknown as { shape: Record<string, unknown> }).shape ?? {});
  return {
    attributes: entity.attributes,
    metadata: Object.fromEntries(metaKeys.filter((k) => k in entity.metadata).map((k) => [k, entity.metadata[k]])),
    relationships: entity.relationships,
  };
}

/** Zod issues of the draft by dotted path (first Italian message per path). */
export function validationErrors(kind: KindDefinition, entity: EntityJson): Map<string, string> {
  const result = entitySchema(kind).safeParse(writable(kind, entity));
  const errors = new Map<string, string>();
  if (!result.success) for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!errors.has(path)) errors.set(path, issue.message);
  }
  return errors;
}

/**
 * Field-level abilities (SPEC §6): a field the user may not read is hidden, one they may not change
 * is read-only; the state changes only through its transitions. New records ask `create`.
 */
export function fieldAccess(ability: AppAbility, subjectType: string, entity: object, statePath: string | undefined, creating: boolean): FieldAccess {
  return {
    canRead: (path) => (creating ? ability.can('create', subjectType, path) || ability.can('read', subjectType, path) : ability.can('read', entity as Record<string, unknown>, path)),
    canEdit: (path) => (creating ? ability.can('create', subjectType, path) : path !== statePath && ability.can('update', entity as Record<string, unknown>, path)),
  };
}

/** The record's state (its machine's state path), or undefined for kinds without a machine. */
export function stateOf(kind: KindDefinition, entity: EntityJson): string | undefined {
  return kind.machine ? String(readPath(entity, kind.machine.statePath) ?? '') : undefined;
}

/** Abilities narrowed by the kind's state lock: outside its editable states only the named paths stay open. */
export function lockedAccess(kind: KindDefinition, access: FieldAccess, state: string | undefined, creating: boolean): FieldAccess {
  // Paths the server assigns (an intervention's code) are never the user's to type.
  const assigned = kind.serverAssigned ?? [];
  const own: FieldAccess = assigned.length === 0 ? access : { canRead: access.canRead, canEdit: (path) => !assigned.includes(path) && access.canEdit(path) };
  if (creating || !kind.stateLock) return own;
  return { canRead: own.canRead, canEdit: (path) => own.canEdit(path) && !frozenByLock(kind.stateLock, state, path) };
}

/** Whether the record's content is frozen by its state (the banner), judged on a path no lock keeps open. */
export function isFrozen(kind: KindDefinition, state: string | undefined, creating: boolean): boolean {
  if (creating || !kind.stateLock || state === undefined) return false;
  return !kind.stateLock.editableStates.includes(state);
}

/** The user's changes (a merge patch of the writable sections), or undefined when there are none. */
export function draftPatch(kind: KindDefinition, loaded: EntityJson, draft: EntityJson): unknown {
  return mergePatch(writable(kind, loaded), writable(kind, draft));
}

/** The draft moved onto a newer version: the user's changes applied on top of it. */
export function rebase(kind: KindDefinition, loaded: EntityJson, draft: EntityJson, newer: EntityJson): EntityJson {
  const mine = draftPatch(kind, loaded, draft);
  return mine === undefined ? newer : applyMergePatch(newer, mine);
}

/**
 * What a newer stored version does to the open record:
 * - `take`: no draft, show it (and say who changed it when it was someone else);
 * - `rebase`: a write of this tab (a transition, an undo run here): keep the draft on top;
 * - `offer`: a write from anywhere else — another user, or the same user in another tab or on
 *   another machine, or a cascade — under a draft: keep the draft, offer reload / keep mine (a
 *   silent rebase could overwrite what was just changed there).
 */
export type NewerVersionDecision =
  | { kind: 'none' }
  | { kind: 'take'; byOther: boolean }
  | { kind: 'rebase' }
  | { kind: 'offer' }
  /** The same version with other derived metadata (figures the server keeps current): taken as they are, draft or not. */
  | { kind: 'derived'; metadata: Record<string, unknown> };

export function onNewerVersion(input: { loaded: EntityJson; newer: EntityJson; dirty: boolean; me: string; ownWrite: boolean }): NewerVersionDecision {
  // A change kept on this device (issue 25, offline/device-records.ts) leaves the server's version as it
  // was and moves `metadata.localSeq`: this user's own step, taken (or the draft rebased on it).
  if (versionOf(input.newer) === versionOf(input.loaded) && input.newer.metadata.localSeq !== input.loaded.metadata.localSeq) {
    return input.dirty ? { kind: 'rebase' } : { kind: 'take', byOther: false };
  }
  if (versionOf(input.newer) === versionOf(input.loaded)) {
    const changed = Object.entries(input.newer.metadata).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(input.loaded.metadata[key]));
    return changed.length === 0 ? { kind: 'none' } : { kind: 'derived', metadata: Object.fromEntries(changed) };
  }
  const author = input.newer.metadata.lastUpdatedBy;
  const byOther = !input.ownWrite && typeof author === 'string' && author !== input.me;
  if (!input.dirty) return { kind: 'take', byOther };
  return input.ownWrite ? { kind: 'rebase' } : { kind: 'offer' };
}

/** Field errors of a visible kind: all after a save attempt, else those of the fields the user touched. */
export function visibleErrors(all: Map<string, string>, touched: ReadonlySet<string>, showAll: boolean): Map<string, string> {
  if (showAll) return all;
  return new Map([...all].filter(([path]) => [...touched].some((t) => path === t || path.startsWith(`${t}.`) || t.startsWith(`${path}.`))));
}
