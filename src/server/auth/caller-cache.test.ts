import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { ChangeListener } from '../events/bus.ts';
import type { Caller } from './identity.ts';
import { CALLER_CACHE_MS, cachedIdentities } from './caller-cache.ts';

function setup() {
  let clock = 1_000_000;
  let reads = 0;
  const listeners: ChangeListener[] = [];
  const resyncs: (() => void)[] = [];
  const inner = { resolve: async () => ({ identity: { n: ++reads } }) as unknown as Caller };
  const bus = { subscribe: (l: ChangeListener) => (listeners.push(l), () => {}), onResync: (l: () => void) => (resyncs.push(l), () => {}) };
  const cache = cachedIdentities(inner, bus, () => clock);
  const request = (authorization?: string, impersonation?: string) =>
    ({ headers: { ...(authorization ? { authorization } : {}), ...(impersonation ? { 'x-impersonation': impersonation } : {}) } }) as unknown as FastifyRequest;
  return { cache, request, reads: () => reads, ownWrite: (type: string) => cache.forgetOnOwnWrite([{ type, id: 'x', version: 'v', action: 'update', by: null }]), tick: (ms: number) => (clock += ms), notify: (type: string) => listeners.forEach((l) => l([{ type, id: 'x', version: 'v', action: 'update', by: null }])), resync: () => resyncs.forEach((l) => l()) };
}

describe('caller cache', () => {
  it('reuses a caller per credentials for a few seconds', async () => {
    const t = setup();
    await t.cache.resolve(t.request('Bearer a'));
    await t.cache.resolve(t.request('Bearer a'));
    expect(t.reads()).toBe(1);
    await t.cache.resolve(t.request('Bearer a', '{"userId":"u"}'));
    await t.cache.resolve(t.request('Bearer b'));
    expect(t.reads()).toBe(3);
    t.tick(CALLER_CACHE_MS + 1);
    await t.cache.resolve(t.request('Bearer a'));
    expect(t.reads()).toBe(4);
  });

  it('reads again after a change to users, roles or zones, or a resync, not after other changes', async () => {
    const t = setup();
    await t.cache.resolve(t.request('Bearer a'));
    t.notify('equipments');
    await t.cache.resolve(t.request('Bearer a'));
    expect(t.reads()).toBe(1);
    for (const type of ['roles', 'users', 'commercialZones']) {
      t.notify(type);
      await t.cache.resolve(t.request('Bearer a'));
    }
    t.resync();
    await t.cache.resolve(t.request('Bearer a'));
    expect(t.reads()).toBe(5);
  });

  it('drops the cache at once on its own process’s write to a profile kind, before any notice comes back', async () => {
    const t = setup();
    await t.cache.resolve(t.request('Bearer a'));
    t.ownWrite('equipments');
    await t.cache.resolve(t.request('Bearer a'));
    expect(t.reads()).toBe(1);
    t.ownWrite('users');
    await t.cache.resolve(t.request('Bearer a'));
    expect(t.reads()).toBe(2);
  });

  it('never keeps a caller past its token expiry', async () => {
    const t = setup();
    const payload = Buffer.from(JSON.stringify({ exp: (1_000_000 + 1_000) / 1000 })).toString('base64url');
    const token = `Bearer h.${payload}.s`;
    await t.cache.resolve(t.request(token));
    t.tick(1_001);
    await t.cache.resolve(t.request(token));
    expect(t.reads()).toBe(2);
  });
});
