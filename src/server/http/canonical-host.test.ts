import { describe, expect, it } from 'vitest';
import { canonicalAnswer, canonicalLocation, wrongHostPage, type NavigationRequest } from './canonical-host.ts';

const PUBLIC = 'http://localhost:8080';
const navigation = (url: string, host: string, extra: NavigationRequest['headers'] = {}): NavigationRequest => ({
  method: 'GET',
  url,
  headers: { host, accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate', ...extra },
});

describe('canonicalLocation', () => {
  it('sends a page opened on the other loopback name, or any other host, to the same path and query on PUBLIC_URL', () => {
    expect(canonicalLocation(navigation('/customers?filter[name]=Rossi', '127.0.0.1:8080'), PUBLIC)).toBe('http://localhost:8080/customers?filter[name]=Rossi');
    expect(canonicalLocation(navigation('/', '192.168.1.20:8080'), PUBLIC)).toBe('http://localhost:8080/');
    expect(canonicalLocation(navigation('/', 'localhost:9090'), PUBLIC)).toBe('http://localhost:8080/');
    expect(canonicalLocation(navigation('/dashboard', '127.0.0.1'), 'https://app.example.it')).toBe('https://app.example.it/dashboard');
  });

  it('leaves the canonical host alone, whatever the case or a default port', () => {
    expect(canonicalLocation(navigation('/customers', 'localhost:8080'), PUBLIC)).toBeUndefined();
    expect(canonicalLocation(navigation('/customers', 'LocalHost:8080'), PUBLIC)).toBeUndefined();
    expect(canonicalLocation(navigation('/', 'app.example.it:443'), 'https://app.example.it')).toBeUndefined();
  });

  it('uses the public name a proxy forwards', () => {
    expect(canonicalLocation(navigation('/', '10.0.0.5:8080', { 'x-forwarded-host': 'app.example.it' }), 'https://app.example.it')).toBeUndefined();
    expect(canonicalLocation(navigation('/', 'app.example.it', { 'x-forwarded-host': 'other.example.it' }), 'https://app.example.it')).toBe('https://app.example.it/');
  });

  it('does not redirect the API, health routes, non-GET requests or fetches that are not navigations', () => {
    expect(canonicalLocation(navigation('/api/customers', '127.0.0.1:8080'), PUBLIC)).toBeUndefined();
    expect(canonicalLocation(navigation('/api/health', '127.0.0.1:8080'), PUBLIC)).toBeUndefined();
    expect(canonicalLocation(navigation('/api', '127.0.0.1:8080'), PUBLIC)).toBeUndefined();
    expect(canonicalLocation({ ...navigation('/oidc/interaction/x/login', '127.0.0.1:8080'), method: 'POST' }, PUBLIC)).toBeUndefined();
    expect(canonicalLocation(navigation('/config.json', '127.0.0.1:8080', { 'sec-fetch-mode': 'cors', accept: '*/*' }), PUBLIC)).toBeUndefined();
    expect(canonicalLocation({ method: 'GET', url: '/assets/app.js', headers: { host: '127.0.0.1:8080', accept: '*/*' } }, PUBLIC)).toBeUndefined();
    // Without Fetch Metadata, asking for HTML is a navigation.
    expect(canonicalLocation({ method: 'GET', url: '/x', headers: { host: '127.0.0.1:8080', accept: 'text/html' } }, PUBLIC)).toBe('http://localhost:8080/x');
  });

  it('redirects silently only between loopback names; from another host it explains PUBLIC_URL instead', () => {
    expect(canonicalAnswer(navigation('/customers', '127.0.0.1:8080'), PUBLIC)).toEqual({ redirect: 'http://localhost:8080/customers' });
    expect(canonicalAnswer(navigation('/', '[::1]:8080'), PUBLIC)).toEqual({ redirect: 'http://localhost:8080/' });
    // A colleague on the network: localhost would be their own machine.
    expect(canonicalAnswer(navigation('/customers', '192.168.1.20:8080'), PUBLIC)).toEqual({ explain: 'http://localhost:8080/customers', asked: '192.168.1.20:8080' });
    // A public PUBLIC_URL asked by IP: the page links to it rather than moving the user without a word.
    expect(canonicalAnswer(navigation('/', '10.0.0.5:8080'), 'https://app.example.it')).toEqual({ explain: 'https://app.example.it/', asked: '10.0.0.5:8080' });
    expect(canonicalAnswer(navigation('/', 'localhost:8080'), PUBLIC)).toBeUndefined();
  });

  it('says in Italian which address the server is set to, links to it, and escapes what the request sent', () => {
    const page = wrongHostPage('http://localhost:8080/customers?a=1&b=2', '192.168.1.20:8080', PUBLIC);
    expect(page).toContain('<html lang="it">');
    expect(page).toContain('PUBLIC_URL');
    expect(page).toContain('<a href="http://localhost:8080/customers?a=1&#38;b=2">');
    expect(page).toContain('PUBLIC_URL=http://192.168.1.20:8080');
    expect(wrongHostPage('http://x/', '<script>alert(1)</script>', PUBLIC)).not.toContain('<script>');
  });
});
