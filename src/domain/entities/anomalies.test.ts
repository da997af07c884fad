import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { anomalies } from './anomalies.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const anomaly = { description: 'Manometro in zona rossa', risk: 'high', detectedDateTime: '2025-03-01T10:00:00+01:00' };
const parse = (attributes: object) => entitySchema(anomalies).safeParse({ attributes: { ...anomaly, ...attributes }, relationships: { customerId } });

describe('anomalies', () => {
  it('start unresolved', () => {
    expect(parse({}).data?.attributes.state).toBe('unresolved');
  });

  it('are not resolved before being found', () => {
    expect(parse({ resolvedDateTime: '2025-03-01T08:59:00Z' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attributes.resolvedDateTime', messages.invalidDate],
    ]);
    expect(parse({ state: 'resolved', resolvedDateTime: '2025-03-02T08:00:00Z' }).success).toBe(true);
  });

  it('know only the SPEC §3 risks', () => {
    expect(parse({ risk: 'critical' }).success).toBe(false);
  });

  it('are titled by the day they were found', () => {
    expect(anomalies.title(parse({}).data as never)).toBe('Anomalia del 01/03/2025');
  });
});
