/**
 * The sign-out guard's dialog (issue 25): while changes are not sent, «Esci» asks. «Annulla» keeps the
 * session; «Apri la sincronizzazione» opens the sync centre; «Esporta e scarta» saves the unsent work
 * as a JSON file, deletes the user's offline database, and then signs out — without a network on this
 * device only (sign-out-on-device.tsx), never by a navigation to the unreachable provider.
 */
import { FormattedMessage } from 'react-intl';
import { pushAlert } from '../alerts/alerts.ts';
import { isOffline } from '../auth/offline-start.ts';
import { addMessages, intl } from '../i18n/index.ts';
import syncMessages from '../i18n/messages/sync.ts';
import { openDialog } from '../shell/dialog.tsx';
import { openTab } from '../workspace/tab-context.ts';
import { exportAndDiscard, type ExportAndDiscardOptions } from './export-unsent.ts';
import { SYNC_CENTRE_URL, type OfflineRuntime } from './runtime-state.ts';
import { signOutOnDevice } from './sign-out-on-device.tsx';

addMessages(syncMessages);

export type SignOutChoice = 'open' | 'export';

export async function askBeforeSignOut(runtime: OfflineRuntime, count: number, signOut: () => Promise<void>, options: ExportAndDiscardOptions = {}): Promise<void> {
  const choice = await openDialog<SignOutChoice>({
    title: intl.formatMessage({ id: 'sync.signOut.title' }),
    role: 'alertdialog',
    size: 'sm',
    render: (close) => (
      <>
        <p><FormattedMessage id="sync.signOut.message" values={{ count }} /></p>
        <p className="form-hint"><FormattedMessage id="sync.signOut.exportHint" /></p>
        <div className="dialog-actions">
          <button type="button" data-autofocus onClick={() => close()}>
            <FormattedMessage id="sync.signOut.cancel" />
          </button>
          <button type="button" className="primary" onClick={() => close('open')}>
            <FormattedMessage id="sync.signOut.open" />
          </button>
          <button type="button" className="danger" onClick={() => close('export')}>
            <FormattedMessage id="sync.signOut.exportDiscard" />
          </button>
        </div>
      </>
    ),
  });
  if (choice === 'open') {
    openTab(SYNC_CENTRE_URL);
    return;
  }
  if (choice !== 'export') return;
  try {
    await exportAndDiscard(runtime, options);
  } catch (error) {
    console.error('export and discard', error);
    pushAlert({ type: 'danger', content: intl.formatMessage({ id: 'sync.signOut.failed' }) });
    return;
  }
  // Without a network the provider cannot be reached: the session ends on this device (sign-out-on-device.tsx).
  if (isOffline()) await signOutOnDevice(signOut);
  else await signOut();
}
