/**
 * «Registra contatto» (r t on a customer): how the contact went — type, kind, the customer's reply,
 * notes — and when to call again, which the server makes a reminder of the caller's. Checked with
 * the action's schema (SPEC §3 contact types, kinds and last replies) before it is sent.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { contactKinds, contactLastReplies, contactTypes } from '../../domain/enums.ts';
import { fieldLabel, formatValue } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import customerMessages from '../i18n/messages/customers.ts';
import type { ActionBodyFormProps } from '../shell/action-body-form-frame.tsx';
import { ActionBodyFormFrame } from '../shell/action-body-form-frame.tsx';

addMessages(customerMessages);

/** The time a next call given only as a day is set to (the start of the working morning). */
export const DEFAULT_CALL_TIME = '09:00';

/**
 * «25/11/2026 10:30» (or «25/11/2026», at DEFAULT_CALL_TIME; «.» or «-» between the parts, two-digit
 * years in this century) on the user's clock → ISO instant; undefined when empty, null when it is not
 * a real day and time.
 */
export function instantOfItalian(text: string): string | undefined | null {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+(\d{1,2})[:.](\d{2}))?$/.exec(trimmed);
  if (!match) return null;
  const [, d, m, y, hh, mm] = match;
  const year = y!.length === 2 ? 2000 + Number(y) : Number(y);
  const [hours, minutes] = hh ? [Number(hh), Number(mm)] : DEFAULT_CALL_TIME.split(':').map(Number) as [number, number];
  const at = new Date(year, Number(m) - 1, Number(d), hours, minutes);
  const real = at.getFullYear() === year && at.getMonth() === Number(m) - 1 && at.getDate() === Number(d) && at.getHours() === hours && at.getMinutes() === minutes;
  return real ? at.toISOString() : null;
}

export default function LogContactForm({ request, close }: ActionBodyFormProps) {
  const intl = useIntl();
  const [type, setType] = useState<string>('phone');
  const [kind, setKind] = useState<string>('contact');
  const [lastReply, setLastReply] = useState('');
  const [notes, setNotes] = useState('');
  const [nextCall, setNextCall] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  const submit = () => {
    const nextCallDateTime = instantOfItalian(nextCall);
    if (nextCallDateTime === null) return setError(intl.formatMessage({ id: 'customers.contacts.badNextCall' }));
    const body = { type, kind, ...(lastReply ? { lastReply } : {}), ...(notes.trim() ? { notes } : {}), ...(nextCallDateTime ? { nextCallDateTime } : {}) };
    const parsed = request.definition.body?.safeParse(body);
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    close(parsed?.data ?? body);
  };
  const select = (name: string, value: string, set: (value: string) => void, options: readonly string[], empty?: boolean) => (
    <>
      <label htmlFor={`${id}-${name}`}>{intl.formatMessage({ id: `customers.contacts.${name}` })}</label>
      <select id={`${id}-${name}`} value={value} data-autofocus={name === 'type' || undefined} onChange={(event) => { set(event.target.value); setError(undefined); }}>
        {empty && <option value="">{intl.formatMessage({ id: 'customers.contacts.noReply' })}</option>}
        {options.map((option) => <option key={option} value={option}>{formatValue(option, 'enum')}</option>)}
      </select>
    </>
  );
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit} className="log-contact-form">
      {select('type', type, setType, contactTypes)}
      {select('kind', kind, setKind, contactKinds)}
      {select('lastReply', lastReply, setLastReply, contactLastReplies, true)}
      <label htmlFor={`${id}-notes`}>{fieldLabel('notes')}</label>
      <textarea id={`${id}-notes`} rows={2} maxLength={2000} value={notes} onChange={(event) => setNotes(event.target.value)} />
      <label htmlFor={`${id}-next`}><FormattedMessage id="customers.contacts.nextCall" /></label>
      <input id={`${id}-next`} type="text" inputMode="numeric" autoComplete="off" placeholder={intl.formatMessage({ id: 'customers.contacts.nextCallFormat' })}
        value={nextCall} aria-invalid={error ? true : undefined} aria-describedby={`${id}-next-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => { setNextCall(event.target.value); setError(undefined); }} />
      <span id={`${id}-next-hint`} className="form-hint"><FormattedMessage id="customers.contacts.nextCallHint" /></span>
      {error && <p id={`${id}-error`} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}
