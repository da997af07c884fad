/**
 * Checks what someone typed in the login form: the user, the password (scrypt, timing-safe, the
 * same work whether the user exists or not), whether the account is enabled, and the sign-in
 * limiter (README "Sign-in limiter"):
 * - per account: the resolved user (whatever they typed, e-mail or short name), or the normalised
 *   typed login when nobody has it, so an unknown login answers exactly like a known one. An attempt
 *   is reserved in the database before its password is checked, so concurrent attempts never check
 *   more passwords than the limit; the limit reached, the account is refused for the window, then
 *   twice as long at each further lock (capped); a success clears it.
 * - per address: past its limit an address is slowed to one attempt every `window / perAddress`
 *   seconds, never locked, and users who signed in from it lately are not slowed at all; so one
 *   misbehaving machine behind an office NAT does not keep its colleagues out.
 * The rules are the pure functions below; the repository keeps their rows and their lock.
 */
import type { Account, AccountRepository, LimitRow } from './accounts.ts';
import { verifyPassword } from './passwords.ts';

export type LoginOutcome =
  | { ok: true; account: Account; mustChangePassword: boolean }
  | { ok: false; reason: 'invalid' | 'disabled' }
  | { ok: false; reason: 'locked'; scope: 'account' | 'address'; retryAfterSeconds: number };

export interface LoginLimits {
  /** Failed attempts on one account within the window before it is refused for a while. */
  perAccount: number;
  /** Failed attempts from one address within the window before it is slowed down. */
  perAddress: number;
  windowSeconds: number;
  /** Longest an account is refused: the lock doubles from `windowSeconds` up to this. Default 4 hours. */
  maxLockSeconds?: number;
  /** How long a user's successful sign-in from an address spares them its slowing down. Default 30 days. */
  knownAddressDays?: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 50, windowSeconds: 15 * 60, maxLockSeconds: 4 * 60 * 60, knownAddressDays: 30 };

const maxLock = (limits: LoginLimits) => Math.max(limits.maxLockSeconds ?? DEFAULT_LOGIN_LIMITS.maxLockSeconds!, limits.windowSeconds);

/** The key an attempt counts under: the account's id, or what was typed when it names nobody. */
export function accountKey(userId: string | undefined, login: string): string {
  return userId ? `account:${userId}` : `login:${login.trim().toLowerCase()}`;
}

export const addressKey = (address: string) => `ip:${address}`;

/** How long the `lockouts`-th lock in a row lasts: the window, doubled each time, capped. */
export function lockSeconds(lockouts: number, limits: LoginLimits): number {
  return Math.min(limits.windowSeconds * 2 ** Math.min(lockouts, 30), maxLock(limits));
}

/** Seconds between two attempts from an address past its limit. */
export const addressSpacingSeconds = (limits: LoginLimits) => Math.max(1, Math.ceil(limits.windowSeconds / limits.perAddress));

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const windowOver = (row: LimitRow, limits: LoginLimits, now: number) => row.windowStartedAt === null || row.windowStartedAt + limits.windowSeconds * 1000 <= now;

/** The row as it counts now: an elapsed window starts again, a lock long over no longer doubles the next. */
function current(row: LimitRow, limits: LoginLimits, now: number): LimitRow {
  const fresh = windowOver(row, limits, now);
  const forgotten = row.lockedUntil !== null && row.lockedUntil + maxLock(limits) * 1000 <= now;
  return {
    ...row,
    failures: fresh ? 0 : row.failures,
    windowStartedAt: fresh ? null : row.windowStartedAt,
    lockouts: forgotten ? 0 : row.lockouts,
    lockedUntil: forgotten ? null : row.lockedUntil,
  };
}

export type Reservation =
  | { allowed: true; account: LimitRow; address: LimitRow }
  | { allowed: false; scope: 'account' | 'address'; retryAfterSeconds: number };

/**
 * Whether one more attempt may check its password, and the rows that reserve it. The account's
 * reservation counts as a failure until the attempt says otherwise; attempts already reserved up
 * to the limit refuse the next one even before their passwords are checked.
 */
export function reserveAttempt(accountRow: LimitRow, addressRow: LimitRow, limits: LoginLimits, now: number, knownAddress: boolean): Reservation {
  const account = current(accountRow, limits, now);
  if (account.lockedUntil !== null && account.lockedUntil > now) return { allowed: false, scope: 'account', retryAfterSeconds: seconds(account.lockedUntil - now) };
  if (account.failures >= limits.perAccount) return { allowed: false, scope: 'account', retryAfterSeconds: lockSeconds(account.lockouts, limits) };

  const address = current(addressRow, limits, now);
  let nextAttemptAt = address.nextAttemptAt;
  if (address.failures >= limits.perAddress && !knownAddress) {
    if (nextAttemptAt !== null && nextAttemptAt > now) return { allowed: false, scope: 'address', retryAfterSeconds: seconds(nextAttemptAt - now) };
    nextAttemptAt = now + addressSpacingSeconds(limits) * 1000;
  }
  return {
    allowed: true,
    account: { ...account, failures: account.failures + 1, windowStartedAt: account.windowStartedAt ?? now },
    address: { ...address, failures: address.failures + 1, windowStartedAt: address.windowStartedAt ?? now, nextAttemptAt },
  };
}

