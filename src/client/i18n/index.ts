/**
 * Italian texts of the whole client, one file per area merged here. `intl` formats outside React
 * (HTTP client alerts, bootstrap errors) with the same messages `<IntlProvider>` gets.
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

export const messages: Record<string, string> = { ...auth, ...problems, ...workspace, ...screens, ...forms, ...records, ...kinds, ...commands };

export const intl = createIntl({ locale, defaultLocale: locale, messages }, createIntlCache());

// Command texts read outside a command context (route titles, tab numbers) use this catalogue too.
installMessageFormatter((id, values) => intl.formatMessage({ id }, values));

/** The message for `id`, or undefined when there is none (for fallback chains like SPEC §8's). */
export function hasMessage(id: string): boolean {
  return Object.hasOwn(messages, id);
}
