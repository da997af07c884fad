/**
 * Entity routes: the SPEC §2 routes a record has (`kind` and `needsId` in `src/domain/routes.ts`,
 * its id in the parameter its kind module names, the other parameters read from the record or from
 * the page it is shown on). Generic: a route added to the table with a `kind` is reachable from its
 * records (links under the form, palette entries of the open record, its aliases) with no list per
 * screen.
 */
import { matchRoute, routeAllowedTo, routes, routeUrl, routeVariants, type RouteDef } from '../../domain/routes.ts';
import type { AppAbility } from '../../domain/ability.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { portalViewAllowed } from '../../domain/portal-view.ts';
import { kindModule } from './index.ts';

/** The id of a record not stored yet (`/…/new`, NEW_ID of the record layer): it has no other pages. */
export const NEW_RECORD_ID = 'new';

export interface RecordRoute {
  route: RouteDef;
  /** Every path parameter, the enumerated ones included. */
  params: Record<string, string>;
  url: string;
}

const paramsOf = (route: RouteDef) => route.path.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1));

/** The path parameter of `route` that carries a record of `type`'s own id, or undefined. */
export function idParamOf(type: string, route: RouteDef): string | undefined {
  const names = paramsOf(route);
  return kindModule(type).idParams.find((name) => names.includes(name));
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The value at a dotted path of a record (`relationships.customerId`); written here so this stays free of zod (`domain/kind.ts`). */
function readPath(entity: unknown, path: string): unknown {
  let value = entity;
  for (const key of path.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/**
 * The routes of record `id` of API `type`, each variant of an enumerated parameter once. A route
 * whose other parameters are neither in the record (`entity`) nor in `known` (the parameters of
 * the page the record is shown on) is left out.
 */
export function recordRoutes(type: string, id: string, entity?: EntityJson, known: Record<string, string> = {}): RecordRoute[] {
  const module = kindModule(type);
  const out: RecordRoute[] = [];
  if (id === NEW_RECORD_ID) return out;
  for (const route of routes) {
    if (route.kind !== type || !route.needsId) continue;
    const idParam = idParamOf(type, route);
    if (!idParam) continue;
    const fixed: Record<string, string> = { [idParam]: id };
    let missing = false;
    for (const name of paramsOf(route)) {
      if (name === idParam) continue;
      const fromRecord = module.recordParams[name] && entity ? text(readPath(entity, module.recordParams[name])) : undefined;
      // The page's enumerated values (its module) are a choice among the record's pages, not a given.
      const value = fromRecord ?? (route.params?.[name] ? undefined : known[name]);
      if (value !== undefined) fixed[name] = value;
      else if (!route.params?.[name]) missing = true;
    }
    if (missing) continue;
    // An enumerated parameter the record fixes (an equipment's module) is not a choice any more.
    const free = Object.fromEntries(
      Object.entries(route.params ?? {})
        .filter(([name]) => fixed[name] === undefined)
        .map(([name, values]) => [name, module.paramValues ? module.paramValues(name, values, entity) : values]),
    );
    if (Object.entries(route.params ?? {}).some(([name, values]) => fixed[name] !== undefined && !values.includes(fixed[name]))) continue;
    for (const variant of routeVariants({ ...route, params: free })) {
      const params = { ...fixed, ...variant };
      out.push({ route, params, url: routeUrl(route, params) });
    }
  }
  return out;
}

/**
 * The record a page shows, read from its URL (`/customers/c1/fire/equipments` → customer c1), and
 * the page's other parameters (`{ moduleName: 'fire' }`), which its other routes may need.
 */
export function recordOfUrl(url: string): { type: string; id: string; params: Record<string, string> } | undefined {
  const match = matchRoute(url);
  if (!match) return undefined;
  if (match.route.name === 'Preview') {
    const { entity, id } = match.params;
    return entity && id ? { type: entity, id, params: {} } : undefined;
  }
  const type = match.route.kind;
  if (!type || !match.route.needsId) return undefined;
  const idParam = idParamOf(type, match.route);
  const id = idParam ? match.params[idParam] : undefined;
  if (!idParam || !id) return undefined;
  const params = Object.fromEntries(Object.entries(match.params).filter(([name]) => name !== idParam));
  return { type, id, params };
}

/**
 * Whether the user may open a record route: its permission and its modules, as the route commands
 * check them; a customer's portal pages («Documenti del cliente (portale)») only with the portal module.
 */
export function recordRouteAllowed(link: RecordRoute, user: { ability: Pick<AppAbility, 'can'>; allowedModules: readonly string[]; userType: string }): boolean {
  return routeAllowedTo(link.route, link.params, user) && portalViewAllowed(link.route, user);
}
