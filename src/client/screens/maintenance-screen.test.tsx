// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { messages } from '../i18n/index.ts';
import { MAINTENANCE_RECHECK_MS, MaintenanceScreen, type MaintenanceState } from './maintenance-screen.tsx';

const show = (readState: () => Promise<MaintenanceState>) =>
  render(
    <IntlProvider locale="it" messages={messages}>
      <MaintenanceScreen readState={readState} />
    </IntlProvider>,
  );

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('MaintenanceScreen', () => {
  it('maintenance off: says the application is available and focuses a link back to the Dashboard', async () => {
    show(async () => ({ enabled: false }));
    const back = await screen.findByRole('link', { name: 'Torna al Cruscotto' });
    expect(back.getAttribute('href')).toBe('/dashboard');
    // Focused by an effect after the link is painted: on a busy machine the link can be found first.
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(screen.getByRole('heading').textContent).toBe('L’applicazione è disponibile');
    expect(screen.queryByText('Manutenzione in corso')).toBeNull();
  });

  it('maintenance on: the page stays as it is, with no link', async () => {
    show(async () => ({ enabled: true, message: 'Aggiornamento' }));
    expect((await screen.findByRole('heading')).textContent).toBe('Manutenzione in corso');
    expect(screen.getByText('Il servizio tornerà disponibile a breve.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the question failing keeps the maintenance text', async () => {
    show(async () => Promise.reject(new Error('offline')));
    expect((await screen.findByRole('heading')).textContent).toBe('Manutenzione in corso');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('while it is on it asks again, and offers the way back once it ends', async () => {
    vi.useFakeTimers();
    const readState = vi.fn<() => Promise<MaintenanceState>>().mockResolvedValueOnce({ enabled: true }).mockResolvedValue({ enabled: false });
    show(readState);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading').textContent).toBe('Manutenzione in corso');
    await act(async () => vi.advanceTimersByTimeAsync(MAINTENANCE_RECHECK_MS));
    expect(readState).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Torna al Cruscotto' })).toBeTruthy();
  });
});
