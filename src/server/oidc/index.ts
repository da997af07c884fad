/** The embedded OpenID provider at /oidc (on when OIDC_ISSUER is unset). */
export { createEmbeddedProvider, clientAddresses, embeddedProviderMetadata, OIDC_MOUNT_PATH, TTL, type EmbeddedProvider } from './provider.ts';
export { registerOidcRoutes, type OidcRoutesOptions } from './routes.ts';
export { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './login-service.ts';
