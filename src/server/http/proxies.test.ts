import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, proxyMatcher } from './proxies.ts';

describe('TRUSTED_PROXIES', () => {
  it('reads addresses, networks and the named ranges; refuses anything else', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies(' 10.0.0.5, 10.1.0.0/16 ,fd00::/8')).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
    expect(parseTrustedProxies('loopback')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES: «10.0.0.0\/33»/);
    expect(() => parseTrustedProxies('proxy.example')).toThrow(/non è un indirizzo IP/);
  });

  it('matches a peer, its IPv4-mapped form too, and nothing when the list is empty', () => {
    const trusted = proxyMatcher(parseTrustedProxies('10.1.0.0/16, 192.0.2.7, ::1'));
    expect(trusted('10.1.200.3')).toBe(true);
    expect(trusted('::ffff:10.1.200.3')).toBe(true);
    expect(trusted('192.0.2.7')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('10.2.0.1')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(proxyMatcher([])('127.0.0.1')).toBe(false);
  });
});
