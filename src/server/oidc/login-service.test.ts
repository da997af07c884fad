import { describe, expect, it } from 'vitest';
import type { LimitRow } from './accounts.ts';
import { accountKey, addressSpacingSeconds, afterFailure, afterSuccessFromAddress, lockedMessage, lockSeconds, reserveAttempt, waitText, type LoginLimits } from './login-service.ts';

const LIMITS: LoginLimits = { perAccount: 5, perAddress: 50, windowSeconds: 900, maxLockSeconds: 4 * 3600 };
const EMPTY: LimitRow = { failures: 0, windowStartedAt: null, lockedUntil: null, lockouts: 0, nextAttemptAt: null };
const T0 = Date.parse('2026-03-02T09:00:00Z');
const minutes = (n: number) => n * 60_000;

/** `n` attempts on one account, each reserved and failed in turn; the account's row after them. */
function failures(n: number, from: LimitRow = EMPTY, now = T0): LimitRow {
  let row = from;
  for (let i = 0; i < n; i++) {
    const reserved = reserveAttempt(row, EMPTY, LIMITS, now, false);
    if (!reserved.allowed) throw new Error(`attempt ${i + 1} refused`);
    row = afterFailure(reserved.account, LIMITS, now);
  }
  return row;
}

describe('sign-in limiter rules', () => {
  it('counts an attempt under the account it names, whatever was typed, and an unknown login under what was typed', () => {
    expect(accountKey('7c0e…', 'Admin@Demo.it')).toBe('account:7c0e…');
    expect(accountKey('7c0e…', 'admin')).toBe('account:7c0e…');
    expect(accountKey(undefined, '  Nessuno@Test.IT ')).toBe('login:nessuno@test.it');
  });

  it('reserves attempts before their passwords are checked: the limit refuses the next one while they are under way', () => {
    let row = EMPTY;
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const reserved = reserveAttempt(row, EMPTY, LIMITS, T0, false);
      expect(reserved.allowed).toBe(true);
      if (reserved.allowed) row = reserved.account;
    }
    expect(row.failures).toBe(LIMITS.perAccount);
    expect(reserveAttempt(row, EMPTY, LIMITS, T0, false)).toEqual({ allowed: false, scope: 'account', retryAfterSeconds: 900 });
  });

  it('locks the account at the limit for the window, then twice as long at each further lock, capped', () => {
    let row = failures(LIMITS.perAccount);
    expect(row.lockedUntil).toBe(T0 + minutes(15));
    expect(reserveAttempt(row, EMPTY, LIMITS, T0 + minutes(5), false)).toEqual({ allowed: false, scope: 'account', retryAfterSeconds: 600 });
    const periods = [15];
    for (let lock = 0; lock < 6; lock++) {
      const now = row.lockedUntil! + 1000;
      row = failures(LIMITS.perAccount, row, now);
      periods.push((row.lockedUntil! - now) / 60_000);
    }
    expect(periods).toEqual([15, 30, 60, 120, 240, 240, 240]);
    expect([0, 1, 2, 3, 4, 9].map((n) => lockSeconds(n, LIMITS) / 60)).toEqual([15, 30, 60, 120, 240, 240]);
  });

  it('forgets the doubling once a lock is long over, and a window with fewer failures than the limit', () => {
    const locked = failures(LIMITS.perAccount);
    const later = locked.lockedUntil! + LIMITS.maxLockSeconds! * 1000;
    expect(failures(LIMITS.perAccount, locked, later).lockedUntil).toBe(later + minutes(15));
    const four = failures(4);
    expect(failures(4, four, T0 + minutes(15)).lockedUntil).toBeNull();
  });

  it('locks once when concurrent attempts fail together', () => {
    let row = EMPTY;
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const reserved = reserveAttempt(row, EMPTY, LIMITS, T0, false);
      if (reserved.allowed) row = reserved.account;
    }
    for (let i = 0; i < LIMITS.perAccount; i++) row = afterFailure(row, LIMITS, T0);
    expect(row).toMatchObject({ lockouts: 1, lockedUntil: T0 + minutes(15) });
  });

  it('slows an address past its limit to one attempt every window/limit seconds, and never slows a user who signed in from it lately', () => {
    const busy: LimitRow = { ...EMPTY, failures: LIMITS.perAddress, windowStartedAt: T0 };
    expect(addressSpacingSeconds(LIMITS)).toBe(18);
    const first = reserveAttempt(EMPTY, busy, LIMITS, T0, false);
    expect(first.allowed).toBe(true);
    if (!first.allowed) return;
    expect(first.address.nextAttemptAt).toBe(T0 + 18_000);
    expect(reserveAttempt(EMPTY, first.address, LIMITS, T0 + 1000, false)).toEqual({ allowed: false, scope: 'address', retryAfterSeconds: 17 });
    expect(reserveAttempt(EMPTY, first.address, LIMITS, T0 + 1000, true).allowed).toBe(true);
    expect(reserveAttempt(EMPTY, first.address, LIMITS, T0 + 18_000, false).allowed).toBe(true);
    // A new window: the address is not slowed any more.
    expect(reserveAttempt(EMPTY, first.address, LIMITS, T0 + minutes(15), false)).toMatchObject({ allowed: true, address: { failures: 1, nextAttemptAt: T0 + 18_000 } });
  });

  it('does not take the address’s turn for an attempt its account refuses', () => {
    const locked = failures(LIMITS.perAccount);
    const busy: LimitRow = { ...EMPTY, failures: LIMITS.perAddress, windowStartedAt: T0 };
    expect(reserveAttempt(locked, busy, LIMITS, T0, false)).toMatchObject({ allowed: false, scope: 'account' });
  });

  it('gives an address back what a successful attempt reserved', () => {
    expect(afterSuccessFromAddress({ ...EMPTY, failures: 3, windowStartedAt: T0 }).failures).toBe(2);
    expect(afterSuccessFromAddress(EMPTY).failures).toBe(0);
  });

  it('says in Italian how long to wait', () => {
    expect([1, 17, 59, 60, 61, 900, 3600, 5400, 7200, 14_400].map(waitText)).toEqual([
      '1 secondo', '17 secondi', '59 secondi', '1 minuto', '2 minuti', '15 minuti', '1 ora', '1 ora e 30 minuti', '2 ore', '4 ore',
    ]);
    expect(lockedMessage({ scope: 'account', retryAfterSeconds: 1800 })).toBe('Troppi tentativi di accesso non riusciti. Riprova fra 30 minuti.');
    expect(lockedMessage({ scope: 'address', retryAfterSeconds: 18 })).toBe('Troppi tentativi di accesso da questa rete. Riprova fra 18 secondi.');
  });
});
