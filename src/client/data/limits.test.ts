import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { limitsKey } from './limits.ts';
import { invalidateAfterWrite } from './records.ts';

describe('SPEC §9 limits in the client cache', () => {
  it('are read again after a report heading is written (here or, by its notice, elsewhere), not after other writes', async () => {
    const client = new QueryClient();
    client.setQueryData(limitsKey(), { reportHeadingsOverLimit: [] });
    await invalidateAfterWrite('customers', '00000000-0000-4000-8000-000000000001', [], undefined, client);
    expect(client.getQueryState(limitsKey())?.isInvalidated).toBe(false);
    await invalidateAfterWrite('reportHeadings', '00000000-0000-4000-8000-000000000002', [], undefined, client);
    expect(client.getQueryState(limitsKey())?.isInvalidated).toBe(true);
  });
});
