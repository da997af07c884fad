import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { assignments } from './assignments.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const mario = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const luigi = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const base = { code: 'INT-2025-001', module: 'fire' };

const parse = (attributes: object, relationships: object = {}) =>
  entitySchema(assignments).safeParse({ attributes: { ...base, ...attributes }, relationships: { customerId, ...relationships } });
const issuesOf = (result: ReturnType<typeof parse>) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('assignments', () => {
  it('defaults to an open, normal-priority, confirmed assignment with no operators', () => {
    const result = parse({});
    expect(result.data?.attributes).toMatchObject({ state: 'open', priority: 'normal', isProvisional: false });
    expect(result.data?.relationships).toMatchObject({ operatorIds: [] });
  });

  it('needs its customer; its code is the server’s series, so none is needed', () => {
    const result = entitySchema(assignments).safeParse({ attributes: { module: 'fire' } });
    expect(issuesOf(result)).toEqual([['relationships.customerId', messages.required]]);
  });

  describe('SPEC §5 operators', () => {
    it('are not needed while the assignment is open', () => {
      expect(parse({ state: 'open' }).success).toBe(true);
    });

    it('are not needed to cancel or postpone an assignment nobody was named for', () => {
      expect(parse({ state: 'canceled' }).success).toBe(true);
      expect(parse({ state: 'postponed' }).success).toBe(true);
    });

    it.each(['scheduled', 'running', 'paused', 'closed', 'closed-with-anomalies'])('need an operator and one in charge once %s', (state) => {
      expect(issuesOf(parse({ state }))).toEqual([
        ['relationships.operatorIds', messages.operatorRequired],
        ['relationships.operatorInChargeId', messages.operatorInChargeRequired],
      ]);
      expect(issuesOf(parse({ state }, { operatorIds: [mario] }))).toEqual([
        ['relationships.operatorInChargeId', messages.operatorInChargeRequired],
      ]);
      expect(parse({ state }, { operatorIds: [mario, luigi], operatorInChargeId: luigi }).success).toBe(true);
    });

    it('take the operator in charge among the operators, in any state', () => {
      expect(issuesOf(parse({ state: 'open' }, { operatorIds: [mario], operatorInChargeId: luigi }))).toEqual([
        ['relationships.operatorInChargeId', messages.operatorInChargeRequired],
      ]);
      expect(issuesOf(parse({ state: 'scheduled' }, { operatorIds: [mario], operatorInChargeId: luigi }))).toEqual([
        ['relationships.operatorInChargeId', messages.operatorInChargeRequired],
      ]);
    });

    it('are a set', () => {
      expect(parse({}, { operatorIds: [mario, mario, luigi] }).data?.relationships.operatorIds).toEqual([mario, luigi]);
    });
  });

  describe('dates', () => {
    it('want the planned end after the planned start', () => {
      const start = '2025-03-01T09:00:00+01:00';
      expect(issuesOf(parse({ plannedStartDateTime: start, plannedEndDateTime: '2025-03-01T07:00:00Z' }))).toEqual([
        ['attributes.plannedEndDateTime', messages.invalidDate],
      ]);
      expect(issuesOf(parse({ plannedStartDateTime: start, plannedEndDateTime: start }))).toEqual([
        ['attributes.plannedEndDateTime', messages.invalidDate],
      ]);
      expect(parse({ plannedStartDateTime: start, plannedEndDateTime: '2025-03-01T12:00:00+01:00' }).success).toBe(true);
      expect(parse({ plannedStartDateTime: start }).success).toBe(true);
    });

    it('want the actual end not before the actual start (at its instant is one: times as recorded)', () => {
      expect(issuesOf(parse({ actualStartDateTime: '2025-03-02T09:00:00Z', actualEndDateTime: '2025-03-01T09:00:00Z' }))).toEqual([
        ['attributes.actualEndDateTime', messages.invalidDate],
      ]);
      expect(parse({ actualStartDateTime: '2025-03-02T09:00:00Z', actualEndDateTime: '2025-03-02T09:00:00.000Z' }).success).toBe(true);
    });

    it('are stored in UTC with years corrected (SPEC §5)', () => {
      expect(parse({ plannedStartDateTime: '0025-03-01T09:00:00+01:00' }).data?.attributes.plannedStartDateTime).toBe('2025-03-01T08:00:00.000Z');
    });
  });

  it('is strict', () => {
    expect(parse({ operators: [mario] }).success).toBe(false);
    expect(parse({}, { officeLocationIds: [] }).success).toBe(false);
    expect(parse({ priority: 'urgent' }).success).toBe(false);
  });

  it('is titled by code and title', () => {
    const entity = parse({ title: 'Manutenzione semestrale' }).data!;
    expect(assignments.title(entity as never)).toBe('INT-2025-001 – Manutenzione semestrale');
  });
});
