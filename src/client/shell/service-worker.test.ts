// @vitest-environment jsdom
/**
 * The update rule (issue 25): a waiting worker shows the notice with the unsent count; «Aggiorna»
 * with unsent work installs nothing (no SKIP_WAITING, no reload) until the outbox says 0; without
 * unsent work it installs at once and reloads when the new worker controls the page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { sw?: unknown; isUpdate?: boolean; isExternal?: boolean }) => void;
const workboxListeners = new Map<string, Listener[]>();
let registrationWaiting: unknown = null;

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: Listener) {
      workboxListeners.set(type, [...(workboxListeners.get(type) ?? []), listener]);
    }
    register() {
      return Promise.resolve({ waiting: registrationWaiting });
    }
    update() {
      return Promise.resolve();
    }
  },
}));

const controllerListeners: (() => void)[] = [];
const reload = vi.fn();

beforeEach(() => {
  vi.resetModules();
  workboxListeners.clear();
  controllerListeners.length = 0;
  reload.mockClear();
  registrationWaiting = null;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: {}, addEventListener: (type: string, listener: () => void) => (type === 'controllerchange' ? controllerListeners.push(listener) : undefined) },
  });
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

async function load() {
  const worker = await import('./service-worker.ts');
  const unsent = await import('./unsent-work.ts');
  const { store } = await import('../store.ts');
  return { ...worker, ...unsent, notice: () => store.get(worker.updateNoticeAtom) };
}

function fakeWorker() {
  return { postMessage: vi.fn() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('service worker update notice', () => {
  it('installs at once when nothing waits to be sent, and reloads once the new worker controls the page', async () => {
    const waiting = fakeWorker();
    registrationWaiting = waiting;
    const sw = await load();
    await sw.registerServiceWorker();
    await settle();
    expect(sw.notice()).toEqual({ kind: 'update', unsent: 0, accepted: false });
    await sw.applyUpdate();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    for (const listener of controllerListeners) listener();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an accepted update whose worker was replaced by a newer one tells the newer one to take over', async () => {
    const first = fakeWorker();
    registrationWaiting = first;
    const sw = await load();
    await sw.registerServiceWorker();
    await settle();
    await sw.applyUpdate();
    expect(first.postMessage).toHaveBeenCalledTimes(1);
    const newer = fakeWorker();
    for (const listener of workboxListeners.get('waiting') ?? []) listener({ sw: newer });
    await settle();
    expect(newer.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    for (const listener of controllerListeners) listener();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('with unsent work says so, installs nothing on «Aggiorna», and goes on by itself once the outbox is empty', async () => {
    let count = 2;
    let changed: (() => void) | undefined;
    const sw = await load();
    sw.provideUnsentWork({ count: () => Promise.resolve(count), subscribe: (listener) => ((changed = listener), () => (changed = undefined)) });
    await sw.registerServiceWorker();
    const waiting = fakeWorker();
    for (const listener of workboxListeners.get('waiting') ?? []) listener({ sw: waiting, isExternal: true });
    await settle();
    expect(sw.notice()).toEqual({ kind: 'update', unsent: 2, accepted: false });
    await sw.applyUpdate();
    expect(sw.notice()).toEqual({ kind: 'update', unsent: 2, accepted: true });
    expect(waiting.postMessage).not.toHaveBeenCalled();
    count = 1;
    changed?.();
    await settle();
    expect(sw.notice()).toEqual({ kind: 'update', unsent: 1, accepted: true });
    expect(waiting.postMessage).not.toHaveBeenCalled();
    count = 0;
    changed?.();
    await settle();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    for (const listener of controllerListeners) listener();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never installs when the outbox cannot be read, nor after «Annulla»', async () => {
    const sw = await load();
    sw.provideUnsentWork({ count: () => Promise.reject(new Error('IndexedDB closed')) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const waiting = fakeWorker();
    registrationWaiting = waiting;
    await sw.registerServiceWorker();
    await settle();
    expect(sw.notice()).toEqual({ kind: 'update', unsent: 1, accepted: false });
    await sw.applyUpdate();
    expect(waiting.postMessage).not.toHaveBeenCalled();
    sw.dismissUpdateNotice();
    sw.provideUnsentWork(null);
    await settle();
    expect(sw.notice()).toBeNull();
    expect(waiting.postMessage).not.toHaveBeenCalled();
  });

  it('the first install, its precache complete, says the app is ready offline', async () => {
    const sw = await load();
    await sw.registerServiceWorker();
    for (const listener of workboxListeners.get('activated') ?? []) listener({ isUpdate: undefined, isExternal: false });
    expect(sw.notice()).toEqual({ kind: 'offlineReady' });
  });
});
