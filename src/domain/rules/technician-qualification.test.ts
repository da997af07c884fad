import { describe, expect, it } from 'vitest';
import {
  fireSystemTypeFacts, fireSystemTypes, missingQualificationMessage, missingSystemTypes, systemTypeByFamilyCode, systemTypesForFamilies,
} from './technician-qualification.ts';

describe('technician qualification rule', () => {
  it('maps equipment type codes to the system types they need, once each, ignoring non-fire types', () => {
    expect(systemTypesForFamilies(['EST-POL', 'EST-CO2', 'PTF', 'CAR-EL'])).toEqual(['extinguishers', 'fireDoors']);
    expect(systemTypesForFamilies(['PLE'])).toEqual([]);
  });

  it('every system type has a label and a norm, and every mapped code points to a known type', () => {
    for (const type of fireSystemTypes) {
      expect(fireSystemTypeFacts[type].label).not.toBe('');
      expect(fireSystemTypeFacts[type].norm).toMatch(/^UNI /);
    }
    for (const type of Object.values(systemTypeByFamilyCode)) expect(fireSystemTypes).toContain(type);
  });

  it('reports the needed types the held qualifications do not cover', () => {
    const held = [{ systemTypes: ['extinguishers', 'hydrants'] as const, obtainedOn: '2026-01-10', renewalDue: '2031-01-10' }];
    expect(missingSystemTypes(['extinguishers'], held, '2026-10-01')).toEqual([]);
    expect(missingSystemTypes(['extinguishers', 'fireDoors', 'smokeHeatExhaust'], held, '2026-10-01')).toEqual(['fireDoors', 'smokeHeatExhaust']);
  });

  it('an expired qualification does not count on a later date; it still counts on its last day', () => {
    const held = [{ systemTypes: ['extinguishers'] as const, obtainedOn: '2021-11-01', renewalDue: '2026-11-01' }];
    expect(missingSystemTypes(['extinguishers'], held, '2026-11-01')).toEqual([]);
    expect(missingSystemTypes(['extinguishers'], held, '2026-11-02')).toEqual(['extinguishers']);
  });

  it('a qualification obtained after the date does not count', () => {
    const held = [{ systemTypes: ['fireDoors'] as const, obtainedOn: '2026-12-01' }];
    expect(missingSystemTypes(['fireDoors'], held, '2026-11-15')).toEqual(['fireDoors']);
    expect(missingSystemTypes(['fireDoors'], held, '2026-12-01')).toEqual([]);
  });

  it('nothing is required before 25 September 2026', () => {
    expect(missingSystemTypes(['extinguishers'], [], '2026-09-24')).toEqual([]);
    expect(missingSystemTypes(['extinguishers'], [], '2026-09-25')).toEqual(['extinguishers']);
  });

  it('the refusal names the missing types in Italian', () => {
    expect(missingQualificationMessage('Mario Rossi', ['fireDoors'])).toBe(
      'Mario Rossi non è un tecnico manutentore qualificato (D.M. 1 settembre 2021) per: Porte e finestre tagliafuoco (UNI 11473-1:2019)',
    );
  });
});
