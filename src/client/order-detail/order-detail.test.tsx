// @vitest-environment jsdom
// The order detail renders a stored order (no browser on the e2e side needed for this part): the
// lines with ordered, delivered and remaining quantities, the totals, the link to the quotation and
// the assignments; the toolbar shows the record's commands; a typed Italian quantity reaches the draft.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { loadRecordCommands } from '../../../commands/registry.ts';
import { transitionKeysOf } from '../kinds/index.ts';
import { testIdentity } from '../../../commands/testing.ts';
import type { Entity } from '../../domain/entity.ts';
import { queryClient } from '../api/query-client.ts';
import { recordKey } from '../data/records.ts';
import { messages } from '../i18n/index.ts';
import { SessionProvider } from '../session/session.tsx';
import { store } from '../store.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { OrderDetail } from './order-detail.tsx';

const ID = '0b7d3c1e-8f55-4a38-9d0e-3c0a4a6f2b11';
const QUOTATION = '5f6e7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const ASSIGNMENT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const order: Entity = {
  id: ID,
  attributes: {
    orderNumber: 'ORD-2026-00042', orderDate: '2026-06-15', state: 'todo', module: 'fire',
    lines: [
      { productId: null, description: 'Estintore CO2 5 kg', quantity: 10, deliveredQuantity: 4, unitPrice: 80, discountPercent: 10, activityIds: [] },
      { productId: null, description: 'Sopralluogo', quantity: 1, deliveredQuantity: 0, unitPrice: 19.99, discountPercent: 0, activityIds: [] },
    ],
  },
  metadata: {
    createdDateTime: '2026-06-15T08:00:00.000Z', lastUpdatedDateTime: '2026-06-15T08:00:00.000Z', isDeleted: false,
    totalPrice: 819.99, totalDiscount: 80, totalDiscountPercent: 9.76, totalNetPrice: 739.99, customerName: 'Sigma Srl',
  },
  relationships: { customerId: '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d', quotationId: QUOTATION, assignmentIds: [ASSIGNMENT], selectedServiceIds: [] },
} as unknown as Entity;

const identity = { ...testIdentity, permissions: [{ action: 'manage', subject: 'all' }] };
const signOut = async () => undefined;

// The record commands (delete among them) are the registry's, loaded as the app loads them.
beforeAll(() => loadRecordCommands(transitionKeysOf));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

function renderOrder(entity: Entity) {
  queryClient.setQueryData(recordKey('orders', ID), entity);
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider identity={identity} signOut={signOut}>
          <IntlProvider locale="it" messages={messages}>
            <TabIdContext.Provider value="orders-tab"><OrderDetail id={ID} /></TabIdContext.Provider>
          </IntlProvider>
        </SessionProvider>
      </QueryClientProvider>
    </Provider>,
  );
}

describe('OrderDetail', () => {
  it('a completed order opens read-only but for its notes, says why, and offers «Elimina» disabled with the reason', async () => {
    renderOrder({ ...order, attributes: { ...order.attributes, state: 'completed' } } as Entity);
    const form = await screen.findByRole('form', { name: /ORD-2026-00042/ });
    expect(form.querySelector('.record-frozen')?.textContent).toBe('Ordine: non modificabile nello stato «Completato»: si possono cambiare solo le note');
    // Lines and header fields are read-only; the notes stay open.
    expect(within(form).getByRole('textbox', { name: 'Quantità ordinata della riga 1' }).hasAttribute('readonly')).toBe(true);
    expect(form.querySelector('tr[data-line] button')).toBeNull();
    expect((within(form).getByRole('textbox', { name: /^Note/ }) as HTMLTextAreaElement).readOnly).toBe(false);
    expect((within(form).getByRole('textbox', { name: /^Numero ordine/ }) as HTMLInputElement).readOnly).toBe(true);
    const add = within(form).getByRole('button', { name: /Aggiungi riga/ });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    // «Elimina» is there, disabled before any confirmation, with the server's own reason.
    const remove = form.querySelector('[data-command="record.delete"]')!;
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(remove.textContent).toContain('Si possono eliminare solo ordini nuovi o annullati (stato attuale: «Completato»)');
  });

  it('shows lines with delivered and remaining quantities, totals, the quotation and the assignments', async () => {
    queryClient.setQueryData(recordKey('orders', ID), order);
    render(
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider identity={identity} signOut={signOut}>
            <IntlProvider locale="it" messages={messages}>
              <TabIdContext.Provider value="orders-tab"><OrderDetail id={ID} /></TabIdContext.Provider>
            </IntlProvider>
          </SessionProvider>
        </QueryClientProvider>
      </Provider>,
    );
    const form = await screen.findByRole('form', { name: /ORD-2026-00042/ });
    const rows = within(form).getAllByRole('row').filter((row) => row.hasAttribute('data-line'));
    expect(rows).toHaveLength(2);
    const cell = (row: number, column: string) => rows[row]!.querySelector(`[data-column="${column}"]`)?.textContent;
    expect([cell(0, 'delivered'), cell(0, 'remaining'), cell(0, 'net')]).toEqual(['4', '6', '720,00\u00a0€']);
    expect(form.querySelector('[data-total="totalNetPrice"] dd')?.textContent).toBe('739,99\u00a0€');
    expect(within(form).getByRole('link', { name: /Preventivo di origine/ }).getAttribute('href')).toBe(`/marketing/quotations/detail/${QUOTATION}`);
    expect(within(form).getByRole('heading', { name: 'Incarichi dell’ordine' })).toBeTruthy();
    expect(form.querySelector(`a[href$="${ASSIGNMENT}"]`)).not.toBeNull();

    // A quantity typed the Italian way reaches the line (remaining follows); the stored delivered quantity does not move.
    const ordered = within(form).getByRole('textbox', { name: 'Quantità ordinata della riga 1' });
    await act(async () => fireEvent.change(ordered, { target: { value: '12,5' } }));
    expect(cell(0, 'remaining')).toBe('8,5');
    expect(cell(0, 'delivered')).toBe('4');

    // «Aggiungi riga» is the registry's command (r l) shown as a button: a new line, its product picker focused.
    const add = within(form).getByRole('button', { name: /Aggiungi riga/ });
    expect(add.querySelector('kbd')?.textContent).toBe('R L');
    await act(async () => fireEvent.click(add));
    const added = form.querySelector('tr[data-line="2"]');
    expect(added).not.toBeNull();
    expect(document.activeElement).toBe(added!.querySelector('input'));
  });
});
