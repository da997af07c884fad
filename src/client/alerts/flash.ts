/** Alerts that must survive a reload (impersonation start/stop, failed sign-in): kept in sessionStorage until the next boot shows them. */
import { pushAlert, type AlertInput } from './alerts.ts';

const KEY = 'backoffice.flashAlerts';

export function flashAlert(alert: AlertInput): void {
  const pending = readPending();
  pending.push(alert);
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function showFlashAlerts(): void {
  const pending = readPending();
  sessionStorage.removeItem(KEY);
  for (const alert of pending) pushAlert(alert);
}

function readPending(): AlertInput[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as AlertInput[]) : [];
  } catch {
    return [];
  }
}
