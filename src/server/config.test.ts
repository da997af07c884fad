import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('sign-in configuration', () => {
  it('runs the embedded provider by default, with the API audience as resource indicator', () => {
    const config = loadConfig({ PORT: '9000' });
    expect(config.oidc).toMatchObject({ embedded: true, issuer: 'http://localhost:9000/oidc', audience: 'http://localhost:9000/api', resource: 'http://localhost:9000/api', apiScope: 'api.sync' });
  });

  it('sends no resource indicator to an external issuer unless OIDC_RESOURCE asks (Entra ID v2 refuses it)', () => {
    const entra = loadConfig({ OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0', OIDC_AUDIENCE: 'api://backoffice', OIDC_SCOPE: 'openid offline_access api://backoffice/api.sync' });
    expect(entra.oidc).toMatchObject({ embedded: false, audience: 'api://backoffice', resource: undefined, apiScope: 'api.sync' });
    const keycloak = loadConfig({ OIDC_ISSUER: 'https://sso.example/realms/x', OIDC_RESOURCE: 'https://app.example/api' });
    expect(keycloak.oidc.resource).toBe('https://app.example/api');
  });
});
