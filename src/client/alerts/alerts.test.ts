import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_AUTO_CLOSE_MS, alertsAtom, dismissAlert, pushAlert } from './alerts.ts';
import { store } from '../store.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const alert of store.get(alertsAtom)) dismissAlert(alert.id);
  vi.useRealTimers();
});

describe('alerts (SPEC §9)', () => {
  it('defaults to info and closes after 10 s', () => {
    expect(ALERT_AUTO_CLOSE_MS).toBe(10_000);
    const id = pushAlert({ content: 'Ciao' });
    expect(store.get(alertsAtom)).toEqual([expect.objectContaining({ id, type: 'info', content: 'Ciao' })]);
    vi.advanceTimersByTime(9_999);
    expect(store.get(alertsAtom)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get(alertsAtom)).toHaveLength(0);
  });

  it('replaces an alert with the same id in place and restarts its countdown', () => {
    pushAlert({ id: 'a', content: 'uno' });
    pushAlert({ id: 'b', content: 'due' });
    vi.advanceTimersByTime(6_000);
    pushAlert({ id: 'a', type: 'danger', title: 'Errore', content: 'tre' });
    expect(store.get(alertsAtom).map((a) => [a.id, a.content])).toEqual([
      ['a', 'tre'],
      ['b', 'due'],
    ]);
    vi.advanceTimersByTime(4_000);
    expect(store.get(alertsAtom).map((a) => a.id)).toEqual(['a']);
  });

  it('is dismissable, and autoClose false keeps it', () => {
    pushAlert({ id: 'k', content: 'resta', autoClose: false });
    vi.advanceTimersByTime(60_000);
    expect(store.get(alertsAtom)).toHaveLength(1);
    dismissAlert('k');
    expect(store.get(alertsAtom)).toHaveLength(0);
  });
});
