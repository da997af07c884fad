/**
 * One address for the browser: sign-in only works on PUBLIC_URL (the issuer, the redirect URIs and
 * the session cookie are all on it), so a page opened on another host name — 127.0.0.1 when
 * PUBLIC_URL says localhost, a machine name, an IP — is sent to the same path on PUBLIC_URL before
 * the client starts signing in. Only browser navigations (GET/HEAD asking for HTML) are concerned:
 * /api answers any host as it is (tokens do not depend on it, probes and load balancers call it by
 * address), and health routes are under /api.
 *
 * Silently redirected only between loopback names (the same machine either way). From any other
 * host — a colleague opening http://192.168.1.20:8080 while PUBLIC_URL still says localhost — a
 * redirect would send the browser to its own machine: the answer is a short page (421) that says
 * which address the server is set to, with a link to it, and how to change PUBLIC_URL.
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

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/** What to do with a navigation that is not on PUBLIC_URL: redirect (between loopback names), or explain. */
export function canonicalAnswer(request: NavigationRequest, publicUrl: string): { redirect: string } | { explain: string; asked: string } | undefined {
  const location = canonicalLocation(request, publicUrl);
  if (!location) return undefined;
  const asked = (first(request.headers['x-forwarded-host']) ?? first(request.headers.host))!;
  const target = new URL(publicUrl);
  return LOOPBACK.test(asked) && LOOPBACK.test(target.host) ? { redirect: location } : { explain: location, asked };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page shown instead of a redirect the browser could not follow (Italian, no script, no style). */
export function wrongHostPage(location: string, asked: string, publicUrl: string): string {
  const url = escapeHtml(location);
  const configured = escapeHtml(publicUrl);
  const here = escapeHtml(asked);
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Indirizzo del server diverso</title></head>
<body>
<main>
<h1>Questo server risponde a un altro indirizzo</h1>
<p>Hai aperto <strong>${here}</strong>, ma il server è configurato per <strong>${configured}</strong> (variabile <code>PUBLIC_URL</code>): l’accesso funziona solo da quell’indirizzo.</p>
<p><a href="${url}">Apri ${url}</a></p>
<p>Se quell’indirizzo non è raggiungibile da questo computer (per esempio <code>localhost</code> da un altro computer della rete), chiedi a chi gestisce il server di riavviarlo con <code>PUBLIC_URL</code> impostato all’indirizzo che usano gli utenti, per esempio <code>PUBLIC_URL=http://${here}</code>.</p>
</main>
</body></html>
`;
}

export function registerCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request, reply) => {
    const answer = canonicalAnswer(request, publicUrl);
    if (!answer) return;
    if ('redirect' in answer) return reply.code(307).header('Cache-Control', 'no-store').redirect(answer.redirect, 307);
    return reply.code(421).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(wrongHostPage(answer.explain, answer.asked, publicUrl));
  });
}
