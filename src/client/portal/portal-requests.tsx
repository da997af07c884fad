/**
 * The portal's service requests (issue 26 §7): a customer's user asks for a visit (what is wrong, the
 * site, the service, up to three preferred slots), then attaches its photos by the upload path (files
 * attached to the request); its requests with their state, and for a confirmed one the planned visit's
 * day and time. Everything through the record layer: the server's rules decide (own customer, slots).
 */
import { useId, useState, type FormEvent } from 'react';
import { QueryOutcome } from './portal-table.tsx';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { MAX_PREFERRED_SLOTS, slotLabel, slotPeriods } from '../../domain/entities/service-requests.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { listKey, records } from '../data/index.ts';
import { DateInput } from '../forms/editors/date-input.tsx';
import { recordFilesOf } from '../files/record-files.tsx';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/service-requests.ts';
import { useSession } from '../session/session.tsx';
import { useTabTitle } from '../workspace/tab-context.ts';
import { useCustomer, useSites } from './portal-data.ts';
import { moduleName } from './portal-texts.ts';

addMessages(messages);

const RequestPhotos = recordFilesOf('serviceRequests');
const LIST_PARAMS = { sort: '-createdDateTime', 'page[size]': '100' };
const timeZone = 'Europe/Rome';
/** How often the list is read again while a request waits for the office. */
const WAITING_REFRESH_MS = 10_000;

interface SlotDraft { date: string; period: string }

export default function PortalRequests({ customerId, staffView }: { customerId: string; staffView: boolean }) {
  const intl = useIntl();
  const customer = useCustomer(customerId);
  const name = String(customer.data?.metadata.displayName ?? '');
  const title = intl.formatMessage({ id: 'portal.nav.requests' });
  useTabTitle(intl.formatMessage({ id: 'portal.page.tabTitle' }, { page: title, customer: name }));
  const params = { ...LIST_PARAMS, 'filter[customerId]': customerId };
  // While a request waits for the office, its outcome is asked for again now and then.
  const list = useQuery({
    queryKey: listKey('serviceRequests', params),
    // Silent: a refused list says so in its place (QueryOutcome), never as «Nessuna richiesta».
    queryFn: ({ signal }) => records.list('serviceRequests', params, signal, { silent: true }),
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.attributes.status === 'submitted') ? WAITING_REFRESH_MS : false),
  });
  const [created, setCreated] = useState<string | undefined>();
  return (
    <section className="portal portal-requests" aria-labelledby="portal-requests-title">
      <h1 id="portal-requests-title" className="screen-title">{title} – {name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      {!staffView && customer.data && <NewRequest customer={customer.data} onCreated={setCreated} />}
      {created && (
        <div className="portal-request-photos">
          <p role="status"><FormattedMessage id="serviceRequests.sent" /></p>
          <h2><FormattedMessage id="serviceRequests.photos" /></h2>
          <RequestPhotos id={created} />
        </div>
      )}
      <h2 id="portal-requests-list"><FormattedMessage id="serviceRequests.list" /></h2>
      <QueryOutcome query={list} messages={LIST_MESSAGES}>{(data) => <RequestList rows={data.data} />}</QueryOutcome>
    </section>
  );
}

const LIST_MESSAGES = { failed: 'serviceRequests.failed', loading: 'screens.loading' };

