/**
 * One address for the browser: sign-in only works on PUBLIC_URL (the issuer, the redirect URIs and
 * the session cookie are all on it), so a page opened on another host name — 127.0.0.1 when
 * PUBLIC_URL says localhost, a machine name, an IP — is sent to the same path on PUBLIC_URL before
 * the client starts signing in. Only browser navigations (GET/HEAD asking for HTML) are redirected:
 * /api answers any host as it is (tokens do not depend on it, probes and load balancers call it by
 * address), and health routes are under /api.
 */
import type { FastifyInstance } from 'fastify';

export interface NavigationRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();

/** host[:port] as `new URL` writes it for this protocol (default port dropped, lower case); undefined when malformed. */
function normalHost(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

function isBrowserNavigation(request: NavigationRequest): boolean {
  const mode = first(request.headers['sec-fetch-mode']);
  if (mode !== undefined) return mode === 'navigate';
  // Browsers without Fetch Metadata: a navigation asks for HTML first.
  return /\btext\/html\b/.test(first(request.headers.accept) ?? '');
}

/** The PUBLIC_URL address this request should go to instead, or undefined when it is fine where it is. */
export function canonicalLocation(request: NavigationRequest, publicUrl: string): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) return undefined;
  if (!isBrowserNavigation(request)) return undefined;
  const target = new URL(publicUrl);
  // Behind a proxy the public name travels in X-Forwarded-Host; the redirect target is fixed, so a forged one only avoids a redirect.
  const asked = first(request.headers['x-forwarded-host']) ?? first(request.headers.host);
  if (!asked) return undefined;
  if (normalHost(target.protocol, asked) === target.host) return undefined;
  return `${publicUrl.replace(/\/+$/, '')}${request.url.startsWith('/') ? request.url : `/${request.url}`}`;
}

export function registerCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    const location = canonicalLocation(request, publicUrl);
    if (location) return reply.code(307).header('Cache-Control', 'no-store').redirect(location, 307);
  });
}
