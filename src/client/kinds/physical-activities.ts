/** Deadlines: the SPEC §7 `onlyExpiring` list filter (served by the server's custom filter). */
import type { KindModule } from './types.ts';

export const physicalActivities: KindModule = {
  type: 'physicalActivities',
  extraFilters: [{ group: 'filter', name: 'onlyExpiring', kind: 'boolean' }],
};
