// @vitest-environment jsdom
// A reference shows its record's name, and never a placeholder that stays: a kind the reader may not
// read is «non visibile» without asking the server (a customer user's employee names a job), a row the
// list does not answer is «non visibile» too, and staff who may not read users see their colleagues'
// names from the staff names (a sales manager's quotation names its salesman).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import type { Identity } from '../../domain/ability.ts';
import { findKind } from '../../domain/kinds.ts';
import { api } from '../api/client.ts';
import { queryClient } from '../api/query-client.ts';
import { records } from '../data/index.ts';
import { useEntityTitle } from './references.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

const SALESMAN = '3f2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const JOB = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

function Title({ type, id }: { type: string; id: string }) {
  return <span data-testid={`${type}:${id}`}>{useEntityTitle(type, id)}</span>;
}

function show(identity: Identity, refs: [string, string][]) {
  renderSignedIn(identity, refs.map(([type, id]) => <Title key={`${type}:${id}`} type={type} id={id} />));
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('useEntityTitle', () => {
  it('says «non visibile» for a kind the reader may not read, without asking', async () => {
    const list = vi.spyOn(records, 'list');
    const get = vi.spyOn(api, 'get');
    const customerUser: Identity = { ...testIdentity, userType: 'customer', permissions: [{ action: 'read', subject: 'employee' }] };
    show(customerUser, [['jobs', JOB], ['users', SALESMAN]]);
    expect((await screen.findByTestId(`jobs:${JOB}`)).textContent).toBe('non visibile');
    expect(screen.getByTestId(`users:${SALESMAN}`).textContent).toBe('non visibile');
    expect(list).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
  });

  it('names a colleague from the staff names for staff who may not read users, in one request', async () => {
    const other = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const get = vi.spyOn(api, 'get').mockResolvedValue({ data: [{ id: SALESMAN, displayName: 'Marco Bianchi' }] } as never);
    const manager: Identity = { ...testIdentity, permissions: [{ action: 'read', subject: 'quotation' }] };
    show(manager, [['users', SALESMAN], ['users', other]]);
    await vi.waitFor(() => expect(screen.getByTestId(`users:${SALESMAN}`).textContent).toBe('Marco Bianchi'));
    // A user the staff names leave out (a customer's user) is not visible, not a lasting «…».
    await vi.waitFor(() => expect(screen.getByTestId(`users:${other}`).textContent).toBe('non visibile'));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![0]).toBe(`/users/names?ids=${SALESMAN},${other}`);
  });

  it('says «non visibile» for a row of a readable kind that the list does not answer', async () => {
    vi.spyOn(records, 'list').mockResolvedValue({ data: [], meta: { total: 0 } } as never);
    const staff: Identity = { ...testIdentity, permissions: [{ action: 'read', subject: findKind('jobs')!.subject }] };
    show(staff, [['jobs', JOB]]);
    expect(screen.getByTestId(`jobs:${JOB}`).textContent).toBe('');
    await vi.waitFor(() => expect(screen.getByTestId(`jobs:${JOB}`).textContent).toBe('non visibile'));
  });
});
