/**
 * The intervention checklist's commands (issue 11 "The intervention"): move among the controls of
 * the intervention's activities, mark the focused one passed or failed, write its note, raise the
 * anomaly of a failed one. The checklist registers them in the `grid` scope while it has the focus
 * (`useScopedCommands`), so the keys, the palette, the row buttons and the shortcut help run the
 * same code.
 */
import type { ControlOutcome } from '../src/domain/rules/intervention.ts';
import type { Command } from './types.ts';

/** The control under the cursor, as the commands see it. */
export interface ChecklistCurrent {
  outcome: ControlOutcome;
  /** Its activity is still to do (checks are recorded on open activities only). */
  open: boolean;
  /** An anomaly was raised for it already. */
  anomalyRaised: boolean;
  /** The equipment its activity is on (none: an installation's or a generic activity). */
  equipmentId?: string;
}

/** What the checklist lets its commands do (the screen implements it; the unit test uses a plain object). */
export interface InterventionChecklistTarget {
  /** The user may record checks (create on checks) and the intervention is under way. */
  editable: boolean;
  /** Why it is not editable, when it is not. */
  readOnlyReason?: string;
  /** False when the user may record checks but not anomalies (the Operatore): a failed control is only recorded. */
  mayRaise?: boolean;
  current(): ChecklistCurrent | undefined;
  step(delta: 1 | -1): void;
  first(): void;
  last(): void;
  pass(): void;
  fail(): void;
  note(): void;
  raiseAnomaly(): void;
  /** Opens the «non eseguibile» form of the activity of the control under the cursor (issue 22). */
  markNotExecutable(): void;
  /** The user may propose a correction of an equipment's legal data (issue 25: create on equipment change requests). */
  mayProposeCorrection?: boolean;
  /** Opens the change request of the equipment of the control under the cursor. */
  proposeCorrection(): void;
}

/** The keys, as data the checklist's hints, the shortcut help and the buttons show (c: conforme, n: non conforme, a: anomalia). */
export const interventionChecklistKeys = {
  next: ['ArrowDown', 'j'],
  previous: ['ArrowUp', 'k'],
  first: ['Home'],
  last: ['End'],
  pass: ['c'],
  fail: ['n'],
  note: ['Enter'],
  anomaly: ['a'],
  notExecutable: ['x'],
  // As on the equipment's page (commands/equipment-change-requests.ts).
  proposeCorrection: ['r q'],
} as const;

export interface InterventionChecklistTexts {
  /** Message id → Italian text (the screen passes its intl). */
  t(id: string, values?: Record<string, string>): string;
}

const group = { id: 'intervention.cmd.group' };

/** The checklist's commands over the target that `live.current` holds (the screen keeps it current). */
export function interventionChecklistCommands(live: { current: InterventionChecklistTarget }, texts: InterventionChecklistTexts): Command[] {
  const { t } = texts;
  const k = interventionChecklistKeys;
  const c = (id: string, keys: readonly string[], run: (target: InterventionChecklistTarget) => void, when?: (target: InterventionChecklistTarget) => boolean | { disabled: string }, keywords?: string[]): Command => ({
    id: `intervention.${id}`,
    title: t(`intervention.cmd.${id}`),
    group,
    keys: [...keys],
    scope: 'grid',
    ...(keywords ? { keywords } : {}),
    run: () => run(live.current),
    ...(when ? { when: () => when(live.current) } : {}),
  });
  /** A control to record on: the checklist editable, one under the cursor, its activity still to do. */
  const recordable = (target: InterventionChecklistTarget): true | { disabled: string } => {
    if (!target.editable) return { disabled: target.readOnlyReason ?? t('intervention.readOnly') };
    const current = target.current();
    if (!current) return { disabled: t('intervention.noControl') };
    return current.open ? true : { disabled: t('intervention.activityDone') };
  };
  return [
    c('next', k.next, (target) => target.step(1)),
    c('previous', k.previous, (target) => target.step(-1)),
    c('first', k.first, (target) => target.first()),
    c('last', k.last, (target) => target.last()),
    c('pass', k.pass, (target) => target.pass(), recordable, ['conforme', 'superato', 'ok', 'controllo']),
    c('fail', k.fail, (target) => target.fail(), recordable, ['non conforme', 'non superato', 'guasto', 'controllo']),
    c('note', k.note, (target) => target.note(), recordable, ['nota', 'commento']),
    c('anomaly', k.anomaly, (target) => target.raiseAnomaly(), (target) => {
      const state = recordable(target);
      if (state !== true) return state;
      const current = target.current()!;
      if (target.mayRaise === false) return { disabled: t('intervention.noAnomalyRight') };
      if (current.outcome !== 'failed') return { disabled: t('intervention.anomalyNeedsFailure') };
      return current.anomalyRaised ? { disabled: t('intervention.anomalyAlready') } : true;
    }, ['anomalia', 'rischio', 'difetto']),
    c('notExecutable', k.notExecutable, (target) => target.markNotExecutable(), recordable, ['non eseguibile', 'motivo', 'impossibile', 'attività']),
    c('proposeCorrection', k.proposeCorrection, (target) => target.proposeCorrection(), (target) => {
      if (target.mayProposeCorrection !== true) return false;
      const current = target.current();
      if (!current) return { disabled: t('intervention.noControl') };
      return current.equipmentId ? true : { disabled: t('intervention.noEquipment') };
    }, ['richiesta di modifica', 'correzione', 'matricola', 'data di produzione', 'agente estinguente', 'dati di legge']),
  ];
}
