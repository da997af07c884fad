/**
 * Health surveillance (module `med`, «sorveglianza sanitaria»; issue 26 §1): the visits of D.Lgs.
 * 9 aprile 2008 n. 81 art. 41 and the judgement of fitness of art. 41 c. 6, as data with their source,
 * and the pure rule that gives the next visit's date. The employer keeps only what the written
 * judgement says (art. 41 c. 6-bis: its outcome, the prescriptions or limitations as written, its date,
 * the next visit); the clinical record (cartella sanitaria e di rischio, art. 25 c. 1 lett. c and
 * art. 41 c. 5) stays with the medico competente and is not modelled here.
 */
import { addMonths } from './calendar.ts';

/** Where the rule comes from: the law, its article, and what each clause says. */
export const HEALTH_SURVEILLANCE_SOURCE = 'D.Lgs. 9 aprile 2008 n. 81, art. 41 (c. 2 visite, c. 2-bis preassuntiva, c. 6 giudizi, c. 6-bis giudizio scritto), art. 25 (cartella sanitaria e di rischio)';

/** The norm a periodic visit's deadline cites: the law and its article (the worklist's and the portal's reason). */
export const HEALTH_SURVEILLANCE_NORM = { norm: 'D.Lgs. 81/2008', edition: 'art. 41' } as const;

/**
 * Art. 41 c. 2 lett. b: the periodic visit is «di norma» once a year, unless the medico competente
 * sets another periodicity by the risk assessment (or a specific norm does).
 */
export const DEFAULT_PERIODICITY_MONTHS = 12;
/** The longest periodicity a visit may set (our bound: five years). */
export const MAX_PERIODICITY_MONTHS = 60;

/** The visits of art. 41 c. 2 and 2-bis. */
export const healthVisitTypes = ['preventiva', 'preassuntiva', 'periodica', 'suRichiesta', 'cambioMansione', 'rientroAssenza', 'cessazione'] as const;
export type HealthVisitType = (typeof healthVisitTypes)[number];

export const healthVisitTypeFacts: Readonly<Record<HealthVisitType, { label: string; source: string }>> = {
  preventiva: { label: 'Visita preventiva', source: 'art. 41 c. 2 lett. a' },
  preassuntiva: { label: 'Visita preventiva in fase preassuntiva', source: 'art. 41 c. 2-bis' },
  periodica: { label: 'Visita periodica', source: 'art. 41 c. 2 lett. b' },
  suRichiesta: { label: 'Visita su richiesta del lavoratore', source: 'art. 41 c. 2 lett. c' },
  cambioMansione: { label: 'Visita al cambio della mansione', source: 'art. 41 c. 2 lett. d' },
  rientroAssenza: { label: 'Visita alla ripresa del lavoro dopo assenza per motivi di salute superiore a 60 giorni continuativi', source: 'art. 41 c. 2 lett. e-ter' },
  cessazione: { label: 'Visita alla cessazione del rapporto di lavoro (nei casi previsti)', source: 'art. 41 c. 2 lett. e' },
};

/** The judgements of art. 41 c. 6. */
export const fitnessJudgements = ['idoneo', 'idoneoConPrescrizioni', 'inidoneoTemporaneo', 'inidoneoPermanente'] as const;
export type FitnessJudgement = (typeof fitnessJudgements)[number];

export const fitnessJudgementFacts: Readonly<Record<FitnessJudgement, { label: string; source: string }>> = {
  idoneo: { label: 'Idoneo alla mansione specifica', source: 'art. 41 c. 6 lett. a' },
  idoneoConPrescrizioni: { label: 'Idoneo con prescrizioni o limitazioni', source: 'art. 41 c. 6 lett. b' },
  inidoneoTemporaneo: { label: 'Inidoneo temporaneamente', source: 'art. 41 c. 6 lett. c e c. 7' },
  inidoneoPermanente: { label: 'Inidoneo permanentemente', source: 'art. 41 c. 6 lett. d' },
};

/** What the rule reads of a visit. */
export interface VisitFacts {
  visitType: HealthVisitType;
  visitDate: string;
  judgement: FitnessJudgement;
  periodicityMonths?: number | null | undefined;
  /** The next visit the medico competente set; when absent the rule computes it. */
  nextVisitDate?: string | null | undefined;
  /** For a temporary unfitness: the day it ends (art. 41 c. 7). */
  unfitUntil?: string | null | undefined;
}

