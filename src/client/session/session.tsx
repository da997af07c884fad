/**
 * The signed-in session for the rest of the app: the effective identity (the impersonated user while
 * impersonating, SPEC §4), its CASL ability (same rules as the server, to hide or disable), the real
 * identity, sign-out and impersonation start/stop (each reloads the page).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { atom } from 'jotai';
import { buildAbility, type AppAbility, type Identity } from '../../domain/ability.ts';
import { store } from '../store.ts';
import { readImpersonation, writeImpersonation } from './impersonation-state.ts';

export interface Session {
  identity: Identity;
  ability: AppAbility;
  signOut(): Promise<void>;
  startImpersonation(userId: string): void;
  stopImpersonation(): void;
  isImpersonating: boolean;
  realIdentity: Identity;
}

/** The session outside React (commands, loaders); null before sign-in. */
export const sessionAtom = atom<Session | null>(null);

const SessionContext = createContext<Session | null>(null);

export function startImpersonation(userId: string): void {
  writeImpersonation({ userId });
  window.location.reload();
}

export function stopImpersonation(): void {
  writeImpersonation(null);
  window.location.reload();
}

export function createSession(identity: Identity, signOut: () => Promise<void>): Session {
  const isImpersonating = Boolean(identity.isImpersonating) || (readImpersonation() !== null && identity.originalData !== undefined);
  return {
    identity,
    ability: buildAbility(identity.permissions),
    signOut,
    startImpersonation,
    stopImpersonation,
    isImpersonating,
    realIdentity: identity.originalData ?? identity,
  };
}

export function SessionProvider({ identity, signOut, children }: { identity: Identity; signOut: () => Promise<void>; children: ReactNode }) {
  const session = useMemo(() => {
    const value = createSession(identity, signOut);
    store.set(sessionAtom, value);
    return value;
  }, [identity, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The session when there is one (a form rendered outside the app, in a test, has none). */
export function useOptionalSession(): Session | undefined {
  return useContext(SessionContext) ?? undefined;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() outside <SessionProvider>');
  return session;
}
