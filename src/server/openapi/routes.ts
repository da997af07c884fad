/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document, built once from the kind registry and kept
 * in memory) and `/api/docs`, an interactive reference for administrators served from the
 * swagger-ui-dist package's files (Apache-2.0; no CDN). Both are public: the document describes
 * routes, not data, and every call made from the reference needs a token like any other.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { kindList } from '../../domain/kinds.ts';
import { customFilters } from '../resources/custom-filters.ts';
import { buildOpenApiDocument } from './document.ts';
import { DOCS_OAUTH2_REDIRECT_PATH } from '../oidc/provider.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The documentation routes answer without a token (the app's caller resolution skips them). */
export function isPublicDocumentation(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname === OPENAPI_PATH || pathname === DOCS_PATH || pathname.startsWith(`${DOCS_PATH}/`);
}

/** The few files of swagger-ui-dist the page loads, by the name the page asks for. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  // The page the provider sends "Authorize" back to; it hands the code to the reference's window.
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'oauth2-redirect.js': 'text/javascript; charset=utf-8',
};

/**
 * Runs in the page: Swagger UI on our document; when the workspace is signed in on this origin
 * (oidc-client-ts keeps the user in localStorage), its access token is offered for "Try it out".
 * With the embedded provider, "Authorize" also signs in (authorization code with PKCE, the
 * workspace's public client, redirect page registered with the provider).
 */
const initScript = (oauth: { clientId: string; redirectUrl: string; scopes: string } | undefined) => `
(function () {
  var token = null;
  for (var i = 0; i < localStorage.length; i++) {
    var key = localStorage.key(i);
    if (!key || key.indexOf('oidc.user:') !== 0) continue;
    try {
      var user = JSON.parse(localStorage.getItem(key));
      if (user && user.access_token && (!user.expires_at || user.expires_at * 1000 > Date.now())) token = user.access_token;
    } catch (e) { /* not a stored user */ }
  }
  var ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#reference',
    deepLinking: true,
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    persistAuthorization: false,
    ${oauth ? `oauth2RedirectUrl: ${JSON.stringify(oauth.redirectUrl)},` : ''}
    onComplete: function () { if (token) ui.preauthorizeApiKey('bearer', token); }
  });
  ${oauth ? `ui.initOAuth({ clientId: ${JSON.stringify(oauth.clientId)}, usePkceWithAuthorizationCodeGrant: true, scopes: ${JSON.stringify(oauth.scopes)} });` : ''}
  document.getElementById('signed-in').hidden = !token;
  document.getElementById('signed-out').hidden = !!token;
})();
`;

const PAGE = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Riferimento API – Area di lavoro</title>
<link rel="icon" href="${DOCS_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<style>.note { font: 14px/1.4 system-ui, sans-serif; margin: 12px 20px; padding: 8px 12px; background: #f3f6fa; border-radius: 4px; }</style>
</head>
<body>
<p class="note" id="signed-in" hidden>Le prove («Try it out») usano l’accesso di questa area di lavoro: le chiamate hanno i tuoi permessi.</p>
<p class="note" id="signed-out" hidden>Per provare le chiamate accedi all’<a href="/">area di lavoro</a> in questo browser e ricarica la pagina, oppure incolla un token di accesso in «Authorize».</p>
<div id="reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

/** The page loads only our own files: no inline script, nothing from elsewhere. */
const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function registerOpenApiRoutes(app: FastifyInstance, config: ServerConfig): void {
  const { embedded, clientId, scope } = config.oidc;
  const script = initScript(embedded ? { clientId, redirectUrl: `${config.publicUrl}${DOCS_OAUTH2_REDIRECT_PATH}`, scopes: scope } : undefined);
  let document: string | undefined;
  const documentText = () =>
    (document ??= JSON.stringify(
      buildOpenApiDocument({
        kinds: kindList,
        namedFilters: Object.fromEntries(Object.entries(customFilters).map(([type, filters]) => [type, Object.keys(filters)])),
        maxPageSize: config.maxPageSize,
        auth: { issuer: config.oidc.issuer, embedded: config.oidc.embedded, scope: config.oidc.scope, apiScope: config.oidc.apiScope },
      }),
    ));

  app.get(OPENAPI_PATH, async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*');
    return documentText();
  });

  app.get(DOCS_PATH, async (_request, reply) => {
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').headers(PAGE_HEADERS);
    return PAGE;
  });
  app.get(`${DOCS_PATH}/init.js`, async (_request, reply) => {
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').header('X-Content-Type-Options', 'nosniff');
    return script;
  });

  const assetDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, Promise<Buffer>>();
  app.get<{ Params: { file: string } }>(`${DOCS_PATH}/:file`, async (request, reply) => {
    const { file } = request.params;
    const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!type) return reply.callNotFound();
    let content = assets.get(file);
    if (!content) {
      content = fs.readFile(path.join(assetDir, file));
      assets.set(file, content);
      content.catch(() => assets.delete(file));
    }
    reply.type(type).header('Cache-Control', 'public, max-age=86400').header('X-Content-Type-Options', 'nosniff');
    if (type.startsWith('text/html')) reply.headers(PAGE_HEADERS);
    return content;
  });
}
