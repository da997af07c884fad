/**
 * Impersonation is remembered in localStorage (it survives the reload that starts it, SPEC §4) and
 * sent by the HTTP client as `X-Impersonation: {"userId":"…"}` (SPEC §7).
 */
const KEY = 'backoffice.impersonation';

export interface Impersonation {
  userId: string;
}

export function readImpersonation(): Impersonation | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object' && typeof (value as Impersonation).userId === 'string' && (value as Impersonation).userId) {
      return { userId: (value as Impersonation).userId };
    }
  } catch {
    // Unreadable value: treat as not impersonating.
  }
  return null;
}

export function writeImpersonation(value: Impersonation | null): void {
  if (value) globalThis.localStorage?.setItem(KEY, JSON.stringify({ userId: value.userId }));
  else globalThis.localStorage?.removeItem(KEY);
}

/** The header value, or undefined when not impersonating. */
export function impersonationHeader(): string | undefined {
  const value = readImpersonation();
  return value ? JSON.stringify({ userId: value.userId }) : undefined;
}
