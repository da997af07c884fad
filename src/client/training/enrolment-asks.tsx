/**
 * «Chiedi l’iscrizione» on the portal's training matrix (issue 26 §6): a customer's user asks that an
 * employee whose training is missing, expired or expiring join an edition of the course to attend —
 * one of its next editions open to the customer (days, place, places left: `GET
 * /api/customers/{id}/nextEditions`, all a customer may see of them) or «la prossima disponibile», left
 * to the office — by writing an enrolment request through the record layer (the server checks it).
 * The matrix then reads «iscrizione richiesta» on the cell, and the employee's row each request's
 * state: «In attesa», «Iscritto all’edizione del …», «Rifiutata: motivo».
 */
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import type { ComplianceRow } from '../../domain/rules/training-compliance.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { listKey, records, recordKey } from '../data/index.ts';
import { intl as appIntl } from '../i18n/index.ts';
import { openDialog } from '../shell/dialog.tsx';
import type { ComplianceMeta } from './compliance-data.ts';

/** An edition the customer may ask for, as the server answers it. */
export interface NextEdition {
  id: string;
  startDate: string;
  endDate: string;
  siteName: string;
  city: string;
  seatsLeft: number;
}

/** The cell's ask, once made: still waiting, or enrolled in an edition not yet begun. */
export type AskState = { state: 'requested' } | { state: 'enrolled'; startDate: string } | undefined;

/** Who may be asked for, and the requests already made (the matrix shows them). */
export interface EnrolmentAsks {
  requests: readonly Entity[];
  today: string;
  ask(employee: { id: string; name: string }, courseId: string, course: string): void;
}

const LIST_PARAMS = { sort: '-createdDateTime', 'page[size]': '200' };
const dayFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const day = (iso: string) => dayFormat.format(new Date(`${iso}T12:00:00Z`));
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const sameCourses = (a: readonly string[], key: string) => [...new Set(a)].sort().join(' ') === key;

/** The customer's enrolment requests, newest first (its read rule: its own). */
export function useEnrolmentRequests(customerId: string, enabled: boolean) {
  const params = { ...LIST_PARAMS, 'filter[customerId]': customerId };
  return useQuery({ queryKey: listKey('enrolmentRequests', params), queryFn: ({ signal }) => records.list('enrolmentRequests', params, signal), enabled });
}

/** The course to ask for on a matrix column: the one the employee's row says to attend next (a refresher, or the first required). */
export function courseToAsk(rows: readonly ComplianceRow[], column: { key: string; courseIds: readonly string[] }): string {
  return rows.find((row) => sameCourses(row.courseIds, column.key))?.nextCourseId ?? column.courseIds[0] ?? '';
}

/** What was asked already for this employee and these courses: a request waiting, or an enrolment in an edition from today. */
export function askStateOf(requests: readonly Entity[], employeeId: string, courseIds: readonly string[], today: string): AskState {
  const mine = requests.filter((request) => request.relationships.employeeId === employeeId && courseIds.includes(text(request.relationships.courseId)));
  if (mine.some((request) => request.attributes.state === 'requested')) return { state: 'requested' };
  const enrolled = mine.find((request) => request.attributes.state === 'accepted' && text(request.attributes.enrolledStartDate) >= today);
  return enrolled ? { state: 'enrolled', startDate: text(enrolled.attributes.enrolledStartDate) } : undefined;
}

/** One request in words: the course's code, then «In attesa», «Iscritto all’edizione del …» or «Rifiutata: motivo». */
export function requestLine(intl: IntlShape, request: Entity, meta: ComplianceMeta): string {
  const code = meta.courses[text(request.relationships.courseId)]?.code;
  const start = text(request.attributes.enrolledStartDate);
  const state = request.attributes.state === 'accepted'
    ? (start ? intl.formatMessage({ id: 'enrolment.state.accepted' }, { date: day(start) }) : intl.formatMessage({ id: 'enrolment.state.acceptedNoDate' }))
    : request.attributes.state === 'declined'
      ? intl.formatMessage({ id: 'enrolment.state.declined' }, { reason: text(request.attributes.decisionReason) })
      : intl.formatMessage({ id: 'enrolment.state.requested' });
  return code ? `${code}: ${state}` : state;
}

