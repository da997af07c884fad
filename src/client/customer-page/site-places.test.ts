import { describe, expect, it } from 'vitest';
import { sitePlace, sitePlaces } from './site-places.ts';

const site = (id: string, name: string, office: Record<string, unknown>) => ({
  id,
  attributes: { parentId: 'head', registry: { businessName: name, address: 'Via Roma 1', zipCode: '20100', city: 'Milano', province: 'MI' }, registeredOffice: office },
  metadata: { displayName: name },
});

describe('the sites of the map', () => {
  it('places a site by its registered office coordinates, named and addressed as its page shows it', () => {
    expect(sitePlace(site('a', 'Rossi – Sede di Monza', { completeAddress: 'Via Italia 3, 20900 Monza (MB)', latitude: 45.58, longitude: 9.27 }))).toEqual({
      id: 'a', name: 'Rossi – Sede di Monza', address: 'Via Italia 3, 20900 Monza (MB)', href: '/customers/a', latitude: 45.58, longitude: 9.27,
    });
  });

  it('lists apart, by name, the sites without both coordinates (the registry address standing in)', () => {
    const { placed, unplaced } = sitePlaces([
      site('c', 'Zeta – Magazzino', { latitude: 45.1 }),
      site('b', 'Beta – Filiale', { latitude: 41.9, longitude: 12.5 }),
      site('d', 'Alfa – Deposito', { latitude: 95, longitude: 9 }),
      site('e', 'Gamma – Sede', { latitude: 40.85, longitude: 14.27 }),
    ]);
    expect(placed.map((p) => p.id)).toEqual(['b', 'e']);
    expect(unplaced.map((p) => [p.id, p.address])).toEqual([['d', 'Via Roma 1, 20100 Milano (MI)'], ['c', 'Via Roma 1, 20100 Milano (MI)']]);
  });
});
