/** Closing a tab: a tab with unsaved changes asks first (DESIGN §4). */
import { intl } from '../i18n/index.ts';
import { confirmDialog } from '../shell/dialog.tsx';
import { store } from '../store.ts';
import { dispatchWorkspace, workspaceAtom } from './workspace-state.ts';
import { tabLabel } from './tab-label.ts';

export async function closeTab(id: string): Promise<void> {
  const tab = store.get(workspaceAtom).tabs.find((t) => t.id === id);
  if (!tab) return;
  if (tab.dirty) {
    const ok = await confirmDialog({
      title: intl.formatMessage({ id: 'workspace.dirty.title' }),
      message: intl.formatMessage({ id: 'workspace.dirty.closeMessage' }, { title: tabLabel(tab) }),
      confirmLabel: intl.formatMessage({ id: 'workspace.dirty.closeConfirm' }),
      danger: true,
    });
    if (!ok) return;
  }
  dispatchWorkspace({ type: 'close', id });
}
