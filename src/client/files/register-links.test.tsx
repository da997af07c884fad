// @vitest-environment jsdom
// The register's share links for an inspector (issue 26 §2): the customer's users make and revoke them;
// staff looking at the portal as those users see it (read-only) see the links, and can make none
// (issue 26 walk: «Crea il collegamento» was offered in the «sola lettura» view).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
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
});
