import { describe, expect, it } from 'vitest';
import { rankByTyped } from './reference-picker.tsx';

describe('reference picker ranking', () => {
  it('puts the options whose title starts with what was typed first, keeping the search order otherwise', () => {
    const found = [{ title: 'PARANCO-1E – Paranco elettrico' }, { title: 'CAR-EL-1E – Carrello elevatore' }, { title: 'CAR-EL-1D – Carrello elevatore' }];
    expect(rankByTyped(found, 'car-el-1e').map((o) => o.title.split(' ')[0])).toEqual(['CAR-EL-1E', 'PARANCO-1E', 'CAR-EL-1D']);
    expect(rankByTyped(found, ' ').map((o) => o.title.split(' ')[0])).toEqual(['PARANCO-1E', 'CAR-EL-1E', 'CAR-EL-1D']);
  });
});
