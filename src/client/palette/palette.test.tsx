// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { addCommands } from '../../../commands/registry.ts';
import { testIdentity } from '../../../commands/testing.ts';
import { queryClient } from '../api/query-client.ts';
import { paletteOpenAtom } from '../shell/ui-state.ts';
import { store } from '../store.ts';
import '../test-support/cmdk-jsdom.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
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
