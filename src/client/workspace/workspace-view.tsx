/**
 * The tab strip and the panes (one, or two side by side in split view). Every tab that has been
 * shown stays mounted (hidden when not shown), so switching tabs keeps a grid's scroll or a form's
 * edits. Each pane takes its own focus; a click or focus inside a pane makes it the focused side.
 */
import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatSequence } from '../../../commands/keys.ts';
import { closeTab } from './close-tab.ts';
import { DirtyMarker } from './dirty-marker.tsx';
import { TabPanel } from './tab-panel.tsx';
import { tabLabel } from './tab-label.ts';
import { matchRoute } from '../../domain/routes.ts';
import { activeTab, dispatchWorkspace, isSplit, tabListOpenAtom, workspaceAtom, type PaneIndex } from './workspace-state.ts';
import { isPlainClick } from '../shell/app-link.tsx';
import { returningFocus } from '../shell/ui-state.ts';
import { lazyComponent } from '../lazy-component.ts';

const tabDomId = (id: string) => `tab-${id}`;

// The tab list loads on first use or once the browser is idle (cmdk is in the palette's chunk, not in the initial bundle).
const TabList = lazyComponent(() => import('./tab-list.tsx'));
const TabNamers = lazyComponent(() => import('./tab-namer.tsx'));

/** The tab list, mounted from its first opening on (its native dialog closes itself, never unmounted open). */
function LazyTabList() {
  const open = useAtomValue(tabListOpenAtom);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <TabList />
    </Suspense>
  ) : null;
}

/** Room kept beside a tab scrolled to an edge: its border and «×» clear of the edge, a sliver of the next tab hinting at more. */
const STRIP_EDGE_ROOM = 24;

/**
 * Scrolls the strip sideways just enough to show `item` whole with some room (`scrollIntoView` with
 * `nearest`, limited to the strip: the page and the panes never move).
 */
export function scrollIntoStrip(strip: HTMLElement, item: HTMLElement): void {
  const view = strip.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  const room = Math.min(STRIP_EDGE_ROOM, Math.max(0, (view.width - box.width) / 2));
  if (box.left < view.left + room) strip.scrollLeft -= view.left + room - box.left;
  else if (box.right > view.right - room) strip.scrollLeft += Math.min(box.right - view.right + room, box.left - view.left - room);
}

