/** The pages shown before the workspace exists: signing in, signed out, sign-in failed. Italian, keyboard-first (the button gets focus). */
import { useEffect, useRef, type CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';

// Readable before the app's stylesheet matters: a centred card on the theme variables when present.
export const SCREEN_STYLE: CSSProperties = {
  maxWidth: '30rem',
  margin: '15vh auto 0',
  padding: '1.5rem 2rem',
  background: 'var(--surface, #fff)',
  color: 'var(--text, #1b1f24)',
  border: '1px solid var(--border, #d3d9e0)',
  borderRadius: '10px',
  font: '16px/1.5 system-ui, sans-serif',
};

/** `offline`: signing in waits for the network (it goes on by itself when the browser is online again). */
export type AuthScreenKind = 'loading' | 'logged-out' | 'cancelled' | 'failed' | 'config-failed' | 'offline';

export function AuthScreen({ kind, detail, onAction }: { kind: AuthScreenKind; detail?: string; onAction?: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [kind]);
  const action = kind === 'logged-out' || kind === 'failed' || kind === 'cancelled' ? 'auth.action.signIn' : kind === 'config-failed' ? 'auth.action.retry' : null;
  return (
    <main className="auth-screen" aria-live="polite" aria-busy={kind === 'loading'} data-auth-screen={kind} style={SCREEN_STYLE}>
      <h1>
        <FormattedMessage id={`auth.screen.${kind}.title`} />
      </h1>
      <p>
        <FormattedMessage id={`auth.screen.${kind}.text`} />
      </p>
      {detail ? (
        <p className="auth-screen-detail">
          <FormattedMessage id="auth.screen.detail" values={{ detail }} />
        </p>
      ) : null}
      {action && onAction ? (
        <button ref={button} type="button" onClick={onAction}>
          <FormattedMessage id={action} />
        </button>
      ) : null}
    </main>
  );
}
