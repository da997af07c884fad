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

  it('are titled by what was found, then the day; a long description is cut', () => {
    expect(anomalies.title(parse({}).data as never)).toBe('Manometro in zona rossa (01/03/2025)');
    const long = anomalies.title(parse({ description: `${'Cartello mancante e segnaletica da rifare '.repeat(3)}\nseconda riga` }).data as never);
    expect(long).toMatch(/^Cartello mancante e segnaletica da rifare Cartello mancante…\s\(01\/03\/2025\)$/);
    expect(anomalies.title({ attributes: { description: '', detectedDateTime: '2025-03-01T10:00:00+01:00' }, metadata: {}, relationships: {} })).toBe('Anomalia del 01/03/2025');
  });
});
