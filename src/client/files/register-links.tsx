/**
 * «Condividi il registro con un ispettore» (issue 26 §2): a time-limited address that opens the
 * register of checks without an account, shown once; the links made, with their accesses, each
 * revocable. Under the register in the customer's documents (portal and customer page). The pressed
 * button is disabled while its request runs (which drops the focus to <body>): made, the focus goes to
 * the link to copy; revoked, to the row's new state.
 */
import { useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { formatValue } from '../forms/format.ts';
import { useFocusAfterRender, type FocusTarget } from '../use-focus-after-render.ts';
import { DocumentsHeading } from './documents-heading.tsx';

interface RegisterLink {
  id: string;
  label: string | null;
  createdDateTime: string;
  expiresDateTime: string;
  revokedDateTime: string | null;
  accesses: number;
  lastAccessDateTime: string | null;
  /** Not revoked, not expired (the server's clock). */
  active: boolean;
  url?: string;
}

const DAYS = [1, 7, 14, 30, 90] as const;

/** `readOnly`: the links are listed, none made or revoked (staff looking at the portal as its users see it). */
export function RegisterLinks({ customerId, readOnly = false }: { customerId: string; readOnly?: boolean }) {
  const intl = useIntl();
  const client = useQueryClient();
  const ids = { title: useId(), label: useId(), days: useId(), url: useId() };
  const key = ['registerLinks', customerId] as const;
  const links = useQuery({ queryKey: key, queryFn: () => api.get<{ data: RegisterLink[] }>('/customers/{id}/register-links', { params: { id: customerId }, silent: true }).then((answer) => answer.data) });
  const [label, setLabel] = useState('');
  const [days, setDays] = useState<number>(14);
  const [made, setMade] = useState<RegisterLink | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const sectionRef = useRef<HTMLElement | null>(null);
  // Once the answer is drawn, the focus goes to what it shows (the link made, the row's new state).
  const focusAfterRender = useFocusAfterRender();
  const within = (selector: string) => sectionRef.current?.querySelector<HTMLElement>(selector) ?? null;
  const run = async (work: () => Promise<void>, then: { done: FocusTarget; failed: FocusTarget }) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
      await client.invalidateQueries({ queryKey: key });
      focusAfterRender(then.done);
    } catch (error) {
      setProblem(error instanceof ApiProblem ? problemText(error) : String(error));
      // The alert says why; the focus goes back where the reader was, to try again.
      focusAfterRender(then.failed);
    } finally {
      setBusy(false);
    }
  };
  const create = () => run(async () => {
    const answer = await api.post<{ data: RegisterLink }>('/customers/{id}/register-links', { ...(label.trim() ? { label: label.trim() } : {}), days }, { params: { id: customerId }, silent: true });
    setMade(answer.data);
    setLabel('');
  }, { done: () => within('.register-link-made input'), failed: () => within('[data-action=create]') });
  const revoke = (link: RegisterLink) => run(async () => {
    await api.delete('/customers/{id}/register-links/{linkId}', { params: { id: customerId, linkId: link.id }, silent: true });
    if (made?.id === link.id) setMade(undefined);
  }, {
    // The row now says «Revocato»; a row no longer listed leaves the list's caption.
    done: () => within(`tr[data-link="${link.id}"] [data-state]`) ?? within('.register-links-table caption') ?? within('[data-action=create]'),
    failed: () => within(`tr[data-link="${link.id}"] button`) ?? within('[data-action=create]'),
  });
  if (links.isError) return null;
  return (
    <section className="register-links" aria-labelledby={ids.title} ref={sectionRef}>
      <DocumentsHeading id={ids.title}><FormattedMessage id="files.registerLinks.title" /></DocumentsHeading>
      <p className="form-hint"><FormattedMessage id="files.registerLinks.hint" /></p>
      {!readOnly && (<>
      <div className="form-fields">
        <div className="form-field">
          <label htmlFor={ids.label}><FormattedMessage id="files.registerLinks.label" /></label>
          <input id={ids.label} value={label} maxLength={200} onChange={(event) => setLabel(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={ids.days}><FormattedMessage id="files.registerLinks.days" /></label>
          <select id={ids.days} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {DAYS.map((value) => <option key={value} value={value}>{intl.formatMessage({ id: 'files.registerLinks.daysValue' }, { days: value })}</option>)}
          </select>
        </div>
      </div>
      <button type="button" data-action="create" onClick={() => void create()} disabled={busy}><FormattedMessage id="files.registerLinks.create" /></button>
      </>)}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      {made?.url && (
        <div className="form-field register-link-made" role="status">
          <label htmlFor={ids.url}><FormattedMessage id="files.registerLinks.made" values={{ until: formatValue(made.expiresDateTime, 'datetime') }} /></label>
          <input id={ids.url} readOnly value={made.url} onFocus={(event) => event.currentTarget.select()} />
        </div>
      )}
      {links.data && links.data.length > 0 && (
        <table className="register-links-table">
          <caption tabIndex={-1}><FormattedMessage id="files.registerLinks.list" /></caption>
          <thead>
            <tr>
              <th scope="col"><FormattedMessage id="files.registerLinks.col.label" /></th>
              <th scope="col"><FormattedMessage id="files.registerLinks.col.created" /></th>
              <th scope="col"><FormattedMessage id="files.registerLinks.col.expires" /></th>
              <th scope="col"><FormattedMessage id="files.registerLinks.col.accesses" /></th>
              <th scope="col"><FormattedMessage id="files.registerLinks.col.state" /></th>
            </tr>
          </thead>
          <tbody>
            {links.data.map((link) => (
              <tr key={link.id} data-link={link.id}>
                <td>{link.label || intl.formatMessage({ id: 'files.registerLinks.noLabel' })}</td>
                <td>{formatValue(link.createdDateTime, 'datetime')}</td>
                <td>{formatValue(link.expiresDateTime, 'datetime')}</td>
                <td>
                  {formatValue(link.accesses, 'number')}
                  {link.lastAccessDateTime ? ` (${intl.formatMessage({ id: 'files.registerLinks.last' }, { date: formatValue(link.lastAccessDateTime, 'datetime') })})` : ''}
                </td>
                <td>
                  {link.active && readOnly ? <FormattedMessage id="files.registerLinks.active" />
                  : link.active ? (
                    <button type="button" onClick={() => void revoke(link)} disabled={busy}
                      aria-label={intl.formatMessage({ id: 'files.registerLinks.revokeOf' }, { label: link.label || intl.formatMessage({ id: 'files.registerLinks.noLabel' }) })}>
                      <FormattedMessage id="files.registerLinks.revoke" />
                    </button>
                  ) : (
                    <span data-state tabIndex={-1}>
                      <FormattedMessage id={link.revokedDateTime ? 'files.registerLinks.revoked' : 'files.registerLinks.expired'} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
