import { describe, expect, it } from 'vitest';
import { resolveScreen } from '../screens/screen-table.ts';
import { hasDarkThemeOf, themeChoiceOf } from './settings-screen.tsx';

describe('user settings screen', () => {
  it('is what /userSettings shows, not a grid of rows', () => {
    expect(resolveScreen('/userSettings')?.spec).toEqual({ screen: 'preferences' });
  });

  it('maps the theme setting to its three choices and back (absent: the system’s)', () => {
    for (const value of [undefined, true, false]) expect(hasDarkThemeOf(themeChoiceOf(value))).toBe(value);
    expect(themeChoiceOf(undefined)).toBe('system');
  });
});
