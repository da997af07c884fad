/** The header: menu (small screens), product name, palette, theme, shortcuts, impersonation, user, sign-out. */
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatSequence } from '../../../commands/keys.ts';
import { SyncIndicatorSlot, signOutGuarded } from '../offline/sync-centre-header.tsx';
import { DueRemindersBadge } from '../reminders/due-reminders.tsx';
import { ImpersonationControl } from '../session/impersonation.tsx';
import { useSession } from '../session/session.tsx';
import { toggleTheme } from '../settings/theme.ts';
import { store } from '../store.ts';
import { toggleSidebar } from './sidebar-state.ts';
import { paletteOpenAtom, pendingKeysAtom, shortcutHelpOpenAtom } from './ui-state.ts';

export function Header({ dark }: { dark: boolean }) {
  const intl = useIntl();
  const session = useSession();
  const pending = useAtomValue(pendingKeysAtom);
  return (
    <header className="app-header">
      <button type="button" className="icon-button menu-button" aria-label={intl.formatMessage({ id: 'workspace.sidebar.open' })} onClick={toggleSidebar}>
        ☰
      </button>
      <span className="app-name">
        <FormattedMessage id="workspace.appName" />
      </span>
      <button type="button" className="palette-button" onClick={() => store.set(paletteOpenAtom, true)} aria-keyshortcuts="Control+K Meta+K">
        <span>
          <FormattedMessage id="workspace.header.palette" />
        </span>
        <kbd>{formatSequence('$mod+k')}</kbd>
      </button>
      {pending && (
        <span className="pending-keys" role="status">
          <FormattedMessage id="workspace.help.pending" values={{ keys: pending }} />
        </span>
      )}
      <span className="header-spacer" />
      <button type="button" className="icon-button" aria-keyshortcuts="?" onClick={() => store.set(shortcutHelpOpenAtom, true)} aria-label={intl.formatMessage({ id: 'workspace.header.help' })}>
        ?
      </button>
      <button type="button" className="theme-toggle" aria-pressed={dark} onClick={toggleTheme}>
        <FormattedMessage id="workspace.header.themeDark" />
      </button>
      <SyncIndicatorSlot />
      <DueRemindersBadge />
      <ImpersonationControl />
      <span className="user-name">{session.identity.displayName}</span>
      <button type="button" onClick={() => void signOutGuarded(session.signOut)}>
        <FormattedMessage id="workspace.header.signOut" />
      </button>
    </header>
  );
}
