/**
 * Headers every answer carries, and the ones of the app and of /api:
 * - all: `X-Content-Type-Options: nosniff`, `Referrer-Policy`, and HSTS when PUBLIC_URL is https;
 * - the app (index.html, static files, deep links): a Content-Security-Policy that lets scripts come
 *   only from us (the one inline script of index.html by its hash), and no framing by anyone;
 * - /api: `Cache-Control: private, no-store` unless the route chose its own caching.
 * /oidc pages and the API reference set their own policies (oidc/pages.ts, openapi/routes.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const HSTS = 'max-age=31536000; includeSubDomains';
export const API_CACHE_CONTROL = 'private, no-store';
/** The page oidc-client-ts loads in a hidden frame of the app for a silent sign-in (client/auth/auth-base.ts). */
const SILENT_RENEW_PATH = '/auth/silent';

/** `'sha256-…'` sources for the inline scripts of an HTML page (index.html's theme script). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface AppPolicyOptions {
  /** Hash sources of the inline scripts the app shell carries. */
  scriptHashes: readonly string[];
  /** Origins besides ours the browser talks to: an external sign-in issuer (discovery, token, silent frame). */
  signInOrigins: readonly string[];
  /** Where files are downloaded from besides us: an S3-compatible store's presigned addresses (pictures, PDFs, fetched blobs). */
  mediaOrigins?: readonly string[];
  /** Where pictures alone come from besides us: the map's tile server (MAP_TILE_URL). */
  imageOrigins?: readonly string[];
  /** `'self'` for the silent sign-in page (framed by the app itself), `'none'` everywhere else. */
  frameAncestors: "'none'" | "'self'";
}

/**
 * What the client needs: its own scripts and styles (screens add `<style>` elements: inline styles
 * allowed, inline scripts not), thumbnails as data: URLs, PDFs previewed from blob: URLs in a frame,
 * the service worker, fetches to /api and to the sign-in issuer.
 */
export function appContentSecurityPolicy(options: AppPolicyOptions): string {
  const signIn = options.signInOrigins.join(' ');
  const withSignIn = (sources: string) => (signIn ? `${sources} ${signIn}` : sources);
  const media = (options.mediaOrigins ?? []).join(' ');
  const withMedia = (sources: string) => (media ? `${sources} ${media}` : sources);
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...options.scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[withMedia("'self' data: blob:"), ...(options.imageOrigins ?? [])].join(' ')}`,
    `media-src ${withMedia("'self' blob:")}`,
    "font-src 'self' data:",
    // blob: — a document's preview is fetched back from the blob it was shown from (print, download).
    `connect-src ${withMedia(withSignIn("'self' blob:"))}`,
    `frame-src ${withMedia(withSignIn("'self' blob:"))}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
}

export interface SecurityHeadersOptions {
  publicUrl: string;
  /** The OpenID issuer the browser signs in with (its origin joins connect-src and frame-src when it is not ours). */
  issuer: string;
  /** index.html as served, when there is a client: its inline scripts are allowed by hash. */
  indexHtml?: string;
  /** Origins of the media store's presigned downloads (S3), if any. */
  mediaOrigins?: readonly string[];
  /** Origins of pictures only: the map's tiles. */
  imageOrigins?: readonly string[];
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
const isOidc = (url: string) => url === '/oidc' || url.startsWith('/oidc/') || url.startsWith('/oidc?');

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const ownOrigin = new URL(options.publicUrl).origin;
  const issuerOrigin = new URL(options.issuer).origin;
  const policy = (frameAncestors: AppPolicyOptions['frameAncestors']) =>
    appContentSecurityPolicy({
      scriptHashes: options.indexHtml ? inlineScriptHashes(options.indexHtml) : [],
      signInOrigins: issuerOrigin === ownOrigin ? [] : [issuerOrigin],
      mediaOrigins: options.mediaOrigins ?? [],
      imageOrigins: options.imageOrigins ?? [],
      frameAncestors,
    });
  const appPolicy = policy("'none'");
  const silentPolicy = policy("'self'");
  const https = options.publicUrl.startsWith('https:');

  app.addHook('onRequest', async (request, reply) => {
    // On the raw response: answers written past Fastify (event streams, the provider at /oidc) carry them too.
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Referrer-Policy', REFERRER_POLICY);
    if (https) reply.raw.setHeader('Strict-Transport-Security', HSTS);
    if (isApi(request.url) || isOidc(request.url)) return;
    const silent = pathOf(request) === SILENT_RENEW_PATH;
    reply.header('Content-Security-Policy', silent ? silentPolicy : appPolicy);
    reply.header('X-Frame-Options', silent ? 'SAMEORIGIN' : 'DENY');
  });

  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', API_CACHE_CONTROL);
  });
}

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';
