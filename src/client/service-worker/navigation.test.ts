import { describe, expect, it } from 'vitest';
import { isShellNavigation } from './navigation.ts';

describe('service worker navigations', () => {
  it('answers app routes, deep links and their queries with the shell', () => {
    for (const route of ['/', '/dashboard', '/customers/0b9d6c1e-4f4e-4a43-9a3f-1d1c2b3a4f5e', '/planning/assignments/x/detail', '/equipments?filter=state%3Dactive', '/equipments?q=v1.2', '/marketing/quotations/detail/1', '/apiary', '/registrazioni', '/authors']) {
      expect(isShellNavigation(route), route).toBe(true);
    }
  });

  it('leaves the API, sign-in, the public pages and files to the network', () => {
    for (const route of ['/api', '/api/customers', '/api/docs', '/oidc/auth?client_id=x', '/oidc/interaction/abc', '/auth/callback?code=1&state=2', '/auth/silent', '/auth/logged-out', '/verifica', '/verifica/123', '/registro/abc', '/registro/abc/registro.pdf', '/config.json', '/sw.js', '/verifica.js', '/files/rapporto.pdf', '/x/y.csv?download=1']) {
      expect(isShellNavigation(route), route).toBe(false);
    }
  });
});
