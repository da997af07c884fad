/**
 * An equipment's life on one line (issue 23, the asset view): production, installation, the checks made,
 * the deadlines executed and those to come (controls, revision, collaudo, end of life), each with the
 * norm it comes from. Built from what the records hold; the deadline engine computed the dates.
 */
import { normCitation, type DeadlineRule } from './maintenance-rules.ts';
import { dayOf } from '../business-day.ts';
import { ruleKindLabels } from '../entities/physical-activities.ts';
import { isExpired, isExpiring } from './expiry.ts';

export type LifecycleStatus = 'done' | 'overdue' | 'due' | 'planned';

export interface LifecycleEvent {
  /** ISO day. */
  date: string;
  /** Italian label: «Produzione», «Revisione», «Verifica superata»… */
  label: string;
  /** The norm and edition behind a deadline («UNI 9994-1:2024»), when it has one. */
  norm?: string;
  status: LifecycleStatus;
}

export interface LifecycleSources {
  productionDate?: string | null;
  installationDate?: string | null;
  deadlines: readonly { deadlineDate: string; isExecuted?: boolean; executedDate?: string | null; isEnded?: boolean; rule?: DeadlineRule }[];
  checks: readonly { checkedDateTime: string; passed: boolean }[];
}

/** Days ahead in which a deadline is «in scadenza». */
export const LIFECYCLE_DUE_DAYS = 30;

// A check's date-time is dated on its day in Rome (a check at 00:06 on the 30th is of the 30th).
const day = dayOf;

export function equipmentLifecycle(sources: LifecycleSources, today: string): LifecycleEvent[] {
  const events: LifecycleEvent[] = [];
  if (sources.productionDate) events.push({ date: day(sources.productionDate), label: 'Produzione', status: 'done' });
  if (sources.installationDate) events.push({ date: day(sources.installationDate), label: 'Installazione', status: 'done' });
  // One entry per day of checks: a visit checks several controls of the same equipment.
  const checkDays = new Map<string, boolean>();
  for (const check of sources.checks) {
    const date = day(check.checkedDateTime);
    checkDays.set(date, (checkDays.get(date) ?? true) && check.passed);
  }
  for (const [date, passed] of checkDays) events.push({ date, label: passed ? 'Verifica superata' : 'Verifica non superata', status: 'done' });
  for (const deadline of sources.deadlines) {
    if (deadline.isEnded && !deadline.isExecuted) continue;
    const label = deadline.rule ? ruleKindLabels[deadline.rule.kind] : 'Scadenza';
    const norm = deadline.rule ? normCitation(deadline.rule.norm, deadline.rule.edition) : undefined;
    const event: LifecycleEvent = deadline.isExecuted
      ? { date: day(deadline.executedDate ?? deadline.deadlineDate), label: `Esecuzione: ${label}`, status: 'done' }
      : {
        date: deadline.deadlineDate,
        label,
        status: isExpired(deadline.deadlineDate, today) ? 'overdue' : isExpiring(deadline.deadlineDate, today, LIFECYCLE_DUE_DAYS) ? 'due' : 'planned',
      };
    if (norm) event.norm = norm;
    events.push(event);
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label, 'it'));
}