export function TabStrip() {
  const ws = useAtomValue(workspaceAtom);
  const intl = useIntl();
  const active = activeTab(ws);
  const listRef = useRef<HTMLDivElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const activeId = active?.id;
  const tabCount = ws.tabs.length;
  // The active tab is always in the strip's view, however it became active (a deep link, Alt+9, the tab list),
  // and stays there when it widens: a tab opened by a deep link gets its record's title once the record is read.
  useEffect(() => {
    const item = activeId ? document.getElementById(tabDomId(activeId))?.closest<HTMLElement>('.tab-item') : undefined;
    const strip = stripRef.current;
    if (!item || !strip) return;
    scrollIntoStrip(strip, item);
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(() => scrollIntoStrip(strip, item));
    resized.observe(item);
    return () => resized.disconnect();
  }, [activeId, tabCount]);

  const focusTab = (id: string) => requestAnimationFrame(() => document.getElementById(tabDomId(id))?.focus());
  const onKeyDown = (event: KeyboardEvent) => {
    if (!active || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = ws.tabs.findIndex((tab) => tab.id === active.id);
    let target: number | undefined;
    if (event.key === 'ArrowRight') target = (index + 1) % ws.tabs.length;
    else if (event.key === 'ArrowLeft') target = (index - 1 + ws.tabs.length) % ws.tabs.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = ws.tabs.length - 1;
    else if (event.key === 'Delete') {
      event.preventDefault();
      void closeTab(active.id);
      return;
    }
    if (target === undefined) return;
    event.preventDefault();
    const tab = ws.tabs[target]!;
    dispatchWorkspace({ type: 'activate', id: tab.id });
    focusTab(tab.id);
  };

  return (
    <div ref={stripRef} className="tab-strip">
      {/* Its code loads only for a record's tab not shown and not named yet (a background tab): never at start-up. */}
      {ws.tabs.some((tab) => !tab.title && !ws.panes.includes(tab.id) && matchRoute(tab.url)?.route.opensRecord) && <Suspense fallback={null}><TabNamers tabs={ws.tabs} /></Suspense>}
      <div ref={listRef} role="tablist" aria-label={intl.formatMessage({ id: 'workspace.tabs.label' })} className="tabs" onKeyDown={onKeyDown}>
        {ws.tabs.map((tab) => {
          const selected = tab.id === active?.id;
          const shown = ws.panes.includes(tab.id);
          const label = tabLabel(tab);
          return (
            <span key={tab.id} className={`tab-item${selected ? ' is-active' : ''}${shown ? ' is-shown' : ''}${tab.dirty ? ' is-dirty' : ''}`} role="presentation">
              <a
                id={tabDomId(tab.id)}
                role="tab"
                href={tab.url}
                aria-selected={selected}
                aria-controls={`panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                title={label}
                className="tab"
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  dispatchWorkspace({ type: 'activate', id: tab.id });
                }}
                onAuxClick={(event) => {
                  // Middle click closes, like browser tabs (Ctrl+click still opens a browser tab).
                  if (event.button === 1) {
                    event.preventDefault();
                    void closeTab(tab.id);
                  }
                }}
              >
                <span className="tab-title">{label}</span>
                {tab.dirty && <DirtyMarker />}
              </a>
              <span
                className="tab-close"
                aria-hidden="true"
                title={intl.formatMessage({ id: 'workspace.tabs.close' }, { title: label })}
                onClick={() => void closeTab(tab.id)}
              >
                ×
              </span>
            </span>
          );
        })}
      </div>
      <LazyTabList />
    </div>
  );
}

/**
 * Each tab remembers where its keyboard focus was; when the focused side or the active tab changes
 * by keyboard (Alt+O, Alt+1…) and the focus is left behind (in the other pane, or lost to <body>
 * because its tab was hidden), it goes back to where it was in the now active tab.
 */
function useFocusFollowsActiveTab(activeId: string | undefined): void {
  const lastFocused = useRef(new Map<string, HTMLElement>());
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const panel = (event.target as HTMLElement).closest?.('[role=tabpanel]');
      if (panel) lastFocused.current.set(panel.id.replace(/^panel-/, ''), event.target as HTMLElement);
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  useEffect(() => {
    if (!activeId) return;
    const panel = document.getElementById(`panel-${activeId}`);
    const current = document.activeElement;
    if (!panel || panel.contains(current)) return;
    const leftBehind = current === document.body || current === null || current.closest('[role=tabpanel]') !== null;
    if (!leftBehind) return;
    const remembered = lastFocused.current.get(activeId);
    (remembered && panel.contains(remembered) ? remembered : panel).focus({ preventScroll: true });
  }, [activeId]);
}

/** The tabs whose screens stay mounted: those shown so far and still open (the same set when nothing changes). */
function mountedTabs(mounted: ReadonlySet<string>, ws: { panes: readonly (string | null | undefined)[]; tabs: readonly { id: string }[] }): ReadonlySet<string> {
  const open = new Set(ws.tabs.map((tab) => tab.id));
  const next = new Set([...mounted].filter((id) => open.has(id)));
  for (const id of ws.panes) if (id) next.add(id);
  return next.size === mounted.size && [...next].every((id) => mounted.has(id)) ? mounted : next;
}

export function Panes() {
  const ws = useAtomValue(workspaceAtom);
  // A tab's screen mounts when first shown and stays mounted (its scroll, draft, focus) until it closes.
  const [mounted, setMounted] = useState<ReadonlySet<string>>(() => new Set());
  const wanted = mountedTabs(mounted, ws);
  if (wanted !== mounted) setMounted(wanted);
  const split = isSplit(ws);
  useFocusFollowsActiveTab(activeTab(ws)?.id);

  if (ws.tabs.length === 0) {
    return (
      <div className="panes-empty">
        <p>
          <FormattedMessage id="workspace.tabs.empty" values={{ keys: <kbd>{formatSequence('$mod+k')}</kbd> }} />
        </p>
      </div>
    );
  }

  const focus = (pane: PaneIndex) => {
    if (ws.focusedPane !== pane) dispatchWorkspace({ type: 'focusPane', pane });
  };

  return (
    <div className={`panes${split ? ' is-split' : ''}`}>
      {ws.tabs
        .filter((tab) => wanted.has(tab.id))
        .map((tab) => {
          const pane = ws.panes.indexOf(tab.id);
          const visible = pane >= 0;
          return (
            <div
              key={tab.id}
              className={`pane${visible && split && ws.focusedPane === pane ? ' is-focused' : ''}`}
              style={visible ? { gridColumn: pane + 1 } : undefined}
              hidden={!visible}
              onPointerDownCapture={() => visible && focus(pane as PaneIndex)}
              onFocusCapture={() => {
                // Focus handed back by a closing dialog (the palette) is not the user choosing this side.
                if (visible && !returningFocus.active) focus(pane as PaneIndex);
              }}
            >
              <TabPanel tabId={tab.id} url={tab.url} visible={visible} labelledBy={tabDomId(tab.id)} />
            </div>
          );
        })}
    </div>
  );
}
