import { describe, expect, it } from 'vitest';
import { filterTabs } from './tab-list.tsx';

const entry = (id: string, label: string) => ({ tab: { id, url: `/${id}` }, label });
const entries = [entry('a', 'Clienti · Aziende'), entry('b', 'Preventivi'), entry('c', 'PRV-2026-02374 – Mario Rossi'), entry('d', 'Anteprima PRV-2026-02374 – Mario Rossi')];

describe('tab list filter', () => {
  it('lists every tab in strip order without a search', () => {
    expect(filterTabs(entries, '  ').map((e) => e.tab.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('finds tabs by their title, best first', () => {
    expect(filterTabs(entries, 'aziende').map((e) => e.tab.id)).toEqual(['a']);
    expect(filterTabs(entries, 'anteprima').map((e) => e.tab.id)).toEqual(['d']);
    expect(filterTabs(entries, '02374').map((e) => e.tab.id).sort()).toEqual(['c', 'd']);
    expect(filterTabs(entries, 'zzz')).toEqual([]);
  });
});
