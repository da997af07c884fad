// @vitest-environment jsdom
// The date field: gg/mm/aaaa shown and typed, ↑/↓ a day, the stored value the API's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { messages } from '../../i18n/index.ts';
import { DateInput } from './date-input.tsx';

afterEach(cleanup);

function show(value: string | undefined, withTime = false) {
  const onValue = vi.fn();
  render(
    <IntlProvider locale="it" messages={messages}>
      <DateInput aria-label="Data" value={value} onValue={onValue} withTime={withTime} />
    </IntlProvider>,
  );
  return { input: screen.getByRole('textbox', { name: 'Data' }) as HTMLInputElement, onValue };
}

describe('DateInput', () => {
  it('shows gg/mm/aaaa, with that placeholder, and stores what is typed as YYYY-MM-DD', () => {
    const { input, onValue } = show('2026-11-28');
    expect(input.value).toBe('28/11/2026');
    expect(input.placeholder).toBe('gg/mm/aaaa');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '01/12/2026' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-12-01');
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(onValue).toHaveBeenLastCalledWith('31/02/2026');
    fireEvent.change(input, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(undefined);
  });

  it('moves a day with ↑/↓ and a month with Shift', () => {
    const { input, onValue } = show('2026-11-28');
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(onValue).toHaveBeenLastCalledWith('2026-11-29');
    expect(input.value).toBe('29/11/2026');
    fireEvent.keyDown(input, { key: 'ArrowDown', shiftKey: true });
    expect(onValue).toHaveBeenLastCalledWith('2026-10-28');
  });

  it('shows a date-time as gg/mm/aaaa hh:mm and offers no calendar when read-only', () => {
    const instant = new Date(2026, 10, 28, 9, 5).toISOString();
    render(
      <IntlProvider locale="it" messages={messages}>
        <DateInput aria-label="Inizio" value={instant} onValue={() => undefined} withTime readOnly />
      </IntlProvider>,
    );
    const input = screen.getByRole('textbox', { name: 'Inizio' }) as HTMLInputElement;
    expect(input.value).toBe('28/11/2026 09:05');
    expect(input.placeholder).toBe('gg/mm/aaaa hh:mm');
    expect(screen.queryByRole('button', { name: 'Apri il calendario' })).toBeNull();
  });
});
