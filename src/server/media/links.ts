/**
 * Signed addresses of media files (SPEC §7): `/api/media/{id}/content?token=…`. The token names
 * what it allows (upload or download), the media row, when it expires, and for an upload the
 * exact size and type and a one-time nonce; an HMAC-SHA256 with the server's key seals it. A
 * changed, expired or foreign token is refused with 403 problem+json.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Problem } from '../http/problems.ts';

export type LinkPurpose = 'upload' | 'download';

export interface LinkClaims {
  p: LinkPurpose;
  /** Media row id. */
  m: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Upload: the one-time nonce kept on the media row until the bytes arrive. */
  n?: string;
  /** Upload: the exact size in bytes. */
  s?: number;
  /** Upload: the content type checked when the link was made. */
  t?: string;
  /** Upload: who asked for it (the effective user) and the administrator impersonating them, if any. */
  u?: string;
  i?: string;
}

export const MEDIA_CONTENT_PATH = /^\/api\/media\/[0-9a-f-]{36}\/content(\?|$)/i;

export function contentPath(mediaId: string, token: string): string {
  return `/api/media/${mediaId}/content?token=${token}`;
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export interface LinkSigner {
  sign(claims: LinkClaims): string;
  /** The claims of a valid token for `purpose` on `mediaId`; throws MEDIA_LINK_INVALID or MEDIA_LINK_EXPIRED. */
  verify(token: unknown, purpose: LinkPurpose, mediaId: string, now?: number): LinkClaims;
}

export function linkSigner(secret: string): LinkSigner {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, purpose, mediaId, now = Date.now()) {
      if (typeof token !== 'string' || token.length > 2000) throw new Problem('MEDIA_LINK_INVALID');
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) throw new Problem('MEDIA_LINK_INVALID');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Problem('MEDIA_LINK_INVALID');
      let claims: LinkClaims;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as LinkClaims;
      } catch {
        throw new Problem('MEDIA_LINK_INVALID');
      }
      if (claims.p !== purpose || claims.m !== mediaId || typeof claims.exp !== 'number') throw new Problem('MEDIA_LINK_INVALID');
      if (claims.exp * 1000 <= now) throw new Problem('MEDIA_LINK_EXPIRED');
      return claims;
    },
  };
}
