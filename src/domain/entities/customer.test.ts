import { describe, expect, it } from 'vitest';
import { additionalFieldOrder, orderedAdditionalFields, registryFieldApplies, reportAdditionalValues } from './customer.ts';

describe('customer registry and additional fields', () => {
  it('switches the registry fields between a person and a company (SPEC §5), the others apply to both', () => {
    expect(registryFieldApplies('firstName', true)).toBe(true);
    expect(registryFieldApplies('birthDate', false)).toBe(false);
    expect(registryFieldApplies('businessName', true)).toBe(false);
    expect(registryFieldApplies('vatNumber', false)).toBe(true);
    expect(registryFieldApplies('fiscalCode', true)).toBe(true);
    expect(registryFieldApplies('fiscalCode', false)).toBe(true);
  });

  it('orders additional fields by report column, those without one last, and numbers them by position', () => {
    const fields = [{ name: 'a' }, { name: 'b', reportColumnOrder: 2 }, { name: 'c', reportColumnOrder: 1 }];
    expect(additionalFieldOrder(fields)).toEqual([2, 1, 0]);
    expect(orderedAdditionalFields(fields).map((f) => [f.name, f.reportColumnOrder])).toEqual([['c', 1], ['b', 2], ['a', 3]]);
  });

  it('prints the values of the fields in report, of the equipment’s family or of none, in column order', () => {
    const definitions = [
      { label: 'Peso', name: 'peso', isIncludedInReport: true, reportColumnOrder: 2 },
      { label: 'Piano', name: 'piano', isIncludedInReport: true, reportColumnOrder: 1 },
      { label: 'Interno', name: 'interno', isIncludedInReport: false, reportColumnOrder: 3 },
      { label: 'Solo CO2', name: 'co2', isIncludedInReport: true, equipmentFamilyId: 'fam-co2' },
      { label: 'Classi', name: 'classi', isIncludedInReport: true, reportColumnOrder: 4 },
      { label: 'Revisionato', name: 'rev', isIncludedInReport: true, reportColumnOrder: 5 },
      { label: 'Vuoto', name: 'vuoto', isIncludedInReport: true, reportColumnOrder: 6 },
    ];
    const values = { peso: 6.5, piano: 'Terzo', interno: 'x', co2: 'y', classi: ['A', 'B'], rev: false, vuoto: ' ' };
    expect(reportAdditionalValues(definitions, 'fam-polvere', values)).toEqual([
      { label: 'Piano', value: 'Terzo' }, { label: 'Peso', value: '6,5' }, { label: 'Classi', value: 'A, B' }, { label: 'Revisionato', value: 'No' },
    ]);
    expect(reportAdditionalValues(definitions, 'fam-co2', values).map((v) => v.label)).toContain('Solo CO2');
  });
});
