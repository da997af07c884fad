/**
 * The header's sync indicator (issue 25), shown while the offline runtime runs: a dot for online or
 * offline and the number of changes not sent yet (shown once the queue is read); it opens the sync centre. Loaded on demand
 * (sync-centre-header.tsx), with Dexie.
 */
import { useIntl } from 'react-intl';
import { addMessages } from '../i18n/index.ts';
import syncMessages from '../i18n/messages/sync.ts';
import { injectStyles } from '../shell/inject-styles.ts';
import { openTab } from '../workspace/tab-context.ts';
import { SYNC_CENTRE_URL, type OfflineRuntime } from './runtime-state.ts';
import { queueLength, useLiveQuery, useOnline } from './sync-centre-live.ts';
import { syncCentreStyles } from './sync-centre-styles.ts';

addMessages(syncMessages);
injectStyles('sync-centre', syncCentreStyles);

export default function SyncIndicator({ runtime }: { runtime: OfflineRuntime }) {
  const intl = useIntl();
  const online = useOnline();
  const count = useLiveQuery(runtime.db, queueLength);
  // Shown once the device's queue is read: a «0» before that would say nothing waits when it has not looked.
  if (count === undefined) return null;
  const label = intl.formatMessage({ id: 'sync.indicator.label' }, { online: String(online), count });
  return (
    <button type="button" className={`sync-indicator ${online ? 'is-online' : 'is-offline'}`} aria-label={label} title={label} data-pending={count} onClick={() => openTab(SYNC_CENTRE_URL)}>
      <span className="sync-dot" aria-hidden="true" />
      <span aria-hidden="true">{count}</span>
    </button>
  );
}
