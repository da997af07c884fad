/**
 * Texts computed from messages with values (a route variant's title `Calendario {moduleName}`, the
 * tab number of `Alt+3`). A run-time text goes through `ctx.ui.t`; these are read where there is no
 * context (the sidebar's links, a tab's label, the palette's keywords), so the client installs its
 * message formatter once at start (`src/client/i18n/index.ts`). Without one (a unit
 * test) a text is its message id, so nothing here needs the client.
 */

/** A message of the client's catalogue and its values; a value may be a message itself (a parameter's label). */
export interface MessageText {
  id: string;
  values?: Record<string, string | number | MessageText>;
}

export type MessageFormatter = (id: string, values?: Record<string, string | number>) => string;

let formatter: MessageFormatter | undefined;

/** Installs the client's formatter (react-intl's `formatMessage` over the Italian catalogue). */
export function installMessageFormatter(format: MessageFormatter): void {
  formatter = format;
}

/** The Italian text of `text`, its nested values formatted first. */
export function formatText(text: MessageText): string {
  if (!formatter) return text.id;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values ?? {})) values[name] = typeof value === 'object' ? formatText(value) : value;
  return formatter(text.id, values);
}
