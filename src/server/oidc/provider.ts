/**
 * The embedded OpenID provider (oidc-provider 9) for local use and small deployments: one public
 * client (the browser workspace: authorization code + PKCE S256, no secret), JWT access tokens
 * for our API (RFC 9068 `at+jwt`, audience `OIDC_AUDIENCE`, scope `api.sync`, `sub` = user id),
 * rotating refresh tokens, revocation and RP-initiated logout. All state lives in our database.
 * First-party only: nobody is asked for consent, and the grant covers what the client asked for.
 */
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { JWK } from 'jose';
import type { DatabaseSchema } from '../db/database.ts';
import type { ServerConfig } from '../config.ts';
import { adapterFactory, deleteExpired } from './adapter.ts';
import { AccountRepository } from './accounts.ts';
import { loadProviderSecrets, publicJwks } from './secrets.ts';
import { loadOidcLibrary, oidcErrors } from './library.ts';
import { AUTO_LOGOUT_HEADERS, autoLogoutPage, errorPage, loggedOutPage, logoutPage, PAGE_SECURITY_HEADERS } from './pages.ts';

/** Where the provider is mounted in our process (its issuer is PUBLIC_URL + this). */
export const OIDC_MOUNT_PATH = '/oidc';

export const TTL = {
  /** Short: the API reads roles per request, but a revoked session should stop working soon. */
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 10 * 60,
  /** Absolute lifetime: rotation hands out the remainder, so a stolen chain dies with it. */
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
  Interaction: 30 * 60,
} as const;

/** The endpoints a browser calls across origins with the client: CORS only for PUBLIC_URL's origin. */
const CLIENT_CORS_PATH = /^\/token(\/revocation)?\/?$/;

/**
 * What the browser client reads of the provider's discovery document, sent in `/config.json` so the
 * first visit saves that round trip (oidc-client-ts's `metadata` setting: no discovery request).
 * oidc-provider's default routes under the issuer (we rename none); tests/api/oidc.test.ts compares
 * it with the document the provider publishes.
 */
export function embeddedProviderMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    revocation_endpoint: `${issuer}/token/revocation`,
    end_session_endpoint: `${issuer}/session/end`,
    jwks_uri: `${issuer}/jwks`,
    code_challenge_methods_supported: ['S256'],
  };
}

/** Where the provider sends the API reference's sign-in back (swagger-ui-dist's redirect page). */
export const DOCS_OAUTH2_REDIRECT_PATH = '/api/docs/oauth2-redirect.html';

export interface EmbeddedProvider {
  /** The provider, built by the first request under /oidc (library.ts); its keys and stored state are ready from the start. */
  provider: () => Promise<Provider>;
  /** Public signing keys, for verifying our own access tokens in-process. */
  jwks: { keys: JWK[] };
}

/**
 * The client's registered addresses (the browser client uses exactly these). The API reference's
 * "Authorize" (Swagger UI, authorization code with PKCE) signs in through the same public client.
 */
export function clientAddresses(publicUrl: string) {
  return {
    redirectUris: [`${publicUrl}/auth/callback`, `${publicUrl}/auth/silent`, `${publicUrl}${DOCS_OAUTH2_REDIRECT_PATH}`],
    postLogoutRedirectUris: [`${publicUrl}/`, `${publicUrl}/auth/logged-out`],
  };
}

function setPageHeaders(ctx: KoaContextWithOIDC) {
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) ctx.set(name, value);
  ctx.type = 'html';
}

