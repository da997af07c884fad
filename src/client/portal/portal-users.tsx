/**
 * The portal's «Utenti» (issue 26 §9): a customer's administrator sees its colleagues, invites one
 * (e-mail, name, the sites among its customer's head office and office locations, the modules among
 * those its customer and itself have), changes their sites and modules, disables or enables them,
 * and sends a new invitation to one who has not chosen a password yet. The server decides what may
 * be given (server/kinds/users.ts): the page only offers what it would accept. Staff see the list.
 */
import { useId, useState, type FormEvent } from 'react';
import { QueryOutcome } from './portal-table.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { listKey, records } from '../data/index.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/portal-users.ts';
import { useSession } from '../session/session.tsx';
import { useTabTitle } from '../workspace/tab-context.ts';
import { useCustomer, useSites } from './portal-data.ts';
import { moduleName } from './portal-texts.ts';

addMessages(messages);

const LIST_PARAMS = { sort: 'displayName', 'page[size]': '200' };

interface Site { id: string; label: string }

/** The text of a refusal: the first field's own message when there is one, else the problem's. */
function refusalOf(failure: unknown): string {
  if (!(failure instanceof ApiProblem)) throw failure;
  return problemText(failure);
}

export default function PortalUsers({ customerId, staffView }: { customerId: string; staffView: boolean }) {
  const intl = useIntl();
  const { identity } = useSession();
  const customer = useCustomer(customerId);
  const sitesQuery = useSites(customerId);
  const name = String(customer.data?.metadata.displayName ?? '');
  const title = intl.formatMessage({ id: 'portal.nav.users' });
  useTabTitle(intl.formatMessage({ id: 'portal.page.tabTitle' }, { page: title, customer: name }));
  const params = { ...LIST_PARAMS, 'filter[customerId]': customerId };
  // Silent: a refused list says so in its place (QueryOutcome), never as «Nessun altro utente».
  const list = useQuery({ queryKey: listKey('users', params), queryFn: ({ signal }) => records.list('users', params, signal, { silent: true }) });
  const [notice, setNotice] = useState<string | undefined>();
  const sites: Site[] = [
    { id: customerId, label: intl.formatMessage({ id: 'portalUsers.headOffice' }, { name }) },
    ...(sitesQuery.data?.data ?? []).map((site) => ({ id: site.id, label: String(site.metadata.displayName ?? site.id) })),
  ];
  const customerModules = (customer.data?.attributes.allowedModules as string[] | undefined) ?? [];
  const own = identity.allowedModules as readonly string[];
  const modules = customerModules.filter((module) => staffView || own.includes(module));
  return (
    <section className="portal portal-users" aria-labelledby="portal-users-title">
      <h1 id="portal-users-title" className="screen-title">{title} – {name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      <p role="status" className="portal-users-notice">{notice ?? ''}</p>
      {!staffView && customer.data && <InviteForm sites={sites} modules={modules} onDone={setNotice} />}
      <h2 id="portal-users-list"><FormattedMessage id="portalUsers.list" /></h2>
      <QueryOutcome query={list} messages={LIST_MESSAGES}>
        {(data) => <UserList rows={data.data} sites={sites} modules={modules} selfId={identity.id} staffView={staffView} onDone={setNotice} />}
      </QueryOutcome>
    </section>
  );
}

const LIST_MESSAGES = { failed: 'portalUsers.failed', loading: 'screens.loading' };

/** Check boxes for the sites and the modules, shared by the invitation and the change of a colleague. */
function Choices({ sites, modules, chosenSites, chosenModules, onSites, onModules, idPrefix }: {
  sites: readonly Site[]; modules: readonly string[]; chosenSites: readonly string[]; chosenModules: readonly string[];
  onSites(next: string[]): void; onModules(next: string[]): void; idPrefix: string;
}) {
  const intl = useIntl();
  const toggle = (list: readonly string[], value: string, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));
  return (
    <>
      <fieldset className="portal-choices">
        <legend><FormattedMessage id="portalUsers.sites" /></legend>
        {sites.map((site) => (
          <label key={site.id} htmlFor={`${idPrefix}-site-${site.id}`} className="portal-check">
            <input id={`${idPrefix}-site-${site.id}`} type="checkbox" checked={chosenSites.includes(site.id)} onChange={(event) => onSites(toggle(chosenSites, site.id, event.target.checked))} />
            {site.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="portal-choices portal-choices-inline">
        <legend><FormattedMessage id="portalUsers.modules" /></legend>
        {modules.map((module) => (
          <label key={module} htmlFor={`${idPrefix}-module-${module}`} className="portal-check">
            <input id={`${idPrefix}-module-${module}`} type="checkbox" checked={chosenModules.includes(module)} onChange={(event) => onModules(toggle(chosenModules, module, event.target.checked))} />
            {moduleName(intl, module)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

function InviteForm({ sites, modules, onDone }: { sites: readonly Site[]; modules: readonly string[]; onDone(notice: string): void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [chosenSites, setChosenSites] = useState<string[]>([]);
  const [chosenModules, setChosenModules] = useState<string[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), name: useId(), error: useId(), choices: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosenSites.length === 0) return setError(intl.formatMessage({ id: 'portalUsers.chooseSite' }));
    if (chosenModules.length === 0) return setError(intl.formatMessage({ id: 'portalUsers.chooseModule' }));
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post<{ data: Entity; meta: { mailSent: boolean; invitationExpiresDateTime: string } }>('/users/invitations', {
        email, displayName, officeLocationIds: chosenSites, allowedModules: chosenModules,
      }, { silent: true });
      const sentTo = String(answer.data.attributes.email);
      const hours = Math.round((Date.parse(answer.meta.invitationExpiresDateTime) - Date.now()) / 3_600_000);
      onDone(intl.formatMessage({ id: answer.meta.mailSent ? 'portalUsers.sent' : 'portalUsers.notSent' }, { email: sentTo, hours }));
      setEmail('');
      setDisplayName('');
      setChosenSites([]);
      setChosenModules([]);
      await queryClient.invalidateQueries({ queryKey: listKey('users') });
    } catch (failure) {
      setError(refusalOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="portal-form portal-users-invite" aria-labelledby="portal-users-invite" onSubmit={(event) => void submit(event)}>
      <h2 id="portal-users-invite"><FormattedMessage id="portalUsers.invite" /></h2>
      <p className="portal-hint"><FormattedMessage id="portalUsers.hint" /></p>
      <div className="portal-form-row">
        <div className="portal-field">
          <label htmlFor={ids.email}><FormattedMessage id="portalUsers.email" /></label>
          <input id={ids.email} type="email" required autoComplete="off" maxLength={320} value={email} onChange={(event) => setEmail(event.target.value)} aria-describedby={error ? ids.error : undefined} />
        </div>
        <div className="portal-field">
          <label htmlFor={ids.name}><FormattedMessage id="portalUsers.name" /></label>
          <input id={ids.name} type="text" required autoComplete="off" maxLength={200} value={displayName} onChange={(event) => setDisplayName(event.target.value)} />
        </div>
      </div>
      <Choices sites={sites} modules={modules} chosenSites={chosenSites} chosenModules={chosenModules} onSites={setChosenSites} onModules={setChosenModules} idPrefix={ids.choices} />
      {error && <p id={ids.error} className="form-error" role="alert">{error}</p>}
      <div className="portal-form-actions">
        <button type="submit" className="primary" disabled={busy || email.trim() === '' || displayName.trim() === ''}><FormattedMessage id="portalUsers.send" /></button>
      </div>
    </form>
  );
}

function UserList({ rows, sites, modules, selfId, staffView, onDone }: {
  rows: readonly Entity[]; sites: readonly Site[]; modules: readonly string[]; selfId: string; staffView: boolean; onDone(notice: string): void;
}) {
  const intl = useIntl();
  const [editing, setEditing] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const siteLabel = (id: string) => sites.find((site) => site.id === id)?.label ?? id;
  const nameOf = (user: Entity) => String(user.attributes.displayName ?? user.attributes.email);
  if (rows.length === 0) return <p><FormattedMessage id="portalUsers.none" /></p>;
  const run = async (work: () => Promise<string>) => {
    setError(undefined);
    try {
      onDone(await work());
    } catch (failure) {
      setError(refusalOf(failure));
    }
  };
  const toggleEnabled = (user: Entity) => run(async () => {
    const enabled = user.metadata.isEnabled !== false;
    await records.runAction('users', user, enabled ? 'disable' : 'enable', {}, { silent: true });
    return intl.formatMessage({ id: enabled ? 'portalUsers.disabledNotice' : 'portalUsers.enabledNotice' }, { name: nameOf(user) });
  });
  const resend = (user: Entity) => run(async () => {
    await api.post(`/users/${encodeURIComponent(user.id)}/invitation`, {}, { silent: true });
    return intl.formatMessage({ id: 'portalUsers.resent' }, { email: String(user.attributes.email) });
  });
  const edited = rows.find((row) => row.id === editing);
  return (
    <>
      {error && <p className="form-error" role="alert">{error}</p>}
      <table className="portal-table" aria-labelledby="portal-users-list">
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="portalUsers.col.name" /></th>
            <th scope="col"><FormattedMessage id="portalUsers.col.email" /></th>
            <th scope="col"><FormattedMessage id="portalUsers.col.sites" /></th>
            <th scope="col"><FormattedMessage id="portalUsers.col.modules" /></th>
            <th scope="col"><FormattedMessage id="portalUsers.col.state" /></th>
            {!staffView && <th scope="col"><FormattedMessage id="portalUsers.col.actions" /></th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((user) => {
            const self = user.id === selfId;
            const userSites = (user.relationships.officeLocationIds as string[] | undefined) ?? [];
            const enabled = user.metadata.isEnabled !== false;
            return (
              <tr key={user.id}>
                <td>{self ? intl.formatMessage({ id: 'portalUsers.you' }, { name: nameOf(user) }) : nameOf(user)}</td>
                <td>{String(user.attributes.email ?? '')}</td>
                <td>{userSites.length === 0 ? intl.formatMessage({ id: 'portalUsers.allSites' }) : userSites.map(siteLabel).join(', ')}</td>
                <td>{((user.attributes.allowedModules as string[] | undefined) ?? []).map((module) => moduleName(intl, module)).join(', ')}</td>
                <td><FormattedMessage id={enabled ? 'portalUsers.enabled' : 'portalUsers.disabled'} /></td>
                {!staffView && (
                  <td className="portal-users-actions">
                    {!self && (
                      <>
                        <button type="button" onClick={() => setEditing(user.id)}>{intl.formatMessage({ id: 'portalUsers.edit' }, { name: nameOf(user) })}</button>
                        <button type="button" onClick={() => void toggleEnabled(user)}>{intl.formatMessage({ id: enabled ? 'portalUsers.disable' : 'portalUsers.enable' }, { name: nameOf(user) })}</button>
                        {enabled && <button type="button" onClick={() => void resend(user)}>{intl.formatMessage({ id: 'portalUsers.resend' }, { name: nameOf(user) })}</button>}
                      </>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {edited && !staffView && (
        <EditUser key={edited.id} user={edited} name={nameOf(edited)} sites={sites} modules={modules} onClose={() => setEditing(undefined)}
          onSaved={(notice) => { setEditing(undefined); onDone(notice); }} />
      )}
    </>
  );
}

function EditUser({ user, name, sites, modules, onClose, onSaved }: {
  user: Entity; name: string; sites: readonly Site[]; modules: readonly string[]; onClose(): void; onSaved(notice: string): void;
}) {
  const intl = useIntl();
  const initialSites = (user.relationships.officeLocationIds as string[] | undefined) ?? [];
  const [chosenSites, setChosenSites] = useState<string[]>(initialSites.length === 0 ? sites.map((site) => site.id) : initialSites);
  const [chosenModules, setChosenModules] = useState<string[]>((user.attributes.allowedModules as string[] | undefined) ?? []);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const ids = { title: useId(), error: useId(), choices: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosenSites.length === 0) return setError(intl.formatMessage({ id: 'portalUsers.chooseSite' }));
    if (chosenModules.length === 0) return setError(intl.formatMessage({ id: 'portalUsers.chooseModule' }));
    setBusy(true);
    setError(undefined);
    try {
      // Every site chosen: the empty list, which also covers the sites the customer opens later.
      const everySite = sites.every((site) => chosenSites.includes(site.id));
      await records.update('users', user, { attributes: { allowedModules: chosenModules }, relationships: { officeLocationIds: everySite ? [] : chosenSites } }, { silent: true });
      onSaved(intl.formatMessage({ id: 'portalUsers.saved' }, { name }));
    } catch (failure) {
      setError(refusalOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="portal-form portal-users-edit" aria-labelledby={ids.title} onSubmit={(event) => void submit(event)}>
      <h2 id={ids.title}>{intl.formatMessage({ id: 'portalUsers.editTitle' }, { name })}</h2>
      <Choices sites={sites} modules={modules} chosenSites={chosenSites} chosenModules={chosenModules} onSites={setChosenSites} onModules={setChosenModules} idPrefix={ids.choices} />
      {error && <p id={ids.error} className="form-error" role="alert">{error}</p>}
      <div className="portal-form-actions">
        <button type="submit" className="primary" disabled={busy}><FormattedMessage id="portalUsers.save" /></button>
        <button type="button" onClick={onClose}><FormattedMessage id="portalUsers.cancel" /></button>
      </div>
    </form>
  );
}
