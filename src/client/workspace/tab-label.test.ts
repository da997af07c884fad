import { describe, expect, it } from 'vitest';
import { joinTitle, tabLabel } from './tab-label.ts';

describe('tab labels', () => {
  it('label a tab with its title, else its route title', () => {
    expect(tabLabel({ url: '/planning/calendar/fire' })).toBe('Calendario Antincendio');
    expect(tabLabel({ url: '/x', title: 'Mio' })).toBe('Mio');
  });

  it('say which variant of a route a screen title is, and that a record\'s PDF is its preview', () => {
    expect(tabLabel({ url: '/customers/company', title: 'Clienti' })).toBe('Clienti · Aziende');
    expect(tabLabel({ url: '/customers/person?sort=name', title: 'Clienti' })).toBe('Clienti · Privati');
    expect(tabLabel({ url: '/planning/physicalActivities', title: 'Scadenze' })).toBe('Scadenze');
    // A list titled by its kind takes its route's more specific title.
    expect(tabLabel({ url: '/marketing/customers', title: 'Clienti' })).toBe('Clienti marketing');
    // A title that already names its variant is left as it is.
    expect(tabLabel({ url: '/planning/calendar/fire', title: 'Calendario Antincendio' })).toBe('Calendario Antincendio');
    expect(tabLabel({ url: '/preview/quotations/q1', title: 'PRV-2026-02374 – Mario Rossi' })).toBe('Anteprima PRV-2026-02374 – Mario Rossi');
    expect(tabLabel({ url: '/marketing/quotations/detail/q1', title: 'PRV-2026-02374 – Mario Rossi' })).toBe('PRV-2026-02374 – Mario Rossi');
    // A record whose only tab is the preview route (a role) keeps its own title.
    expect(tabLabel({ url: '/preview/roles/r1', title: 'Amministrazione' })).toBe('Amministrazione');
  });

  it('say which page of a record a tab is, before the record\'s name, no word twice (issue 23 «titles collide»)', () => {
    const customer = 'Officine Meccaniche Lombarde';
    // Five pages of one customer: five titles.
    const pages = ['/customers/c1', '/marketing/customers/c1', '/planning/physicalActivities/fire/c1', '/customers/c1/fire/equipments', '/planning/commercialAgreements/c1'];
    const labels = pages.map((url) => tabLabel({ url, title: customer }));
    expect(labels).toEqual([
      customer,
      `CRM vendite · ${customer}`,
      `Scadenze Antincendio · ${customer}`,
      `Attrezzature Antincendio · ${customer}`,
      `Accordi commerciali · ${customer}`,
    ]);
    // The same page of two customers.
    expect(tabLabel({ url: '/planning/physicalActivities/fire/c2', title: 'Bizzarri Edoardo & C. Sas' })).toBe('Scadenze Antincendio · Bizzarri Edoardo & C. Sas');
    // A list filtered by module does not say the module twice.
    expect(tabLabel({ url: '/customers/c1/equip/equipments', title: customer })).toBe(`Attrezzature · ${customer}`);
    expect(tabLabel({ url: '/planning/calendar/fire', title: 'Calendario antincendio' })).toBe('Calendario antincendio');
    expect(tabLabel({ url: '/planning/calendar/fire', title: 'Calendario – Antincendio' })).toBe('Calendario – Antincendio');
    // The customer page says the section it shows («Anagrafica», «Sedi»), with joinTitle: the route adds nothing.
    expect(tabLabel({ url: '/customers/c1/detail', title: joinTitle(['Anagrafica'], customer) })).toBe(`Anagrafica · ${customer}`);
    expect(tabLabel({ url: '/customers/c1', title: joinTitle(['Sedi'], customer) })).toBe(`Sedi · ${customer}`);
    // A page reopened from «Recenti» with its whole label as title is not said twice.
    expect(tabLabel({ url: '/planning/physicalActivities/fire/c1', title: `Scadenze Antincendio · ${customer}` })).toBe(`Scadenze Antincendio · ${customer}`);
    // Until the list has read its customer, the route's title.
    expect(tabLabel({ url: '/planning/physicalActivities/fire/c1' })).toBe('Scadenze del cliente (Antincendio)');
  });

  it('join a name and the route\'s words, each word once', () => {
    expect(joinTitle(['Scadenze Antincendio'], 'Officine')).toBe('Scadenze Antincendio · Officine');
    expect(joinTitle(['Attrezzature Attrezzature'], 'Officine')).toBe('Attrezzature · Officine');
    expect(joinTitle([], 'Calendario – Antincendio', ['Antincendio'])).toBe('Calendario – Antincendio');
    expect(joinTitle(['Calendario – Antincendio'], 'Antincendio Srl')).toBe('Calendario · Antincendio Srl');
    expect(joinTitle([], 'Clienti', ['Aziende'])).toBe('Clienti · Aziende');
  });
});
