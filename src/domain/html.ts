/** Text made safe inside HTML text and quoted attributes (the provider's pages, the board's lane cards). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}
