/**
 * «Sincronizzazione» (`/sync`, issue 25): the sync centre of the signed-in field user's offline store.
 * Online or not and the last sync; how many changes wait, were refused, or are «Da risolvere»; the
 * storage used and whether it is kept; the queue (what, which record, the device's time, attempts,
 * the last error, the next attempt) with «Riprova ora»; the server's refusals with its message and
 * field errors, «Riprova» and «Scarta»; the conflicts field by field (before, mine, theirs, who and
 * when) with «Mantieni il mio» and «Accetta il loro»; «Sincronizza ora». Everything is read live from
 * the store (a drain in another tab shows here too). Without a runtime (a user who records no checks)
 * it says so. Narrow screens get the tables as cards, touch screens 44 px targets.
 */
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { pointerToPath } from '../../domain/merge-patch.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { actionLabel, changeLabel } from '../forms/history-panel.tsx';
import { fieldLabel, formatDateTime } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import syncMessages from '../i18n/messages/sync.ts';
import { useSession } from '../session/session.tsx';
import { confirmDialog } from '../shell/dialog.tsx';
import { injectStyles } from '../shell/inject-styles.ts';
import type { ConflictItem, InboxItem, OutboxEntry } from './db.ts';
import { isJsonMap } from './merge.ts';
import { discardPhoto, retryPhoto, startPhotoUploads, type QueuedPhoto } from './photos-app.ts';
import { recordLabel } from './record-label.ts';
import { cutWaits, isFieldUser, syncNow, useOfflineRuntime, type OfflineRuntime } from './runtime.ts';
import { syncSnapshot, useLiveQuery, useOnline, type SyncSnapshot } from './sync-centre-live.ts';
import { syncCentreStyles } from './sync-centre-styles.ts';

addMessages(syncMessages);
injectStyles('sync-centre', syncCentreStyles);

export default function SyncCentreScreen() {
  const runtime = useOfflineRuntime();
  const { ability, isImpersonating } = useSession();
  const titleId = useId();
  let body: ReactNode;
  if (runtime) body = <SyncCentre runtime={runtime} />;
  else if (isImpersonating) body = <p role="note"><FormattedMessage id="sync.impersonating" /></p>;
  else if (isFieldUser(ability)) body = <p role="status"><FormattedMessage id="sync.starting" /></p>;
  else body = <p role="note"><FormattedMessage id="sync.noRuntime" /></p>;
  return (
    <section className="screen sync-centre" aria-labelledby={titleId}>
      <h1 id={titleId} className="screen-title"><FormattedMessage id="sync.title" /></h1>
      {body}
    </section>
  );
}

// ---- how entries read ----

/** The record as the device knows it (record-label.ts): its control and equipment, its code or its title. */
export function recordName(intl: IntlShape, snapshot: Pick<SyncSnapshot, 'records'>, type: string, id: string): string {
  const { kind, name } = recordLabel(snapshot.records, type, id);
  return kind === null ? name : intl.formatMessage({ id: 'sync.record' }, { kind, name });
}

const photoWhat = (intl: IntlShape, photo: QueuedPhoto) => intl.formatMessage({ id: 'sync.what.photo' }, { name: photo.name });

function whatOf(intl: IntlShape, entry: OutboxEntry): string {
  if (entry.kind === 'create') return intl.formatMessage({ id: 'sync.what.create' });
  if (entry.kind === 'action') {
    const kind = findKind(entry.type);
    const action = entry.action ?? '';
    return intl.formatMessage({ id: 'sync.what.action' }, { action: kind ? actionLabel(kind, action) : action });
  }
  const names = [entry.body.attributes, entry.body.relationships].flatMap((section) => (isJsonMap(section) ? Object.keys(section) : []));
  return names.length ? intl.formatMessage({ id: 'sync.what.update' }, { fields: names.map((name) => fieldLabel(name)).join(', ') }) : intl.formatMessage({ id: 'sync.what.updateNoFields' });
}

