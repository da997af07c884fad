/**
 * "Salva vista" (issue 7): a command (palette, `Alt+V`) offered while the focused tab shows a grid,
 * and its dialog: the view's name and the roles to share it with. The view keeps the grid's URL as
 * it is (filters, sort, columns, full text in the SPEC §7 list language).
 */
import { useMemo } from 'react';
import type { Command } from '../../../commands/types.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { intl as appIntl } from '../i18n/index.ts';
import { lazyModule } from '../lazy-component.ts';
import { useSession } from '../session/session.tsx';
import { openDialog } from '../shell/dialog.tsx';
import { store } from '../store.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { activeTab, workspaceAtom } from '../workspace/workspace-state.ts';
import { gridViewOf, SAVED_VIEW_SUBJECT } from './saved-views.ts';

/** The key of "Salva vista" (V for vista). */
export const SAVE_VIEW_KEY = 'Alt+v';

const activeUrl = () => activeTab(store.get(workspaceAtom))?.url;
// The form is loaded the first time a view is saved, or once the browser is idle (it stays out of the initial bundle).
const saveViewForm = lazyModule(() => import('./save-view-form.tsx'));

/** Opens the dialog for the focused tab's grid; resolves once it is saved or dismissed. */
export async function saveCurrentView(identity: { id: string; roles: { id: string; name: string }[] }): Promise<void> {
  const view = gridViewOf(activeUrl());
  if (!view) return;
  const { SaveViewForm } = await saveViewForm();
  const saved = await openDialog<string>({
    title: appIntl.formatMessage({ id: 'kinds.views.dialog.title' }),
    size: 'sm',
    render: (close) => <SaveViewForm view={view} identity={identity} close={close} />,
  });
  if (saved) pushAlert({ content: appIntl.formatMessage({ id: 'kinds.views.saved' }, { name: saved }), type: 'success' });
}

/** Registers "Salva vista" while mounted (the shell mounts it once). */
export function useSaveViewCommand(): void {
  const session = useSession();
  const command = useMemo<Command>(
    () => ({
      id: 'views.save',
      title: { id: 'kinds.views.save' },
      group: { id: 'kinds.views.group' },
      keys: [SAVE_VIEW_KEY],
      can: ['create', SAVED_VIEW_SUBJECT],
      keywords: ['vista', 'filtri', 'salva', 'preferiti'],
      when: () => (gridViewOf(activeUrl()) ? true : { disabled: appIntl.formatMessage({ id: 'kinds.views.notGrid' }) }),
      run: () => saveCurrentView(session.identity),
    }),
    [session],
  );
  const commands = useMemo(() => [command], [command]);
  useScopedCommands('global', commands, true);
}
