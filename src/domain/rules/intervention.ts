/**
 * The intervention's rules (issue 11 "The intervention"), shared by the intervention screen, its
 * commands, the server and the tests: which controls an activity's checklist lists, where each
 * control stands from the checks recorded so far, the anomaly a failed control raises, and how an
 * intervention may be closed once anomalies were found during it.
 *
 * Closing: an intervention during which unresolved anomalies were found is closed "with anomalies"
 * (never plainly closed, which would hide them from the report and the customer); one with none is
 * closed plainly. The server counts the anomalies (`GuardContext.related`), the assignment machine's
 * guards read the count through `closingRefusal`.
 */
import type { GuardFailure } from '../machine.ts';
import type { anomalyRisks } from '../enum-values.ts';

/** Key of `GuardContext.related`: unresolved anomalies found during the intervention's activities. */
export const INTERVENTION_ANOMALIES = 'interventionAnomalies';

export type AnomalyRisk = (typeof anomalyRisks)[number];

/**
 * Why `close` or `closeWithAnomalies` may not run with `unresolvedAnomalies` found during the
 * intervention; `undefined` when the count is not known (a client without the server's facts: the
 * server decides), then nothing is refused here.
 */
export function closingRefusal(action: 'close' | 'closeWithAnomalies', unresolvedAnomalies: number | undefined): GuardFailure | null {
  if (unresolvedAnomalies === undefined) return null;
  if (action === 'close' && unresolvedAnomalies > 0) {
    return {
      code: 'ANOMALIES_FOUND',
      message: unresolvedAnomalies === 1
        ? 'È stata rilevata un’anomalia non risolta: chiudere l’intervento con anomalie'
        : `Sono state rilevate ${unresolvedAnomalies} anomalie non risolte: chiudere l’intervento con anomalie`,
    };
  }
  if (action === 'closeWithAnomalies' && unresolvedAnomalies === 0) {
    return { code: 'NO_ANOMALIES', message: 'Nessuna anomalia non risolta rilevata durante l’intervento: chiuderlo senza anomalie' };
  }
  return null;
}

/** Key of `GuardContext.lists`: the mandatory controls not yet recorded, one line per activity still to do (`activityMissingLine`). */
export const INTERVENTION_UNRECORDED_CONTROLS = 'interventionUnrecordedControls';

/** Activity states whose mandatory controls hold the closing back: open (a postponed activity is work deferred to another day). */
export const ACTIVITY_STATES_TO_DO: readonly string[] = ['open'];

/** What the closing rule needs of a control. */
export interface MandatoryControl extends ChecklistControl {
  name: string;
  isMandatory?: boolean | undefined;
}

/** What the closing rule needs of an activity still to do: whether it is marked «non eseguibile», and why. */
export interface ClosingActivity {
  /** The catalogue activity it carries out (which controls it makes). */
  activityId?: string | undefined;
  notExecutable?: boolean | undefined;
  notExecutableReason?: string | null | undefined;
}

export const NOT_EXECUTABLE_REASON_REQUIRED = 'Indicare il motivo per cui l’attività non è eseguibile';

/** Whether an activity is excused from its controls: marked «non eseguibile» with a reason (a mark without one excuses nothing). */
export function isExcused(activity: ClosingActivity): boolean {
  return activity.notExecutable === true && (activity.notExecutableReason ?? '').trim() !== '';
}

/** Why an activity's «non eseguibile» mark is refused: it needs its reason (the report prints it). */
export function notExecutableRefusal(activity: ClosingActivity): string | null {
  return activity.notExecutable === true && !isExcused(activity) ? NOT_EXECUTABLE_REASON_REQUIRED : null;
}

/**
 * The mandatory controls of an activity still to do that no check records, in code order: the
 * controls of its equipment's family made during every activity or during this one (`controlsForActivity`),
 * mandatory unless marked otherwise. None when the activity is excused («non eseguibile» with a reason).
 */
export function unrecordedMandatoryControls<C extends MandatoryControl>(
  activity: ClosingActivity,
  familyControls: readonly C[],
  checks: readonly { controlId: string }[],
): C[] {
  if (isExcused(activity)) return [];
  const recorded = new Set(checks.map((check) => check.controlId));
  return controlsForActivity(familyControls, activity.activityId).filter((control) => control.isMandatory !== false && !recorded.has(control.id));
}

/** One activity's line of the closing refusal: «Verifica semestrale (EST-0001): C01 – Pressione, C02 – Sigillo». */
export function activityMissingLine(activityLabel: string, missing: readonly { code: string; name: string }[]): string {
  return `${activityLabel}: ${missing.map((control) => `${control.code} – ${control.name}`).join(', ')}`;
}

/**
 * Why an intervention (or one activity) may not close: mandatory controls are still unrecorded
 * (`lines`, one per activity, from `activityMissingLine`); `undefined` when not known (a client
 * without the server's facts), then nothing is refused here.
 */
