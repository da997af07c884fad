// @vitest-environment jsdom
// A record's files offer a drop zone only to whom may change the record: the API asks `update` on it
// for POST /api/media/uploads, so a reader (an Operatore on a customer) would fill it only to get 403.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import type { Identity } from '../../domain/ability.ts';
import type { Entity } from '../../domain/entity.ts';
import { queryClient } from '../api/query-client.ts';
import { recordKey } from '../data/index.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { fileFieldsOf, recordFilesOf } from './record-files.tsx';

const ID = '44444444-4444-4444-8444-444444444444';
const customer: Entity = {
  id: ID,
  attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl', isPerson: false } },
  relationships: {},
  metadata: { createdDateTime: '2026-01-01T00:00:00.000Z', lastUpdatedDateTime: 'v1', isDeleted: false, isArchived: false },
} as unknown as Entity;

afterEach(() => {
  cleanup();
  queryClient.clear();
});

function show(identity: Identity) {
  queryClient.setQueryData(recordKey('customers', ID), customer);
  const Files = recordFilesOf('customers');
  renderSignedIn(identity, <Files id={ID} />);
}

describe('record files', () => {
  it('the customer has file fields', () => {
    expect(fileFieldsOf('customers').length).toBeGreaterThan(0);
  });

  it('offers the drop zone to whom may change the record', async () => {
    show({ ...testIdentity, permissions: [{ action: 'manage', subject: 'all' }] } as Identity);
    expect((await screen.findAllByText(/Trascina qui/)).length).toBeGreaterThan(0);
  });

  it('shows no drop zone to a reader of the record', async () => {
    show({ ...testIdentity, permissions: [{ action: 'read', subject: 'all' }] } as Identity);
    await screen.findByRole('region');
    expect(screen.queryByText(/Trascina qui/)).toBeNull();
  });
});
