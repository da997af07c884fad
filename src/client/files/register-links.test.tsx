// @vitest-environment jsdom
// The register's share links for an inspector (issue 26 §2): the customer's users make and revoke them;
// staff looking at the portal as those users see it (read-only) see the links, and can make none
// (issue 26 walk: «Crea il collegamento» was offered in the «sola lettura» view).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { api } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { addMessages } from '../i18n/index.ts';
import fileMessages from '../i18n/messages/files.ts';
import { RegisterLinks } from './register-links.tsx';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

addMessages(fileMessages);

const CUSTOMER = '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d';
const link = { id: 'l1', label: 'ASL Milano', createdDateTime: '2026-11-20T08:00:00.000Z', expiresDateTime: '2026-12-04T08:00:00.000Z', accesses: 2, lastAccessDateTime: null, revokedDateTime: null, active: true };

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

function show(readOnly: boolean) {
  queryClient.setQueryData(['registerLinks', CUSTOMER], [link]);
  renderSignedIn(testIdentity, <RegisterLinks customerId={CUSTOMER} readOnly={readOnly} />);
  return within(screen.getByRole('table'));
}

describe('RegisterLinks', () => {
  it('lets the customer’s users make a link and revoke an active one', () => {
    const table = show(false);
    expect(screen.getByRole('button', { name: 'Crea il collegamento' })).toBeTruthy();
    expect(table.getByRole('button', { name: 'Revoca il collegamento «ASL Milano»' })).toBeTruthy();
  });

  it('read-only: lists the links with their state, and offers nothing to make or revoke', () => {
    const table = show(true);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(table.getByRole('row', { name: /ASL Milano.*Attivo/ })).toBeTruthy();
  });

  it('moves the focus to the link made, then to the row’s new state once revoked (it fell to <body>: the buttons are disabled while they work)', async () => {
    type Listed = Omit<typeof link, 'revokedDateTime'> & { revokedDateTime: string | null; url?: string };
    let listed: Listed[] = [link];
    const made: Listed = { ...link, id: 'l2', label: 'Ispezione VVF dicembre', accesses: 0, url: 'http://localhost/registro/JG9JTy' };
    vi.spyOn(api, 'get').mockImplementation(async () => ({ data: listed }) as never);
    vi.spyOn(api, 'post').mockImplementation(async () => {
      listed = [made, link];
      return { data: made } as never;
    });
    vi.spyOn(api, 'delete').mockImplementation(async () => {
      listed = [{ ...made, url: undefined }, { ...link, active: false, revokedDateTime: '2026-11-29T15:45:00.000Z' }];
      return undefined as never;
    });
    show(false);
    const create = screen.getByRole('button', { name: 'Crea il collegamento' });
    create.focus();
    fireEvent.click(create);
    const field = await screen.findByDisplayValue(made.url!);
    await waitFor(() => expect(document.activeElement).toBe(field));

    const revoke = screen.getByRole('button', { name: 'Revoca il collegamento «ASL Milano»' });
    revoke.focus();
    fireEvent.click(revoke);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Revocato'));
    expect(document.activeElement?.closest('tr')?.getAttribute('data-link')).toBe(link.id);
  });
});
