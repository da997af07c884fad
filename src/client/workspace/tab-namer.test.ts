import { describe, expect, it } from 'vitest';
import { unnamedRecordOf } from './tab-namer.tsx';

const ID = '0a0a0a0a-0000-4000-8000-000000000001';

describe('tabs named by their record', () => {
  it('names a record\'s own page not named yet, nothing else', () => {
    expect(unnamedRecordOf({ url: `/customers/${ID}` })).toEqual({ type: 'customers', id: ID });
    expect(unnamedRecordOf({ url: `/marketing/quotations/detail/${ID}` })).toEqual({ type: 'quotations', id: ID });
    // Named already (its screen, or the grid that opened it), a list, a new record: left as they are.
    expect(unnamedRecordOf({ url: `/customers/${ID}`, title: 'Officine Meccaniche Lombarde Srl' })).toBeUndefined();
    expect(unnamedRecordOf({ url: '/customers/company' })).toBeUndefined();
    expect(unnamedRecordOf({ url: '/marketing/quotations/detail/new' })).toBeUndefined();
  });
});
