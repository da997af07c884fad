/**
 * One palette command per SPEC §2 route (one per value of an enumerated parameter: Calendar per
 * module, TemplateDoc per type, CustomersType company/person), hidden when the ability or the
 * user's modules refuse it. Routes that need a record id are reached through record search.
 * The `g …` sequences jump to the most used lists.
 */
import type { MessageDescriptor } from 'react-intl';
import type { Command } from './types.ts';
import { formatText, type MessageText } from './text.ts';
import { modulesAllowed, routeModules, routeOpenTo, routes, routeUrl, routeVariants, type RouteDef } from '../src/domain/routes.ts';

/** `g` sequences (DESIGN §4), by route name and variant. */
export const goKeys: Record<string, string> = {
  Dashboard: 'g d',
  MarketingQuotations: 'g q',
  'CustomersType.company': 'g c',
  MarketingOrders: 'g o',
  Assignments: 'g i',
  Equipments: 'g e',
  Installations: 'g m',
  Products: 'g p',
  Suppliers: 'g f',
  PhysicalActivities: 'g s',
  Reminders: 'g r',
  Users: 'g u',
  MarketingCustomers: 'g k',
  Courses: 'g l',
};

/** The labels of a variant's values as messages (`{ moduleName: nav.param.moduleName.fire }`). */
export function paramMessages(params: Record<string, string>): Record<string, MessageText> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, { id: `nav.param.${name}.${value}` }]));
}

/**
 * The title of a route variant as a message, e.g. `Calendario {moduleName}` with Antincendio. Only
 * the enumerated parameters have labels (`nav.param.moduleName.fire`); an id is no part of a title.
 */
export function routeTitleMessage(route: RouteDef, params: Record<string, string> = {}, title: MessageDescriptor = route.title): MessageText {
  const labelled = Object.fromEntries(Object.entries(params).filter(([name]) => route.params?.[name]));
  return { id: String(title.id), values: paramMessages(labelled) };
}

/** The Italian aliases of a route ("Anagrafica", "Modifica cliente"), for search. */
export function routeAliasTitles(route: RouteDef): string[] {
  return (route.aliases ?? []).map((alias) => formatText({ id: String(alias.id) }));
}

/** The Italian title of a route (variant), e.g. `Calendario Antincendio`. */
export function routeTitle(route: RouteDef, params: Record<string, string> = {}): string {
  return formatText(routeTitleMessage(route, params));
}

/** What a page about a record is (its route's `page`, e.g. `Scadenze Antincendio`), or undefined for the other routes. */
export function routePageTitle(route: RouteDef, params: Record<string, string> = {}): string | undefined {
  return route.page ? formatText(routeTitleMessage(route, params, route.page)) : undefined;
}

const navGroup: MessageDescriptor = { id: 'workspace.group.goTo' };

/** A route variant and its command (the sidebar lists these by group). */
export interface NavigationEntry {
  route: RouteDef;
  params: Record<string, string>;
  command: Command & { href: string; title: string };
}

function routeEntries(route: RouteDef): NavigationEntry[] {
  return routeVariants(route).map((params) => {
    const variant = Object.values(params).join('.');
    const id = variant ? `nav.${route.name}.${variant}` : `nav.${route.name}`;
    const modules = routeModules(route, params);
    const keys = goKeys[variant ? `${route.name}.${variant}` : route.name];
    const url = routeUrl(route, params);
    const command: NavigationEntry['command'] = {
      id,
      // Read when shown (palette, sidebar), once the client's messages are installed.
      get title() {
        return routeTitle(route, params);
      },
      group: navGroup,
      href: url,
      get keywords() {
        return [...routeAliasTitles(route), ...Object.values(paramMessages(params)).map(formatText)];
      },
      when: (ctx) => routeOpenTo(route, ctx.identity.userType) && modulesAllowed(modules, ctx.identity.allowedModules),
      run: (ctx) => ctx.workspace.openTab(url),
    };
    if (route.can) command.can = route.can;
    if (keys) command.keys = [keys];
    return { route, params, command };
  });
}

export const navigationEntries: readonly NavigationEntry[] = routes
  .filter((route) => !route.needsId && route.path !== '*' && route.layout !== 'empty')
  .flatMap(routeEntries);

export const navigationCommands: Command[] = navigationEntries.map((entry) => entry.command);
