import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { checks, controls } from './controls.ts';

const equipmentFamilyId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const controlId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const assignmentActivityId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';

describe('controls', () => {
  const parse = (attributes: object) =>
    entitySchema(controls).safeParse({ attributes: { code: 'PRESS', name: 'Pressione', ...attributes }, relationships: { equipmentFamilyId } });
  const issuesOf = (attributes: object) => parse(attributes).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

  it('default to a mandatory yes/no control', () => {
    expect(parse({}).data?.attributes).toMatchObject({ isMandatory: true, expectedResultType: 'boolean' });
  });

  it('give a range to numeric controls only, lower bound first', () => {
    expect(issuesOf({ expectedResultType: 'number', minValue: 12, maxValue: 16, unit: 'bar' })).toEqual([]);
    expect(issuesOf({ expectedResultType: 'number', minValue: 16, maxValue: 12 })).toEqual([['attributes.maxValue', messages.invalidValue]]);
    expect(issuesOf({ expectedResultType: 'boolean', minValue: 1 })).toEqual([['attributes.minValue', messages.invalidValue]]);
  });
});

describe('checks', () => {
  const parse = (attributes: object) =>
    entitySchema(checks).safeParse({
      attributes: { passed: true, checkedDateTime: '2025-03-01T10:00:00Z', ...attributes },
      relationships: { controlId, assignmentActivityId },
    });

  it('hold a yes/no, a reading or a text', () => {
    expect(parse({ result: true }).success).toBe(true);
    expect(parse({ result: 14.2 }).success).toBe(true);
    expect(parse({ result: 'Sigillo integro' }).success).toBe(true);
    expect(parse({ result: ['a'] }).success).toBe(false);
    expect(parse({}).success).toBe(false);
  });

  it('are titled by outcome and day', () => {
    expect(checks.title(parse({ result: false, passed: false }).data as never)).toBe('Verifica non superata del 01/03/2025');
  });
});
