import { describe, expect, it } from 'vitest';
import { canonicalSequence, formatSequence, isReservedSequence, matchSequence, parseSequence, pressMatches } from './keys.ts';

const event = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}, code?: string) => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('key notation', () => {
  it('parses $mod per platform', () => {
    expect(parseSequence('$mod+k', false)[0]).toMatchObject({ key: 'k', ctrl: true, meta: false });
    expect(parseSequence('$mod+k', true)[0]).toMatchObject({ key: 'k', ctrl: false, meta: true });
    expect(() => parseSequence('Hyper+k', false)).toThrow();
  });

  it('matches letters case-insensitively, with exact modifiers', () => {
    const [press] = parseSequence('Alt+w', false);
    expect(pressMatches(press!, event('w', { altKey: true }))).toBe(true);
    expect(pressMatches(press!, event('W', { altKey: true, shiftKey: true }))).toBe(false);
    expect(pressMatches(press!, event('w', { altKey: true, ctrlKey: true }))).toBe(false);
    // Alt changes the character on some layouts: the physical key still matches.
    expect(pressMatches(press!, event('∑', { altKey: true }, 'KeyW'))).toBe(true);
    expect(pressMatches(parseSequence('Alt+1', false)[0]!, event('¡', { altKey: true }, 'Digit1'))).toBe(true);
  });

  it('treats Shift as part of typing a symbol', () => {
    expect(pressMatches(parseSequence('?', false)[0]!, event('?', { shiftKey: true }))).toBe(true);
  });

  it('matches sequences press by press', () => {
    const sequence = parseSequence('g q', false);
    expect(matchSequence(sequence, [event('g')])).toBe('partial');
    expect(matchSequence(sequence, [event('g'), event('q')])).toBe('full');
    expect(matchSequence(sequence, [event('g'), event('x')])).toBe('none');
  });

  it('spells sequences one way and knows the browser-reserved keys', () => {
    expect(canonicalSequence('Shift+Alt+K', false)).toBe('Alt+Shift+k');
    expect(isReservedSequence('Control+w')).toBe(true);
    expect(isReservedSequence('Ctrl+Tab')).toBe(true);
    expect(isReservedSequence('Alt+w')).toBe(false);
    expect(formatSequence('$mod+k', false)).toBe('Ctrl+K');
    expect(formatSequence('g q', false)).toBe('G Q');
  });
});

describe('aria-keyshortcuts', () => {
  it('names one-press keys per platform and leaves sequences out', async () => {
    const { ariaKeyShortcuts } = await import('./keys.ts');
    expect(ariaKeyShortcuts('$mod+s', false)).toBe('Control+S');
    expect(ariaKeyShortcuts('$mod+s', true)).toBe('Meta+S');
    expect(ariaKeyShortcuts('Alt+Shift+PageDown', false)).toBe('Alt+Shift+PageDown');
    expect(ariaKeyShortcuts('t z', false)).toBeUndefined();
  });
});
