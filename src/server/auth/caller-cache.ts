/**
 * Resolved callers, remembered for a few seconds per credentials (Authorization and impersonation
 * headers). Resolving a caller reads the user, their roles and their commercial zones: three queries
 * before every request, more than a list page itself costs. A cached caller is dropped as soon as a
 * change notice names one of the kinds a profile is read from (users, roles, commercial zones, on
 * every process through the change bus), when notices may have been missed (resync), when its token
 * expires, and after CALLER_CACHE_MS at the latest. Failures are never remembered.
 *
 * The process that made such a write drops its cache at once, before the write is answered
 * (`forgetOnOwnWrite`, an after-commit hook): on PostgreSQL the bus's notice comes back through the
 * database, so a disabled user's next request could otherwise still pass on the very node that
 * disabled it (seen on a loaded machine). Other processes drop theirs when the notice reaches them.
 */
import type { FastifyRequest } from 'fastify';
import type { ChangeBus } from '../events/bus.ts';
import type { AfterCommitHook } from '../events/after-commit.ts';
import { IMPERSONATION_HEADER, type Caller, type IdentityResolver } from './identity.ts';

/** The longest a caller is reused without being read again (a missed notice costs at most this). */
export const CALLER_CACHE_MS = 5_000;
const MAX_ENTRIES = 1_000;
/** The kinds `loadProfile` reads: a write to any of them may change someone's permissions. */
const PROFILE_KINDS = new Set(['users', 'roles', 'commercialZones']);

/** A bearer JWT's expiry in ms (the token was verified when the caller was resolved), or undefined. */
function tokenExpiry(authorization: string): number | undefined {
  const payload = /^Bearer [\w-]+\.([\w-]+)\.[\w-]+$/.exec(authorization)?.[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export interface CachedIdentityResolver extends IdentityResolver {
  /** This process's own committed writes (an after-commit hook): drops the cache before the write is answered. */
  forgetOnOwnWrite: AfterCommitHook;
}

export function cachedIdentities(inner: IdentityResolver, bus: Pick<ChangeBus, 'subscribe' | 'onResync'>, now: () => number = Date.now): CachedIdentityResolver {
  const callers = new Map<string, { caller: Caller; until: number }>();
  /** Counts the clears, so that a profile read while a notice arrived is not kept. */
  let epoch = 0;
  const clear = () => {
    epoch++;
    callers.clear();
  };
  const forgetOnProfileChange = (notices: readonly { type: string }[]) => {
    if (notices.some((notice) => PROFILE_KINDS.has(notice.type))) clear();
  };
  bus.subscribe(forgetOnProfileChange);
  bus.onResync(clear);
  return {
    forgetOnOwnWrite: forgetOnProfileChange,
    async resolve(request: FastifyRequest) {
      const authorization = request.headers.authorization ?? '';
      const impersonation = request.headers[IMPERSONATION_HEADER];
      const key = `${authorization}\n${Array.isArray(impersonation) ? impersonation.join(',') : (impersonation ?? '')}`;
      const hit = callers.get(key);
      if (hit && hit.until > now()) return hit.caller;
      callers.delete(key);
      const started = epoch;
      const caller = await inner.resolve(request);
      // A profile read while a change notice arrived may be the older one: it serves this request only.
      if (epoch === started) {
        if (callers.size >= MAX_ENTRIES) callers.clear();
        callers.set(key, { caller, until: Math.min(now() + CALLER_CACHE_MS, tokenExpiry(authorization) ?? Infinity) });
      }
      return caller;
    },
  };
}