/** The account's row after a reserved attempt failed: locked when it was the last the limit allowed. */
export function afterFailure(accountRow: LimitRow, limits: LoginLimits, now: number): LimitRow {
  const account = current(accountRow, limits, now);
  if (account.lockedUntil !== null && account.lockedUntil > now) return account; // a concurrent attempt locked it already
  if (account.failures < limits.perAccount) return account;
  return { ...account, failures: 0, windowStartedAt: null, lockedUntil: now + lockSeconds(account.lockouts, limits) * 1000, lockouts: account.lockouts + 1 };
}

/** The address's row after a reserved attempt succeeded: what it reserved is given back. */
export function afterSuccessFromAddress(addressRow: LimitRow): LimitRow {
  return { ...addressRow, failures: Math.max(0, addressRow.failures - 1) };
}

/** "15 minuti", "1 ora e 30 minuti", "20 secondi": how long to wait, in Italian, rounded up. */
export function waitText(totalSeconds: number): string {
  const s = Math.max(1, Math.ceil(totalSeconds));
  if (s < 60) return s === 1 ? '1 secondo' : `${s} secondi`;
  const minutes = Math.ceil(s / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const minuteText = (m: number) => (m === 1 ? '1 minuto' : `${m} minuti`);
  if (hours === 0) return minuteText(minutes);
  const hourText = hours === 1 ? '1 ora' : `${hours} ore`;
  return rest === 0 ? hourText : `${hourText} e ${minuteText(rest)}`;
}

/** The login page's refusal of a limited attempt. */
export function lockedMessage(outcome: { scope: 'account' | 'address'; retryAfterSeconds: number }): string {
  return outcome.scope === 'account'
    ? `Troppi tentativi di accesso non riusciti. Riprova fra ${waitText(outcome.retryAfterSeconds)}.`
    : `Troppi tentativi di accesso da questa rete. Riprova fra ${waitText(outcome.retryAfterSeconds)}.`;
}

const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Old rows are deleted after this many sign-in attempts of a process (a cheap statement on an index). */
const PRUNE_EVERY = 200;

export class LoginService {
  private readonly accounts: AccountRepository;
  private readonly limits: LoginLimits;
  private attempts = 0;

  constructor(accounts: AccountRepository, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.accounts = accounts;
    this.limits = limits;
  }

  async signIn(login: string, password: string, address: string): Promise<LoginOutcome> {
    if (++this.attempts % PRUNE_EVERY === 0) await this.accounts.pruneLimits(2 * maxLock(this.limits) + this.limits.windowSeconds, this.limits.knownAddressDays ?? DEFAULT_LOGIN_LIMITS.knownAddressDays!);
    const user = await this.accounts.findByLogin(login);
    const keys = { account: accountKey(user?.id, login), address: addressKey(address) };
    // Asked for an unknown login too (a user id nobody has), so both take the same statements.
    const knownAddress = { userId: user?.id ?? NOBODY, address, days: this.limits.knownAddressDays ?? DEFAULT_LOGIN_LIMITS.knownAddressDays! };
    const reservation = await this.accounts.reserveAttempt(keys, knownAddress, (account, addressRow, now, known) => reserveAttempt(account, addressRow, this.limits, now, known));
    if (!reservation.allowed) return { ok: false, reason: 'locked', scope: reservation.scope, retryAfterSeconds: reservation.retryAfterSeconds };

    const matches = await verifyPassword(password, user?.passwordHash);
    if (!user || !matches) {
      await this.accounts.settleFailure(keys.account, (row, now) => afterFailure(row, this.limits, now));
      return { ok: false, reason: 'invalid' };
    }
    // The password was right: the attempt is no failure, whether or not the account may sign in.
    await this.accounts.settleSuccess(keys, user.id, address, afterSuccessFromAddress);
    // Said only to whoever knows the password: a disabled account is not an unknown one.
    if (!user.isEnabled) return { ok: false, reason: 'disabled' };
    const { passwordHash, passwordMustChange, ...account } = user;
    void passwordHash;
    return { ok: true, account, mustChangePassword: passwordMustChange };
  }
}
