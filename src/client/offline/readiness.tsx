/**
 * An intervention's offline readiness (issue 25, priming): «Pronto offline», with when it was
 * prepared as its title, or «Non pronto offline: mancano …» naming what the device lacks — a kind
 * the role may not read, photo previews that failed or were left out for the budget, or the
 * intervention itself (not among those prepared, or over the budget). Live over the store (Dexie
 * `liveQuery`): it changes as soon as a priming run writes. Loaded lazily by readiness-slot.tsx.
 */
import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { liveQuery } from 'dexie';
import { findKind } from '../../domain/kinds.ts';
import { BUSINESS_TIME_ZONE } from '../../domain/business-day.ts';
import { addMessages } from '../i18n/index.ts';
import offlinePrimeMessages from '../i18n/messages/offline-prime.ts';
import type { OfflineDb, ReadinessRow } from './db.ts';
import { usePrimingDb } from './readiness-slot.tsx';

addMessages(offlinePrimeMessages);

/**
 * The readiness of `assignmentId` in the store priming keeps (`db`, by default the current one):
 * undefined while it is read (or without a store), null when the device has none for it.
 */
export function useOfflineReadiness(assignmentId: string, store?: OfflineDb | null): ReadinessRow | null | undefined {
  const current = usePrimingDb();
  const db = store === undefined ? current : store;
  const [state, setState] = useState<{ key: string; row: ReadinessRow | null }>();
  const key = `${db?.name ?? ''}/${assignmentId}`;
  useEffect(() => {
    if (!db) return undefined;
    const subscription = liveQuery(() => db.readiness.get(assignmentId)).subscribe({
      next: (row) => setState({ key, row: row ?? null }),
      error: () => setState({ key, row: null }),
    });
    return () => subscription.unsubscribe();
  }, [db, assignmentId, key]);
  return state?.key === key ? state.row : undefined;
}

/** The badge's text and title for a readiness (null: the intervention is not among those prepared). */
export function readinessText(intl: IntlShape, row: ReadinessRow | null): { ready: boolean; text: string; title?: string } {
  const at = row ? intl.formatDate(row.primedAt, { dateStyle: 'short', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }) : undefined;
  if (row?.ready) return { ready: true, text: intl.formatMessage({ id: 'offlinePrime.ready' }), title: intl.formatMessage({ id: 'offlinePrime.readyTitle' }, { at }) };
  const missing: string[] = [];
  if (!row) missing.push(intl.formatMessage({ id: 'offlinePrime.missing.notPrimed' }));
  else {
    if (row.missing.overBudget) missing.push(intl.formatMessage({ id: 'offlinePrime.missing.overBudget' }));
    for (const type of row.missing.kinds) {
      missing.push(intl.formatMessage({ id: 'offlinePrime.missing.kind' }, { kind: (findKind(type)?.label.plural ?? type).toLowerCase() }));
    }
    if (row.missing.thumbnails > 0) missing.push(intl.formatMessage({ id: 'offlinePrime.missing.thumbnails' }, { count: row.missing.thumbnails }));
    if (row.missing.thumbnailsOverBudget > 0) missing.push(intl.formatMessage({ id: 'offlinePrime.missing.thumbnailsOverBudget' }, { count: row.missing.thumbnailsOverBudget }));
  }
  return {
    ready: false,
    text: intl.formatMessage({ id: 'offlinePrime.notReady' }, { missing: intl.formatList(missing, { type: 'conjunction' }) }),
    ...(at ? { title: intl.formatMessage({ id: 'offlinePrime.notReadyTitle' }, { at }) } : {}),
  };
}

/** Green when ready, amber when not; readable on the app's light background (contrast above 4.5:1). */
const badgeStyle = (ready: boolean) => ({
  display: 'inline-block', margin: '0 0 0.5rem', padding: '0.15rem 0.6rem', borderRadius: '0.75rem', fontSize: '0.875rem',
  background: ready ? '#e6f4ea' : '#fff4e5', color: ready ? '#1e6b34' : '#7a4a00',
});

/** The badge; nothing until the readiness is read. */
export function OfflineReadinessBadge({ assignmentId, db }: { assignmentId: string; db?: OfflineDb | null }) {
  const intl = useIntl();
  const row = useOfflineReadiness(assignmentId, db);
  if (row === undefined) return null;
  const { ready, text, title } = readinessText(intl, row);
  return (
    <span className={`offline-readiness ${ready ? 'is-ready' : 'is-not-ready'}`} role="status" title={title} data-ready={ready ? 'true' : 'false'} style={badgeStyle(ready)}>
      {text}
    </span>
  );
}