/** 401: the session expired (the outbox waits for a new sign-in); 0: no network; else the server's message. */
function errorText(intl: IntlShape, error: OutboxEntry['lastError']): string {
  if (!error) return intl.formatMessage({ id: 'sync.error.none' });
  if (error.status === 401) return intl.formatMessage({ id: 'sync.sessionExpired' });
  if (error.status === 0) return intl.formatMessage({ id: 'sync.error.network' });
  return error.message || error.code;
}

function valueText(intl: IntlShape, value: unknown): string {
  if (value === undefined || value === null || value === '') return intl.formatMessage({ id: 'sync.value.empty' });
  if (typeof value === 'boolean') return intl.formatMessage({ id: value ? 'sync.value.yes' : 'sync.value.no' });
  if (typeof value === 'number') return intl.formatNumber(value);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? formatDateTime(value) : value;
  return JSON.stringify(value);
}

const pointerLabel = (pointer: string) => changeLabel(pointerToPath(pointer)).label;

// ---- the screen ----

/** The time, again every 10 s (a wait that has ended reads «appena possibile»). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface StorageFacts {
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

function useStorageFacts(): [StorageFacts, () => Promise<boolean>] {
  const [facts, setFacts] = useState<StorageFacts>({});
  const read = useCallback(async () => {
    const storage = globalThis.navigator?.storage;
    const [estimate, persisted] = await Promise.all([
      storage?.estimate?.().catch(() => undefined),
      storage?.persisted?.().catch(() => undefined),
    ]);
    const next: StorageFacts = {};
    if (estimate?.usage !== undefined) next.usage = estimate.usage;
    if (estimate?.quota !== undefined) next.quota = estimate.quota;
    if (persisted !== undefined) next.persisted = persisted;
    return next;
  }, []);
  useEffect(() => {
    let live = true;
    void read().then((next) => live && setFacts(next));
    return () => {
      live = false;
    };
  }, [read]);
  const persist = async () => {
    const granted = (await globalThis.navigator?.storage?.persist?.().catch(() => false)) ?? false;
    setFacts(await read());
    return granted;
  };
  return [facts, persist];
}

function bytesText(intl: IntlShape, bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1024
    ? intl.formatNumber(mb / 1024, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 })
    : intl.formatNumber(mb, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

export function SyncCentre({ runtime }: { runtime: OfflineRuntime }) {
  const intl = useIntl();
  const ids = useId();
  const online = useOnline();
  const snapshot = useLiveQuery(runtime.db, syncSnapshot);
  const [storage, persist] = useStorageFacts();
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  /** Runs one button's work; a failure is said in the alert stack (the store is as it was). */
  const act = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
    } catch (error) {
      pushAlert({ type: 'danger', content: intl.formatMessage({ id: 'sync.failed' }, { message: error instanceof Error ? error.message : String(error) }) });
    } finally {
      setBusy(null);
    }
  };

  const syncAll = () =>
    act('sync', async () => {
      setStatus(intl.formatMessage({ id: 'sync.syncing' }));
      const summary = await syncNow(runtime);
      setStatus(summary.skipped ? intl.formatMessage({ id: 'sync.syncOtherUser' }) : intl.formatMessage({ id: 'sync.syncDone' }, { sent: summary.sent, refused: summary.refused, conflicts: summary.conflicts, retried: summary.retried }));
    });

  if (!snapshot) return <p role="status"><FormattedMessage id="sync.starting" /></p>;
  // The one count of unsent work (unsent.ts): what «Coda di invio» lists, as the indicator and «Esci» say.
  const unsent = snapshot.entries.length + snapshot.photos.length;
  const expired = snapshot.entries.some((entry) => entry.lastError?.status === 401);
  const disabled = busy !== null;

  return (
    <>
      <section aria-labelledby={`${ids}-status`} className="sync-centre-part">
        <h2 id={`${ids}-status`}><FormattedMessage id="sync.status.heading" /></h2>
        <dl className="sync-centre-facts">
          <div>
            <dt className="visually-hidden"><FormattedMessage id="sync.status.heading" /></dt>
            <dd className={`sync-connection ${online ? 'is-online' : 'is-offline'}`}>
              <span className="sync-dot" aria-hidden="true" />
              <FormattedMessage id={online ? 'sync.online' : 'sync.offline'} />
            </dd>
          </div>
          <div>
            <dt><FormattedMessage id="sync.lastSync" /></dt>
            <dd>{snapshot.lastSync ? formatDateTime(snapshot.lastSync) : <FormattedMessage id="sync.lastSync.never" />}</dd>
          </div>
        </dl>
        {expired && (
          <p role="alert" className="sync-centre-expired">
            <FormattedMessage id="sync.sessionExpired" />{' '}
            <button type="button" onClick={() => window.location.reload()}><FormattedMessage id="sync.signInAgain" /></button>
          </p>
        )}
        <p>
          <button type="button" className="primary" disabled={disabled} onClick={() => void syncAll()}>
            <FormattedMessage id={busy === 'sync' ? 'sync.syncing' : 'sync.syncNow'} />
          </button>
        </p>
        <p role="status" className="sync-centre-result">{status}</p>
      </section>

      <section aria-labelledby={`${ids}-counts`} className="sync-centre-part">
        <h2 id={`${ids}-counts`}><FormattedMessage id="sync.counts.heading" /></h2>
        <dl className="sync-centre-counts">
          <div><dt><FormattedMessage id="sync.counts.pending" /></dt><dd data-count="pending">{unsent}</dd></div>
          <div><dt><FormattedMessage id="sync.counts.failed" /></dt><dd data-count="failed">{snapshot.inbox.length}</dd></div>
          <div><dt><FormattedMessage id="sync.counts.conflicts" /></dt><dd data-count="conflicts">{snapshot.conflicts.length}</dd></div>
        </dl>
      </section>

      <section aria-labelledby={`${ids}-storage`} className="sync-centre-part">
        <h2 id={`${ids}-storage`}><FormattedMessage id="sync.storage.heading" /></h2>
        <dl className="sync-centre-facts">
          <div>
            <dt><FormattedMessage id="sync.storage.used" /></dt>
            <dd>
              {storage.usage !== undefined && storage.quota !== undefined
                ? intl.formatMessage({ id: 'sync.storage.usedOf' }, { used: bytesText(intl, storage.usage), quota: bytesText(intl, storage.quota) })
                : intl.formatMessage({ id: 'sync.storage.unknown' })}
            </dd>
          </div>
          <div>
            <dt><FormattedMessage id="sync.storage.persisted" /></dt>
            <dd>
              {storage.persisted === undefined ? <FormattedMessage id="sync.storage.unknown" /> : <FormattedMessage id={storage.persisted ? 'sync.storage.persistedYes' : 'sync.storage.persistedNo'} />}
            </dd>
          </div>
        </dl>
        {storage.persisted === false && (
          <p>
            <button
              type="button"
              disabled={disabled}
              onClick={() => void act('persist', async () => {
                if (!(await persist())) setStatus(intl.formatMessage({ id: 'sync.storage.persistRefused' }));
              })}
            >
              <FormattedMessage id="sync.storage.persist" />
            </button>
          </p>
        )}
      </section>

      <Queue
        snapshot={snapshot}
        entries={snapshot.entries}
        disabled={disabled}
        onRetry={(entry) => void act(`retry-${entry.id}`, async () => {
          await cutWaits(runtime.db, entry.id);
          await runtime.outbox.drain();
        })}
        onRetryPhoto={(photo) => void act(`photo-${photo.id}`, async () => {
          await retryPhoto(runtime.db, photo.id);
          startPhotoUploads(runtime).kick();
        })}
        onDiscardPhoto={(photo) => void act(`photo-${photo.id}`, async () => {
          const confirmed = await confirmDialog({
            title: intl.formatMessage({ id: 'sync.photo.discardTitle' }),
            message: intl.formatMessage({ id: 'sync.photo.discardMessage' }, { name: photo.name, record: recordName(intl, snapshot, photo.type, photo.recordId) }),
            confirmLabel: intl.formatMessage({ id: 'sync.inbox.discard' }),
            danger: true,
          });
          if (confirmed) await discardPhoto(runtime.db, photo.id);
        })}
      />
      <Inbox
        snapshot={snapshot}
        disabled={disabled}
        onRetry={(item) => void act(`inbox-${item.id}`, () => runtime.outbox.retryRefused(item.id))}
        onDiscard={(item) => void act(`inbox-${item.id}`, async () => {
          const confirmed = await confirmDialog({
            title: intl.formatMessage({ id: 'sync.inbox.discardTitle' }),
            message: intl.formatMessage({ id: 'sync.inbox.discardMessage' }, { what: whatOf(intl, item.entry), record: recordName(intl, snapshot, item.entry.type, item.entry.recordId) }),
            confirmLabel: intl.formatMessage({ id: 'sync.inbox.discard' }),
            danger: true,
          });
          if (confirmed) await runtime.outbox.discardRefused(item.id);
        })}
      />
      <Conflicts
        snapshot={snapshot}
        disabled={disabled}
        onKeepMine={(conflict) => void act(`conflict-${conflict.id}`, () => runtime.outbox.keepMine(conflict.id))}
        onAcceptTheirs={(conflict) => void act(`conflict-${conflict.id}`, () => runtime.outbox.acceptTheirs(conflict.id))}
      />
    </>
  );
}

