/**
 * Staff looking at a customer's portal as its users see it (issue 26: `/customers/:id/portal…`, a
 * read-only view). That view is the `portal` module's (SPEC §1 modules, §6 allowedModules): a staff
 * user limited to other modules (a fire-only technician) is neither offered it nor shown it, since it
 * would show what its own modules keep from it (the employees' training certificates among the
 * documents). A customer's user reads its own portal whatever its modules: the portal's pages
 * already show only its modules. Kept beside the route table (`routes.ts`), which it only reads.
 */
import { modulesAllowed, type RouteDef } from './routes.ts';

/** Whether `route` is a page of a customer's portal. */
export function isPortalRoute(route: Pick<RouteDef, 'path'>): boolean {
  return /^\/customers\/:id\/portal(\/|$)/.test(route.path);
}

/** Whether the user may see `route` as far as the portal is concerned: true for every other page. */
export function portalViewAllowed(route: Pick<RouteDef, 'path'>, user: { userType: string; allowedModules: readonly string[] }): boolean {
  return user.userType === 'customer' || !isPortalRoute(route) || modulesAllowed(['portal'], user.allowedModules);
}
