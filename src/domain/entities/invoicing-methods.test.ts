import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { invoicingMethods } from './invoicing-methods.ts';

const parse = (attributes: object) => entitySchema(invoicingMethods).safeParse({ attributes });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
const instalments = (...percentages: number[]) => percentages.map((percentage) => ({ percentage, timing: 'atWorkProgress' }));

describe('invoicing methods', () => {
  it('SPEC §5: flags instalments none inserted, not completed, or exceeding 100%', () => {
    const method = { name: 'Rate', type: 'instalment' };
    expect(issues(parse(method))).toEqual([{ path: 'attributes.instalments', message: messages.instalmentsNone }]);
    // With what remains to assign, or by how much 100% is passed (SPEC §5 "remaining").
    expect(issues(parse({ ...method, instalments: instalments(30, 30) }))).toEqual([
      { path: 'attributes.instalments', message: `${messages.instalmentsIncomplete}: manca il 40%` },
    ]);
    expect(issues(parse({ ...method, instalments: instalments(33.33, 33.33) }))).toEqual([
      { path: 'attributes.instalments', message: `${messages.instalmentsIncomplete}: manca il 33,34%` },
    ]);
    expect(issues(parse({ ...method, instalments: instalments(60, 50) }))).toEqual([
      { path: 'attributes.instalments', message: `${messages.instalmentsExceeded} di 10 punti` },
    ]);
    expect(issues(parse({ ...method, instalments: instalments(30, 30, 40) }))).toEqual([]);
  });

  it('lets a single payment name when it is due with at most one instalment of 100%', () => {
    const method = { name: 'Unica soluzione', type: 'singlePayment' };
    expect(issues(parse(method))).toEqual([]);
    expect(issues(parse({ ...method, instalments: [{ percentage: 100, timing: 'atCompletion' }] }))).toEqual([]);
    expect(issues(parse({ ...method, instalments: instalments(50) }))).toEqual([
      { path: 'attributes.instalments', message: `${messages.instalmentsIncomplete}: manca il 50%` },
    ]);
    expect(issues(parse({ ...method, instalments: instalments(50, 50) }))).toEqual([
      { path: 'attributes.instalments', message: messages.invalidValue },
    ]);
  });

  it('needs duration and unit when an instalment falls due a while after an event', () => {
    const method = { name: 'A 30 giorni', type: 'singlePayment' };
    expect(issues(parse({ ...method, instalments: [{ percentage: 100, timing: 'durationFromCompletion' }] }))).toEqual([
      { path: 'attributes.instalments.0.duration', message: messages.required },
      { path: 'attributes.instalments.0.unit', message: messages.required },
    ]);
    expect(issues(parse({ ...method, instalments: [{ percentage: 100, timing: 'durationFromCompletion', duration: 30, unit: 'days' }] }))).toEqual([]);
  });

  it('rejects empty or out-of-range percentages and unknown keys', () => {
    const method = { name: 'Rate', type: 'instalment' };
    expect(parse({ ...method, instalments: instalments(0, 100) }).success).toBe(false);
    expect(parse({ ...method, instalments: instalments(101) }).success).toBe(false);
    expect(parse({ ...method, instalments: [{ percentage: 100, timing: 'atCompletion', dueDate: '2025-01-01' }] }).success).toBe(false);
  });
});
