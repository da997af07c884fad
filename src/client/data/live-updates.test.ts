import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import { applyNotice, CLOCK_MARGIN_MS, firstStreamSince, onChangeNotice } from './live-updates.ts';
import { invalidateAfterWrite, listKey, recordKey } from './records.ts';

const entity = (id: string, version: string) => ({ id, attributes: {}, relationships: {}, metadata: { lastUpdatedDateTime: version } }) as unknown as Entity;

describe('change notices', () => {
  it('invalidate the record and the lists of its type, and nothing else', async () => {
    const cache = new QueryClient();
    cache.setQueryData(recordKey('assignments', 'a1'), entity('a1', 'v1'));
    cache.setQueryData(recordKey('assignments', 'a2'), entity('a2', 'v1'));
    cache.setQueryData(listKey('assignments', { 'page[number]': 1 }), { data: [] });
    cache.setQueryData(listKey('reminders', { 'page[number]': 1 }), { data: [] });
    const heard: string[] = [];
    const off = onChangeNotice((n) => heard.push(n.id));
    await applyNotice({ type: 'assignments', id: 'a1', version: 'v2', action: 'start', by: 'u-2' }, cache);
    off();
    expect(cache.getQueryState(recordKey('assignments', 'a1'))?.isInvalidated).toBe(true);
    expect(cache.getQueryState(listKey('assignments', { 'page[number]': 1 }))?.isInvalidated).toBe(true);
    expect(cache.getQueryState(recordKey('assignments', 'a2'))?.isInvalidated).toBe(false);
    expect(cache.getQueryState(listKey('reminders', { 'page[number]': 1 }))?.isInvalidated).toBe(false);
    expect(heard).toEqual(['a1']);
  });

  it('skip the echo of a write this tab made (the answer is already in the cache)', async () => {
    const cache = new QueryClient();
    await invalidateAfterWrite('reminders', 'r1', [], entity('r1', 'v7'), cache);
    cache.setQueryData(listKey('reminders', { 'page[number]': 1 }), { data: [] });
    await applyNotice({ type: 'reminders', id: 'r1', version: 'v7', action: 'update', by: 'me' }, cache);
    expect(cache.getQueryState(listKey('reminders', { 'page[number]': 1 }))?.isInvalidated).toBe(false);
    await applyNotice({ type: 'reminders', id: 'r1', version: 'v8', action: 'update', by: 'me' }, cache);
    expect(cache.getQueryState(listKey('reminders', { 'page[number]': 1 }))?.isInvalidated).toBe(true);
    expect(cache.getQueryState(recordKey('reminders', 'r1'))?.isInvalidated).toBe(true);
  });

  it('never take a derived change for an echo: figures change without a new version, also of a version this tab wrote', async () => {
    const cache = new QueryClient();
    await invalidateAfterWrite('customers', 'c1', [], entity('c1', 'v3'), cache);
    await applyNotice({ type: 'customers', id: 'c1', version: 'v3', action: 'derived', by: 'me' }, cache);
    expect(cache.getQueryState(recordKey('customers', 'c1'))?.isInvalidated).toBe(true);
  });
});

describe('the first stream\'s since', () => {
  it('is the page\'s start on the server\'s clock, less the margin', () => {
    // The server is 90 s ahead of this browser: the page started at 10:00:00 browser time.
    const pageStartedAt = Date.parse('2026-11-30T10:00:00.000Z');
    const receivedAt = Date.parse('2026-11-30T10:00:03.000Z');
    const since = firstStreamSince('2026-11-30T10:01:33.000Z', receivedAt, pageStartedAt, false);
    expect(since).toBe(new Date(Date.parse('2026-11-30T10:01:30.000Z') - CLOCK_MARGIN_MS).toISOString());
  });

  it('is not asked for when the device may have answered reads, or the server\'s time is unreadable', () => {
    expect(firstStreamSince('2026-11-30T10:00:00.000Z', 0, 0, true)).toBeUndefined();
    expect(firstStreamSince('adesso', 0, 0, false)).toBeUndefined();
  });
});
