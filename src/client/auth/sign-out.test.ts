// @vitest-environment jsdom
// Sign-out is clean: the revocation endpoint's empty text/plain 200 (oidc-provider, RFC 7009) is accepted
// by oidc-client-ts, and a second sign-out while one runs shares it (one revocation, not a second one
// aborted by the page leaving).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { createOidcAuth, createUserManager, type LockedUserManager } from './auth.ts';

afterEach(() => vi.restoreAllMocks());

describe('sign-out', () => {
  it('accepts the revocation endpoint\'s empty text/plain answer', async () => {
    const settings = createUserManager({ authority: 'http://127.0.0.1:1/oidc', clientId: 'app', scope: 'openid' } as never).settings;
    expect(settings.revokeTokenAdditionalContentTypes).toContain('text/plain');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
    const manager = new UserManager({
      authority: 'http://127.0.0.1:1/oidc', client_id: 'app', redirect_uri: 'http://localhost/cb',
      metadata: { issuer: 'http://127.0.0.1:1/oidc', revocation_endpoint: 'http://127.0.0.1:1/oidc/token/revocation' },
      revokeTokenAdditionalContentTypes: settings.revokeTokenAdditionalContentTypes,
      userStore: new WebStorageStateStore({ store: window.localStorage }),
    });
    await manager.storeUser({ refresh_token: 'rt', access_token: 'at', token_type: 'Bearer', profile: { sub: 'u', iss: 'x', aud: 'app', exp: 0, iat: 0 }, toStorageString: () => JSON.stringify({ refresh_token: 'rt', access_token: 'at', token_type: 'Bearer', profile: { sub: 'u' } }) } as never);
    await expect(manager.revokeTokens(['refresh_token'])).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('runs one sign-out at a time: a second call shares the first', async () => {
    let release!: () => void;
    const revoked: string[] = [];
    const manager = {
      getUser: async () => ({ refresh_token: 'rt', id_token: 'it', profile: { sub: 'u' } }),
      handoff: { clear: async () => undefined },
      revokeTokens: async () => {
        revoked.push('refresh_token');
        await new Promise<void>((resolve) => (release = resolve));
      },
      signoutRedirect: async () => undefined,
    } as unknown as LockedUserManager;
    const auth = createOidcAuth(manager);
    const first = auth.signOut();
    const second = auth.signOut();
    await vi.waitFor(() => expect(revoked).toHaveLength(1));
    release();
    await Promise.all([first, second]);
    expect(revoked).toEqual(['refresh_token']);
  });
});
