/**
 * Service worker registration at the site root (SPEC §7) and the update notice states (SPEC §4):
 * a waiting worker → "update available"; the first install → "ready offline" only. Aggiorna tells
 * the waiting worker to take over and reloads once it controls the page. Registration errors are
 * logged, never shown (SPEC §8).
 */
import { atom } from 'jotai';
import { store } from '../store.ts';

export type UpdateNotice = { kind: 'update'; worker: ServiceWorker } | { kind: 'offlineReady' } | null;

/** What the notification at the bottom end shows. */
export const updateNoticeAtom = atom<UpdateNotice>(null);

let reloading = false;

function watchInstalling(registration: ServiceWorkerRegistration): void {
  const worker = registration.installing;
  if (!worker) return;
  worker.addEventListener('statechange', () => {
    if (worker.state !== 'installed') return;
    // With a controller this is an update waiting; without, the first install.
    if (navigator.serviceWorker.controller) store.set(updateNoticeAtom, { kind: 'update', worker: registration.waiting ?? worker });
    else store.set(updateNoticeAtom, { kind: 'offlineReady' });
  });
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    // The bundle's hashed name versions the worker: a new build is a new worker, hence the update notice.
    const bundle = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/app"]')?.src ?? '';
    const version = /app-([\w-]+)\.js/.exec(bundle)?.[1] ?? 'dev';
    const registration = await navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: '/' });
    if (registration.waiting && navigator.serviceWorker.controller) store.set(updateNoticeAtom, { kind: 'update', worker: registration.waiting });
    watchInstalling(registration);
    registration.addEventListener('updatefound', () => watchInstalling(registration));
    // Look for a new version now and then (long-lived back-office tabs).
    setInterval(() => void registration.update().catch(() => undefined), 60 * 60 * 1000);
  } catch (error) {
    console.warn('service worker not registered', error);
  }
}

/** Aggiorna: the waiting worker takes over; the page reloads once it controls it. */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

export function dismissUpdateNotice(): void {
  store.set(updateNoticeAtom, null);
}
