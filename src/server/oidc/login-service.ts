/**
 * Checks what someone typed in the login form: the user, the password (scrypt, timing-safe, the
 * same work whether the user exists or not), whether the account is enabled, and a rate limit of
 * failed attempts per account and per address, counted in the database so every process agrees.
 */
import type { Account, AccountRepository } from './accounts.ts';
import { verifyPassword } from './passwords.ts';

export type LoginOutcome =
  | { ok: true; account: Account; mustChangePassword: boolean }
  | { ok: false; reason: 'invalid' | 'disabled' | 'locked' };

export interface LoginLimits {
  /** Failed attempts on one account within the window before it is refused for a while. */
  perAccount: number;
  /** Failed attempts from one address within the window. */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 50, windowSeconds: 15 * 60 };

export class LoginService {
  private readonly accounts: AccountRepository;
  private readonly limits: LoginLimits;

  constructor(accounts: AccountRepository, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.accounts = accounts;
    this.limits = limits;
  }

  async signIn(login: string, password: string, address: string): Promise<LoginOutcome> {
    const loginKey = `login:${login.trim().toLowerCase()}`;
    const addressKey = `ip:${address}`;
    const [accountFailures, addressFailures] = await Promise.all([
      this.accounts.recentFailures(loginKey, this.limits.windowSeconds),
      this.accounts.recentFailures(addressKey, this.limits.windowSeconds),
    ]);
    if (accountFailures >= this.limits.perAccount || addressFailures >= this.limits.perAddress) return { ok: false, reason: 'locked' };

    const user = await this.accounts.findByLogin(login);
    const matches = await verifyPassword(password, user?.passwordHash);
    if (!user || !matches) {
      await this.accounts.recordFailure([loginKey, addressKey]);
      return { ok: false, reason: 'invalid' };
    }
    // Said only to whoever knows the password: a disabled account is not an unknown one.
    if (!user.isEnabled) return { ok: false, reason: 'disabled' };
    await this.accounts.clearFailures(loginKey);
    const { passwordHash, passwordMustChange, ...account } = user;
    void passwordHash;
    return { ok: true, account, mustChangePassword: passwordMustChange };
  }
}
