// @vitest-environment jsdom
// The course edition screen renders a stored edition in progress: the sessions, the participants'
// grid (one checkbox per session, the outcome, the certificate), a presence marked by the
// checkbox (Space) reaching the draft, outcomes refused until the edition is closed, and the shared
// capacity rule shown in Italian as soon as one participant too many is in the draft.
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { testIdentity } from '../../../commands/testing.ts';
import type { Entity } from '../../domain/entity.ts';
import { queryClient } from '../api/query-client.ts';
import { recordKey } from '../data/records.ts';
import { titleKey } from '../forms/references.ts';
import { messages } from '../i18n/index.ts';
import { SessionProvider } from '../session/session.tsx';
import { store } from '../store.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { CourseEditionDetail } from './course-edition-detail.tsx';

const ID = '0b7d3c1e-8f55-4a38-9d0e-3c0a4a6f2b11';
const CUSTOMER = '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d';
const E1 = '5f6e7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const E2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const S1 = 's-morning';
const S2 = 's-afternoon';

function edition(state: string): Entity {
  return {
    id: ID,
    attributes: {
      code: 'ED-2026-00042', state, startDate: '2026-11-26', endDate: '2026-11-26', capacity: 2,
      sessions: [{ id: S1, date: '2026-11-26', startTime: '09:00', endTime: '13:00' }, { id: S2, date: '2026-11-26', startTime: '14:00', endTime: '18:00' }],
      participants: [{ employeeId: E1, presentSessionIds: [S1] }, { employeeId: E2, presentSessionIds: [] }],
    },
    metadata: { createdDateTime: '2026-11-20T08:00:00.000Z', lastUpdatedDateTime: '2026-11-26T08:00:00.000Z', isDeleted: false, participantIds: [E1, E2] },
    relationships: { courseId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', customerId: CUSTOMER },
  } as unknown as Entity;
}

const identity = { ...testIdentity, permissions: [{ action: 'manage', subject: 'all' }] };
const signOut = async () => undefined;

afterEach(() => {
  cleanup();
  queryClient.clear();
});

async function show(state: string) {
  queryClient.setQueryData(recordKey('courseEditions', ID), edition(state));
  for (const [id, lastName, firstName] of [[E1, 'Rossi', 'Mario'], [E2, 'Verdi', 'Luisa']] as const) {
    queryClient.setQueryData(recordKey('employees', id), { id, attributes: { lastName, firstName }, metadata: {}, relationships: { customerId: CUSTOMER } });
    queryClient.setQueryData(titleKey('employees', id), `${lastName} ${firstName}`);
  }
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider identity={identity} signOut={signOut}>
          <IntlProvider locale="it" messages={messages}>
            <TabIdContext.Provider value="edition-tab"><CourseEditionDetail id={ID} /></TabIdContext.Provider>
          </IntlProvider>
        </SessionProvider>
      </QueryClientProvider>
    </Provider>,
  );
  return screen.findByRole('form', { name: /ED-2026-00042/ });
}

describe('CourseEditionDetail', () => {
  it('shows sessions and the attendance grid, and marks a presence into the draft', async () => {
    const form = await show('in-progress');
    expect(within(form).getByLabelText('Data della sessione 2')).toBeTruthy();
    const grid = within(form).getByRole('grid', { name: 'Presenze ed esiti' });
    const presence = (name: string, n: number) => within(grid).getByRole('checkbox', { name: `${name}, sessione ${n}` }) as HTMLInputElement;
    expect([presence('Rossi Mario', 1).checked, presence('Rossi Mario', 2).checked, presence('Verdi Luisa', 1).checked]).toEqual([true, false, false]);
    // One cell of the grid is in the Tab order: the cursor's.
    expect(presence('Rossi Mario', 1).tabIndex).toBe(0);
    expect(presence('Verdi Luisa', 2).tabIndex).toBe(-1);
    await act(async () => fireEvent.click(presence('Verdi Luisa', 2)));
    expect(presence('Verdi Luisa', 2).checked).toBe(true);
    expect(within(form).getByRole('heading', { name: 'Partecipanti (2 su 2)' })).toBeTruthy();
    expect(within(grid).getByRole('link', { name: 'Rossi Mario' }).getAttribute('href')).toBe(`/customers/employees/${E1}/${CUSTOMER}`);
    // Outcomes wait for the edition to close.
    const outcome = within(grid).getByRole('button', { name: 'Esito di Verdi Luisa: da registrare' });
    expect(outcome.getAttribute('aria-disabled')).toBe('true');
    await act(async () => fireEvent.click(outcome));
    expect(outcome.getAttribute('data-outcome')).toBe('none');
  });

  it('changes the outcome once closed, and freezes attendance', async () => {
    const form = await show('closed');
    const grid = within(form).getByRole('grid', { name: 'Presenze ed esiti' });
    const outcome = within(grid).getByRole('button', { name: /^Esito di Rossi Mario/ });
    await act(async () => fireEvent.click(outcome));
    expect(outcome.getAttribute('data-outcome')).toBe('passed');
    await act(async () => fireEvent.click(outcome));
    expect(outcome.getAttribute('data-outcome')).toBe('failed');
    const presence = within(grid).getByRole('checkbox', { name: 'Rossi Mario, sessione 2' }) as HTMLInputElement;
    await act(async () => fireEvent.click(presence));
    expect(presence.checked).toBe(false);
    expect(within(form).queryByRole('combobox', { name: 'Dipendente da iscrivere' })).toBeNull();
  });

  it('shows the capacity rule in Italian when the draft has one participant too many', async () => {
    const form = await show('in-progress');
    const capacity = within(form).getByLabelText(/^Capienza/) as HTMLInputElement;
    await act(async () => fireEvent.change(capacity, { target: { value: '1' } }));
    expect(await within(form).findByText('I partecipanti (2) superano la capienza dell’edizione (1)')).toBeTruthy();
  });
});
