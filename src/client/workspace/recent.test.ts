import { describe, expect, it } from 'vitest';
import '../i18n/index.ts';
import { pushRecent, recentDetail } from './recent.ts';

describe('recent items', () => {
  it('say their screen by its Italian title from the route table, never by their path (issue 23 «Recenti» showing /dashboard)', () => {
    expect(recentDetail({ url: '/dashboard', title: 'Cruscotto' })).toBeUndefined();
    expect(recentDetail({ url: '/roles', title: 'Ruoli' })).toBeUndefined();
    expect(recentDetail({ url: '/marketing/quotations/detail/q1', title: 'PRV-2026-02374 – Mario Rossi' })).toBe('Preventivo');
    expect(recentDetail({ url: '/customers/c1/detail', title: 'Anagrafica · Officine Meccaniche Lombarde' })).toBe('Anagrafica del cliente');
    expect(recentDetail({ url: '/planning/calendar/fire?week=2026-11-23', title: 'Calendario – Antincendio' })).toBeUndefined();
    for (const url of ['/dashboard', '/roles', '/customers/c1/detail', '/nessuna/pagina']) expect(recentDetail({ url, title: 'X' }) ?? '').not.toContain('/');
  });

  it('keep one entry per URL, newest first', () => {
    const list = pushRecent(pushRecent([], { url: '/a', title: 'A' }), { url: '/b', title: 'B' });
    expect(pushRecent(list, { url: '/a', title: 'A2' })).toEqual([{ url: '/a', title: 'A2' }, { url: '/b', title: 'B' }]);
  });
});
