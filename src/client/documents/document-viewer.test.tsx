// @vitest-environment jsdom
// The document preview: «Stampa PDF» and «Scarica PDF» stay «in preparazione» while the PDF is
// rendered, and are live in the same render that shows the PDF (they used to wait for some later,
// unrelated render, so they stayed disabled beside the PDF shown).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { loadRecordCommands } from '../../../commands/registry.ts';
import { transitionKeysOf } from '../kinds/index.ts';
import { previewUrl } from '../../../commands/documents.ts';
import { testIdentity } from '../../../commands/testing.ts';
import type { Entity } from '../../domain/entity.ts';
import { queryClient } from '../api/query-client.ts';
import { recordKey } from '../data/records.ts';
import { messages } from '../i18n/index.ts';
import { SessionProvider } from '../session/session.tsx';
import { store } from '../store.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { emptyWorkspace, workspaceAtom } from '../workspace/workspace-state.ts';
import DocumentViewer from './document-viewer.tsx';

const ID = '0b7d3c1e-8f55-4a38-9d0e-3c0a4a6f2b11';
const quotation = {
  id: ID,
  attributes: { code: 'PRV-2026-00042', date: '2026-11-27', state: 'draft' },
  metadata: { createdDateTime: '2026-11-27T08:00:00.000Z', lastUpdatedDateTime: '2026-11-27T08:00:00.000Z', isDeleted: false },
  relationships: { customerId: '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d' },
} as unknown as Entity;

// The server's PDF, answered when the test says so.
const pdf = vi.hoisted(() => ({ answer: (_blob: Blob) => undefined as void }));
vi.mock('../api/client.ts', () => ({
  api: { get: () => new Promise<Blob>((resolve) => (pdf.answer = resolve)) },
}));

const identity = { ...testIdentity, permissions: [{ action: 'manage', subject: 'all' }] };
const signOut = async () => undefined;

beforeAll(async () => {
  await loadRecordCommands(transitionKeysOf);
  URL.createObjectURL = vi.fn(() => 'blob:documento');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  store.set(workspaceAtom, emptyWorkspace);
});

describe('DocumentViewer', () => {
  it('offers «Stampa PDF» and «Scarica PDF» as soon as the PDF is shown', async () => {
    store.set(workspaceAtom, { ...emptyWorkspace, tabs: [{ id: 'preview-tab', url: previewUrl('quotations', ID) }], panes: ['preview-tab', undefined], usage: ['preview-tab'] });
    queryClient.setQueryData(recordKey('quotations', ID), quotation);
    render(
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider identity={identity} signOut={signOut}>
            <IntlProvider locale="it" messages={messages}>
              <TabIdContext.Provider value="preview-tab"><DocumentViewer type="quotations" id={ID} /></TabIdContext.Provider>
            </IntlProvider>
          </SessionProvider>
        </QueryClientProvider>
      </Provider>,
    );
    const print = () => screen.getByRole('button', { name: /Stampa PDF/ });
    const download = () => screen.getByRole('button', { name: /Scarica PDF/ });
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(print().getAttribute('aria-disabled')).toBe('true');
    expect(download().getAttribute('aria-disabled')).toBe('true');

    await act(async () => pdf.answer(new Blob(['%PDF-1.7'], { type: 'application/pdf' })));
    const frame = screen.getByTitle(/Documento PDF/);
    expect(frame.getAttribute('src')).toBe('blob:documento');
    expect(print().getAttribute('aria-disabled')).toBeNull();
    expect(download().getAttribute('aria-disabled')).toBeNull();
  });
});
