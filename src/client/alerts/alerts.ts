/**
 * The alert stack of SPEC §2 (bottom middle) and §9 (auto-close 10 000 ms, default type info,
 * dismissable). Lives in the jotai store so the HTTP client and other non-React code can push.
 */
import { atom } from 'jotai';
import { store } from '../store.ts';

export type AlertType = 'info' | 'success' | 'warning' | 'danger';

export interface Alert {
  id: string;
  type: AlertType;
  title?: string;
  content: string;
  createdAt: number;
}

export interface AlertInput {
  /** Same id replaces the alert already shown (e.g. one alert per problem type). Generated when absent. */
  id?: string;
  type?: AlertType;
  title?: string;
  content: string;
  /** Milliseconds before it closes by itself; `false` keeps it until dismissed. Default SPEC §9. */
  autoClose?: number | false;
}

export const ALERT_AUTO_CLOSE_MS = 10_000;

export const alertsAtom = atom<Alert[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export function pushAlert(input: AlertInput): string {
  const id = input.id ?? `alert-${Date.now()}-${++counter}`;
  const alert: Alert = { id, type: input.type ?? 'info', content: input.content, createdAt: Date.now() };
  if (input.title !== undefined) alert.title = input.title;
  store.set(alertsAtom, (alerts) => {
    const index = alerts.findIndex((a) => a.id === id);
    if (index < 0) return [...alerts, alert];
    const next = alerts.slice();
    next[index] = alert;
    return next;
  });
  // A replaced alert restarts its countdown.
  clearTimeout(timers.get(id));
  timers.delete(id);
  const autoClose = input.autoClose ?? ALERT_AUTO_CLOSE_MS;
  if (autoClose !== false) timers.set(id, setTimeout(() => dismissAlert(id), autoClose));
  return id;
}

export function dismissAlert(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  store.set(alertsAtom, (alerts) => (alerts.some((a) => a.id === id) ? alerts.filter((a) => a.id !== id) : alerts));
}
