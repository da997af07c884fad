/** The pages shown before the workspace exists: signing in, signed out, sign-in failed. Italian, keyboard-first (the button gets focus). */
import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';

export type AuthScreenKind = 'loading' | 'logged-out' | 'failed' | 'config-failed';

export function AuthScreen({ kind, detail, onAction }: { kind: AuthScreenKind; detail?: string; onAction?: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [kind]);
  const action = kind === 'logged-out' || kind === 'failed' ? 'auth.action.signIn' : kind === 'config-failed' ? 'auth.action.retry' : null;
  return (
    <main className="auth-screen" aria-live="polite" aria-busy={kind === 'loading'} data-auth-screen={kind}>
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
