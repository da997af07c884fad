import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryWebStorage } from 'oidc-client-ts';
import { impersonationHeader, readImpersonation, writeImpersonation } from './impersonation-state.ts';

const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
beforeEach(() => Object.defineProperty(globalThis, 'localStorage', { value: new InMemoryWebStorage(), configurable: true }));
afterEach(() => {
  if (original) Object.defineProperty(globalThis, 'localStorage', original);
  else delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('impersonation state (localStorage, SPEC §7 header)', () => {
  it('is absent by default and round-trips a user id as the header value', () => {
    expect(readImpersonation()).toBeNull();
    expect(impersonationHeader()).toBeUndefined();
    writeImpersonation({ userId: 'u-42' });
    expect(readImpersonation()).toEqual({ userId: 'u-42' });
    expect(impersonationHeader()).toBe('{"userId":"u-42"}');
    writeImpersonation(null);
    expect(impersonationHeader()).toBeUndefined();
  });

  it('ignores damaged values instead of sending them', () => {
    for (const raw of ['not json', '{"userId":""}', '{"userId":3}', '[]', 'null']) {
      localStorage.setItem('backoffice.impersonation', raw);
      expect(impersonationHeader()).toBeUndefined();
    }
  });
});
