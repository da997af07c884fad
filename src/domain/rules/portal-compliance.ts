/**
 * Issue 26, the customer portal: the state of one deadline as the customer sees it, a site's
 * deadlines counted by those states per module (from the deadline list's aggregates, which the
 * server counts through its read rule), the 12 months of the chart, and the norm behind a date.
 * Pure: the caller passes today's calendar day.
 */
import { addMonths, daysBetween } from './calendar.ts';
import { addDays } from '../business-day.ts';
import { normCitation } from './maintenance-rules.ts';

/** The «in scadenza» bands the portal shows: within 30, 60 or 90 days. */
export const PORTAL_EXPIRING_BANDS = [30, 60, 90] as const;
export type PortalExpiringBand = (typeof PORTAL_EXPIRING_BANDS)[number];

export type PortalComplianceState =
  | { state: 'ok' }
  | { state: 'expiring'; withinDays: PortalExpiringBand; daysLeft: number }
  | { state: 'expired'; daysLate: number }
  | { state: 'missing' };

/**
 * «in regola» when the deadline is more than 90 days away, «in scadenza» in the smallest band
 * that holds it, «scaduto» from the day after the deadline (the deadline day itself is still
 * expiring, 0 days left), «mancante» when there is no date.
 */
export function portalComplianceState(due: string | null | undefined, today: string): PortalComplianceState {
  if (!due) return { state: 'missing' };
  const daysLeft = daysBetween(today, due);
  if (daysLeft < 0) return { state: 'expired', daysLate: -daysLeft };
  const band = PORTAL_EXPIRING_BANDS.find((days) => daysLeft <= days);
  return band === undefined ? { state: 'ok' } : { state: 'expiring', withinDays: band, daysLeft };
}

/** The modules whose deadlines the deadline engine keeps (fire and equipment maintenance, training refreshers, health surveillance visits). */
export const PORTAL_DEADLINE_MODULES = ['fire', 'equip', 'edu', 'med'] as const;
export type PortalDeadlineModule = (typeof PORTAL_DEADLINE_MODULES)[number];

/**
 * The windows the portal counts, each a deadline-list filter of the worklist (`filter[due]`: still to
 * do, by deadline date from today, the bands cumulative) plus every deadline still to do.
 */
export const PORTAL_WINDOWS = ['pending', 'expired', 'next30', 'next60', 'next90'] as const;
export type PortalWindow = (typeof PORTAL_WINDOWS)[number];

/** A site's deadlines of one module by the portal's states (each deadline in exactly one). */
export interface PortalStateCounts {
  expired: number;
  within30: number;
  within60: number;
  within90: number;
  ok: number;
}

export type PortalOverall = 'expired' | 'expiring' | 'ok' | 'none';

/** One aggregate answer's groups: `customerLocationId` (null: the head office) and `module`, with their count. */
export interface SiteModuleGroup {
  key: { customerLocationId?: unknown; module?: unknown };
  count: number;
}

const emptyCounts = (): PortalStateCounts => ({ expired: 0, within30: 0, within60: 0, within90: 0, ok: 0 });

/**
 * Per site (the head office under `headOfficeId`) and module, the states of the deadlines still to do,
 * from the counts of each window: the bands are cumulative from today (next60 holds next30), so each
 * band is the difference of two windows, and «in regola» is what is left of the pending ones.
 */
