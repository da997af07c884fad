/**
 * Service worker registration at the site root (SPEC §7, issue 25) with workbox-window, loaded after
 * the first paint (not in the initial JS), and the update notice states (SPEC §4):
 * - the first install (its precache complete) → "ready offline";
 * - a new version waiting → the «nuova versione» notice, with how many offline changes are not sent;
 * - «Aggiorna» → the waiting worker is told SKIP_WAITING and the page reloads once it controls it —
 *   but while changes wait to be sent (unsent-work.ts) nothing is installed: the notice says the update
 *   waits for them and goes on by itself once the count is 0. Never forced.
 * Registration errors are logged, never shown (SPEC §8).
 */
import { atom } from 'jotai';
import { store } from '../store.ts';
import { onUnsentWorkChange, unsentWorkCount } from './unsent-work.ts';

export type UpdateNotice =
  /** `unsent`: changes not sent yet; `accepted`: «Aggiorna» was pressed and the update waits for them. */
  | { kind: 'update'; unsent: number; accepted: boolean }
  | { kind: 'offlineReady' }
  | null;

/** What the notification at the bottom end shows. */
export const updateNoticeAtom = atom<UpdateNotice>(null);

/** How often a waiting update asks the outbox again (another tab may have sent the changes). */
const UNSENT_RECHECK_MS = 5000;
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
let reloading = false;
let stopWatchingUnsent: (() => void) | undefined;

/** Brings the notice's count of unsent changes up to date (`accept`: «Aggiorna» was pressed). */
async function refreshNotice(accept = false): Promise<number> {
  const unsent = await unsentWorkCount();
  const current = store.get(updateNoticeAtom);
  if (accept) store.set(updateNoticeAtom, { kind: 'update', unsent, accepted: true });
  // Dismissed meanwhile (Annulla): stays dismissed.
  else if (current?.kind === 'update' && current.unsent !== unsent) store.set(updateNoticeAtom, { ...current, unsent });
  return unsent;
}

function onWaiting(worker: ServiceWorker | null): void {
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  const current = store.get(updateNoticeAtom);
  if (current?.kind !== 'update') store.set(updateNoticeAtom, { kind: 'update', unsent: 0, accepted: false });
  // Already accepted (the worker told to take over was replaced by a newer one meanwhile): the same rule.
  void refreshNotice().then((unsent) => {
    const now = store.get(updateNoticeAtom);
    if (unsent === 0 && now?.kind === 'update' && now.accepted) install(true);
  });
  watchUnsent();
}

/** While an update is offered, its notice follows the count; once accepted, a count of 0 installs it. */
function watchUnsent(): void {
  if (stopWatchingUnsent) return;
  const check = () => {
    const notice = store.get(updateNoticeAtom);
    if (notice?.kind !== 'update') return stop();
    void refreshNotice().then((unsent) => {
      const now = store.get(updateNoticeAtom);
      if (unsent === 0 && now?.kind === 'update' && now.accepted) install();
    });
  };
  const unsubscribe = onUnsentWorkChange(check);
  const timer = setInterval(check, UNSENT_RECHECK_MS);
  const stop = () => {
    unsubscribe();
    clearInterval(timer);
    stopWatchingUnsent = undefined;
  };
  stopWatchingUnsent = stop;
}

let registered: Promise<void> | undefined;

/** Once per page, however many times the notice mounts (the workspace and the portal both have one). */
export function registerServiceWorker(): Promise<void> {
  registered ??= register();
  return registered;
}

async function register(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const { Workbox } = await import('workbox-window');
    // The bundle's hashed name versions the worker: a new build is a new worker, hence the update notice.
    const bundle = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/app"]')?.src ?? '';
    const version = /app-([\w-]+)\.js/.exec(bundle)?.[1] ?? 'dev';
    const workbox = new Workbox(`/sw.js?v=${encodeURIComponent(version)}`, { scope: '/' });
    // Ours or one registered elsewhere (another tab, a newer build): either waits for «Aggiorna».
    workbox.addEventListener('waiting', (event) => onWaiting(event.sw ?? null));
    workbox.addEventListener('activated', (event) => {
      if (!event.isUpdate && !event.isExternal) store.set(updateNoticeAtom, { kind: 'offlineReady' });
    });
    const registration = await workbox.register();
    if (registration?.waiting) onWaiting(registration.waiting);
    // Look for a new version now and then (long-lived back-office tabs).
    setInterval(() => void workbox.update().catch(() => undefined), UPDATE_CHECK_MS);
  } catch (error) {
    console.warn('service worker not registered', error);
  }
}

let listening = false;

/** SKIP_WAITING to the waiting worker (`again`: a newer one replaced the one told); reload once it controls. */
function install(again = false): void {
  const worker = waiting;
  if (!worker || reloading || (again && !listening)) return;
  if (!listening) {
    listening = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
  }
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** «Aggiorna»: installs the waiting version now, or once the unsent changes are sent (the notice says so). */
export async function applyUpdate(): Promise<void> {
  const unsent = await refreshNotice(true);
  if (unsent === 0) install();
  else watchUnsent();
}

export function dismissUpdateNotice(): void {
  store.set(updateNoticeAtom, null);
}
