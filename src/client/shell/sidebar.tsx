/**
 * The sidebar (SPEC §2, §4): the SPEC areas as selectable groups (open/current rules in
 * sidebar-state.ts, saved per user), the routes the user may open (same availability as the
 * palette commands), enlargeable/collapsible, a drawer on small screens that closes on every route
 * change. Active links get class `selected`, the exact one `current`. The user's saved views (their
 * own and those shared with their roles) are listed under their area after its screens.
 */
import { useEffect, useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { navigationEntries, type NavigationEntry } from '../../../commands/navigation.ts';
import { availability } from '../../../commands/registry.ts';
import { sidebarGroups, type SidebarGroup } from '../../domain/routes.ts';
import { useSession } from '../session/session.tsx';
import { userSettingsAtom } from '../settings/user-settings.ts';
import { useSaveViewCommand } from '../kinds/save-view.tsx';
import { openingUrl, useSavedViews, viewGroup } from '../kinds/saved-views.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { api } from '../api/client.ts';
import { AppLink } from './app-link.tsx';
import { groupIcons, loadSidebarIcons } from './icons.ts';
import { isSmallScreen, linkClasses, selectGroup, toggleSidebar } from './sidebar-state.ts';
import { sidebarDrawerOpenAtom } from './ui-state.ts';

/** Each group's navigation entries, in route table order. */
const groupLinks: ReadonlyMap<SidebarGroup, NavigationEntry[]> = (() => {
  const map = new Map<SidebarGroup, NavigationEntry[]>();
  for (const entry of navigationEntries) {
    if (!entry.route.group) continue;
    map.set(entry.route.group, [...(map.get(entry.route.group) ?? []), entry]);
  }
  return map;
})();

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

  // SPEC §7/§9 icons: fetched once, silently; until they are there (or if they never come) the initials stay.
  const [iconsReady, setIconsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadSidebarIcons((path, signal) => api.get<string>(path, { signal, silent: true })).then((ready) => {
      if (live) setIconsReady(ready);
    });
    return () => {
      live = false;
    };
  }, []);

  useSaveViewCommand();
  const savedViews = useSavedViews();

  const visible = useMemo(() => {
    const ctx = getCommandContext();
    return sidebarGroups
      .map((group) => ({
        group,
        links: (groupLinks.get(group) ?? []).map((entry) => entry.command).filter((command) => ctx && availability(command, ctx) !== false),
        views: savedViews.filter((view) => viewGroup(view) === group),
      }))
      .filter((entry) => entry.links.length > 0 || entry.views.length > 0);
    // The command context comes from the store; the session in it decides what is allowed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, savedViews]);

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
        {visible.map(({ group, links, views }) => {
          const open = settings.sidebarOpenedGroups.includes(group);
          const current = settings.currentGroupSelected === group;
          const listId = `sidebar-group-${group}`;
          const groupActive = links.some((link) => linkClasses(link.href, activeUrl) !== '');
          return (
            <li key={group} className={`sidebar-group${current ? ' is-current' : ''}${groupActive ? ' selected' : ''}`}>
              <button
                type="button"
                className="sidebar-group-button"
                aria-expanded={open}
                aria-controls={listId}
                title={enlarged ? undefined : intl.formatMessage({ id: `nav.group.${group}` })}
                onClick={() => {
                  selectGroup(group);
                  // Collapsed, the links have no room: choosing a group opens the sidebar.
                  if (!enlarged && !isSmallScreen()) toggleSidebar();
                }}
              >
                {iconsReady ? (
                  <svg className="sidebar-group-initial sidebar-group-icon" aria-hidden="true" focusable="false" width="18" height="18">
                    <use href={`#icon-${groupIcons[group]}`} />
                  </svg>
                ) : (
                  <span className="sidebar-group-initial" aria-hidden="true">
                    {intl.formatMessage({ id: `nav.group.${group}` }).slice(0, 1)}
                  </span>
                )}
                <span className="sidebar-group-title">
                  <FormattedMessage id={`nav.group.${group}`} />
                </span>
              </button>
              <ul id={listId} className="sidebar-links" hidden={!open}>
                {links.map((link) => (
                  <li key={link.id}>
                    <AppLink href={link.href} className={`sidebar-link ${linkClasses(link.href, activeUrl)}`.trim()} aria-current={linkClasses(link.href, activeUrl).includes('current') ? 'page' : undefined}>
                      {link.title}
                    </AppLink>
                  </li>
                ))}
                {views.map((view) => {
                  const href = openingUrl(view);
                  const current = activeUrl === href;
                  return (
                    <li key={view.id}>
                      <AppLink href={href} className={`sidebar-link sidebar-view${current ? ' selected current' : ''}`} aria-current={current ? 'page' : undefined}>
                        <span className="sidebar-view-mark" aria-hidden="true">★ </span>
                        {String(view.attributes.name)}
                      </AppLink>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
