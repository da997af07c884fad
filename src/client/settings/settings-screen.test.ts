import { describe, expect, it } from 'vitest';
import { kindList } from '../../domain/kinds.ts';
import { modules } from '../../domain/enums.ts';
import { resolveScreen, screenOfRoute } from '../screens/screen-table.ts';
import { gridName, hasDarkThemeOf, moduleNames, tabLimitChoice, tabLimitLabel, themeChoiceOf } from './settings-screen.tsx';

describe('user settings screen', () => {
  it('is what /userSettings shows, not a grid of rows', () => {
    expect(resolveScreen('/userSettings')?.spec).toEqual({ screen: 'preferences' });
  });

  it('maps the theme setting to its three choices and back (absent: the system’s)', () => {
    for (const value of [undefined, true, false]) expect(hasDarkThemeOf(themeChoiceOf(value))).toBe(value);
    expect(themeChoiceOf(undefined)).toBe('system');
  });

  it('names the user’s modules in Italian, not by their codes (portal, fire…)', () => {
    expect(moduleNames(['portal', 'fire', 'med'])).toBe('Portale, Antincendio, Medicina del lavoro');
    for (const module of modules) expect(moduleNames([module])).not.toBe(module);
  });

  it('names every grid whose columns a user may have chosen in Italian (customers → Clienti)', () => {
    expect(gridName('customers')).toBe('Clienti');
    expect(gridName('marketingCustomers')).toBe('Clienti marketing');
    expect(gridName('equipments.embedded')).toBe('Attrezzature (elenco in una scheda)');
    const screenGrids = Object.values(screenOfRoute).flatMap((spec) => (typeof spec === 'object' && spec.screen === 'grid' && spec.gridId ? [spec.gridId] : []));
    expect(screenGrids.length).toBeGreaterThan(0);
    const ids = [...kindList.flatMap((kind) => [kind.type, `${kind.type}.embedded`]), ...screenGrids];
    expect(ids.filter((id) => gridName(id) === id || gridName(id).includes('.'))).toEqual([]);
  });

  it('offers «Schede aperte al massimo» as «Nessun limite», 20, 30, 50, each saved as the schema’s number', () => {
    expect([0, 20, 30, 50].map(tabLimitLabel)).toEqual(['Nessun limite', '20', '30', '50']);
    expect(['0', '20', '30', '50'].map(tabLimitChoice)).toEqual([0, 20, 30, 50]);
    expect(tabLimitChoice('25')).toBe(50);
  });
});