export function unrecordedControlsRefusal(lines: readonly string[] | undefined): GuardFailure | null {
  if (!lines || lines.length === 0) return null;
  return {
    code: 'MANDATORY_CONTROLS_UNRECORDED',
    message: `Controlli obbligatori non registrati – ${lines.join('; ')}. Registrarli, oppure segnare l’attività «non eseguibile» indicando il motivo`,
  };
}

/**
 * The intervention states that are still work to do («Miei interventi di oggi», issue 22): to
 * schedule, scheduled, running or paused; never closed, cancelled or postponed to another day.
 */
export const INTERVENTION_STATES_TO_DO = ['open', 'scheduled', 'running', 'paused'] as const;

/** What a control of the checklist needs of its record. */
export interface ChecklistControl {
  id: string;
  /** The activity during which it is made; absent or null when every activity makes it. */
  activityId?: string | null | undefined;
  code: string;
}

/**
 * The controls an assignment activity's checklist lists: those of the equipment's family made during
 * every activity or during this activity's kind, in code order.
 */
export function controlsForActivity<C extends ChecklistControl>(controls: readonly C[], activityId: string | undefined): C[] {
  return controls
    .filter((control) => !control.activityId || control.activityId === activityId)
    .toSorted((a, b) => a.code.localeCompare(b.code, 'it', { numeric: true }));
}

/** What a check of the checklist needs of its record. */
export interface ChecklistCheck {
  id: string;
  controlId: string;
  passed: boolean;
  checkedDateTime: string;
}

export type ControlOutcome = 'pending' | 'passed' | 'failed';

/** The latest check of each control (a control checked again keeps its last result). */
export function latestChecks<K extends ChecklistCheck>(checks: readonly K[]): Map<string, K> {
  const latest = new Map<string, K>();
  for (const check of checks) {
    const seen = latest.get(check.controlId);
    if (!seen || seen.checkedDateTime <= check.checkedDateTime) latest.set(check.controlId, check);
  }
  return latest;
}

export function outcomeOf(check: Pick<ChecklistCheck, 'passed'> | undefined): ControlOutcome {
  if (!check) return 'pending';
  return check.passed ? 'passed' : 'failed';
}

/** The risk a failed control's anomaly starts with: a mandatory control failed is a medium risk, another a low one. */
export function defaultAnomalyRisk(control: { isMandatory?: boolean | undefined }): AnomalyRisk {
  return control.isMandatory === false ? 'low' : 'medium';
}

/**
 * The control an anomaly refers to, shown beside the technician's own description (never glued
 * into it), and the description of an anomaly raised without one (`anomalyFromFailedControl`).
 */
export function anomalyReference(control: { code: string; name: string }): string {
  return `Controllo ${control.code} – ${control.name} non superato`;
}

/** The anomaly a failed control raises (a `POST /api/anomalies` body). */
export function anomalyFromFailedControl(input: {
  control: { code: string; name: string };
  risk: AnomalyRisk;
  description: string;
  detectedDateTime: string;
  customerId: string;
  assignmentActivityId: string;
  equipmentId?: string | null | undefined;
  installationId?: string | null | undefined;
}) {
  return {
    attributes: { description: input.description.trim() || anomalyReference(input.control), risk: input.risk, state: 'unresolved' as const, detectedDateTime: input.detectedDateTime },
    metadata: {},
    relationships: {
      customerId: input.customerId,
      assignmentActivityId: input.assignmentActivityId,
      equipmentId: input.equipmentId ?? null,
      installationId: input.installationId ?? null,
    },
  };
}

/** What the operator rule needs of a user. */
export interface OperatorCandidate {
  attributes: { userType?: unknown; allowedModules?: unknown };
  metadata?: { isEnabled?: unknown };
}

export const OPERATOR_NOT_ALLOWED = 'L’operatore deve essere personale, interno o esterno, abilitato al modulo dell’intervento';

/** User types that are staff: the provider's own (`siv`) and its contractors (`external`), never customer users (SPEC §1). */
export const OPERATOR_USER_TYPES = ['siv', 'external'] as const;

/**
 * The users list's query for the people who may operate on `module` (every module's staff when none is
 * chosen): what the operator pickers offer (the intervention's operators, the worklist's operator filter).
 */
export function operatorCandidatesQuery(module?: string | null): Record<string, string> {
  return { 'filter[userType]': OPERATOR_USER_TYPES.join(','), ...(module ? { 'filter[moduleName]': module } : {}) };
}

/**
 * Whether a user may be an operator of an intervention of `module` (issue 11: "only staff allowed on
 * the module"): staff (`OPERATOR_USER_TYPES`), enabled, whose allowed modules include it (SPEC §4:
 * staff without modules may use them all). The users list's `filter[userType]=siv,external&filter[moduleName]=…`
 * offers the same people.
 */
export function mayOperate(user: OperatorCandidate | undefined, module: string): boolean {
  if (!user || !(OPERATOR_USER_TYPES as readonly unknown[]).includes(user.attributes.userType) || user.metadata?.isEnabled === false) return false;
  const modules = Array.isArray(user.attributes.allowedModules) ? user.attributes.allowedModules : [];
  return modules.length === 0 || modules.includes(module);
}
