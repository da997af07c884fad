/**
 * The customer portal's own layout (issue 26): what a customer's user gets instead of the staff
 * workspace. No sidebar, no tab strip, no palette and no staff vocabulary: the customer's name, the
 * portal's navigation (Conformità, Formazione, Documenti, Preventivi), the user and «Esci», and the
 * page of the current address below. Pages are the workspace's panes (one shown at a time), so links,
 * the address bar, deep links and the back button work as everywhere in the app.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { ImpersonationBanner } from '../session/impersonation.tsx';
import { useSession } from '../session/session.tsx';
import { toggleTheme } from '../settings/theme.ts';
import { AlertStack } from '../shell/alert-stack.tsx';
import { DialogHost } from '../shell/dialog.tsx';
import { UpdateNotice } from '../shell/update-notice.tsx';
import { Panes } from '../workspace/workspace-view.tsx';
import { useAtomValue } from 'jotai';
import { activeTabAtom, pagePath } from '../workspace/workspace-state.ts';
import { PortalNav, portalPageOf } from './portal-nav.tsx';
import { useCustomer } from './portal-data.ts';
import './portal-styles.ts';

export function PortalLayout({ dark }: { dark: boolean }) {
  const intl = useIntl();
  const session = useSession();
  const customerId = session.identity.customerId ?? '';
  const customer = useCustomer(customerId);
  const url = useAtomValue(activeTabAtom)?.url;
  return (
    <div className="portal-app">
      <a className="skip-link" href="#portal-main">
        <FormattedMessage id="workspace.skipToContent" />
      </a>
      <header className="portal-header">
        <span className="portal-brand">
          <FormattedMessage id="portal.brand" />
          {customer.data && <span className="portal-customer"> · {String(customer.data.metadata.displayName ?? '')}</span>}
        </span>
        <span className="header-spacer" />
        <button type="button" className="theme-toggle" aria-pressed={dark} onClick={toggleTheme}>
          <FormattedMessage id="workspace.header.themeDark" />
        </button>
        <span className="user-name">{session.identity.displayName}</span>
        <button type="button" onClick={() => void session.signOut()}>
          <FormattedMessage id="workspace.header.signOut" />
        </button>
      </header>
      <ImpersonationBanner />
      {customerId && <PortalNav customerId={customerId} current={portalPageOf(pagePath(url ?? ''))} />}
      <main id="portal-main" className="portal-main" tabIndex={-1} aria-label={intl.formatMessage({ id: 'portal.nav' })}>
        <Panes />
      </main>
      <footer className="app-footer">
        <FormattedMessage id="portal.footer" />
      </footer>
      <DialogHost />
      <AlertStack />
      <UpdateNotice />
    </div>
  );
}
