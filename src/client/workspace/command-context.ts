/** The `CommandContext` of now: the session, the focused tab and its document (DESIGN §4). */
import type { CommandContext } from '../../../commands/types.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { sessionAtom } from '../session/session.tsx';
import { store } from '../store.ts';
import { activeDocumentAtom, openTab } from './tab-context.ts';
import { activeTab, workspaceAtom } from './workspace-state.ts';

export function getCommandContext(): CommandContext | undefined {
  const session = store.get(sessionAtom);
  if (!session) return undefined;
  const ctx: CommandContext = {
    identity: session.identity,
    ability: session.ability,
    openTab,
    activeUrl: activeTab(store.get(workspaceAtom))?.url,
    notify: (message, type) => void pushAlert({ content: message, type: type ?? 'info' }),
  };
  const doc = store.get(activeDocumentAtom);
  if (doc) ctx.activeDocument = doc;
  return ctx;
}
