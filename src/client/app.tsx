/**
 * The application inside the session (SPEC §2): the empty layout for Root and Maintenance, the
 * default layout for the rest (sidebar, header, tabbed main area, footer, dialog host, alert stack
 * bottom middle, notification bottom end), the palette, the shortcut help and the key dispatcher.
 */
import { Suspense, useEffect } from 'react';
import { lazyComponent, lazyModule, preloadLazyComponents } from './lazy-component.ts';
import { queryClient } from './api/query-client.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadRecordCommands } from '../../commands/registry.ts';
import { matchRoute } from '../domain/routes.ts';
import { Screen } from './screens/index.tsx';
import { useSession } from './session/session.tsx';
import { ImpersonationBanner } from './session/impersonation.tsx';
import { useThemeOnRoot } from './settings/theme.ts';
import { AlertStack } from './shell/alert-stack.tsx';
import { DialogHost } from './shell/dialog.tsx';
import { Header } from './shell/header.tsx';
import { useKeyboardShortcuts } from './shell/keyboard.ts';
import { Sidebar } from './shell/sidebar.tsx';
import { UpdateNotice } from './shell/update-notice.tsx';
import { ShortcutHelp } from './shell/shortcut-help.tsx';
import { Panes, TabStrip } from './workspace/workspace-view.tsx';
import { currentLocation, useWorkspaceSync } from './workspace/workspace-sync.ts';

// The kind registry: the transition commands' keys are declared there, and once its chunk is in the kinds'
// own screens (src/client/kinds/<type>.ts) are in the idle list too, preloaded in the same pass.
const kindRegistry = lazyModule(() => import('./kinds/index.ts'));

// The transition commands (with the domain's machines, on the keys their kinds declare) load beside the
// first screen, once signed in: a visit without a session leaves for the sign-in page without fetching
// them. A key clash among them fails here, at start-up, loudly.
let recordCommands: Promise<void> | undefined;
function useRecordCommands(): void {
  useEffect(() => {
    recordCommands ??= kindRegistry().then(({ transitionKeysOf }) => loadRecordCommands(transitionKeysOf)).catch((error: unknown) => {
      console.error(error);
      throw error;
    });
  }, []);
}

// The palette and the screens load on first use (initial JS budget); once the workspace is up (signed
// in: not on a page about to leave for the login) they are preloaded, the palette first, so their
// first showing does not wait for React.lazy (lazy-component.ts). Not before the first screen is
// ready: its chunk, its data and its figures come first on a slow line (an idle callback alone fires
// while the screen's requests are still on the wire). Ready: no screen chunk loading, no query
// fetching and nothing busy, twice in a row; at the latest after PRELOAD_AT_LATEST_MS.
const Palette = lazyComponent(() => import('./palette/palette.tsx'));
// A customer's user's layout (issue 26): its own chunk, so the staff's first screen does not carry it.
const PortalLayout = lazyComponent(async () => ({ default: (await import('./portal/portal-layout.tsx')).PortalLayout }));
const SETTLED_CHECK_MS = 150;
const PRELOAD_AT_LATEST_MS = 15_000;
const screenSettled = () => queryClient.isFetching() === 0 && !document.querySelector('.screen-loading, .pane:not([hidden]) [aria-busy=true]');
function usePreloadWhenIdle(): void {
  useEffect(() => {
    const preload = () => void Palette.preload().catch(() => undefined).then(preloadLazyComponents);
    let idle: number | undefined;
    let quietChecks = 0;
    const started = Date.now();
    const check = setInterval(() => {
      quietChecks = screenSettled() ? quietChecks + 1 : 0;
      if (quietChecks < 2 && Date.now() - started < PRELOAD_AT_LATEST_MS) return;
      clearInterval(check);
      if (window.requestIdleCallback) idle = window.requestIdleCallback(preload);
      else preload();
    }, SETTLED_CHECK_MS);
    return () => {
      clearInterval(check);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

function DefaultLayout() {
  const session = useSession();
  const dark = useThemeOnRoot();
  const intl = useIntl();
  useWorkspaceSync(session.identity.id);
  useKeyboardShortcuts();
  useRecordCommands();
  usePreloadWhenIdle();
  // A customer's user gets the portal's own layout (issue 26), never the staff workspace around it.
  if (session.identity.userType === 'customer') return <Suspense fallback={null}><PortalLayout dark={dark} /></Suspense>;
  return (
    <div className="app">
      <a className="skip-link" href="#workspace-main">
        <FormattedMessage id="workspace.skipToContent" />
      </a>
      <Sidebar />
      <div className="app-body">
        <Header dark={dark} />
        <ImpersonationBanner />
        <main id="workspace-main" className="workspace-main" tabIndex={-1} aria-label={intl.formatMessage({ id: 'workspace.tabs.label' })}>
          <TabStrip />
          <Panes />
        </main>
        <footer className="app-footer">
          <FormattedMessage id="workspace.footer.text" />
        </footer>
      </div>
      <DialogHost />
      <AlertStack />
      <UpdateNotice />
      <ShortcutHelp />
      <Suspense fallback={null}>
        <Palette />
      </Suspense>
    </div>
  );
}

function EmptyLayout({ url }: { url: string }) {
  useThemeOnRoot();
  const match = matchRoute(url);
  return <div className="empty-layout">{match && <Screen match={match} />}</div>;
}

export default function App() {
  const url = currentLocation();
  const match = matchRoute(url);
  const layout = match?.route.layout ?? 'default';
  // Root never stays (main.tsx sends it to the landing route, the workspace opens Dashboard).
  if (!match || match.route.name === 'Root' || layout === 'default') return <DefaultLayout />;
  if (layout === 'none') return <Screen match={match} />;
  return <EmptyLayout url={url} />;
}