/**
 * The next visit's date: the one the medico competente set; else none after a visit at the end of the
 * employment or a permanent unfitness (no periodic surveillance follows for that job); else the end of
 * a temporary unfitness, when the worker is seen again; else the visit's date plus the periodicity
 * (12 months by default).
 */
export function nextVisitDate(visit: VisitFacts): string | null {
  if (visit.nextVisitDate) return visit.nextVisitDate;
  if (visit.visitType === 'cessazione' || visit.judgement === 'inidoneoPermanente') return null;
  if (visit.judgement === 'inidoneoTemporaneo' && visit.unfitUntil) return visit.unfitUntil;
  return addMonths(visit.visitDate, periodicityOf(visit));
}

export function periodicityOf(visit: Pick<VisitFacts, 'periodicityMonths'>): number {
  const months = visit.periodicityMonths;
  return typeof months === 'number' && Number.isInteger(months) && months >= 1 && months <= MAX_PERIODICITY_MONTHS ? months : DEFAULT_PERIODICITY_MONTHS;
}

/** The rule a periodic-visit deadline carries, as an equipment's deadline carries its maintenance rule. */
export interface PeriodicVisitRule {
  kind: 'visitaPeriodica';
  months: number;
  from: 'lastExecution';
  norm: string;
  edition: string;
}

export function periodicVisitRule(visit: Pick<VisitFacts, 'periodicityMonths'>): PeriodicVisitRule {
  return { kind: 'visitaPeriodica', months: periodicityOf(visit), from: 'lastExecution', ...HEALTH_SURVEILLANCE_NORM };
}

/** The visit that governs the next one: the latest by date (the latest written on the same day). */
export function latestVisit<T extends { visitDate: string; createdDateTime?: string | undefined }>(visits: readonly T[]): T | undefined {
  return visits.toSorted((a, b) => b.visitDate.localeCompare(a.visitDate) || (b.createdDateTime ?? '').localeCompare(a.createdDateTime ?? ''))[0];
}

export interface VisitIssue {
  path: string;
  code: string;
  message: string;
}

export const healthSurveillanceMessages = {
  prescriptionsRequired: 'Riportare le prescrizioni o limitazioni come scritte nel giudizio',
  prescriptionsOnlyWithJudgement: 'Le prescrizioni o limitazioni si riportano solo con il giudizio «idoneo con prescrizioni o limitazioni»',
  unfitUntilRequired: 'Indicare fino a quando dura l’inidoneità temporanea',
  unfitUntilOnlyTemporary: 'La fine dell’inidoneità si indica solo per un’inidoneità temporanea',
  unfitUntilAfterVisit: 'La fine dell’inidoneità deve seguire la data della visita',
  nextVisitAfterVisit: 'La prossima visita deve seguire la data della visita',
} as const;

/** The judgement's own consistency (art. 41 c. 6 and 7). */
export function visitIssues(visit: VisitFacts & { prescriptions?: string | null | undefined }): VisitIssue[] {
  const issues: VisitIssue[] = [];
  const prescriptions = (visit.prescriptions ?? '').trim();
  if (visit.judgement === 'idoneoConPrescrizioni' && prescriptions === '') {
    issues.push({ path: 'prescriptions', code: 'prescriptionsRequired', message: healthSurveillanceMessages.prescriptionsRequired });
  }
  if (visit.judgement !== 'idoneoConPrescrizioni' && prescriptions !== '') {
    issues.push({ path: 'prescriptions', code: 'prescriptionsOnlyWithJudgement', message: healthSurveillanceMessages.prescriptionsOnlyWithJudgement });
  }
  if (visit.judgement === 'inidoneoTemporaneo' && !visit.unfitUntil) {
    issues.push({ path: 'unfitUntil', code: 'unfitUntilRequired', message: healthSurveillanceMessages.unfitUntilRequired });
  }
  if (visit.judgement !== 'inidoneoTemporaneo' && visit.unfitUntil) {
    issues.push({ path: 'unfitUntil', code: 'unfitUntilOnlyTemporary', message: healthSurveillanceMessages.unfitUntilOnlyTemporary });
  }
  if (visit.unfitUntil && visit.unfitUntil <= visit.visitDate) {
    issues.push({ path: 'unfitUntil', code: 'unfitUntilAfterVisit', message: healthSurveillanceMessages.unfitUntilAfterVisit });
  }
  if (visit.nextVisitDate && visit.nextVisitDate <= visit.visitDate) {
    issues.push({ path: 'nextVisitDate', code: 'nextVisitAfterVisit', message: healthSurveillanceMessages.nextVisitAfterVisit });
  }
  return issues;
}
