/**
 * The list of open tabs (Alt+L, or «Elenco delle schede aperte» in the palette): with fifty tabs the
 * strip cannot show every title. A modal dialog with cmdk's combobox and list, like the palette
 * (the native `<dialog>`, the palette's ranking and look): typing filters by title, Enter shows the
 * highlighted tab, Alt+W closes it (the tab's own close: a tab with unsaved changes asks first) and
 * the list stays open on its neighbour, so several tabs go in a row.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Command } from 'cmdk';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatSequence } from '../../../commands/keys.ts';
import { tabListCommands, tabListKeys, type TabListTarget } from '../../../commands/workspace.ts';
import { rankItems, type PaletteItem } from '../palette/palette-items.ts';
import { useModalDialog } from '../shell/ui-state.ts';
import { store } from '../store.ts';
import { closeTab } from './close-tab.ts';
import { DirtyMarker } from './dirty-marker.tsx';
import { useScopedCommands } from './use-scoped-commands.ts';
import { tabLabel } from './tab-label.ts';
import { activeTab, dispatchWorkspace, tabListOpenAtom, workspaceAtom, type Tab } from './workspace-state.ts';

interface Entry {
  tab: Tab;
  label: string;
}

/** The tabs whose title matches `search` (cmdk's score, best first); all of them, in strip order, without one. */
export function filterTabs(entries: readonly Entry[], search: string): Entry[] {
  if (!search.trim()) return [...entries];
  const byId = new Map(entries.map((entry) => [entry.tab.id, entry]));
  const items: PaletteItem[] = entries.map((entry) => ({ id: entry.tab.id, title: entry.label, group: '', run: () => undefined }));
  return rankItems(items, search, items.length).map((item) => byId.get(item.id)!);
}

export default function TabList() {
  const [open, setOpen] = useAtom(tabListOpenAtom);
  const ws = useAtomValue(workspaceAtom);
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [highlighted, setHighlighted] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  const closing = useRef(false);
  const focusField = (element: HTMLElement) => element.querySelector<HTMLInputElement>('[cmdk-input]')?.focus();
  useModalDialog(dialog, open, (element) => {
    focusField(element);
    // A dialog closing in the same render (the palette it was chosen from) may hand its focus back after us.
    requestAnimationFrame(() => element.open && !element.contains(document.activeElement) && focusField(element));
  });

  const active = activeTab(ws);
  const entries = useMemo(() => ws.tabs.map((tab) => ({ tab, label: tabLabel(tab) })), [ws.tabs]);
  const found = useMemo(() => (open ? filterTabs(entries, search) : []), [open, entries, search]);
  // The highlighted tab while it is listed, else the active one, else the first.
  const value = found.some((entry) => entry.tab.id === highlighted) ? highlighted : (found.find((entry) => entry.tab.id === active?.id) ?? found[0])?.tab.id ?? '';

  const hide = () => {
    setOpen(false);
    setSearch('');
    setHighlighted('');
  };

  // The commands read the list as it is now (kept current after each render).
  const live = useRef<TabListTarget>({ closeHighlighted: () => undefined });
  const closeHighlighted = () => {
    const id = value;
    const index = found.findIndex((entry) => entry.tab.id === id);
    // One at a time: a tab with unsaved changes is asking in its own dialog.
    if (index < 0 || closing.current) return;
    const neighbour = (found[index + 1] ?? found[index - 1])?.tab.id ?? '';
    closing.current = true;
    void closeTab(id).finally(() => {
      closing.current = false;
      // Closed (not kept by the user's answer): its neighbour is highlighted next.
      if (!store.get(workspaceAtom).tabs.some((tab) => tab.id === id)) setHighlighted(neighbour);
    });
  };
  useLayoutEffect(() => {
    live.current = { closeHighlighted };
  });
  const commands = useMemo(
    () =>
      tabListCommands({
        get current() {
          return live.current;
        },
      }),
    [],
  );
  useScopedCommands('dialog', commands, open);

  const label = intl.formatMessage({ id: 'workspace.tabList.label' });
  const closeKeys = formatSequence(tabListKeys.close);
  return (
    <dialog
      ref={dialog}
      className="palette tab-list"
      role="dialog"
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        hide();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) hide();
      }}
    >
      {open && (
        <Command label={label} shouldFilter={false} loop value={value} onValueChange={setHighlighted}>
          <Command.Input className="palette-input" value={search} onValueChange={setSearch} placeholder={intl.formatMessage({ id: 'workspace.tabList.placeholder' })} aria-label={label} />
          <Command.List className="palette-list" label={label}>
            {found.length === 0 && (
              <Command.Empty className="palette-empty">
                <FormattedMessage id="workspace.tabList.empty" />
              </Command.Empty>
            )}
            {found.map(({ tab, label: title }) => {
              const shown = ws.panes.includes(tab.id);
              return (
                <Command.Item
                  key={tab.id}
                  value={tab.id}
                  className="palette-item tab-list-item"
                  onSelect={() => {
                    hide();
                    dispatchWorkspace({ type: 'activate', id: tab.id });
                  }}
                >
                  <span className="palette-item-title">{title}</span>
                  {tab.dirty && <DirtyMarker />}
                  {tab.id === active?.id ? (
                    <span className="palette-item-detail">
                      <FormattedMessage id="workspace.tabList.active" />
                    </span>
                  ) : (
                    shown && (
                      <span className="palette-item-detail">
                        <FormattedMessage id="workspace.tabList.shown" />
                      </span>
                    )
                  )}
                  {tab.id === value && (
                    <kbd className="palette-item-keys" aria-hidden="true">
                      <FormattedMessage id="workspace.tabList.closeKey" values={{ keys: closeKeys }} />
                    </kbd>
                  )}
                </Command.Item>
              );
            })}
          </Command.List>
          <div className="palette-footer">
            <FormattedMessage id="workspace.tabList.hint" values={{ close: <kbd>{closeKeys}</kbd> }} />
          </div>
        </Command>
      )}
    </dialog>
  );
}
