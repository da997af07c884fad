/**
 * The command palette (Ctrl/⌘+K, DESIGN §1, §4): the active tab's commands first (transitions of
 * the open quotation, disabled ones with the reason), recent items, records found by full text,
 * then every screen and workspace command the user may run. One registry, one run path.
 */
import { useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import { formatSequence } from '../../../commands/keys.ts';
import { availability, scopeOf } from '../../../commands/registry.ts';
import { useSession } from '../session/session.tsx';
import { paletteOpenAtom } from '../shell/ui-state.ts';
import { runCommand } from '../shell/keyboard.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { recentItemsAtom } from '../workspace/recent.ts';
import { activeDocumentAtom, openTab } from '../workspace/tab-context.ts';
import { listeningCommands, scopedCommandsAtom } from '../workspace/use-scoped-commands.ts';
import { workspaceAtom } from '../workspace/workspace-state.ts';
import type { PaletteItem } from './palette-items.ts';
import { PaletteView } from './palette-view.tsx';
import { useRecordSearch } from './record-search.ts';

export default function Palette() {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [search, setSearch] = useState('');
  const intl = useIntl();
  const session = useSession();
  const recent = useAtomValue(recentItemsAtom);
  // Re-read the commands when what they depend on changes.
  const workspace = useAtomValue(workspaceAtom);
  const activeDocument = useAtomValue(activeDocumentAtom);
  const scoped = useAtomValue(scopedCommandsAtom);
  const records = useRecordSearch(open ? search : '', session.ability);

  const commandItems = useMemo(() => {
    if (!open) return [];
    const ctx = getCommandContext();
    if (!ctx) return [];
    const text = (value: Command['title']) => (typeof value === 'string' ? value : intl.formatMessage(value));
    const documentGroup = intl.formatMessage({ id: 'workspace.group.document' });
    const items: PaletteItem[] = [];
    for (const command of listeningCommands()) {
      const state = availability(command, ctx);
      if (state === false) continue;
      // Commands of the focused tab (its document, grid or form) come first.
      const pinned = scopeOf(command) !== 'global';
      const item: PaletteItem = {
        id: command.id,
        title: text(command.title),
        group: pinned ? documentGroup : text(command.group),
        run: () => void runCommand(command),
      };
      if (pinned) item.pinned = true;
      if (command.keywords) item.keywords = command.keywords;
      if (command.keys?.length) item.shortcut = formatSequence(command.keys[0]!);
      if (state !== true) item.disabledReason = state.disabled;
      const href = command.href;
      // A screen can also open on the other side of the split view.
      if (href) item.run = ({ side }) => (side ? openTab(href, { side }) : void runCommand(command));
      items.push(item);
    }
    return items.sort((a, b) => Number(Boolean(b.pinned)) - Number(Boolean(a.pinned)));
    // workspace/activeDocument/scoped: the commands' availability depends on them.
  }, [open, intl, workspace, activeDocument, scoped, session]);

  const items = useMemo(() => {
    const recentGroup = intl.formatMessage({ id: 'workspace.group.recent' });
    const recordGroup = intl.formatMessage({ id: 'workspace.group.records' });
    const pinned = commandItems.filter((item) => item.pinned);
    const rest = commandItems.filter((item) => !item.pinned);
    // Recent items come first with an empty search and are found by name like the rest.
    const recentItems: PaletteItem[] = recent.map((entry) => ({ id: `recent:${entry.url}`, title: entry.title, detail: entry.url, group: recentGroup, run: ({ side }) => openTab(entry.url, side ? { side, title: entry.title } : { title: entry.title }) }));
    const recordItems: PaletteItem[] = (records.data ?? []).map((hit) => {
      const item: PaletteItem = {
        id: `record:${hit.type}:${hit.id}`,
        title: hit.title,
        detail: [intl.formatMessage({ id: `workspace.palette.kind.${hit.type}` }), hit.detail].filter(Boolean).join(' · '),
        group: recordGroup,
        prefiltered: true,
        run: ({ side }) => openTab(hit.url, side ? { side, title: hit.title } : { title: hit.title }),
      };
      return item;
    });
    return [...pinned, ...recentItems, ...recordItems, ...rest];
  }, [commandItems, recent, records.data, intl]);

  const status = records.isFetching ? (
    <FormattedMessage id="workspace.palette.searching" />
  ) : records.isError ? (
    <FormattedMessage id="workspace.palette.searchFailed" />
  ) : null;

  return (
    <PaletteView
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      items={items}
      search={search}
      onSearchChange={setSearch}
      label={intl.formatMessage({ id: 'workspace.palette.label' })}
      placeholder={intl.formatMessage({ id: 'workspace.palette.placeholder' })}
      empty={<FormattedMessage id="workspace.palette.empty" />}
      status={status}
      footer={<FormattedMessage id="workspace.palette.hint" />}
    />
  );
}