export async function createEmbeddedProvider(db: Kysely<DatabaseSchema>, config: ServerConfig, log?: (error: unknown) => void): Promise<EmbeddedProvider> {
  const secrets = await loadProviderSecrets(db);
  await deleteExpired(db);
  const accounts = new AccountRepository(db);
  const { publicUrl } = config;
  const { audience, apiScope, clientId } = config.oidc;
  const appUrl = `${publicUrl}/`;
  const addresses = clientAddresses(publicUrl);
  const resourceServer: ResourceServer = {
    scope: apiScope,
    audience,
    accessTokenTTL: TTL.AccessToken,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: 'ES256' } },
  };

  const configuration: Configuration = {
    adapter: adapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Area di lavoro',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: addresses.redirectUris,
        post_logout_redirect_uris: addresses.postLogoutRedirectUris,
      },
    ],
    responseTypes: ['code'],
    // Only our own origin may call the token and revocation endpoints from a browser.
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    pkce: { required: () => true },
    clockTolerance: 30,
    jwks: { keys: secrets.signingKeys as never },
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      // The ID token names the user without a userinfo call (the access token is for the API only).
      openid: ['sub', 'email', 'name', 'preferred_username'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale', 'preferred_username'],
    },
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens (silently ignored otherwise, as RFC 7009 allows for public clients).
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      // Every access token is for our API, so a userinfo endpoint could never be called: the ID token names the user.
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          setPageHeaders(ctx);
          // oidc-provider has verified the hint (our signature, issuer, this client) before calling us. When it
          // names the user of this very session, their own client asked: sign out without a question. A bare
          // logout link (no hint, or someone else's) still asks, so a link from elsewhere cannot sign anyone out.
          const hinted = ctx.oidc.entities.IdTokenHint?.payload.sub;
          if (typeof hinted === 'string' && hinted === ctx.oidc.session?.accountId) {
            for (const [name, value] of Object.entries(AUTO_LOGOUT_HEADERS)) ctx.set(name, value);
            ctx.body = autoLogoutPage(form);
            return;
          }
          ctx.body = logoutPage(form, appUrl);
        },
        postLogoutSuccessSource: async (ctx) => {
          setPageHeaders(ctx);
          ctx.body = loggedOutPage(appUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        // The client need not send `resource`: every token is for our API unless it asks otherwise.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== audience) throw new (oidcErrors().InvalidTarget)('risorsa sconosciuta');
          return resourceServer;
        },
      },
    },
    // offline_access is dropped without prompt=consent (OIDC Core); our first-party client gets a refresh token anyway.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Tokens die with the sign-in session: signing out revokes the refresh token too.
    expiresWithSession: () => true,
    rotateRefreshToken: true,
    loadExistingGrant: async (ctx) => {
      const { client, session, provider } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await provider.Grant.find(grantId) : undefined;
      if (grant && (grant.accountId !== accountId || grant.clientId !== client.clientId)) grant = undefined;
      grant ??= new provider.Grant({ accountId, clientId: client.clientId });
      // First-party: grant what was asked (the resource servers' own scopes only).
      grant.addOIDCScope(ctx.oidc.requestParamOIDCScopes);
      grant.addOIDCClaims(ctx.oidc.requestParamClaims);
      for (const [indicator, server] of Object.entries(ctx.oidc.resourceServers ?? {})) {
        const scopes = [...ctx.oidc.requestParamScopes].filter((scope) => server.scopes.has(scope));
        if (scopes.length > 0) grant.addResourceScope(indicator, scopes);
      }
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const account = await accounts.findById(sub);
      // A disabled or deleted user's session and refresh tokens stop working.
      if (!account || !account.isEnabled) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: true,
          name: account.displayName,
          given_name: account.firstName ?? undefined,
          family_name: account.lastName ?? undefined,
          preferred_username: account.email,
          locale: 'it-IT',
        }),
      };
    },
    ttl: {
      AccessToken: TTL.AccessToken,
      AuthorizationCode: TTL.AuthorizationCode,
      IdToken: TTL.IdToken,
      RefreshToken: (ctx, token) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated && !token.isSenderConstrained() ? rotated.remainingTTL : TTL.RefreshToken;
      },
      Session: TTL.Session,
      Grant: TTL.Grant,
      Interaction: TTL.Interaction,
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT_PATH}/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      setPageHeaders(ctx);
      ctx.body = errorPage({ error: out.error, detail: out.error_description, appUrl });
    },
  };

  const build = async () => {
    const { default: Provider } = await loadOidcLibrary();
    const provider = new Provider(config.oidc.issuer, configuration);
    // X-Forwarded-Proto/Host are read only from a proxy named in TRUSTED_PROXIES (a client cannot forge them);
    // the address it sees is Fastify's request.ip, handed over by the routes.
    provider.proxy = config.trustedProxies.length > 0;
    if (log) provider.on('server_error', (_ctx: unknown, error: unknown) => log(error));
    // clientBasedCORS judges a token or revocation call once its client is known; the preflight (and a
    // call refused before that) would still echo any Origin. Another origin gets no CORS header at all.
    const ownOrigin = new URL(publicUrl).origin;
    provider.use(async (ctx, next) => {
      const origin = ctx.get('Origin');
      await next();
      if (!origin || origin === ownOrigin || !CLIENT_CORS_PATH.test(ctx.path)) return;
      for (const name of Object.keys(ctx.response.headers)) if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name);
    });
    return provider;
  };
  let built: Promise<Provider> | undefined;
  const provider = () =>
    (built ??= build().catch((error: unknown) => {
      built = undefined;
      throw error;
    }));
  return { provider, jwks: publicJwks(secrets.signingKeys) };
}
