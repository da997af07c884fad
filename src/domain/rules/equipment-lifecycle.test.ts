import { describe, expect, it } from 'vitest';
import { equipmentLifecycle } from './equipment-lifecycle.ts';

const rule = (kind: 'sorveglianza' | 'controlloPeriodico' | 'revisione' | 'collaudo' | 'fineVita', months: number) =>
  ({ kind, months, from: 'production' as const, norm: 'UNI 9994-1', edition: '2024' });

describe('an equipment’s lifecycle', () => {
  it('runs from production through checks and executed deadlines to what is due, overdue and planned, with the norm', () => {
    const events = equipmentLifecycle({
      productionDate: '2021-03-10',
      installationDate: '2021-05-02',
      checks: [
        { checkedDateTime: '2026-05-04T09:00:00.000Z', passed: true },
        { checkedDateTime: '2026-05-04T09:05:00.000Z', passed: false },
        { checkedDateTime: '2025-11-03T10:00:00.000Z', passed: true },
      ],
      deadlines: [
        { deadlineDate: '2026-05-10', isExecuted: true, executedDate: '2026-05-04', rule: rule('controlloPeriodico', 6) },
        { deadlineDate: '2026-11-10', rule: rule('controlloPeriodico', 6) },
        { deadlineDate: '2026-12-10', rule: rule('sorveglianza', 1) },
        { deadlineDate: '2027-03-10', rule: rule('revisione', 60) },
        { deadlineDate: '2031-03-10', rule: rule('fineVita', 120) },
        { deadlineDate: '2026-06-01', isEnded: true, rule: rule('collaudo', 144) },
      ],
    }, '2026-11-28');
    expect(events.map((e) => [e.date, e.label, e.status, e.norm ?? ''])).toEqual([
      ['2021-03-10', 'Produzione', 'done', ''],
      ['2021-05-02', 'Installazione', 'done', ''],
      ['2025-11-03', 'Verifica superata', 'done', ''],
      ['2026-05-04', 'Esecuzione: Controllo periodico', 'done', 'UNI 9994-1:2024'],
      // Two controls that day, one failed: the visit did not pass.
      ['2026-05-04', 'Verifica non superata', 'done', ''],
      ['2026-11-10', 'Controllo periodico', 'overdue', 'UNI 9994-1:2024'],
      ['2026-12-10', 'Sorveglianza', 'due', 'UNI 9994-1:2024'],
      ['2027-03-10', 'Revisione', 'planned', 'UNI 9994-1:2024'],
      ['2031-03-10', 'Fine vita', 'planned', 'UNI 9994-1:2024'],
    ]);
  });

  it('dates a check on its day in Rome: one at 00:06 on the 30th is not of the 29th', () => {
    const events = equipmentLifecycle({ deadlines: [], checks: [{ checkedDateTime: '2026-11-29T23:06:49.000Z', passed: false }] }, '2026-11-30');
    expect(events.map((event) => [event.date, event.label])).toEqual([['2026-11-30', 'Verifica non superata']]);
  });

  it('is empty for an equipment with no dates, checks or deadlines', () => {
    expect(equipmentLifecycle({ deadlines: [], checks: [] }, '2026-11-28')).toEqual([]);
  });
});
