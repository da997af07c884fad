/**
 * What a tab is called (the strip, the window title, «Recenti», the tab list, the limit's alert): the
 * screen's title said with what its route adds, no word twice (issue 23 «titles collide»).
 */
import { intl } from '../i18n/index.ts';
import { entityUrl, matchRoute, type RouteDef } from '../../domain/routes.ts';
import { routePageTitle, routeTitle } from '../../../commands/navigation.ts';
import type { Tab } from './workspace-state.ts';

/** The labels of the enumerated params of a route variant («Aziende», «Antincendio»), or undefined. */
function variantLabel(route: RouteDef, params: Record<string, string>): string | undefined {
  const labels = Object.entries(params)
    .filter(([name]) => route.params?.[name])
    .map(([name, value]) => intl.formatMessage({ id: `nav.param.${name}.${value}` }));
  return labels.length > 0 ? labels.join(' · ') : undefined;
}

/** The words of a text, lower case (what "the same word" means in a title). */
const wordsOf = (text: string): string[] => text.toLocaleLowerCase('it-IT').match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A title from a name and what the route says around it, joined by « · » with no word said twice:
 * the name (the record's, or the screen's title) stays whole; a part from the route keeps only the
 * words not said before it or in the name, and is left out when none is left («Calendario –
 * Antincendio» and its module «Antincendio»; «Attrezzature {moduleName}» of the module Attrezzature).
 */
export function joinTitle(before: readonly string[], name: string, after: readonly string[] = []): string {
  const said = new Set(wordsOf(name));
  const sayOnce = (part: string): string => {
    const tokens = part.split(/\s+/).filter((token) => {
      const words = wordsOf(token);
      if (words.length > 0 && words.every((word) => said.has(word))) return false;
      for (const word of words) said.add(word);
      return true;
    });
    // A dash or a dot left at an end belonged to a word left out.
    while (tokens.length > 0 && wordsOf(tokens[0]!).length === 0) tokens.shift();
    while (tokens.length > 0 && wordsOf(tokens[tokens.length - 1]!).length === 0) tokens.pop();
    return tokens.join(' ');
  };
  return [...before.map(sayOnce), name, ...after.map(sayOnce)].filter(Boolean).join(' · ');
}

/**
 * A tab's label: the screen's title, else the route's, saying what the tab is:
 * - a page about a record that is not its own page says which page before the record's name
 *   («Anagrafica · Officine…», «Scadenze Antincendio · Officine…», the route's `page`);
 * - a route variant adds its label («Clienti · Aziende», «Scadenze · Antincendio»), unless the
 *   title says it already («Calendario – Antincendio»);
 * - a list whose route title says more takes it («Clienti marketing»);
 * - the printed document of a record that has its own tab is «Anteprima PRV-…».
 * No word is said twice.
 */
export function tabLabel(tab: Pick<Tab, 'url' | 'title'>): string {
  const match = matchRoute(tab.url);
  if (!tab.title) return match ? routeTitle(match.route, match.params) : tab.url;
  if (!match) return tab.title;
  const { entity, id } = match.params;
  if (match.route.name === 'Preview' && entity && id && entityUrl(entity, id)) return intl.formatMessage({ id: 'workspace.tabs.previewTitle' }, { title: tab.title });
  const page = routePageTitle(match.route, match.params);
  if (page) return joinTitle([page], tab.title);
  const variant = variantLabel(match.route, match.params);
  if (variant) return joinTitle([], tab.title, [variant]);
  // A list screen titled by its kind («Clienti») on a route whose own title says more («Clienti marketing»).
  const own = match.route.needsId ? undefined : routeTitle(match.route, match.params);
  return own && own !== tab.title && own.startsWith(`${tab.title} `) ? own : tab.title;
}
