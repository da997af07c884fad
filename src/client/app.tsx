/**
 * The application inside the session (SPEC §2): the empty layout for Root and Maintenance, the
 * default layout for the rest (sidebar, header, tabbed main area, footer, dialog host, alert stack
 * bottom middle, notification bottom end), the palette, the shortcut help and the key dispatcher.
 */
import { Suspense, useEffect } from 'react';
import { atom, useAtomValue } from 'jotai';
import { lazyComponent, preloadLazyComponents } from './lazy-component.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { whenFirstScreenSettled } from './first-screen.ts';
import { ensureRecordCommands } from './record-commands.ts';
import { store } from './store.ts';
import { paletteOpenAtom } from './shell/ui-state.ts';
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

// The palette and the screens load on first use (initial JS budget); once the first screen is ready
// (first-screen.ts: its chunk, its data and its figures come first on a slow line) the record commands
// join the registry and then every screen's code is preloaded, the palette first, so their first
// showing does not wait for React.lazy (lazy-component.ts). A visit without a session leaves for the
// sign-in page before any of it. The palette is mounted once its code is in, or when first opened.
const Palette = lazyComponent(() => import('./palette/palette.tsx'));
// A customer's user's layout (issue 26): its own chunk, so the staff's first screen does not carry it.
const PortalLayout = lazyComponent(async () => ({ default: (await import('./portal/portal-layout.tsx')).PortalLayout }));
const paletteMountedAtom = atom(false);
function useWorkWhenFirstScreenReady(): void {
  useEffect(() => {
    let idle: number | undefined;
    let cancelled = false;
    const preload = () =>
      void Palette.preload()
        .then(() => store.set(paletteMountedAtom, true))
        .catch(() => undefined)
        .then(preloadLazyComponents);
    void whenFirstScreenSettled().then(() => {
      if (cancelled) return;
      // The record commands first (the palette lists them), then the rest when the browser is idle.
      void ensureRecordCommands().catch(() => undefined);
      if (window.requestIdleCallback) idle = window.requestIdleCallback(preload);
      else preload();
    });
    return () => {
      cancelled = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

/** The palette, from its first opening or once its code is in (then it opens at once). */
function PaletteHost() {
  const open = useAtomValue(paletteOpenAtom);
  const mounted = useAtomValue(paletteMountedAtom);
  useEffect(() => {
    if (!open) return;
    store.set(paletteMountedAtom, true);
    void ensureRecordCommands().catch(() => undefined);
  }, [open]);
  if (!mounted && !open) return null;
  return (
    <Suspense fallback={null}>
      <Palette />
    </Suspense>
  );
}

function DefaultLayout() {
  const session = useSession();
  const dark = useThemeOnRoot();
  const intl = useIntl();
  useWorkspaceSync(session.identity.id);
  useKeyboardShortcuts();
  useWorkWhenFirstScreenReady();
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
      <PaletteHost />
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