function NewRequest({ customer, onCreated }: { customer: Entity; onCreated(id: string): void }) {
  const intl = useIntl();
  const { identity } = useSession();
  const sites = useSites(customer.id);
  const ownModules = (Array.isArray(customer.attributes.allowedModules) ? customer.attributes.allowedModules : []) as string[];
  const modules = ownModules.filter((module) => identity.allowedModules.length === 0 || identity.allowedModules.includes(module as never));
  const [description, setDescription] = useState('');
  const [siteId, setSiteId] = useState(customer.id);
  const [module, setModule] = useState(modules[0] ?? '');
  const [slots, setSlots] = useState<SlotDraft[]>(Array.from({ length: MAX_PREFERRED_SLOTS }, () => ({ date: '', period: '' })));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const ids = { description: useId(), site: useId(), module: useId(), error: useId(), slots: useId() };
  const setSlot = (index: number, change: Partial<SlotDraft>) => setSlots((current) => current.map((slot, i) => (i === index ? { ...slot, ...change } : slot)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const preferredSlots = slots.filter((slot) => slot.date !== '').map((slot) => ({ date: slot.date, period: slot.period || 'morning' }));
    if (preferredSlots.length === 0) return setError(intl.formatMessage({ id: 'serviceRequests.slotRequired' }));
    setBusy(true);
    setError(undefined);
    try {
      const made = await records.create('serviceRequests', {
        attributes: { description, module, preferredSlots },
        relationships: { customerId: customer.id, officeLocationId: siteId === customer.id ? null : siteId },
      });
      setDescription('');
      setSlots(Array.from({ length: MAX_PREFERRED_SLOTS }, () => ({ date: '', period: '' })));
      onCreated(made.id);
    } catch (failure) {
      if (!(failure instanceof ApiProblem)) throw failure;
      const detail = (failure.body as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message;
      setError(detail ?? problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  const headOffice = intl.formatMessage({ id: 'serviceRequests.headOffice' }, { name: String(customer.metadata.displayName ?? '') });
  return (
    <form className="portal-form portal-request-form" aria-labelledby="portal-request-new" onSubmit={(event) => void submit(event)}>
      <h2 id="portal-request-new"><FormattedMessage id="serviceRequests.new" /></h2>
      <p className="portal-hint"><FormattedMessage id="serviceRequests.hint" /></p>
      <div className="portal-field">
        <label htmlFor={ids.description}><FormattedMessage id="serviceRequests.description" /></label>
        <textarea id={ids.description} required rows={5} maxLength={5000} value={description} onChange={(event) => setDescription(event.target.value)} aria-describedby={error ? ids.error : undefined} />
      </div>
      <div className="portal-form-row">
        <div className="portal-field portal-field-wide">
          <label htmlFor={ids.site}><FormattedMessage id="serviceRequests.site" /></label>
          <select id={ids.site} value={siteId} onChange={(event) => setSiteId(event.target.value)}>
            <option value={customer.id}>{headOffice}</option>
            {(sites.data?.data ?? []).map((site) => <option key={site.id} value={site.id}>{String(site.metadata.displayName ?? site.id)}</option>)}
          </select>
        </div>
        <div className="portal-field">
          <label htmlFor={ids.module}><FormattedMessage id="serviceRequests.module" /></label>
          <select id={ids.module} value={module} onChange={(event) => setModule(event.target.value)}>
            {modules.map((value) => <option key={value} value={value}>{moduleName(intl, value)}</option>)}
          </select>
        </div>
      </div>
      <div className="portal-form-row">
        {slots.map((slot, index) => (
          <fieldset key={index} className="portal-request-slot">
            <legend>{intl.formatMessage({ id: index === 0 ? 'serviceRequests.slotNumber' : 'serviceRequests.slotOptional' }, { n: index + 1 })}</legend>
            <div className="portal-field">
              <label htmlFor={`${ids.slots}-day-${index}`}><FormattedMessage id="serviceRequests.day" /></label>
              <DateInput id={`${ids.slots}-day-${index}`} value={slot.date} onValue={(next) => setSlot(index, { date: next ?? '' })} />
            </div>
            <div className="portal-field">
              <label htmlFor={`${ids.slots}-period-${index}`}>{intl.formatMessage({ id: 'form.field.period' })}</label>
              <select id={`${ids.slots}-period-${index}`} value={slot.period || 'morning'} onChange={(event) => setSlot(index, { period: event.target.value })}>
                {slotPeriods.map((value) => <option key={value} value={value}>{intl.formatMessage({ id: `form.enum.${value}` })}</option>)}
              </select>
            </div>
          </fieldset>
        ))}
      </div>
      {error && <p id={ids.error} className="form-error" role="alert">{error}</p>}
      <div className="portal-form-actions">
        <button type="submit" className="primary" disabled={busy || description.trim() === '' || module === ''}><FormattedMessage id="serviceRequests.submit" /></button>
      </div>
    </form>
  );
}

function RequestList({ rows }: { rows: readonly Entity[] }) {
  const intl = useIntl();
  if (rows.length === 0) return <p><FormattedMessage id="serviceRequests.none" /></p>;
  const day = (instant: string) => new Intl.DateTimeFormat('it-IT', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(instant));
  const time = (instant: string) => new Intl.DateTimeFormat('it-IT', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
  const outcome = (row: Entity) => {
    const status = String(row.attributes.status ?? '');
    const planned = typeof row.attributes.plannedStartDateTime === 'string' ? row.attributes.plannedStartDateTime : '';
    if (status === 'confirmed' && planned) return intl.formatMessage({ id: 'serviceRequests.planned' }, { day: day(planned), time: time(planned) });
    if (status === 'declined') return intl.formatMessage({ id: 'serviceRequests.declined' }, { reason: String(row.attributes.declineReason ?? '') });
    return intl.formatMessage({ id: 'serviceRequests.waiting' });
  };
  return (
    <table className="portal-table" aria-labelledby="portal-requests-list">
      <thead>
        <tr>
          <th scope="col"><FormattedMessage id="serviceRequests.col.sent" /></th>
          <th scope="col"><FormattedMessage id="serviceRequests.col.what" /></th>
          <th scope="col"><FormattedMessage id="serviceRequests.col.slots" /></th>
          <th scope="col"><FormattedMessage id="serviceRequests.col.state" /></th>
          <th scope="col"><FormattedMessage id="serviceRequests.col.outcome" /></th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{day(String(row.metadata.createdDateTime))}</td>
            <td>{String(row.attributes.description ?? '')}</td>
            <td>{((row.attributes.preferredSlots ?? []) as { date: string; period: string }[]).map(slotLabel).join('; ')}</td>
            <td>{intl.formatMessage({ id: `form.enum.${String(row.attributes.status)}` })}</td>
            <td>{outcome(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
