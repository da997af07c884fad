// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { queryClient } from '../api/query-client.ts';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import { ReferencePicker, rankByTyped } from './reference-picker.tsx';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
});

describe('reference picker ranking', () => {
  it('puts the options whose title starts with what was typed first, keeping the search order otherwise', () => {
    const found = [{ title: 'PARANCO-1E – Paranco elettrico' }, { title: 'CAR-EL-1E – Carrello elevatore' }, { title: 'CAR-EL-1D – Carrello elevatore' }];
    expect(rankByTyped(found, 'car-el-1e').map((o) => o.title.split(' ')[0])).toEqual(['CAR-EL-1E', 'PARANCO-1E', 'CAR-EL-1D']);
    expect(rankByTyped(found, ' ').map((o) => o.title.split(' ')[0])).toEqual(['PARANCO-1E', 'CAR-EL-1E', 'CAR-EL-1D']);
  });
});

describe('reference picker, left as it closes', () => {
  /** The timers still set once a picker, focused (and left, with `blur`), is gone with its screen. */
  const timersLeft = (blur: boolean) => {
    renderSignedIn(testIdentity, <ReferencePicker label="Cliente" target="customers" value={null} onChange={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Cliente' });
    fireEvent.focus(input);
    if (blur) fireEvent.blur(input);
    cleanup();
    const left = vi.getTimerCount();
    vi.clearAllTimers();
    return left;
  };

  it('a blur just before it goes leaves no reset waiting for a screen that is gone', () => {
    vi.useFakeTimers();
    // As many as without the blur (React's own): the blur's reset went with the picker.
    expect(timersLeft(true)).toBe(timersLeft(false));
  });
});
