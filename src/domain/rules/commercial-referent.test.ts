import { describe, expect, it } from 'vitest';
import { COMMERCIAL_REFERENT_FROM_REGISTRY, commercialReferentIssues, isRegistryReferent } from './commercial-referent.ts';
import { customers } from '../entities/customer.ts';
import { entitySchema } from '../kind.ts';
import problems from '../../client/i18n/messages/problems.ts';

const referents = [{ firstName: 'Giulia', lastName: 'Neri' }, { firstName: 'Luca', lastName: 'De Santis' }];

describe('SPEC §8 commercial referent from the customer registry', () => {
  it('is the text of the catalogue', () => {
    expect(COMMERCIAL_REFERENT_FROM_REGISTRY).toBe(problems['problems.commercialReferenceFromRegistry']);
  });

  it('knows a registry referent by either name order, spacing and case aside', () => {
    expect(isRegistryReferent('Giulia Neri', referents)).toBe(true);
    expect(isRegistryReferent('  de santis   LUCA ', referents)).toBe(true);
    expect(isRegistryReferent('Giulia', referents)).toBe(false);
    expect(isRegistryReferent('Paolo Bassi', referents)).toBe(false);
  });

  it('refuses a referent named freely, not a user nor a registry referent', () => {
    expect(commercialReferentIssues({ referentName: 'Paolo Bassi', referents })).toEqual([
      { path: ['metadata', 'referentName'], code: 'commercialReferentFromRegistry', message: COMMERCIAL_REFERENT_FROM_REGISTRY },
    ]);
    expect(commercialReferentIssues({ referentName: 'Giulia Neri', referents: [] })).toHaveLength(1);
  });

  it('accepts a registry referent, a user referent (its name is the user\'s), or nobody named', () => {
    expect(commercialReferentIssues({ referentName: 'Neri Giulia', referents })).toEqual([]);
    expect(commercialReferentIssues({ referentName: 'Mario Rossi', referentId: '0b7c9a4e-3f0e-4d5c-9a51-2f8e1c6d7b90', referents: [] })).toEqual([]);
    expect(commercialReferentIssues({ referentName: '  ', referents: [] })).toEqual([]);
    expect(commercialReferentIssues({ referents })).toEqual([]);
  });

  it('is one of the customer kind\'s rules (the API and the form both apply them)', () => {
    const entity = (referentName: string, list = referents) => ({
      attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' }, additionalInformations: { referents: list } },
      metadata: { referentName },
    });
    const refused = entitySchema(customers).safeParse(entity('Paolo Bassi'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual(['metadata.referentName', COMMERCIAL_REFERENT_FROM_REGISTRY]);
    expect(entitySchema(customers).safeParse(entity('Luca De Santis')).success).toBe(true);
  });
});
