/** The notification at the bottom end (SPEC §2): the update notice and the offline-ready message (SPEC §4, §9). */
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { whenFirstScreenSettled } from '../first-screen.ts';
import { applyUpdate, dismissUpdateNotice, registerServiceWorker, updateNoticeAtom } from './service-worker.ts';

const OFFLINE_READY_MS = 6000;

export function UpdateNotice() {
  const notice = useAtomValue(updateNoticeAtom);
  const intl = useIntl();
  // Its precache fetches every screen's code: not before the first screen is ready (first-screen.ts).
  useEffect(() => {
    void whenFirstScreenSettled().then(registerServiceWorker);
  }, []);
  useEffect(() => {
    if (notice?.kind !== 'offlineReady') return;
    const timer = setTimeout(dismissUpdateNotice, OFFLINE_READY_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!notice) return null;
  if (notice.kind === 'offlineReady') {
    return (
      <div className="notification" role="status">
        <p>
          <FormattedMessage id="workspace.offlineReady" />
        </p>
        <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'workspace.dialog.close' })} onClick={dismissUpdateNotice}>
          ×
        </button>
      </div>
    );
  }
  // SPEC §4 with issue 25: while offline changes wait to be sent the update is not installed; the
  // notice says so, and once accepted installs itself when the count reaches 0.
  const hint = notice.accepted && notice.unsent > 0 ? 'workspace.update.waitingUnsent' : notice.unsent > 0 ? 'workspace.update.unsentHint' : 'workspace.update.hint';
  return (
    <div className="notification notification-update" role="alertdialog" aria-labelledby="update-message" aria-describedby="update-hint">
      <p id="update-message">
        <FormattedMessage id="workspace.update.message" />
      </p>
      <p id="update-hint" className="hint" aria-live="polite">
        <FormattedMessage id={hint} values={{ count: notice.unsent }} />
      </p>
      <div className="notification-actions">
        {notice.accepted && notice.unsent > 0 ? null : (
          <button type="button" className="primary" onClick={() => void applyUpdate()}>
            <FormattedMessage id="workspace.update.accept" />
          </button>
        )}
        <button type="button" onClick={dismissUpdateNotice}>
          <FormattedMessage id="workspace.update.dismiss" />
        </button>
      </div>
    </div>
  );
}
