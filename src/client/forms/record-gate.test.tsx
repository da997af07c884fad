// @vitest-environment jsdom
// A record page of another module (an equipment for a user with fire only): the server answers 403
// MODULE_NOT_ALLOWED once, the page says why in Italian with a way home, no alert toast is raised,
// and nothing under the record (the equipment's file, the linked pages) asks again or waits forever.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Identity } from '../../domain/ability.ts';
import { alertsAtom } from '../alerts/alerts.ts';
import { configureApi } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import FormScreen from '../screens/form-screen.tsx';
import { store } from '../store.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

const ID = '33333333-3333-4333-8333-333333333333';
let server: http.Server;
let requests: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(403, { 'Content-Type': 'application/problem+json' });
    res.end(JSON.stringify({ type: 'about:blank#MODULE_NOT_ALLOWED', status: 403, code: 'MODULE_NOT_ALLOWED', title: 'Module not allowed', message: 'Il modulo di questo elemento non è abilitato per il tuo utente' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, getAccessToken: async () => 'token', refreshAccessToken: async () => false, onLoginRequired: () => undefined } as never);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  store.set(alertsAtom, []);
  requests = [];
});

const fireOperator = {
  id: '11111111-1111-4111-8111-111111111111', email: 'op@example.it', displayName: 'Operatore', userType: 'siv', allowedModules: ['fire'], allowedCustomerIds: [], officeLocationIds: [],
  isMainteiner: false, isSalesman: false, roles: [], permissions: [{ action: 'read', subject: 'all' }],
} as unknown as Identity;

describe('RecordGate', () => {
  it('shows the refusal of a record of another module on its page, once, without a toast or a lasting wait', async () => {
    renderSignedIn(fireOperator, <FormScreen spec={{ screen: 'form', type: 'equipments', idParam: 'id' }} params={{ id: ID }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossibile caricare l’elemento: Il modulo di questo elemento non è abilitato per il tuo utente.');
    expect(screen.getByRole('link', { name: 'Vai al cruscotto' }).getAttribute('href')).toBe('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([`GET /api/equipments/${ID}`]);
    expect(store.get(alertsAtom)).toEqual([]);
    expect(screen.queryByText(/Caricamento della scheda/)).toBeNull();
    expect(screen.queryByText(/Nessuna/)).toBeNull();
  });
});
