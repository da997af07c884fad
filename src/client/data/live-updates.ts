/**
 * The browser tab's one change stream (DESIGN §4 "Live changes"), wired to the cache: a change
 * notice invalidates the record and the lists of its type, so open grids refetch their pages in
 * place and an open record gets the new version (the record controller decides what to do with a
 * draft). Notices of writes this tab made itself are skipped: the provider already stored them.
 * Started by the first screen that shows records; stopped on sign-out.
 */
import { useEffect } from 'react';
import type { ChangeNotice } from '../../domain/records.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { loadClientConfig } from '../auth/config.ts';
import { createChangeStream, type ChangeStream } from './live-stream.ts';
import { deviceRecordsInUse, invalidateAfterWrite, isOwnWrite } from './records.ts';

type Listener = (notice: ChangeNotice) => void;
const listeners = new Set<Listener>();

/** Hears every notice after the cache was invalidated for it (tests, a status line). */
export function onChangeNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What a notice does to the cache; exported for the unit test. */
export async function applyNotice(notice: ChangeNotice, client = queryClient): Promise<void> {
  // Derived figures change without a new version (a customer's office locations counted after one
  // was added): the version may be one this tab wrote, but this change is not its echo.
  const echo = notice.action !== 'derived' && isOwnWrite(notice.type, notice.id, notice.version);
  if (!echo) await invalidateAfterWrite(notice.type, notice.id, [], undefined, client);
  for (const listener of listeners) listener(notice);
}

const profileListeners = new Set<() => void>();

/**
 * Hears that the signed-in user's user, roles or zones changed — or may have, when notices were
 * missed (a reconnection): the app reads the identity again and applies it if it differs.
 */
export function onProfileChange(listener: () => void): () => void {
  profileListeners.add(listener);
  return () => profileListeners.delete(listener);
}

/** Nodes behind one address may disagree a little on the time, and the estimate of the server's clock errs by a request's travel. */
export const CLOCK_MARGIN_MS = 5_000;

/**
 * The `since` of the tab's first stream, on the server's clock: when this page started, less a
 * margin — every record the tab holds was read from the server after that, so the stream replays
 * what changed since instead of the tab reading every list again. Undefined when a record may come
 * from elsewhere (the device's store of a field user, which the server's notices do not describe).
 */
export function firstStreamSince(serverTime: string, receivedAt: number, pageStartedAt: number, fromDevice: boolean): string | undefined {
  const server = Date.parse(serverTime);
  if (fromDevice || Number.isNaN(server)) return undefined;
  // The answer's travel time makes this offset err early: the safe side (a notice replayed twice is harmless).
  const offset = server - receivedAt;
  return new Date(pageStartedAt + offset - CLOCK_MARGIN_MS).toISOString();
}

let stream: ChangeStream | undefined;
let eventsBase: Promise<string> | undefined;

/** `…/api/events`: the same base address the HTTP client uses (config.json, relative to the page). */
function eventsUrl(): Promise<string> {
  eventsBase ??= loadClientConfig().then((config) => `${new URL(config.apiBaseUrl, window.location.origin).href.replace(/\/+$/, '')}/events`);
  return eventsBase;
}

/** The tab's stream, wired to the cache. */
function createTabStream(): ChangeStream {
  let opened = false;
  let replayed = false;
  return createChangeStream({
    async connectUrl() {
      // The HTTP client adds the bearer token and the impersonation header to this request.
      const { ticket, serverTime } = await api.post<{ ticket: string; serverTime: string }>('/events/ticket', undefined, { silent: true });
      const url = `${await eventsUrl()}?ticket=${encodeURIComponent(ticket)}`;
      if (opened) return url;
      const since = firstStreamSince(serverTime, Date.now(), performance.timeOrigin, deviceRecordsInUse());
      replayed = since !== undefined;
      return since ? `${url}&since=${encodeURIComponent(since)}` : url;
    },
    onChange: (notice) => void applyNotice(notice),
    // Changes made while the connection was down were not heard: refetch what is on screen.
    onResync: () => {
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      for (const listener of profileListeners) listener();
    },
    // A write between a screen's first read and the stream's opening sends a notice nobody hears
    // (a heading added right after the grid loaded): the stream replays it (or says `resync`), or,
    // when it was not asked to, what was read before the opening is read again.
    onFirstOpen: () => {
      opened = true;
      if (!replayed) void queryClient.invalidateQueries({ queryKey: ['records'], predicate: (query) => query.state.dataUpdatedAt > 0 });
    },
    onProfile: () => {
      for (const listener of profileListeners) listener();
    },
    isFatal: (error) => error instanceof ApiProblem && (error.status === 401 || error.status === 403),
  });
}

/** Opens the tab's stream once (later calls do nothing while it runs). */
export function startLiveUpdates(): void {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return;
  stream ??= createTabStream();
  stream.start();
}

/** Closes the stream (sign-out); the next `startLiveUpdates` opens a new one. */
export function stopLiveUpdates(): void {
  stream?.stop();
  stream = undefined;
}

/** Keeps the tab's stream open while a screen that shows records is mounted. */
export function useLiveUpdates(): void {
  useEffect(() => startLiveUpdates(), []);
}
