/**
 * The few per-kind facts the generic form needs beyond the schemas. Mirrors the server's rule
 * (src/server/resources/kind-hooks.ts, not in the shared domain): a quotation's content is frozen
 * once it leaves editing, except the signed copy and the notes, which arrive after emission.
 */
export interface StateLock {
  editableStates: readonly string[];
  /** Paths still editable in the other states. */
  alwaysEditable: readonly string[];
}

export const stateLocks: Readonly<Record<string, StateLock>> = {
  quotations: {
    editableStates: ['to-be-created', 'draft', 'revision'],
    alwaysEditable: ['attributes.attachments', 'attributes.notes', 'attributes.commercialNotes'],
  },
};

/** Whether `path` is frozen by the entity's state (false when the kind has no lock). */
export function frozenByState(type: string, state: string | undefined, path: string): boolean {
  const lock = stateLocks[type];
  if (!lock || state === undefined || lock.editableStates.includes(state)) return false;
  return !lock.alwaysEditable.some((p) => path === p || path.startsWith(`${p}.`));
}
