/**
 * Issue 25, assigning a technician not qualified anyway: the server refuses an intervention's operator
 * who is not qualified for the system types its activities need (409 `TECHNICIAN_NOT_QUALIFIED`, naming
 * the technician and the types), and accepts the same write from an administrator who gives the reason
 * (`attributes.qualificationOverrideReason`, kept in the history with the operators it let in;
 * server/kinds/assignments.ts). For an administrator (the server's own check: the effective user holds the
 * administrators' role) the refusal becomes a dialog with the server's words, a required reason and
 * «Assegna comunque», which sends the same patch again with the reason; anyone else, or «Annulla»/Esc,
 * gets the refusal as it was. The intervention's save and the planning board's moves both write through it.
 */
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity, EntityJson } from '../../domain/entity.ts';
import type { WriteOptions } from '../../domain/records.ts';
import { isAdmin } from '../../domain/rules/admin-role.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText, showProblemAlert } from '../api/problem-alert.ts';
import { records } from '../data/index.ts';
import { addMessages, intl } from '../i18n/index.ts';
import interventionMessages from '../i18n/messages/intervention.ts';
import { DialogForm } from '../shell/action-body-form-frame.tsx';
import { openDialog } from '../shell/dialog.tsx';
import { injectStyles } from '../shell/inject-styles.ts';

addMessages(interventionMessages);
injectStyles('qualification-override', `
.qualification-override textarea { width: 100%; box-sizing: border-box; }
@media (pointer: coarse) { .qualification-override .dialog-actions button { min-height: 44px; min-width: 44px; } }
`);

/** The problem code of the refusal, and the attribute that overrides it. */
export const QUALIFICATION_REFUSAL = 'TECHNICIAN_NOT_QUALIFIED';
export const OVERRIDE_REASON = 'qualificationOverrideReason';
const REASON_MAX = 500;

/** Who may assign anyway: an administrator, as the server decides (its `callerIsAdmin`: the effective user's roles). */
export function mayOverrideQualification(identity: { roles?: readonly { name: string }[] | null }): boolean {
  return isAdmin(identity);
}

export function isQualificationRefusal(error: unknown): error is ApiProblem {
  return error instanceof ApiProblem && error.status === 409 && error.code === QUALIFICATION_REFUSAL;
}

/** The stored reason of an intervention let in without the qualification (none: undefined). */
export function overrideReasonOf(entity: EntityJson | undefined): string | undefined {
  const reason = entity?.attributes[OVERRIDE_REASON];
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
}

/** The merge patch with the reason beside what it writes. */
export function withOverrideReason(patch: unknown, reason: string): { attributes: Record<string, unknown>; relationships?: unknown } {
  const base = (patch && typeof patch === 'object' ? patch : {}) as { attributes?: Record<string, unknown>; relationships?: unknown };
  return { ...base, attributes: { ...(base.attributes ?? {}), [OVERRIDE_REASON]: reason } };
}

/** Asks the administrator why (the refusal's own words above); resolves with the reason, or undefined when cancelled. */
export function askQualificationOverride(refusal: ApiProblem): Promise<string | undefined> {
  return openDialog<string>({
    title: intl.formatMessage({ id: 'intervention.override.title' }),
    role: 'alertdialog',
    size: 'md',
    render: (close) => <OverrideForm refusal={refusal} close={close} />,
  });
}

function OverrideForm({ refusal, close }: { refusal: ApiProblem; close(reason?: string): void }) {
  const t = useIntl();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const ids = { field: useId(), refusal: useId(), error: useId(), hint: useId() };
  const submit = () => {
    if (reason.trim() === '') {
      setMissing(true);
      document.getElementById(ids.field)?.focus();
      return;
    }
    close(reason.trim());
  };
  return (
    <DialogForm className="qualification-override" onSubmit={submit} onCancel={() => close(undefined)} submitLabel={<FormattedMessage id="intervention.override.confirm" />}>
      <p id={ids.refusal} className="form-error">{problemText(refusal)}</p>
      <p><FormattedMessage id="intervention.override.text" /></p>
      <label htmlFor={ids.field}>
        <FormattedMessage id="intervention.override.reason" /> <FormattedMessage id="commands.transitionMessage.requiredMark" />
      </label>
      <textarea
        id={ids.field}
        name="qualificationOverrideReason"
        rows={3}
        maxLength={REASON_MAX}
        required
        data-autofocus
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${ids.error} ${ids.refusal} ${ids.hint}` : `${ids.refusal} ${ids.hint}`}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          if (event.target.value.trim() !== '') setMissing(false);
        }}
      />
      {missing && <p id={ids.error} className="form-error" role="alert"><FormattedMessage id="intervention.override.reasonRequired" /></p>}
      <p id={ids.hint} className="form-hint">{t.formatMessage({ id: 'intervention.override.hint' }, { count: reason.length, max: REASON_MAX })}</p>
    </DialogForm>
  );
}

/** Whether the HTTP client would have raised its alert for this problem (http.ts `report`). */
const alertedByDefault = (problem: ApiProblem) => problem.status === 0 || problem.status === 403 || problem.status === 409 || problem.status >= 500;

/**
 * `records.update` of an intervention with the override: refused for the qualification, an administrator
 * is asked the reason and the same patch goes again with it. Otherwise (another refusal, another user,
 * no reason given) the first problem is thrown, shown as the write would have shown it (`options.silent`).
 */
export async function updateWithQualificationOverride(
  type: string, entity: EntityJson, patch: unknown, mayOverride: boolean, options: WriteOptions = {},
): Promise<Entity> {
  if (!mayOverride) return records.update(type, entity, patch, options);
  try {
    return await records.update(type, entity, patch, { ...options, silent: true });
  } catch (error) {
    const reason = isQualificationRefusal(error) ? await askQualificationOverride(error) : undefined;
    if (reason === undefined) {
      if (!options.silent && error instanceof ApiProblem && alertedByDefault(error)) showProblemAlert(error);
      throw error;
    }
    return records.update(type, entity, withOverrideReason(patch, reason), options);
  }
}
