/**
 * A new quotation is stored as a draft when its first line is asked for (Ctrl+Enter in the create
 * flow): the editor that then opens on the stored draft adds that line at once, its product cell open.
 */
const waiting = new Set<string>();

/** The editor of quotation `id` opens with a new line being typed. */
export function openFirstLine(id: string): void {
  waiting.add(id);
}

/** Whether the editor of `id` should open a new line now (asked once). */
export function takeFirstLine(id: string): boolean {
  return waiting.delete(id);
}
