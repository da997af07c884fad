/** Health surveillance (D.Lgs. 81/2008 art. 41): the next visit's date, the periodicity, the judgement's consistency, the latest visit. */
import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { healthSurveillanceVisits } from '../entities/health-surveillance-visits.ts';
import {
  DEFAULT_PERIODICITY_MONTHS, HEALTH_SURVEILLANCE_NORM, fitnessJudgementFacts, fitnessJudgements, healthVisitTypeFacts, healthVisitTypes,
  latestVisit, nextVisitDate, periodicVisitRule, periodicityOf, visitIssues, healthSurveillanceMessages,
} from './health-surveillance.ts';
import { deadlineReason } from './portal-compliance.ts';

const base = { visitType: 'periodica', visitDate: '2026-03-10', judgement: 'idoneo' } as const;

describe('next visit', () => {
  it('is «di norma» a year after the visit (art. 41 c. 2 lett. b), or after the periodicity the doctor set', () => {
    expect(DEFAULT_PERIODICITY_MONTHS).toBe(12);
    expect(nextVisitDate(base)).toBe('2027-03-10');
    expect(nextVisitDate({ ...base, periodicityMonths: 24 })).toBe('2028-03-10');
    expect(nextVisitDate({ ...base, periodicityMonths: 6 })).toBe('2026-09-10');
    // The end of a month: 31 August plus six months is the last day of February.
    expect(nextVisitDate({ ...base, visitDate: '2026-08-31', periodicityMonths: 6 })).toBe('2027-02-28');
  });

  it('is the doctor’s own date when given', () => {
    expect(nextVisitDate({ ...base, nextVisitDate: '2026-12-01' })).toBe('2026-12-01');
  });

  it('after a temporary unfitness is its end; none after a permanent unfitness or at the end of employment', () => {
    expect(nextVisitDate({ ...base, judgement: 'inidoneoTemporaneo', unfitUntil: '2026-05-15' })).toBe('2026-05-15');
    expect(nextVisitDate({ ...base, judgement: 'inidoneoPermanente' })).toBeNull();
    expect(nextVisitDate({ ...base, visitType: 'cessazione' })).toBeNull();
  });

  it('reads a periodicity out of bounds as the default', () => {
    expect(periodicityOf({ periodicityMonths: 0 })).toBe(12);
    expect(periodicityOf({ periodicityMonths: 1.5 })).toBe(12);
    expect(periodicityOf({ periodicityMonths: null })).toBe(12);
    expect(periodicityOf({ periodicityMonths: 36 })).toBe(36);
  });
});

describe('the deadline’s rule and reason', () => {
  it('carries the law and the periodicity; the portal reads «D.Lgs. 81/2008 art. 41», from the last visit', () => {
    const rule = periodicVisitRule({ periodicityMonths: 12 });
    expect(rule).toEqual({ kind: 'visitaPeriodica', months: 12, from: 'lastExecution', norm: 'D.Lgs. 81/2008', edition: 'art. 41' });
    expect(HEALTH_SURVEILLANCE_NORM.norm).toBe('D.Lgs. 81/2008');
    expect(deadlineReason({ rule, lastExecutionDate: '2026-03-10' })).toEqual({ kind: 'visitaPeriodica', norm: 'D.Lgs. 81/2008 art. 41', months: 12, basis: 'lastVisit', since: '2026-03-10' });
  });
});

describe('the judgement (art. 41 c. 6)', () => {
  it('names every visit and judgement of the law, with its clause', () => {
    expect(healthVisitTypes.every((type) => healthVisitTypeFacts[type].source.startsWith('art. 41'))).toBe(true);
    expect(fitnessJudgements.map((judgement) => fitnessJudgementFacts[judgement].label)).toEqual([
      'Idoneo alla mansione specifica', 'Idoneo con prescrizioni o limitazioni', 'Inidoneo temporaneamente', 'Inidoneo permanentemente',
    ]);
  });

  it('asks the prescriptions with «idoneo con prescrizioni» only, and the end of a temporary unfitness with it only', () => {
    expect(visitIssues({ ...base, judgement: 'idoneoConPrescrizioni' }).map((i) => i.code)).toEqual(['prescriptionsRequired']);
    expect(visitIssues({ ...base, judgement: 'idoneoConPrescrizioni', prescriptions: 'Niente carichi oltre 10 kg' })).toEqual([]);
    expect(visitIssues({ ...base, prescriptions: 'Niente carichi' }).map((i) => i.code)).toEqual(['prescriptionsOnlyWithJudgement']);
    expect(visitIssues({ ...base, judgement: 'inidoneoTemporaneo' })).toEqual([{ path: 'unfitUntil', code: 'unfitUntilRequired', message: healthSurveillanceMessages.unfitUntilRequired }]);
    expect(visitIssues({ ...base, unfitUntil: '2026-05-01' }).map((i) => i.code)).toEqual(['unfitUntilOnlyTemporary']);
    expect(visitIssues({ ...base, judgement: 'inidoneoTemporaneo', unfitUntil: '2026-03-10' }).map((i) => i.code)).toEqual(['unfitUntilAfterVisit']);
    expect(visitIssues({ ...base, nextVisitDate: '2026-03-01' }).map((i) => i.code)).toEqual(['nextVisitAfterVisit']);
  });

  it('the kind stores nothing clinical: a diagnosis is refused, the judgement’s fields are kept', () => {
    const parse = (attributes: object) => entitySchema(healthSurveillanceVisits).safeParse({ attributes: { ...base, doctorName: 'Dott. Rinaldi', ...attributes }, relationships: { employeeId: '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11' } });
    expect(parse({ diagnosis: 'Lombalgia' }).success).toBe(false);
    expect(parse({}).data?.attributes.periodicityMonths).toBe(12);
    expect(parse({ periodicityMonths: 0 }).success).toBe(false);
    expect(parse({ judgement: 'idoneoConPrescrizioni' }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['attributes.prescriptions']);
  });
});

describe('latest visit', () => {
  it('is the latest by date, the one written last on the same day', () => {
    const visits = [
      { id: 'a', visitDate: '2025-03-10', createdDateTime: '2025-03-10T09:00:00Z' },
      { id: 'b', visitDate: '2026-03-10', createdDateTime: '2026-03-10T09:00:00Z' },
      { id: 'c', visitDate: '2026-03-10', createdDateTime: '2026-03-10T11:00:00Z' },
    ];
    expect(latestVisit(visits)?.id).toBe('c');
    expect(latestVisit([])).toBeUndefined();
  });
});
