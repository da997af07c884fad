/**
 * SPEC §7 «An icon service is also fetched», §9 «Icon query URL max 500 characters».
 * GET /api/icons?names=a,b,c answers an SVG sprite (one <symbol id="icon-NAME"> per known name) built
 * from lucide-static (ISC). Unknown names are listed in the X-Icons-Unknown header, never a 500.
 * Behind the normal sign-in: the sidebar that uses the icons is shown only after sign-in.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** SPEC §9: an icon query URL is at most 500 characters. */
export const ICON_QUERY_MAX_CHARS = 500;

const NAME = /^[a-z0-9-]{1,64}$/;
const require = createRequire(import.meta.url);
let iconDir: string | undefined;
const cache = new Map<string, string | null>();

function iconBody(name: string): string | null {
  if (!NAME.test(name)) return null;
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  let body: string | null;
  try {
    iconDir ??= path.join(path.dirname(require.resolve('lucide-static/package.json')), 'icons');
    const svg = readFileSync(path.join(iconDir, `${name}.svg`), 'utf8');
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
    body = inner === undefined ? null : inner.replace(/<!--[\s\S]*?-->/g, '').trim();
  } catch {
    body = null;
  }
  cache.set(name, body);
  return body;
}

/** The sprite of the requested names and the names not found. */
export function iconSprite(names: readonly string[]): { svg: string; unknown: string[] } {
  const unknown: string[] = [];
  const symbols: string[] = [];
  for (const name of new Set(names)) {
    const body = iconBody(name);
    if (body === null) unknown.push(name);
    else symbols.push(`<symbol id="icon-${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</symbol>`);
  }
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join('')}</svg>`, unknown };
}

export function registerIconRoutes(app: FastifyInstance, signedIn: (request: FastifyRequest) => unknown): void {
  app.get('/api/icons', async (request, reply) => {
    signedIn(request);
    if (request.url.length > ICON_QUERY_MAX_CHARS) {
      reply.code(414).type('application/problem+json');
      return {
        type: '/problems/ICON_QUERY_TOO_LONG',
        title: 'Richiesta troppo lunga',
        status: 414,
        code: 'ICON_QUERY_TOO_LONG',
        message: `La richiesta delle icone supera i ${ICON_QUERY_MAX_CHARS} caratteri: dividerla in più richieste.`,
      };
    }
    const raw = (request.query as { names?: unknown }).names;
    const names = typeof raw === 'string' ? raw.split(',').map((name) => name.trim()).filter((name) => name !== '') : [];
    const { svg, unknown } = iconSprite(names);
    const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', 'private, max-age=31536000, immutable');
    reply.header('ETag', etag);
    reply.header('X-Icons-Unknown', unknown.join(','));
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
