/**
 * One-time codes sent by e-mail (table `signature_codes`, 0031 and 0040): the online signature's
 * code (issue 26 §3) and the e-mail sign-in's (issue 26 §9) are made, kept and checked the same way:
 * random digits, only a SHA-256 of them bound to what they are for kept at rest, an expiry, a count
 * of wrong tries, used once.
 */
import { createHash, randomInt } from 'node:crypto';

/** `length` random digits (leading zeros kept). */
export function newCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** What is kept of a code: its hash bound to `scope` (the quotation and signer, or the user signing in). */
export function codeHash(scope: string, code: string): string {
  return createHash('sha256').update(`${scope}:${code}`).digest('hex');
}

/** A stored code no longer accepted: expired, or out of tries. */
export function codeSpent(code: { expires: Date | string; attempts: number }, maxAttempts: number, now = Date.now()): boolean {
  return new Date(code.expires).getTime() < now || code.attempts >= maxAttempts;
}
