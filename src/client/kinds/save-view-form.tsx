/** The dialog body of "Salva vista": the view's name and the roles to share it with (loaded when a view is saved). */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiProblem } from '../api/http.ts';
import { listKey, records } from '../data/index.ts';
import { useSession } from '../session/session.tsx';
import { SAVED_VIEWS_TYPE } from './saved-views.ts';

export interface FormProps {
  view: { path: string; query: string };
  identity: { id: string; roles: { id: string; name: string }[] };
  close(result?: string): void;
}

export function SaveViewForm({ view, identity, close }: FormProps) {
  const intl = useIntl();
  const { ability } = useSession();
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // Every role when the user may read them; else the user's own (a view is shared with colleagues).
  const canReadRoles = ability.can('read', 'role');
  const rolesQuery = { 'page[size]': 100, sort: 'name' } as const;
  const allRoles = useQuery({
    queryKey: listKey('roles', rolesQuery),
    queryFn: ({ signal }) => records.list('roles', rolesQuery, signal),
    enabled: canReadRoles,
  });
  const roles = canReadRoles && allRoles.data ? allRoles.data.data.map((role) => ({ id: role.id, name: String(role.attributes.name ?? '') })) : identity.roles;
  const url = view.query ? `${view.path}?${view.query}` : view.path;

  const submit = async () => {
    if (!name.trim()) {
      setError(intl.formatMessage({ id: 'kinds.views.nameRequired' }));
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      await records.create(SAVED_VIEWS_TYPE, { attributes: { name: name.trim(), path: view.path, query: view.query }, relationships: { userId: identity.id, sharedRoleIds: shared } }, { silent: true });
      close(name.trim());
    } catch (problem) {
      setError(problem instanceof ApiProblem ? (problem.errors[0]?.message ?? problem.message) : String(problem));
      setSaving(false);
    }
  };

  return (
    <form
      className="save-view-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="save-view-url">
        <FormattedMessage id="kinds.views.dialog.hint" values={{ url: <code>{url}</code> }} />
      </p>
      <label htmlFor={nameId}>
        <FormattedMessage id="kinds.views.dialog.name" />
      </label>
      <input
        id={nameId}
        data-autofocus
        name="name"
        autoComplete="off"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <fieldset className="save-view-roles">
        <legend>
          <FormattedMessage id="kinds.views.dialog.share" />
        </legend>
        {roles.length === 0 && <p><FormattedMessage id="kinds.views.dialog.noRoles" /></p>}
        {roles.map((role) => (
          <label key={role.id}>
            <input
              type="checkbox"
              checked={shared.includes(role.id)}
              onChange={(event) => setShared(event.target.checked ? [...shared, role.id] : shared.filter((id) => id !== role.id))}
            />{' '}
            {role.name}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={() => close(undefined)}>
          <FormattedMessage id="kinds.views.dialog.cancel" />
        </button>
        <button type="submit" className="primary" disabled={saving}>
          <FormattedMessage id={saving ? 'kinds.views.dialog.saving' : 'kinds.views.dialog.confirm'} />
        </button>
      </div>
    </form>
  );
}
