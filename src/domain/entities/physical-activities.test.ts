import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { physicalActivities, physicalEquipments, physicalInstallations } from './physical-activities.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const activityId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const equipmentId = '3f1c8f5e-9b1a-4c6e-8d2f-6a7b8c9d0e1f';
const installationId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

describe('physical activities', () => {
  const parse = (attributes: object) =>
    entitySchema(physicalActivities).safeParse({ attributes: { module: 'fire', ...attributes }, relationships: { customerId, activityId } });

  it('need a deadline, with its year corrected (SPEC §5), and start not executed', () => {
    expect(parse({}).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['attributes.deadlineDate', messages.required]]);
    expect(parse({ deadlineDate: '0025-09-30' }).data?.attributes).toMatchObject({ deadlineDate: '2025-09-30', isExecuted: false });
    expect(parse({ deadlineDate: '2025-02-30' }).success).toBe(false);
  });

  it('are titled by their deadline', () => {
    expect(physicalActivities.title(parse({ deadlineDate: '2025-09-30' }).data as never)).toBe('Scadenza del 30/09/2025');
    const revision = { kind: 'revisione', months: 60, from: 'production', norm: 'UNI 9994-1', edition: '2024' };
    expect(physicalActivities.title(parse({ deadlineDate: '2025-09-30', rule: revision }).data as never)).toBe('Revisione UNI 9994-1:2024 del 30/09/2025');
    // Module med: the law's article joins it as a clause.
    const visit = { kind: 'visitaPeriodica', months: 12, from: 'lastExecution', norm: 'D.Lgs. 81/2008', edition: 'art. 41' };
    expect(physicalActivities.title(parse({ module: 'med', deadlineDate: '2027-03-10', rule: visit }).data as never)).toBe('Visita periodica D.Lgs. 81/2008 art. 41 del 10/03/2027');
  });
});

describe.each([
  ['physical equipments', physicalEquipments, { equipmentId }],
  ['physical installations', physicalInstallations, { installationId }],
] as const)('%s', (_name, kind, target) => {
  const parse = (attributes: object) => entitySchema(kind).safeParse({ attributes: { module: 'equip', ...attributes }, relationships: { customerId, ...target } });

  it('end their contract after it starts', () => {
    expect(parse({ contractStartDate: '2025-01-01', contractEndDate: '2024-12-31' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attributes.contractEndDate', messages.validityEndAfterStart],
    ]);
    expect(parse({ contractStartDate: '2025-01-01', contractEndDate: '2025-12-31' }).data?.attributes.isActive).toBe(true);
  });

  it('belong to the fire or equip module only', () => {
    expect(parse({ module: 'med' }).success).toBe(false);
  });
});
