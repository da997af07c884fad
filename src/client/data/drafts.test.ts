import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../domain/merge-patch.ts';
import { browserTabId, createDraftStore, type DraftStorage } from './drafts.ts';

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const base = { attributes: { title: 'Prima', notes: 'n', tags: ['a'] }, metadata: {}, relationships: { customerId: 'c1' } };

describe('draft store', () => {
  it('keeps the changes as a merge patch with the base version and the time, and gives them back', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage, 'tab-A');
    const draft = { ...base, attributes: { ...base.attributes, title: 'Dopo', notes: undefined } };
    store.save('quotations', 'q1', base, draft, 'v1', new Date('2026-03-04T09:42:00Z'));
    const stored = store.load('quotations', 'q1')!;
    expect(stored).toEqual({ patch: { attributes: { title: 'Dopo', notes: null } }, baseVersion: 'v1', savedAt: '2026-03-04T09:42:00.000Z' });
    // Applied on a newer version, only the user's fields change.
    const newer = { ...base, attributes: { ...base.attributes, tags: ['a', 'b'] } };
    expect(applyMergePatch(newer, stored.patch)).toEqual({ ...base, attributes: { title: 'Dopo', tags: ['a', 'b'] } });
  });

  it('is kept per tab, type and id', () => {
    const storage = memoryStorage();
    const a = createDraftStore(storage, 'tab-A');
    const b = createDraftStore(storage, 'tab-B');
    a.save('quotations', 'q1', base, { ...base, attributes: { title: 'X' } }, 'v1');
    expect(b.load('quotations', 'q1')).toBeUndefined();
    expect(a.load('quotations', 'q2')).toBeUndefined();
    expect(a.load('orders', 'q1')).toBeUndefined();
    expect(a.load('quotations', 'q1')).toBeDefined();
  });

  it('clears on request and when the draft is back to the base', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage, 'tab-A');
    store.save('quotations', 'q1', base, { ...base, attributes: { ...base.attributes, title: 'X' } }, 'v1');
    store.save('quotations', 'q1', base, base, 'v1');
    expect(store.load('quotations', 'q1')).toBeUndefined();
    store.save('quotations', 'q1', base, { ...base, attributes: { ...base.attributes, title: 'X' } }, 'v1');
    store.clear('quotations', 'q1');
    expect(storage.data.size).toBe(0);
  });

  it('ignores what it cannot read and survives a storage that refuses writes', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage, 'tab-A');
    storage.setItem('records.draft:tab-A:quotations:q1', '{not json');
    expect(store.load('quotations', 'q1')).toBeUndefined();
    const full: DraftStorage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(() => createDraftStore(full, 'tab-A').save('quotations', 'q1', base, { ...base, attributes: {} }, 'v1')).not.toThrow();
  });

  it('gives the browser tab one id that survives a reload (the same sessionStorage)', () => {
    const storage = memoryStorage();
    const first = browserTabId(storage);
    expect(browserTabId(storage)).toBe(first);
    expect(browserTabId(memoryStorage())).not.toBe(first);
  });
});
