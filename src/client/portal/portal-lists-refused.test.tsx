// @vitest-environment jsdom
// A portal list the user may not read (an Operatore limited to fire on a customer's «Richieste di
// intervento (portale)» and «Utenti»: 403 on /api/serviceRequests and /api/users) says it is refused,
// never «Nessuna richiesta.» / «Nessun altro utente.».
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import type { Identity } from '../../domain/ability.ts';
import type { Entity } from '../../domain/entity.ts';
import { ApiProblem } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { records } from '../data/records.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { TabIdContext } from '../workspace/tab-context.ts';
import PortalRequests from './portal-requests.tsx';
import PortalUsers from './portal-users.tsx';

const CUSTOMER = '55555555-5555-4555-8555-555555555555';
const customer = {
  id: CUSTOMER, attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } }, relationships: {},
  metadata: { displayName: 'Alfa Srl', lastUpdatedDateTime: 'v1', isDeleted: false, isArchived: false },
} as unknown as Entity;

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

const operatore = { ...testIdentity, allowedModules: ['fire'], permissions: [{ action: 'read', subject: 'customer' }] } as Identity;

describe('refused portal lists', () => {
  it.each([
    ['serviceRequests', PortalRequests, 'Impossibile caricare le richieste', 'Nessuna richiesta.'],
    ['users', PortalUsers, 'Impossibile caricare gli utenti', 'Nessun altro utente.'],
  ] as const)('%s: says the list is refused, silently (no toast)', async (type, Page, failed, none) => {
    vi.spyOn(records, 'get').mockResolvedValue(customer);
    const list = vi.spyOn(records, 'list').mockImplementation(async (listed) => {
      if (listed === type) throw new ApiProblem(403, { code: 'FORBIDDEN', title: 'Forbidden', message: 'Non hai i permessi per questa operazione' });
      return { data: [], meta: { total: 0, page: { number: 1, size: 10 } } } as never;
    });
    renderSignedIn(operatore, <TabIdContext.Provider value="t1"><Page customerId={CUSTOMER} staffView /></TabIdContext.Provider>);
    const alert = await screen.findByText(new RegExp(failed));
    expect(alert.textContent).toBe(`${failed}: Non hai i permessi per questa operazione.`);
    expect(screen.queryByText(none)).toBeNull();
    expect(list.mock.calls.find(([listed]) => listed === type)?.[3]).toEqual({ silent: true });
  });
});
