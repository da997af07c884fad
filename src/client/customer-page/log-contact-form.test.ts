import { describe, expect, it } from 'vitest';
import { instantOfItalian } from './log-contact-form.tsx';

describe('next call typed in Italian', () => {
  it('reads day and time on the user clock, a day alone at 9:00, and refuses what is not a real moment', () => {
    expect(instantOfItalian('25/11/2026 10:30')).toBe(new Date(2026, 10, 25, 10, 30).toISOString());
    expect(instantOfItalian(' 5.1.27 8.05 ')).toBe(new Date(2027, 0, 5, 8, 5).toISOString());
    expect(instantOfItalian('25-11-2026')).toBe(new Date(2026, 10, 25, 9, 0).toISOString());
    expect(instantOfItalian('')).toBeUndefined();
    expect(instantOfItalian('31/02/2026 10:00')).toBeNull();
    expect(instantOfItalian('25/11/2026 24:30')).toBeNull();
    expect(instantOfItalian('domani')).toBeNull();
  });
});
