/**
 * Italian texts of the whole client, one file per area merged here into the one catalogue
 * (`catalogue.ts`, which holds the start-up's own texts). `intl` formats outside React (HTTP client
 * alerts, bootstrap errors) with the same messages `<IntlProvider>` gets. The field and enum labels
 * are not here: they load with the grids and forms that name fields (`field-labels.ts`), outside the
 * initial JS, and join this catalogue through `addMessages`.
 */
import workspace from './messages/workspace.ts';
import screens from './messages/screens.ts';
import records from './messages/records.ts';
import forms from './messages/forms.ts';
import kinds from './messages/kinds.ts';
import commands from './messages/commands.ts';
import { installMessageFormatter } from '../../../commands/text.ts';
import { addMessages, intl } from './catalogue.ts';

export { addMessages, hasMessage, intl, locale, messages } from './catalogue.ts';

addMessages({ ...workspace, ...screens, ...forms, ...records, ...kinds, ...commands });

// Command texts read outside a command context (route titles, tab numbers) use this catalogue too.
installMessageFormatter((id, values) => intl.formatMessage({ id }, values));
