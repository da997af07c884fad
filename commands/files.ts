/**
 * `record.attach` (Ctrl+U / ⌘U): opens the file picker of the focused record's attachments. The
 * attachments editors of a shown record register here (by API type and id) while they are mounted,
 * so the key, the palette and any button run the same code.
 */
import type { Command, CommandContext } from './types.ts';

interface AttachTarget {
  open(): void;
  /** Takes several files (a list), not one (a logo). */
  multiple: boolean;
}

const targets = new Map<string, AttachTarget[]>();
const keyOf = (type: string, id: string) => `${type}/${id}`;

/** Called by an attachments editor while it is shown; returns the unregistration. */
export function registerAttachTarget(type: string, id: string, target: AttachTarget): () => void {
  const key = keyOf(type, id);
  targets.set(key, [...(targets.get(key) ?? []), target]);
  return () => {
    const rest = (targets.get(key) ?? []).filter((t) => t !== target);
    if (rest.length > 0) targets.set(key, rest);
    else targets.delete(key);
  };
}

/** The focused record's target: its first list of files, else its first single file. */
function targetOf(ctx: CommandContext): AttachTarget | undefined {
  const doc = ctx.activeDocument;
  if (!doc?.id || doc.record?.creating) return undefined;
  const found = targets.get(keyOf(doc.type, doc.id)) ?? [];
  return found.find((t) => t.multiple) ?? found[0];
}

export const attachKey = '$mod+u';

export const attachCommand: Command = {
  id: 'record.attach',
  title: { id: 'commands.record.attach' },
  group: { id: 'commands.group.record' },
  keys: [attachKey],
  scope: 'tab',
  when: (ctx) => (targetOf(ctx) ? true : false),
  // Synchronous: the browser opens a file picker only within the key press that asked for it.
  run: (ctx) => targetOf(ctx)?.open(),
};
