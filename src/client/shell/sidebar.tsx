/**
 * The sidebar (SPEC §2, §4): the SPEC areas as selectable groups (open/current rules in
 * sidebar-state.ts, saved per user), the routes the user may open (same availability as the
 * palette commands), enlargeable/collapsible, a drawer on small screens that closes on every route
 * change. Active links get class `selected`, the exact one `current`.
 */
import { useEffect, useMemo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { navigationCommands } from '../../../commands/navigation.ts';
import { availability } from '../../../commands/registry.ts';
import { sidebarGroups, type SidebarGroup } from '../routes.ts';
import { routes, routeUrl, routeVariants } from '../routes.ts';
import { useSession } from '../session/session.tsx';
import { userSettingsAtom } from '../settings/user-settings.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { activeTabAtom, pagePath } from '../workspace/workspace-state.ts';
import { AppLink } from './app-link.tsx';
import { isSmallScreen, selectGroup, toggleSidebar } from './sidebar-state.ts';
import { sidebarDrawerOpenAtom } from './ui-state.ts';
import { routeTitle } from '../../../commands/navigation.ts';

interface SidebarLink {
  commandId: string;
  url: string;
  title: string;
}

/** Each group's links, in route table order. */
const groupLinks: ReadonlyMap<SidebarGroup, (SidebarLink & { route: string })[]> = (() => {
  const map = new Map<SidebarGroup, (SidebarLink & { route: string })[]>();
  for (const route of routes) {
    if (!route.group) continue;
    for (const params of routeVariants(route)) {
      const variant = Object.values(params).join('.');
      const list = map.get(route.group) ?? [];
      list.push({ route: route.name, commandId: variant ? `nav.${route.name}.${variant}` : `nav.${route.name}`, url: routeUrl(route, params), title: routeTitle(route, params) });
      map.set(route.group, list);
    }
  }
  return map;
})();

/** `selected` when the active URL is the link's page or below it; `current` when it is exactly it. */
export function linkClasses(linkUrl: string, activeUrl: string | undefined): string {
  if (!activeUrl) return '';
  const active = pagePath(activeUrl);
  if (active === linkUrl) return 'selected current';
  return active.startsWith(`${linkUrl}/`) ? 'selected' : '';
}

export function Sidebar() {
  const intl = useIntl();
  const session = useSession();
  const settings = useAtomValue(userSettingsAtom);
  const [drawerOpen, setDrawerOpen] = useAtom(sidebarDrawerOpenAtom);
  const activeUrl = useAtomValue(activeTabAtom)?.url;

  // SPEC §2: on small screens the sidebar collapses on every route change.
  useEffect(() => {
    if (isSmallScreen()) setDrawerOpen(false);
  }, [activeUrl, setDrawerOpen]);

  const visible = useMemo(() => {
    const ctx = getCommandContext();
    const allowed = new Set(navigationCommands.filter((command) => ctx && availability(command, ctx) !== false).map((command) => command.id));
    return sidebarGroups
      .map((group) => ({ group, links: (groupLinks.get(group) ?? []).filter((link) => allowed.has(link.commandId)) }))
      .filter((entry) => entry.links.length > 0);
    // The session decides what is allowed.
  }, [session]);

  const enlarged = settings.hasSidebarEnlarged;
  return (
    <nav
      className={`sidebar${enlarged ? ' is-enlarged' : ' is-collapsed'}${drawerOpen ? ' is-drawer-open' : ''}`}
      aria-label={intl.formatMessage({ id: 'workspace.sidebar.label' })}
    >
      <button type="button" className="sidebar-toggle" aria-pressed={enlarged} onClick={toggleSidebar}>
        <span aria-hidden="true">{enlarged ? '«' : '»'}</span>
        <span className="sr-only">
          <FormattedMessage id={enlarged ? 'workspace.sidebar.collapse' : 'workspace.sidebar.enlarge'} />
        </span>
      </button>
      <ul className="sidebar-groups">
        {visible.map(({ group, links }) => {
          const open = settings.sidebarOpenedGroups.includes(group);
          const current = settings.currentGroupSelected === group;
          const listId = `sidebar-group-${group}`;
          const groupActive = links.some((link) => linkClasses(link.url, activeUrl) !== '');
          return (
            <li key={group} className={`sidebar-group${current ? ' is-current' : ''}${groupActive ? ' selected' : ''}`}>
              <button type="button" className="sidebar-group-button" aria-expanded={open} aria-controls={listId} onClick={() => selectGroup(group)}>
                <span className="sidebar-group-initial" aria-hidden="true">
                  {intl.formatMessage({ id: `nav.group.${group}` }).slice(0, 1)}
                </span>
                <span className="sidebar-group-title">
                  <FormattedMessage id={`nav.group.${group}`} />
                </span>
              </button>
              <ul id={listId} className="sidebar-links" hidden={!open}>
                {links.map((link) => (
                  <li key={link.url}>
                    <AppLink href={link.url} className={`sidebar-link ${linkClasses(link.url, activeUrl)}`.trim()} aria-current={linkClasses(link.url, activeUrl).includes('current') ? 'page' : undefined}>
                      {link.title}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