export function siteModuleCounts(windows: Record<PortalWindow, readonly SiteModuleGroup[]>, headOfficeId: string): Map<string, Map<string, PortalStateCounts>> {
  const raw = new Map<string, Map<string, Record<PortalWindow, number>>>();
  for (const window of PORTAL_WINDOWS) {
    for (const group of windows[window]) {
      const site = typeof group.key.customerLocationId === 'string' ? group.key.customerLocationId : headOfficeId;
      const module = String(group.key.module ?? '');
      const modules = raw.get(site) ?? new Map<string, Record<PortalWindow, number>>();
      raw.set(site, modules);
      const counts = modules.get(module) ?? { pending: 0, expired: 0, next30: 0, next60: 0, next90: 0 };
      modules.set(module, counts);
      counts[window] += group.count;
    }
  }
  const result = new Map<string, Map<string, PortalStateCounts>>();
  for (const [site, modules] of raw) {
    const bySite = new Map<string, PortalStateCounts>();
    for (const [module, w] of modules) {
      const counts = emptyCounts();
      counts.expired = w.expired;
      counts.within30 = w.next30;
      counts.within60 = Math.max(0, w.next60 - w.next30);
      counts.within90 = Math.max(0, w.next90 - w.next60);
      counts.ok = Math.max(0, w.pending - w.expired - w.next90);
      bySite.set(module, counts);
    }
    result.set(site, bySite);
  }
  return result;
}

/** The worst state among counts: one expired deadline makes the site «scaduto». */
export function overallState(counts: readonly PortalStateCounts[]): PortalOverall {
  const sum = (pick: (c: PortalStateCounts) => number) => counts.reduce((n, c) => n + pick(c), 0);
  if (sum((c) => c.expired) > 0) return 'expired';
  if (sum((c) => c.within30 + c.within60 + c.within90) > 0) return 'expiring';
  return sum((c) => c.ok) > 0 ? 'ok' : 'none';
}

/** The 12 months shown in the chart: today's month and the 11 after it (first days, YYYY-MM-01). */
export function monthsAhead(today: string): string[] {
  const first = `${today.slice(0, 7)}-01`;
  return Array.from({ length: 12 }, (_, i) => addMonths(first, i));
}

/** The dates the chart's aggregate covers: from today (the past is «scaduto», not due) to the end of the 12th month. */
export function monthsAheadRange(today: string): { from: string; to: string } {
  const months = monthsAhead(today);
  return { from: today, to: addDays(addMonths(months.at(-1)!, 1), -1) };
}

/** What counts a date from, as the customer reads it: an execution recorded, or the rule's own basis. */
export type DeadlineBasis = 'production' | 'installation' | 'lastExecution' | 'lastCourse' | 'lastVisit' | 'typeBasis';

/** Why a deadline falls on its date: the rule's phase, norm with its edition, period and basis. */
export interface DeadlineReason {
  kind: string;
  /** «UNI 9994-1:2024» (an edition that is a year joins the norm), «Accordo Stato-Regioni del 17/04/2025», «D.Lgs. 81/2008 art. 41» (an article too). */
  norm: string;
  months: number;
  basis: DeadlineBasis;
  /** The execution (check, course) the period counts from, when recorded. */
  since: string | null;
}

export interface DeadlineRuleFacts {
  rule?: { kind?: unknown; norm?: unknown; edition?: unknown; months?: unknown; from?: unknown } | null;
  lastExecutionDate?: unknown;
}

/** The norm behind a deadline's date (issue 26: «revisione: UNI 9994-1:2024, 60 mesi dalla produzione»). */
export function deadlineReason({ rule, lastExecutionDate }: DeadlineRuleFacts): DeadlineReason | null {
  if (!rule || typeof rule.norm !== 'string' || typeof rule.months !== 'number') return null;
  const norm = normCitation(rule.norm, rule.edition);
  const kind = String(rule.kind ?? '');
  const since = typeof lastExecutionDate === 'string' && lastExecutionDate !== '' ? lastExecutionDate.slice(0, 10) : null;
  const training = kind === 'aggiornamentoFormativo';
  let basis: DeadlineBasis;
  if (rule.from === 'production' || rule.from === 'installation') basis = rule.from;
  // A periodic visit of health surveillance counts from the last visit, at the doctor's periodicity.
  else if (kind === 'visitaPeriodica') basis = 'lastVisit';
  else if (since) basis = training ? 'lastCourse' : 'lastExecution';
  else basis = training ? 'lastCourse' : 'typeBasis';
  return { kind, norm, months: rule.months, basis, since: rule.from === 'lastExecution' ? since : null };
}
