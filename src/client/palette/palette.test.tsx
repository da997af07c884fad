// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { addCommands } from '../../../commands/registry.ts';
import { testIdentity } from '../../../commands/testing.ts';
import { queryClient } from '../api/query-client.ts';
import { paletteOpenAtom } from '../shell/ui-state.ts';
import { store } from '../store.ts';
import '../test-support/cmdk-jsdom.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { startFakeApi, type Send } from '../test-support/fake-api-server.ts';
import Palette from './palette.tsx';


afterEach(() => {
  cleanup();
  store.set(paletteOpenAtom, false);
  queryClient.clear();
});

describe('Palette', () => {
  it('lists commands that join the registry while it is open (the modules load after sign-in)', async () => {
    store.set(paletteOpenAtom, true);
    renderSignedIn({ ...testIdentity, permissions: [{ action: 'read', subject: 'customers' }] }, <Palette />);
    // The list fills in after the dialog paints.
    await screen.findAllByRole('option');
    expect(screen.queryByText('Comando arrivato dopo')).toBeNull();
    act(() => addCommands([{ id: 'test.late', title: 'Comando arrivato dopo', group: 'Prova', run: () => undefined }]));
    expect(await screen.findByText('Comando arrivato dopo')).toBeTruthy();
  });
});

describe('Palette record search', () => {
  it('shows each kind\'s records as soon as it answers, while a slower kind is still searched', async () => {
    let answerQuotations: Send | undefined;
    const customer = { id: 'c1', attributes: { registry: { businessName: 'Alfa Impianti Srl' } }, relationships: {}, metadata: { displayName: 'Alfa Impianti Srl' } };
    const quotation = { id: 'q1', attributes: { code: 'PRV-2026-0001', title: 'Estintori Alfa' }, relationships: {}, metadata: {} };
    const fake = await startFakeApi((request, send) => {
      if (!request.url.includes('filter%5BfullText%5D=alfa') && !request.url.includes('filter[fullText]=alfa')) return send(200, { data: [], meta: { total: 0, page: { number: 1, size: 5 } } });
      if (request.path === '/api/customers') return send(200, { data: [customer], meta: { total: 1, page: { number: 1, size: 5 } } });
      if (request.path === '/api/quotations') answerQuotations = send;
      else send(200, { data: [], meta: { total: 0, page: { number: 1, size: 5 } } });
    });
    try {
      store.set(paletteOpenAtom, true);
      renderSignedIn({ ...testIdentity, permissions: [{ action: 'read', subject: 'customer' }, { action: 'read', subject: 'quotation' }] }, <Palette />);
      fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'alfa' } });
      expect(await screen.findByText('Alfa Impianti Srl', undefined, { timeout: 3_000 })).toBeTruthy();
      expect(screen.getByText('Ricerca dei record…')).toBeTruthy();
      expect(screen.queryByText(/PRV-2026-0001/)).toBeNull();
      await vi.waitFor(() => expect(answerQuotations).toBeDefined());
      act(() => answerQuotations!(200, { data: [quotation], meta: { total: 1, page: { number: 1, size: 5 } } }));
      expect(await screen.findByText(/PRV-2026-0001/)).toBeTruthy();
      await vi.waitFor(() => expect(screen.queryByText('Ricerca dei record…')).toBeNull());
    } finally {
      await fake.close();
    }
  });
});
