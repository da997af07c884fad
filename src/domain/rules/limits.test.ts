import { describe, expect, it } from 'vitest';
import { activitiesLimitMessage, DEFAULT_LIMITS, mayAddActivity, reportHeadingsOverLimit } from './limits.ts';

const heading = (module?: string) => ({ attributes: module === undefined ? {} : { module } });

describe('SPEC §9 limits', () => {
  it('lets an intervention take activities up to the limit, not one more', () => {
    expect(mayAddActivity(0, { activitiesPerIntervention: 2 })).toBe(true);
    expect(mayAddActivity(1, { activitiesPerIntervention: 2 })).toBe(true);
    expect(mayAddActivity(2, { activitiesPerIntervention: 2 })).toBe(false);
    expect(mayAddActivity(DEFAULT_LIMITS.activitiesPerIntervention, DEFAULT_LIMITS)).toBe(false);
  });

  it('names the limit in the refusal', () => {
    expect(activitiesLimitMessage(200)).toBe('Un intervento può avere al massimo 200 attività: per aggiungerne altre crea un nuovo intervento');
  });

  it('warns per module, the general headings on their own, from the limit on', () => {
    const headings = [heading('fire'), heading('fire'), heading('edu'), heading(), heading(), heading(''), heading('fire')];
    expect(reportHeadingsOverLimit(headings, { reportHeadingsPerModule: 3 })).toEqual([
      { module: null, count: 3, limit: 3 },
      { module: 'fire', count: 3, limit: 3 },
    ]);
    expect(reportHeadingsOverLimit(headings, { reportHeadingsPerModule: 4 })).toEqual([]);
    expect(reportHeadingsOverLimit([], DEFAULT_LIMITS)).toEqual([]);
  });
});
