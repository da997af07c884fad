/**
 * One tab's content: its screen for the tab URL, inside a wouter router whose location is the
 * tab's URL (so `useLocation`, `useSearch` and `<Link>` in a screen work per tab, also in split
 * view). A link navigation opens (or focuses) its tab; `navigate(to, { replace: true })` changes
 * this tab's own URL. Each navigation scrolls the tab smoothly to the top (SPEC §2).
 */
import { memo, useCallback, useEffect, useRef } from 'react';
import { createElement } from 'react';
import { Router } from 'wouter';
import { matchRoute } from '../../domain/routes.ts';
import { Screen } from '../screens/index.tsx';
import { NotFoundPage } from '../shell/not-found.tsx';
import { store } from '../store.ts';
import { openTab, TabIdContext, tabDocumentsAtom, useTabUrl } from './tab-context.ts';
import { pagePath } from './workspace-state.ts';

function useTabLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const [url, replaceUrl] = useTabUrl();
  const path = pagePath(url);
  const navigate = useCallback(
    (to: string, options?: { replace?: boolean }) => {
      // `?query` alone keeps this page.
      const target = to.startsWith('?') ? `${path}${to}` : to;
      if (options?.replace || pagePath(target) === path) replaceUrl(target);
      else openTab(target);
    },
    [path, replaceUrl],
  );
  return [path, navigate];
}

function useTabSearch(): string {
  const [url] = useTabUrl();
  const index = url.indexOf('?');
  return index < 0 ? '' : url.slice(index + 1).split('#', 1)[0]!;
}

function TabScreen({ url }: { url: string }) {
  const match = matchRoute(url);
  if (!match || match.route.name === 'NotFound') return <NotFoundPage url={url} />;
  return <Screen match={match} />;
}

export const TabPanel = memo(function TabPanel({ tabId, url, visible, labelledBy }: { tabId: string; url: string; visible: boolean; labelledBy: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const path = pagePath(url);
  useEffect(() => {
    ref.current?.scrollTo?.({ top: 0, behavior: 'smooth' });
  }, [path]);
  // The record this tab has published (what its keys and the palette act on) as `data-document="type/id"`:
  // a signal that the tab's record commands are live, set without rendering the screen again.
  useEffect(() => {
    const mark = () => {
      const panel = ref.current;
      const doc = store.get(tabDocumentsAtom)[tabId];
      if (!panel) return;
      if (doc) panel.dataset.document = `${doc.type}/${doc.id}`;
      else delete panel.dataset.document;
    };
    mark();
    return store.sub(tabDocumentsAtom, mark);
  }, [tabId]);
  return (
    <div ref={ref} id={`panel-${tabId}`} role="tabpanel" aria-labelledby={labelledBy} className="tab-panel" hidden={!visible} tabIndex={-1}>
      {createElement(
        TabIdContext.Provider,
        { value: tabId },
        <Router hook={useTabLocation} searchHook={useTabSearch}>
          {/* A new page in the tab enters with the main area's transition (SPEC §2). */}
          <div key={path} className="tab-page">
            <TabScreen url={url} />
          </div>
        </Router>,
      )}
    </div>
  );
});