interface QueueProps {
  snapshot: SyncSnapshot;
  entries: OutboxEntry[];
  disabled: boolean;
  onRetry: (entry: OutboxEntry) => void;
  onRetryPhoto: (photo: QueuedPhoto) => void;
  onDiscardPhoto: (photo: QueuedPhoto) => void;
}

function Queue({ snapshot, entries, disabled, onRetry, onRetryPhoto, onDiscardPhoto }: QueueProps) {
  const intl = useIntl();
  const ids = useId();
  const queued = new Set(entries.map((entry) => entry.id));
  const now = useNow();
  const labels = {
    what: intl.formatMessage({ id: 'sync.col.what' }),
    record: intl.formatMessage({ id: 'sync.col.record' }),
    deviceTime: intl.formatMessage({ id: 'sync.col.deviceTime' }),
    attempts: intl.formatMessage({ id: 'sync.col.attempts' }),
    lastError: intl.formatMessage({ id: 'sync.col.lastError' }),
    nextAttempt: intl.formatMessage({ id: 'sync.col.nextAttempt' }),
    actions: intl.formatMessage({ id: 'sync.col.actions' }),
  };
  const nextText = (entry: OutboxEntry) => {
    if (entry.state === 'inflight') return intl.formatMessage({ id: 'sync.state.inflight' });
    if (entry.state === 'conflict') return intl.formatMessage({ id: 'sync.state.conflict' });
    if (entry.dependsOn.some((id) => queued.has(id))) return intl.formatMessage({ id: 'sync.next.waitingFor' });
    return entry.nextAttemptAt > now ? formatDateTime(new Date(entry.nextAttemptAt).toISOString()) : intl.formatMessage({ id: 'sync.next.now' });
  };
  // A photo goes up once its record's changes are sent (photos.ts); a refused one waits for a choice.
  const photoNextText = (photo: QueuedPhoto) => {
    if (photo.failed) return intl.formatMessage({ id: 'sync.photo.refused' });
    if (entries.some((entry) => entry.type === photo.type && entry.recordId === photo.recordId)) return intl.formatMessage({ id: 'sync.next.waitingFor' });
    return photo.nextAttemptAt > now ? formatDateTime(new Date(photo.nextAttemptAt).toISOString()) : intl.formatMessage({ id: 'sync.next.now' });
  };
  return (
    <section aria-labelledby={`${ids}-queue`} className="sync-centre-part">
      <h2 id={`${ids}-queue`}><FormattedMessage id="sync.queue.heading" /></h2>
      {entries.length === 0 && snapshot.photos.length === 0 ? (
        <p><FormattedMessage id="sync.queue.empty" /></p>
      ) : (
        <table className="sync-table" aria-labelledby={`${ids}-queue`}>
          <thead>
            <tr>
              <th scope="col">{labels.what}</th>
              <th scope="col">{labels.record}</th>
              <th scope="col">{labels.deviceTime}</th>
              <th scope="col">{labels.attempts}</th>
              <th scope="col">{labels.lastError}</th>
              <th scope="col">{labels.nextAttempt}</th>
              <th scope="col"><span className="visually-hidden">{labels.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const what = whatOf(intl, entry);
              return (
                <tr key={entry.id} data-entry={entry.id}>
                  {/* No «label:» before it on a phone: it is the card's title («Modifica: Note», not «Modifica: Modifica: Note»). */}
                  <th scope="row">{what}</th>
                  <td data-label={labels.record}>{recordName(intl, snapshot, entry.type, entry.recordId)}</td>
                  <td data-label={labels.deviceTime}>{formatDateTime(entry.deviceTime)}</td>
                  <td data-label={labels.attempts}>{entry.attempts}</td>
                  <td data-label={labels.lastError}>{errorText(intl, entry.lastError)}</td>
                  <td data-label={labels.nextAttempt}>{nextText(entry)}</td>
                  <td>
                    {entry.state === 'pending' && (
                      <button type="button" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.retryNowOf' }, { what })} onClick={() => onRetry(entry)}>
                        <FormattedMessage id="sync.retryNow" />
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {snapshot.photos.map((photo) => {
              const what = photoWhat(intl, photo);
              const record = recordName(intl, snapshot, photo.type, photo.recordId);
              return (
                <tr key={photo.id} data-photo={photo.id}>
                  <th scope="row">{what}</th>
                  <td data-label={labels.record}>{record}</td>
                  <td data-label={labels.deviceTime}>{formatDateTime(photo.createdAt)}</td>
                  <td data-label={labels.attempts}>{photo.attempts}</td>
                  <td data-label={labels.lastError}>{photo.failed ? photo.failed.message || photo.failed.code : errorText(intl, photo.lastError)}</td>
                  <td data-label={labels.nextAttempt}>{photoNextText(photo)}</td>
                  <td>
                    <span className="sync-card-actions">
                      <button type="button" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.inbox.retryOf' }, { what: `${what} · ${record}` })} onClick={() => onRetryPhoto(photo)}>
                        <FormattedMessage id="sync.inbox.retry" />
                      </button>
                      <button type="button" className="danger" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.inbox.discardOf' }, { what: `${what} · ${record}` })} onClick={() => onDiscardPhoto(photo)}>
                        <FormattedMessage id="sync.inbox.discard" />
                      </button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Inbox({ snapshot, disabled, onRetry, onDiscard }: { snapshot: SyncSnapshot; disabled: boolean; onRetry: (item: InboxItem) => void; onDiscard: (item: InboxItem) => void }) {
  const intl = useIntl();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-inbox`} className="sync-centre-part">
      <h2 id={`${ids}-inbox`}><FormattedMessage id="sync.inbox.heading" /></h2>
      {snapshot.inbox.length === 0 ? (
        <p><FormattedMessage id="sync.inbox.empty" /></p>
      ) : (
        <ul className="sync-cards">
          {snapshot.inbox.map((item) => {
            const what = whatOf(intl, item.entry);
            const record = recordName(intl, snapshot, item.entry.type, item.entry.recordId);
            return (
              <li key={item.id} className="sync-card" data-inbox={item.id}>
                <h3>{what} · {record}</h3>
                <dl className="sync-centre-facts">
                  <div><dt><FormattedMessage id="sync.col.message" /></dt><dd>{item.message || item.code}</dd></div>
                  <div><dt><FormattedMessage id="sync.col.deviceTime" /></dt><dd>{formatDateTime(item.entry.deviceTime)}</dd></div>
                </dl>
                {item.errors.length > 0 && (
                  <>
                    <h4><FormattedMessage id="sync.inbox.fieldErrors" /></h4>
                    <ul>
                      {item.errors.map((error, index) => (
                        <li key={index}><strong>{pointerLabel(error.pointer)}</strong>: {error.message}</li>
                      ))}
                    </ul>
                  </>
                )}
                <div className="sync-card-actions">
                  <button type="button" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.inbox.retryOf' }, { what: `${what} · ${record}` })} onClick={() => onRetry(item)}>
                    <FormattedMessage id="sync.inbox.retry" />
                  </button>
                  <button type="button" className="danger" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.inbox.discardOf' }, { what: `${what} · ${record}` })} onClick={() => onDiscard(item)}>
                    <FormattedMessage id="sync.inbox.discard" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Conflicts({ snapshot, disabled, onKeepMine, onAcceptTheirs }: { snapshot: SyncSnapshot; disabled: boolean; onKeepMine: (conflict: ConflictItem) => void; onAcceptTheirs: (conflict: ConflictItem) => void }) {
  const intl = useIntl();
  const ids = useId();
  const labels = {
    field: intl.formatMessage({ id: 'sync.conflict.field' }),
    base: intl.formatMessage({ id: 'sync.conflict.base' }),
    mine: intl.formatMessage({ id: 'sync.conflict.mine' }),
    theirs: intl.formatMessage({ id: 'sync.conflict.theirs' }),
    changedBy: intl.formatMessage({ id: 'sync.conflict.changedBy' }),
  };
  return (
    <section aria-labelledby={`${ids}-conflicts`} className="sync-centre-part">
      <h2 id={`${ids}-conflicts`}><FormattedMessage id="sync.conflicts.heading" /></h2>
      {snapshot.conflicts.length === 0 ? (
        <p><FormattedMessage id="sync.conflicts.empty" /></p>
      ) : (
        <ul className="sync-cards">
          {snapshot.conflicts.map((conflict) => {
            const record = recordName(intl, snapshot, conflict.type, conflict.recordId);
            return (
              <li key={conflict.id} className="sync-card" data-conflict={conflict.id}>
                <h3>{record}</h3>
                {conflict.reason === 'refused' ? (
                  <p><FormattedMessage id="sync.conflicts.refused" values={{ message: conflict.message ?? conflict.code ?? '' }} /></p>
                ) : (
                  <>
                    <p><FormattedMessage id="sync.conflicts.fieldsHint" /></p>
                    <table className="sync-table">
                      <caption className="visually-hidden">{intl.formatMessage({ id: 'sync.conflict.caption' }, { record })}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{labels.field}</th>
                          <th scope="col">{labels.base}</th>
                          <th scope="col">{labels.mine}</th>
                          <th scope="col">{labels.theirs}</th>
                          <th scope="col">{labels.changedBy}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {conflict.fields.map((field) => (
                          <tr key={field.pointer}>
                            <th scope="row" data-label={labels.field}>{pointerLabel(field.pointer)}</th>
                            <td data-label={labels.base}>{valueText(intl, field.base)}</td>
                            <td data-label={labels.mine}>{valueText(intl, field.mine)}</td>
                            <td data-label={labels.theirs}>{valueText(intl, field.theirs)}</td>
                            <td data-label={labels.changedBy}>
                              {intl.formatMessage({ id: 'sync.conflict.who' }, {
                                who: field.changedByName ?? field.changedBy ?? intl.formatMessage({ id: 'sync.conflict.unknown' }),
                                when: field.changedAt ? formatDateTime(field.changedAt) : intl.formatMessage({ id: 'sync.conflict.unknown' }),
                              })}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </>
                )}
                <div className="sync-card-actions">
                  <button type="button" className="primary" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.conflict.keepMineOf' }, { record })} onClick={() => onKeepMine(conflict)}>
                    <FormattedMessage id="sync.conflict.keepMine" />
                  </button>
                  <button type="button" disabled={disabled} aria-label={intl.formatMessage({ id: 'sync.conflict.acceptTheirsOf' }, { record })} onClick={() => onAcceptTheirs(conflict)}>
                    <FormattedMessage id="sync.conflict.acceptTheirs" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
