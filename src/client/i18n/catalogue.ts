/**
 * The client's one catalogue object and `intl`, with the texts the start-up needs before the app is
 * in (the sign-in screens, the API's problems): what `main.tsx` loads before the first paint. The
 * rest of the client's texts join it from `index.ts`, which every other module imports, before any
 * of them formats. `intl` formats outside React (HTTP client alerts, bootstrap errors) with the same
 * messages `<IntlProvider>` gets.
 */
import { createIntl, createIntlCache } from 'react-intl';
import auth from './messages/auth.ts';
import problems from './messages/problems.ts';

export const locale = 'it';

/**
 * One catalogue object for the whole tab: `intl` and `<IntlProvider>` keep this reference, so messages
 * added later are found by both. In the built client the values are react-intl's pre-parsed ASTs
 * (build.mjs, `precompile.ts`): read messages only through `intl`/`hasMessage`, never as strings.
 */
export const messages: Record<string, string> = { ...auth, ...problems };

export const intl = createIntl({ locale, defaultLocale: locale, messages }, createIntlCache());

/** Adds a catalogue loaded after start (before anything formats its ids). */
export function addMessages(catalogue: Record<string, string>): void {
  Object.assign(messages, catalogue);
}

/** The message for `id`, or undefined when there is none (for fallback chains like SPEC §8's). */
export function hasMessage(id: string): boolean {
  return Object.hasOwn(messages, id);
}
