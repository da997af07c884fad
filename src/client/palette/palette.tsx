/**
 * The command palette (Ctrl/⌘+K, DESIGN §1, §4): the active tab's commands first (transitions of
 * the open quotation, disabled ones with the reason), the other pages of the open record (its entity
 * routes and their aliases: "Anagrafica", "Impostazioni", "Dettaglio intervento"…), recent items,
 * records found by full text, then every screen, saved view ("Vista: …") and workspace command the
 * user may run. One registry, one run path.
 */
import { useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import { formatSequence } from '../../../commands/keys.ts';
import { availability, scopeOf } from '../../../commands/registry.ts';
import { routeAliasTitles, routeTitle } from '../../../commands/navigation.ts';
import { useSession } from '../session/session.tsx';
import { paletteEarlyTextAtom, paletteOpenAtom } from '../shell/ui-state.ts';
import { runCommand } from '../shell/keyboard.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { recentDetail, recentItemsAtom } from '../workspace/recent.ts';
import { activeDocumentAtom, openTab } from '../workspace/tab-context.ts';
import { useListeningCommands } from '../workspace/use-scoped-commands.ts';
import { activeTab, pagePath, workspaceAtom } from '../workspace/workspace-state.ts';
import type { PaletteItem } from './palette-items.ts';
import { PaletteView } from './palette-view.tsx';
import { recordTitle, useRecordSearch } from './record-search.ts';
import { recordOfUrl, recordRouteAllowed, recordRoutes } from '../kinds/record-routes.ts';
import { openingUrl, SAVED_VIEWS_TYPE, savedViewUrl, useSavedViews } from '../kinds/saved-views.ts';
import { matchRoute, recordTabUrl, urlAllowedTo } from '../../domain/routes.ts';

export default function Palette() {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [typed, setTyped] = useState('');
  // What was typed while the palette was on its way (shell/keyboard.ts) is where its search begins.
  const [early, setEarly] = useAtom(paletteEarlyTextAtom);
  const search = typed + early;
  const setSearch = (next: string) => {
    setTyped(next);
    setEarly('');
  };
  const intl = useIntl();
  const session = useSession();
  const recent = useAtomValue(recentItemsAtom);
  // Re-read the commands when what they depend on changes.
  const workspace = useAtomValue(workspaceAtom);
  const activeDocument = useAtomValue(activeDocumentAtom);
  const listening = useListeningCommands();
  const records = useRecordSearch(open ? search : '', { ability: session.ability, allowedModules: session.identity.allowedModules });
  const savedViews = useSavedViews();

  const commandItems = useMemo(() => {
    if (!open) return [];
    const ctx = getCommandContext();
    if (!ctx) return [];
    const text = (value: Command['title']) => (typeof value === 'string' ? value : intl.formatMessage(value));
    const documentGroup = intl.formatMessage({ id: 'workspace.group.document' });
    const items: PaletteItem[] = [];
    for (const command of listening) {
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
    // The items read the command context from the store; these are what their availability depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, intl, workspace, activeDocument, listening, session]);

  // The open record's other pages: from the document its tab publishes, else from its URL (a grid under a customer).
  const recordPageItems = useMemo(() => {
    if (!open) return [];
    const url = activeTab(workspace)?.url;
    const page = url ? recordOfUrl(url) : undefined;
    const record = activeDocument ?? page;
    if (!url || !record) return [];
    const entity = activeDocument?.type === record.type && activeDocument.id === record.id ? activeDocument.entity : undefined;
    const known = page && page.type === record.type && page.id === record.id ? page.params : {};
    const here = pagePath(url);
    const group = intl.formatMessage({ id: 'kinds.palette.recordPages' });
    const detail = entity ? recordTitle(entity).title : undefined;
    const user = { ability: session.ability, allowedModules: session.identity.allowedModules, userType: session.identity.userType };
    const items: PaletteItem[] = [];
    const titles = new Set<string>();
    for (const link of recordRoutes(record.type, record.id, entity, known)) {
      if (link.url === here || !recordRouteAllowed(link, user)) continue;
      const title = routeTitle(link.route, link.params);
      const aliases = routeAliasTitles(link.route);
      const run: PaletteItem['run'] = ({ side }) => openTab(link.url, side ? { side } : {});
      // The route, then each alias as an entry of its own ("Anagrafica", "Modifica cliente").
      for (const [index, entryTitle] of [title, ...aliases].entries()) {
        if (titles.has(entryTitle)) continue;
        titles.add(entryTitle);
        const item: PaletteItem = { id: `record-page:${link.url}:${index}`, title: entryTitle, group, keywords: index === 0 ? aliases : [title], run };
        if (detail) item.detail = detail;
        items.push(item);
      }
    }
    return items;
  }, [open, intl, workspace, activeDocument, session]);

  const viewItems = useMemo(() => {
    if (!open) return [];
    const group = intl.formatMessage({ id: 'kinds.views.group' });
    const shared = intl.formatMessage({ id: 'kinds.views.shared' });
    return savedViews.flatMap((view): PaletteItem[] => {
      const match = matchRoute(savedViewUrl(view));
      const screen = match ? routeTitle(match.route, match.params) : '';
      const name = String(view.attributes.name);
      const mine = view.relationships.userId === session.identity.id;
      const open: PaletteItem = {
        id: `view:${view.id}`,
        title: intl.formatMessage({ id: 'kinds.views.open' }, { name }),
        group,
        detail: mine ? screen : `${screen} · ${shared}`,
        keywords: [screen, 'vista'],
        // Opened when chosen: its relative days are today's.
        run: ({ side }) => openTab(openingUrl(view), side ? { side } : {}),
      };
      if (!mine) return [open];
      // The owner renames, re-shares or deletes a view in its record form.
      const edit: PaletteItem = {
        id: `view-edit:${view.id}`,
        title: intl.formatMessage({ id: 'kinds.views.edit' }, { name }),
        group,
        keywords: ['vista', 'condividi', 'elimina', 'rinomina'],
        run: ({ side }) => openTab(recordTabUrl(SAVED_VIEWS_TYPE, view.id), side ? { side } : {}),
      };
      return [open, edit];
    });
  }, [open, intl, savedViews, session]);

  const items = useMemo(() => {
    const recentGroup = intl.formatMessage({ id: 'workspace.group.recent' });
    const recordGroup = intl.formatMessage({ id: 'workspace.group.records' });
    const pinned = commandItems.filter((item) => item.pinned);
    const rest = commandItems.filter((item) => !item.pinned);
    // Recent items come first with an empty search and are found by name like the rest; only the pages
    // the user may open now (a refused page, or one of a module no longer enabled, is not offered again).
    const user = { ability: session.ability, allowedModules: session.identity.allowedModules, userType: session.identity.userType };
    const recentItems: PaletteItem[] = recent.filter((entry) => urlAllowedTo(entry.url, user)).map((entry) => {
      const item: PaletteItem = { id: `recent:${entry.url}`, title: entry.title, group: recentGroup, run: ({ side }) => openTab(entry.url, side ? { side, title: entry.title } : { title: entry.title }) };
      const detail = recentDetail(entry);
      if (detail) item.detail = detail;
      return item;
    });
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
    return [...pinned, ...recordPageItems, ...recentItems, ...recordItems, ...viewItems, ...rest];
  }, [commandItems, recordPageItems, viewItems, recent, records.data, intl, session]);

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
