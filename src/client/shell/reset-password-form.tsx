/**
 * The body of the users' `resetPassword` action: a password to set, or none for a temporary one
 * the server generates (shown once after the action), and whether the user must change it at the
 * next sign-in. Checked with the same rules as the server before it is sent.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { PASSWORD_RULES, passwordIssues } from '../../domain/rules/passwords.ts';
import { addMessages } from '../i18n/index.ts';
import adminMessages from '../i18n/messages/admin.ts';
import type { ActionBodyFormProps } from './action-body-form-frame.tsx';
import { ActionBodyFormFrame } from './action-body-form-frame.tsx';

addMessages(adminMessages);

export function ResetPasswordForm({ request, close }: ActionBodyFormProps) {
  const intl = useIntl();
  const entity = request.entity as EntityJson;
  const email = String(entity.attributes.email ?? '');
  const [password, setPassword] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const passwordId = useId();
  const errorId = useId();
  const rulesId = useId();
  const submit = () => {
    const issue = password === '' ? undefined : passwordIssues(password, email)[0];
    if (issue) return setError(issue.message);
    const body = { ...(password ? { password } : {}), mustChange };
    const parsed = request.definition.body?.safeParse(body);
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    close(parsed ? parsed.data : body);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <p><FormattedMessage id="admin.resetPassword.intro" values={{ name: String(entity.attributes.displayName ?? email) }} /></p>
      <label htmlFor={passwordId}><FormattedMessage id="admin.resetPassword.password" /></label>
      <input
        id={passwordId}
        data-autofocus
        name="password"
        type="password"
        autoComplete="new-password"
        aria-describedby={error ? `${rulesId} ${errorId}` : rulesId}
        aria-invalid={error ? true : undefined}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
      />
      <p id={rulesId} className="form-hint">{intl.formatMessage({ id: 'admin.resetPassword.rules' }, { min: PASSWORD_RULES.minLength.value })}</p>
      <label>
        <input type="checkbox" name="mustChange" checked={mustChange} onChange={(event) => setMustChange(event.target.checked)} />{' '}
        <FormattedMessage id="admin.resetPassword.mustChange" />
      </label>
      {error && <p id={errorId} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}
