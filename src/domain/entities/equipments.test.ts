import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { equipments } from './equipments.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const fire = { equipmentId: 'EST-0001', module: 'fire' };
const equip = { equipmentId: 'MAC-0001', module: 'equip' };

const parse = (attributes: object, relationships: object = {}) =>
  entitySchema(equipments).safeParse({ attributes, relationships: { customerId, ...relationships } });
const issuesOf = (result: ReturnType<typeof parse>) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('equipments', () => {
  it('default to active, owned, with no media nor additional data', () => {
    expect(parse(fire).data?.attributes).toMatchObject({ state: 'active', ownership: 'owned', medias: [], additionalData: {} });
  });

  it('need their code, module and customer', () => {
    const result = entitySchema(equipments).safeParse({ attributes: { equipmentId: '' } });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['attributes.equipmentId', 'attributes.module', 'relationships.customerId']);
  });

  it('correct years outside 1900–2099 as 20xx (SPEC §5), like dates', () => {
    const result = parse({ ...equip, purchaseYear: 18, decommissionedYear: 2124, productionDate: '0017-05-02', installationDate: '2018-01-10' });
    expect(result.data?.attributes).toMatchObject({ purchaseYear: 2018, decommissionedYear: 2024, productionDate: '2017-05-02' });
    expect(parse({ ...equip, purchaseYear: 1998 }).data?.attributes.purchaseYear).toBe(1998);
  });

  it('refuse a year that is not a whole number', () => {
    expect(issuesOf(parse({ ...equip, purchaseYear: 2018.5 })).map(([path]) => path)).toEqual(['attributes.purchaseYear']);
  });

  it('show only their module’s fields: an extinguisher has no INAIL number, a machine no characteristics', () => {
    const applies = (attributes: Record<string, unknown>, path: string) => equipments.fieldApplies!(path, { attributes, metadata: {}, relationships: {} });
    for (const path of ['attributes.inailNumber', 'attributes.costCenter', 'attributes.isIndustry4']) expect(applies(fire, path)).toBe(false);
    expect(applies(fire, 'attributes.characteristics')).toBe(true);
    expect(applies(equip, 'attributes.characteristics')).toBe(false);
    expect(applies(equip, 'attributes.inailNumber')).toBe(true);
    for (const attributes of [fire, equip]) expect(applies(attributes, 'attributes.serialNumber')).toBe(true);
  });

  it('refuse another module’s fields (SPEC §3 fire only / equip only)', () => {
    expect(issuesOf(parse({ ...fire, builder: 'Atlas', isCe: true, purchaseYear: 2020 }))).toEqual([
      ['attributes.purchaseYear', messages.invalidValue],
      ['attributes.builder', messages.invalidValue],
      ['attributes.isCe', messages.invalidValue],
    ]);
    expect(issuesOf(parse({ ...equip, characteristics: { capacityKg: 6 } }))).toEqual([
      ['attributes.characteristics', messages.invalidValue],
    ]);
    expect(parse({ ...fire, characteristics: { capacityKg: 6, agent: 'polvere', isCo2: false }, builder: '' }).success).toBe(true);
    expect(parse({ ...equip, builder: 'Atlas', model: 'GA 30', isIndustry4: true, inailNumber: '123' }).success).toBe(true);
  });

  it('are not installed before being produced, nor decommissioned before being bought', () => {
    expect(issuesOf(parse({ ...fire, productionDate: '2020-05-01', installationDate: '2020-04-30' }))).toEqual([
      ['attributes.installationDate', messages.invalidDate],
    ]);
    expect(parse({ ...fire, productionDate: '2020-05-01', installationDate: '2020-05-01' }).success).toBe(true);
    expect(issuesOf(parse({ ...equip, purchaseYear: 2020, decommissionedYear: 2019 }))).toEqual([
      ['attributes.decommissionedYear', messages.invalidDate],
    ]);
  });

  it('keep additional data of the customer’s field types only', () => {
    const additionalData = { piano: 'terra', numero: 3, visibile: true, colori: ['rosso', 'blu'] };
    expect(parse({ ...fire, additionalData }).data?.attributes.additionalData).toEqual(additionalData);
    expect(parse({ ...fire, additionalData: { nested: { a: 1 } } }).success).toBe(false);
  });

  it('are strict', () => {
    expect(parse({ ...fire, equipmentCode: 'X' }).success).toBe(false);
    expect(parse(fire, { officeLocationId: customerId }).success).toBe(false);
    expect(parse({ ...fire, module: 'edu' }).success).toBe(false);
  });

  it('are titled by code, maker and model', () => {
    const entity = parse({ ...equip, builder: 'Atlas Copco', model: 'GA 30' }).data!;
    expect(equipments.title(entity as never)).toBe('MAC-0001 – Atlas Copco GA 30');
  });
});
