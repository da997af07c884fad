/**
 * The bodies of a service request's «Conferma» and «Rifiuta» (serviceRequests `confirm`, `decline`,
 * issue 26 §7), declared on its kind module: the slot (one the customer preferred, or another day and
 * half day) and the technician; or the reason the customer reads.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { slotLabel, slotPeriods } from '../../domain/entities/service-requests.ts';
import { operatorCandidatesQuery } from '../../domain/rules/intervention.ts';
import { fieldLabel } from '../forms/format.ts';
import { DateInput } from '../forms/editors/date-input.tsx';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { ActionBodyFormFrame, type ActionBodyFormProps } from '../shell/action-body-form-frame.tsx';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/service-requests.ts';

addMessages(messages);

const OTHER = 'other';

/** «Conferma»: one of the preferred slots (the first chosen) or another day, and the technician in charge. */
export function ConfirmServiceRequestForm({ request, close }: ActionBodyFormProps) {
  const intl = useIntl();
  const entity = request.entity as EntityJson;
  const slots = (Array.isArray(entity.attributes.preferredSlots) ? entity.attributes.preferredSlots : []) as { date: string; period: string }[];
  const [choice, setChoice] = useState(slots.length > 0 ? '0' : OTHER);
  const [day, setDay] = useState('');
  const [period, setPeriod] = useState<string>('morning');
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const slotId = useId();
  const dayId = useId();
  const periodId = useId();
  const technicianFieldId = useId();
  const errorId = useId();
  const submit = () => {
    const chosen = choice === OTHER ? { date: day, period } : slots[Number(choice)];
    const parsed = request.definition.body?.safeParse({ ...chosen, technicianId });
    if (parsed && !parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(issue?.path[0] === 'technicianId' ? intl.formatMessage({ id: 'serviceRequests.technicianRequired' }) : issue?.message);
    }
    close(parsed?.data);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={slotId}>{intl.formatMessage({ id: 'serviceRequests.slot' })}</label>
      <select id={slotId} data-autofocus value={choice} onChange={(event) => { setChoice(event.target.value); setError(undefined); }}>
        {slots.map((slot, index) => <option key={`${slot.date}-${slot.period}`} value={String(index)}>{slotLabel(slot)}</option>)}
        <option value={OTHER}>{intl.formatMessage({ id: 'serviceRequests.otherSlot' })}</option>
      </select>
      {choice === OTHER && (
        <>
          <label htmlFor={dayId}>{intl.formatMessage({ id: 'serviceRequests.day' })}</label>
          <DateInput id={dayId} value={day} onValue={(next) => { setDay(next ?? ''); setError(undefined); }} />
          <label htmlFor={periodId}>{fieldLabel('period')}</label>
          <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value)}>
            {slotPeriods.map((value) => <option key={value} value={value}>{intl.formatMessage({ id: `form.enum.${value}` })}</option>)}
          </select>
        </>
      )}
      <ReferencePicker
        id={technicianFieldId}
        label={fieldLabel('technicianId')}
        target="users"
        value={technicianId}
        onChange={(next) => { setTechnicianId(next); setError(undefined); }}
        filter={operatorCandidatesQuery(String(entity.attributes.module ?? ''))}
        required
      />
      {error && <p id={errorId} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}

/** «Rifiuta»: the reason, which the customer reads in the portal. */
export function DeclineServiceRequestForm({ request, close }: ActionBodyFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reasonId = useId();
  const errorId = useId();
  const submit = () => {
    const parsed = request.definition.body?.safeParse({ reason });
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    close(parsed?.data);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={reasonId}>{fieldLabel('declineReason')}</label>
      <textarea id={reasonId} data-autofocus rows={3} maxLength={1000} aria-describedby={error ? errorId : undefined} value={reason} onChange={(event) => { setReason(event.target.value); setError(undefined); }} />
      {error && <p id={errorId} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}
