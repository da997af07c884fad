// @vitest-environment jsdom
// The tab panel says which record its tab has published (`data-document`): the end-to-end tests press a
// record's keys once it is there, the signal that those keys act (they act on the published record).
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testIdentity } from '../../../commands/testing.ts';
import { store } from '../store.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { tabDocumentsAtom } from './tab-context.ts';
import { TabPanel } from './tab-panel.tsx';

afterEach(() => {
  cleanup();
  store.set(tabDocumentsAtom, {});
});

describe('tab panel', () => {
  it('marks the record its tab published, follows a change and clears it; another tab’s record is not its own', () => {
    const { container } = renderSignedIn(testIdentity, <TabPanel tabId="t1" url="/nessuna-pagina" visible labelledBy="tab-t1" />);
    const panel = container.querySelector<HTMLElement>('#panel-t1')!;
    expect(panel.dataset.document).toBeUndefined();
    act(() => store.set(tabDocumentsAtom, { t2: { type: 'orders', id: 'o1' } }));
    expect(panel.dataset.document).toBeUndefined();
    act(() => store.set(tabDocumentsAtom, { t1: { type: 'quotations', id: 'q1' } }));
    expect(panel.dataset.document).toBe('quotations/q1');
    act(() => store.set(tabDocumentsAtom, { t1: { type: 'quotations', id: 'q2' } }));
    expect(panel.dataset.document).toBe('quotations/q2');
    act(() => store.set(tabDocumentsAtom, {}));
    expect(panel.dataset.document).toBeUndefined();
  });
});
