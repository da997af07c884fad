import { describe, expect, it } from 'vitest';
import { groupItems, rankItems, type PaletteItem } from './palette-items.ts';

const item = (id: string, title: string, extra: Partial<PaletteItem> = {}): PaletteItem => ({ id, title, group: extra.group ?? 'Vai a', run: () => undefined, ...extra });

describe('palette ranking', () => {
  const items = [item('a', 'Preventivi'), item('b', 'Ordini'), item('c', 'Scadenze', { keywords: ['Scadenziario'] }), item('t', 'Emetti', { pinned: true, group: 'Documento attivo' })];

  it('keeps the given order without a search, up to the limit', () => {
    expect(rankItems(items, '', 2).map((i) => i.id)).toEqual(['a', 'b']);
    expect(rankItems(Array.from({ length: 100 }, (_, i) => item(`x${i}`, `X ${i}`)), '')).toHaveLength(25);
  });

  it('matches titles and keywords fuzzily, the active document first', () => {
    expect(rankItems(items, 'prev').map((i) => i.id)).toEqual(['a']);
    expect(rankItems(items, 'scadenziario').map((i) => i.id)).toEqual(['c']);
    expect(rankItems([...items, item('e2', 'Emetti fattura')], 'emetti')[0]!.id).toBe('t');
  });

  it('leaves out letters merely found in order far apart, keeps abbreviations', () => {
    const pages = [item('med', 'Calendario Medicina del lavoro', { keywords: ['Calendario', 'med', 'visite mediche', 'idoneità'] }), item('cal', 'Calendario')];
    expect(rankItems(pages, 'Anomalie')).toEqual([]);
    // Not a pinned command either: the board's «Assegna a …» was offered, selected, for «Anomalie», and Enter assigned.
    expect(rankItems([item('assign', 'Assegna a Emanuele Acquistapace', { pinned: true, keywords: ['assegna', 'operatore', 'tecnico', 'Emanuele Acquistapace'] })], 'Anomalie')).toEqual([]);
    expect(rankItems(pages, 'cln').map((i) => i.id)).toContain('cal');
  });

  it('shows server-filtered records as they came', () => {
    expect(rankItems([item('r', 'Rossi Spa', { prefiltered: true })], 'xyz').map((i) => i.id)).toEqual(['r']);
    // Among the server's records, the one named as typed comes first, then those beginning with it (shorter first).
    const found = [
      item('rho', 'Agripack Srl – Filiale di Rho', { prefiltered: true }),
      item('other', 'Logistica Agripack', { prefiltered: true }),
      item('pavia', 'Agripack Srl – Pavia', { prefiltered: true }),
      item('customer', 'Agripack Srl', { prefiltered: true }),
    ];
    expect(rankItems(found, 'agripack srl ').map((i) => i.id)).toEqual(['customer', 'pavia', 'rho', 'other']);
  });

  it('groups in order of first appearance', () => {
    expect(groupItems(items).map(([group]) => group)).toEqual(['Vai a', 'Documento attivo']);
  });
});
