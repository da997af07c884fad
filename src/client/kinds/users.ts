/** Users: the SPEC §7 `filter[moduleName]` list filter. */
import type { KindModule } from './types.ts';

export const users: KindModule = {
  type: 'users',
  extraFilters: [{ group: 'filter', name: 'moduleName', kind: 'modules' }],
};
