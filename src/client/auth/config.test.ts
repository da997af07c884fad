import { describe, expect, it } from 'vitest';
import { parseClientConfig } from './config.ts';

describe('config.json', () => {
  it('reads the disabled and the OpenID modes', () => {
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' } })).toEqual({ apiBaseUrl: '/api', auth: { mode: 'disabled' } });
    const oidc = { mode: 'oidc', authority: 'http://localhost:8080/oidc', clientId: 'backoffice-workspace', scope: 'openid offline_access api.sync' };
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: oidc })).toEqual({ apiBaseUrl: '/api', auth: oidc });
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { ...oidc, resource: 'http://localhost:8080/api' } }).auth).toMatchObject({ resource: 'http://localhost:8080/api' });
  });

  it("reads the embedded provider's discovery document when the server sends it", () => {
    const metadata = { issuer: 'http://localhost:8080/oidc', token_endpoint: 'http://localhost:8080/oidc/token', code_challenge_methods_supported: ['S256'] };
    const oidc = { mode: 'oidc', authority: 'http://localhost:8080/oidc', clientId: 'backoffice-workspace', scope: 'openid', metadata };
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: oidc }).auth).toEqual(oidc);
    expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { ...oidc, metadata: { token_endpoint: 3 } } })).toThrow(/auth.metadata.token_endpoint/);
    expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { ...oidc, metadata: { code_challenge_methods_supported: [''] } } })).toThrow(/auth.metadata.code_challenge_methods_supported/);
    expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { ...oidc, metadata: [] } })).toThrow(/auth.metadata/);
  });

  it('reads the map tiles when the server sends them', () => {
    const map = { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' };
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, map })).toEqual({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, map });
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, map: { tileUrl: '', attribution: '' } }).map).toEqual({ tileUrl: '', attribution: '' });
    expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, map: { tileUrl: 3, attribution: '' } })).toThrow(/map.tileUrl/);
  });

  it('reads the working days kept ready offline (FIELD_PRIME_DAYS) when the server sends them', () => {
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, offline: { primeDays: 7 } })).toEqual({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, offline: { primeDays: 7 } });
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, offline: { primeDays: 0 } }).offline).toEqual({ primeDays: 0 });
    expect(parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' } }).offline).toBeUndefined();
    for (const primeDays of [-1, 1.5, '7', null]) expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'disabled' }, offline: { primeDays } })).toThrow(/offline.primeDays/);
  });

  it('refuses what it cannot use, naming the field', () => {
    expect(() => parseClientConfig(null)).toThrow(/config.json non valido/);
    expect(() => parseClientConfig({ apiBaseUrl: '', auth: { mode: 'disabled' } })).toThrow(/apiBaseUrl/);
    expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'saml' } })).toThrow(/auth.mode/);
    expect(() => parseClientConfig({ apiBaseUrl: '/api', auth: { mode: 'oidc', authority: 'x', clientId: '', scope: 'openid' } })).toThrow(/auth.clientId/);
  });
});
