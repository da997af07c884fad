/**
 * Training sites: below a site, its rooms and its training equipment, each an embedded grid whose
 * "Nuovo" presets the site (issue 12 "Training sites show their rooms and equipment").
 */
import { createElement } from 'react';
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const RowsBelow = lazyComponent(async () => ({ default: (await import('../screens/form-screen.tsx')).RowsBelow }));

/** The kinds listed under a site, by the relationship that names it. */
export const siteContents = ['trainingRooms', 'trainingEquipments'] as const;

export const trainingSites: KindModule = {
  type: 'trainingSites',
  screen: {
    below: ({ id }) => createElement('div', { className: 'training-site-contents' },
      ...siteContents.map((type) => createElement(RowsBelow, { key: type, type, fixed: { 'filter[trainingSiteId]': id } }))),
  },
};
