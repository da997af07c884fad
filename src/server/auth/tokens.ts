/**
 * Bearer access tokens for /api, checked with jose (DESIGN §3): signature against the issuer's
 * keys, issuer, audience, an asymmetric algorithm, expiry (30 s clock tolerance, SPEC §9), the
 * access-token `typ` (so an ID token is refused), and the API scope.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { Problem } from '../http/problems.ts';

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Scope every token must carry (SPEC §7 sync scope). */
  apiScope: string;
  /** Where the signing keys come from (the embedded provider's keys, or the issuer's JWKS). */
  keys: JWTVerifyGetKey;
  /** Expected JOSE `typ`; RFC 9068 access tokens are `at+jwt`. Empty string = not checked (issuers that send `JWT`). */
  tokenType?: string;
}

/** Asymmetric only: `none` and HMAC (a forgery with a public key as secret) never verify. */
export const ACCEPTED_ALGORITHMS = ['ES256', 'ES384', 'RS256', 'RS384', 'RS512', 'PS256', 'EdDSA'];
export const CLOCK_TOLERANCE_SECONDS = 30;

export interface TokenVerifier {
  verify(token: string): Promise<JWTPayload>;
}

const unauthorized = (message: string) => new Problem('UNAUTHORIZED', { message });

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const tokenType = options.tokenType ?? 'at+jwt';
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: ACCEPTED_ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
          ...(tokenType ? { typ: tokenType } : {}),
        }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('Sessione scaduta: accedi di nuovo');
        if (error instanceof errors.JOSEError) throw unauthorized('Token di accesso non valido');
        throw error;
      }
      const scopes = new Set(String(payload.scope ?? payload.scp ?? '').split(/\s+/));
      if (!scopes.has(options.apiScope)) throw unauthorized('Token di accesso senza l’autorizzazione per questa applicazione');
      return payload;
    },
  };
}

/** Keys of an external issuer, from its discovery document (cached and refreshed by jose). */
export async function remoteIssuerKeys(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Discovery dell’emittente ${issuer} non riuscita: HTTP ${response.status}`);
  const discovery = (await response.json()) as { jwks_uri?: string };
  if (!discovery.jwks_uri) throw new Error(`L’emittente ${issuer} non pubblica jwks_uri`);
  return createRemoteJWKSet(new URL(discovery.jwks_uri));
}

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header ?? '');
  return match?.[1];
}
