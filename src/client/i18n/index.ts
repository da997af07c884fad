/**
 * Italian texts of the whole client, one file per area merged here. `intl` formats outside React
 * (HTTP client alerts, bootstrap errors) with the same messages `<IntlProvider>` gets. The field and
 * enum labels are not here: they load with the grids and forms that name fields (`field-labels.ts`),
 * outside the initial JS, and join this catalogue through `addMessages`.
 */
import { createIntl, createIntlCache } from 'react-intl';
import auth from './messages/auth.ts';
import problems from './messages/problems.ts';
import workspace from './messages/workspace.ts';
import screens from './messages/screens.ts';
import records from './messages/records.ts';
import forms from './messages/forms.ts';
import kinds from './messages/kinds.ts';
import commands from './messages/commands.ts';
import { installMessageFormatter } from '../../../commands/text.ts';

export const locale = 'it';

/**
 * One catalogue object for the whole tab: `intl` and `<IntlProvider>` keep this reference, so messages
 * added later are found by both. In the built client the values are react-intl's pre-parsed ASTs
 * (build.mjs, `precompile.ts`): read messages only through `intl`/`hasMessage`, never as strings.
 */
export const messages: Record<string, string> = { ...auth, ...problems, ...workspace, ...screens, ...forms, ...records, ...kinds, ...commands };

export const intl = createIntl({ locale, defaultLocale: locale, messages }, createIntlCache());

// Command texts read outside a command context (route titles, tab numbers) use this catalogue too.
installMessageFormatter((id, values) => intl.formatMessage({ id }, values));

/** Adds a catalogue loaded after start (before anything formats its ids). */
export function addMessages(catalogue: Record<string, string>): void {
  Object.assign(messages, catalogue);
}

/** The message for `id`, or undefined when there is none (for fallback chains like SPEC §8's). */
export function hasMessage(id: string): boolean {
  return Object.hasOwn(messages, id);
}
