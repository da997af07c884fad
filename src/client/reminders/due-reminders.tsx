/**
 * Due reminders in the app (issue 12): the signed-in user's open reminders whose time has come
 * show as a badge in the header (linking to them) and each raises one alert when it falls due.
 * The list is read through the records layer, so a reminder created, snoozed or done anywhere
 * (live events invalidate the reminders' lists) updates the badge at once; a clock tick catches
 * the ones whose time arrives while nothing changes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { listKey, records } from '../data/records.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';

/** How often the clock looks for reminders that fell due (ms). */
export const DUE_CHECK_MS = 30_000;
/** Open reminders read at once, earliest first (the due ones come first). */
const OPEN_REMINDERS = 50;

/** The reminders among `rows` that are open and due at `now`, earliest first. */
export function dueReminders(rows: readonly Entity[], now: number): Entity[] {
  return rows
    .filter((row) => row.attributes.isDone !== true && Date.parse(String(row.attributes.dateTime)) <= now)
    .sort((a, b) => String(a.attributes.dateTime).localeCompare(String(b.attributes.dateTime)));
}

const announcedKey = (row: Entity) => `${row.id}@${String(row.attributes.dateTime)}`;

/** The due reminders not announced yet (by id and time: a snoozed one that falls due again is announced again). */
export function newlyDue(due: readonly Entity[], announced: Set<string>): Entity[] {
  const fresh = due.filter((row) => !announced.has(announcedKey(row)));
  for (const row of fresh) announced.add(announcedKey(row));
  return fresh;
}

const storageKey = (userId: string) => `backoffice.announcedReminders.${userId}`;

/** What this browser session announced already: a reload or another page does not announce the same reminders again. */
export function readAnnounced(userId: string, storage: Pick<Storage, 'getItem'> = sessionStorage): Set<string> {
  try {
    const stored: unknown = JSON.parse(storage.getItem(storageKey(userId)) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Keeps the announced keys of the reminders still due (the others cannot come back under the same key). */
export function saveAnnounced(userId: string, due: readonly Entity[], storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  storage.setItem(storageKey(userId), JSON.stringify(due.map(announcedKey)));
}

export function DueRemindersBadge() {
  const intl = useIntl();
  const { ability, identity } = useSession();
  const allowed = ability.can('read', 'reminder');
  const params = { 'filter[userId]': identity.id, 'filter[isDone]': false, sort: 'dateTime', 'page[size]': OPEN_REMINDERS };
  const { data } = useQuery({
    queryKey: listKey('reminders', params),
    queryFn: ({ signal }) => records.list('reminders', params, signal, { silent: true }),
    enabled: allowed,
    refetchInterval: 5 * 60_000,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), DUE_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  const due = useMemo(() => dueReminders(data?.data ?? [], now), [data, now]);
  const announced = useRef<Set<string> | null>(null);
  useEffect(() => {
    announced.current ??= readAnnounced(identity.id);
    const fresh = newlyDue(due, announced.current);
    if (fresh.length === 0) return;
    saveAnnounced(identity.id, due);
    // One alert: the reminder's title, or how many fell due at once (many after a day away).
    const content = fresh.length === 1 ? String(fresh[0]!.attributes.title) : intl.formatMessage({ id: 'workspace.reminders.due' }, { count: fresh.length });
    pushAlert({ id: 'due-reminders', type: 'warning', title: intl.formatMessage({ id: 'workspace.reminders.alert' }), content });
  }, [due, intl, identity.id]);
  if (!allowed || due.length === 0) return null;
  return (
    <AppLink href="/reminders?filter[isDone]=false&sort=dateTime" className="due-reminders" aria-live="polite">
      {/* A phone's header shows the count as a badge; the sentence stays for screen readers (public/app.css). */}
      <span className="due-reminders-count" aria-hidden="true">{intl.formatNumber(due.length)}</span>
      <span className="due-reminders-text">{intl.formatMessage({ id: 'workspace.reminders.due' }, { count: due.length })}</span>
    </AppLink>
  );
}
