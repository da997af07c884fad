// @vitest-environment jsdom
// A record page of another module (an equipment for a user with fire only): the server answers 403
// MODULE_NOT_ALLOWED once, the page says why in Italian with a way home, no alert toast is raised,
// and nothing under the record (the equipment's file, the linked pages) asks again or waits forever.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Identity } from '../../domain/ability.ts';
import { alertsAtom } from '../alerts/alerts.ts';
import { queryClient } from '../api/query-client.ts';
import FormScreen from '../screens/form-screen.tsx';
import { store } from '../store.ts';
import { startFakeApi, type FakeApi } from '../test-support/fake-api-server.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

const ID = '33333333-3333-4333-8333-333333333333';
let api: FakeApi;
let requests: string[] = [];

beforeAll(async () => {
  api = await startFakeApi(({ method, url }, send) => {
    requests.push(`${method} ${url}`);
    send(403, { type: 'about:blank#MODULE_NOT_ALLOWED', status: 403, code: 'MODULE_NOT_ALLOWED', title: 'Module not allowed', message: 'Il modulo di questo elemento non è abilitato per il tuo utente' }, 'application/problem+json');
  }, { getAccessToken: async () => 'token', refreshAccessToken: async () => false, onLoginRequired: () => undefined });
});

afterAll(() => api.close());

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
