const SPECIAL = /[&<>"'`]/;
const SPECIALS = /[&<>"'`]/g;

/** Text made safe inside HTML text and quoted attributes (the provider's pages, the board's lane cards). */
export function escapeHtml(value: unknown): string {
  const text = String(value ?? '');
  // Most text has nothing to escape (a month of cards is thousands of strings): tested before replaced.
  return SPECIAL.test(text) ? text.replace(SPECIALS, (c) => `&#${c.charCodeAt(0)};`) : text;
}