/** An edition as the customer chooses it: its days, its place and the places left. */
export function editionLabel(intl: IntlShape, edition: NextEdition): string {
  const days = edition.endDate && edition.endDate !== edition.startDate
    ? intl.formatMessage({ id: 'enrolment.ask.days' }, { start: day(edition.startDate), end: day(edition.endDate) })
    : intl.formatMessage({ id: 'enrolment.ask.day' }, { start: day(edition.startDate) });
  const place = [edition.siteName, edition.city].filter((part) => part !== '').join(', ') || intl.formatMessage({ id: 'enrolment.ask.noPlace' });
  return `${days} – ${place} – ${intl.formatMessage({ id: 'enrolment.ask.seats' }, { count: edition.seatsLeft })}`;
}

/** Opens the ask in the dialog; says so once it is sent. */
export async function askEnrolment(customerId: string, employee: { id: string; name: string }, courseId: string, course: string): Promise<void> {
  const sent = await openDialog<boolean>({
    title: appIntl.formatMessage({ id: 'enrolment.ask.title' }, { employee: employee.name }),
    size: 'md',
    render: (close) => <AskEnrolmentForm customerId={customerId} employee={employee} courseId={courseId} course={course} close={close} />,
  });
  if (sent) pushAlert({ content: appIntl.formatMessage({ id: 'enrolment.ask.sent' }, { employee: employee.name }), type: 'success' });
}

function AskEnrolmentForm({ customerId, employee, courseId, course, close }: {
  customerId: string; employee: { id: string; name: string }; courseId: string; course: string; close(sent?: boolean): void;
}) {
  const intl = useIntl();
  const editions = useQuery({
    queryKey: [...recordKey('customers', customerId), 'nextEditions', courseId],
    queryFn: ({ signal }) => records.related<{ data: NextEdition[] }>('customers', customerId, 'nextEditions', { courseId }, signal),
  });
  const [chosen, setChosen] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), note: useId(), error: useId() };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await records.create('enrolmentRequests', {
        attributes: { note: note.trim() === '' ? undefined : note.trim() },
        relationships: { employeeId: employee.id, customerId, courseId, courseEditionId: chosen === '' ? null : chosen },
      });
      close(true);
    } catch (failure) {
      if (!(failure instanceof ApiProblem)) throw failure;
      const detail = (failure.body as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message;
      setError(detail ?? problemText(failure));
      setBusy(false);
    }
  };
  const options = editions.data?.data ?? [];
  return (
    <form className="enrolment-ask" onSubmit={(event) => void submit(event)} aria-describedby={error ? ids.error : undefined}>
      <p><FormattedMessage id="enrolment.ask.course" values={{ course }} /></p>
      <fieldset>
        <legend><FormattedMessage id="enrolment.ask.edition" /></legend>
        <label style={{ display: 'block' }}>
          <input type="radio" name={ids.name} value="" checked={chosen === ''} onChange={() => setChosen('')} /> <FormattedMessage id="enrolment.ask.next" />
        </label>
        {options.map((edition) => (
          <label key={edition.id} style={{ display: 'block' }}>
            <input type="radio" name={ids.name} value={edition.id} checked={chosen === edition.id} onChange={() => setChosen(edition.id)} /> {editionLabel(intl, edition)}
          </label>
        ))}
        {editions.isPending && <p role="status"><FormattedMessage id="enrolment.ask.loading" /></p>}
        {editions.isError && <p role="alert"><FormattedMessage id="enrolment.ask.failed" values={{ reason: editions.error instanceof ApiProblem ? problemText(editions.error) : String(editions.error) }} /></p>}
        {editions.isSuccess && options.length === 0 && <p><FormattedMessage id="enrolment.ask.none" /></p>}
      </fieldset>
      <label htmlFor={ids.note}><FormattedMessage id="enrolment.ask.note" /></label>
      <textarea id={ids.note} rows={2} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
      {error && <p id={ids.error} className="form-error" role="alert">{error}</p>}
      <div className="dialog-actions">
        <button type="submit" className="primary" disabled={busy}><FormattedMessage id="enrolment.ask.submit" /></button>
        <button type="button" onClick={() => close()}><FormattedMessage id="enrolment.ask.cancel" /></button>
      </div>
    </form>
  );
}
