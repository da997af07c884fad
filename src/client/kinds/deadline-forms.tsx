/** The bodies of a deadline's «Crea intervento» and «Rinvia» (physicalActivities `plan`, `postpone`), declared on its kind module. */
import { useId, useState } from 'react';
import type { EntityJson } from '../../domain/entity.ts';
import { fieldLabel } from '../forms/format.ts';
import { DateInput } from '../forms/editors/date-input.tsx';
import { ActionBodyFormFrame, type ActionBodyFormProps } from '../shell/action-body-form-frame.tsx';

/**
 * "Crea intervento" from one deadline's tab: the day the intervention's activity is planned for
 * (empty: the deadline's own day). On a grid's selection the action runs without this form.
 */
export function PlanDeadlinesForm({ request, close }: ActionBodyFormProps) {
  const [day, setDay] = useState('');
  const id = useId();
  const submit = () => {
    const body = { physicalActivityIds: [], ...(day ? { scheduledDate: day } : {}) };
    const parsed = request.definition.body?.safeParse(body);
    close(parsed?.success ? parsed.data : body);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={id}>{fieldLabel('scheduledDate')}</label>
      <DateInput id={id} data-autofocus value={day} onValue={(next) => setDay(next ?? '')} />
    </ActionBodyFormFrame>
  );
}

/** "Rinvia" a deadline: the new day and the reason, checked with the action's schema. */
export function PostponeDeadlineForm({ request, close }: ActionBodyFormProps) {
  const current = String((request.entity as EntityJson).attributes.deadlineDate ?? '');
  const [day, setDay] = useState(current);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dayId = useId();
  const reasonId = useId();
  const errorId = useId();
  const submit = () => {
    const parsed = request.definition.body?.safeParse({ deadlineDate: day, postponeReason: reason });
    if (parsed && !parsed.success) return setError(parsed.error.issues[0]?.message);
    close(parsed?.data);
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={dayId}>{fieldLabel('deadlineDate')}</label>
      <DateInput id={dayId} data-autofocus value={day} onValue={(next) => { setDay(next ?? ''); setError(undefined); }} />
      <label htmlFor={reasonId}>{fieldLabel('postponeReason')}</label>
      <textarea id={reasonId} rows={2} maxLength={500} aria-describedby={error ? errorId : undefined} value={reason} onChange={(event) => { setReason(event.target.value); setError(undefined); }} />
      {error && <p id={errorId} className="form-error" role="alert">{error}</p>}
    </ActionBodyFormFrame>
  );
}

