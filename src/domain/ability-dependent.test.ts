import { describe, expect, it } from 'vitest';
import type { PermissionRule } from './entities/roles.ts';
import { asSubject, buildAbility, COMMERCIAL_TERMS_FIELDS, DEPENDENT_RULE_REASONS, dependentRules, refusalReason } from './ability.ts';

/** The ability a role's rules give once the SPEC §6 part-subjects are applied (as the identity does). */
const effective = (rules: PermissionRule[]) => buildAbility([...rules, ...dependentRules(rules)]);

const office = { attributes: { parentId: '00000000-0000-4000-8000-000000000001', registry: { businessName: 'Sede' } } };
const headOffice = { attributes: { parentId: null, registry: { businessName: 'Sede legale' } } };
/** A file in a folder: subject `customer` too, with a parent, but no office location. */
const fileInFolder = { attributes: { parentId: '00000000-0000-4000-8000-000000000002', nodeKind: 'file' } };

describe('dependentRules: SPEC §6 updateRevision', () => {
  it('takes `update` on revisions away from a caller with no updateRevision on quotations, saying why', () => {
    const ability = effective([{ action: ['read', 'update'], subject: 'quotation revision' }, { action: 'update', subject: 'quotation' }]);
    expect(ability.can('read', 'quotation revision')).toBe(true);
    expect(ability.can('update', 'quotation revision')).toBe(false);
    expect(ability.relevantRuleFor('update', 'quotation revision')?.reason).toBe(DEPENDENT_RULE_REASONS.updateRevision);
  });

  it('leaves it to whoever may updateRevision, even on some quotations only (the hook judges the quotation)', () => {
    expect(effective([{ action: 'update', subject: 'quotation revision' }, { action: 'updateRevision', subject: 'quotation' }]).can('update', 'quotation revision')).toBe(true);
    const own = [{ action: 'update', subject: 'quotation revision' }, { action: 'updateRevision', subject: 'quotation', conditions: { 'relationships.authorId': 'u1' } }];
    expect(effective(own).can('update', 'quotation revision')).toBe(true);
    expect(effective([{ action: 'manage', subject: 'all' }]).can('update', 'quotation revision')).toBe(true);
  });
});

describe('dependentRules: SPEC §6 customer location', () => {
  it('an action granted on customers but not on their locations reaches head offices only', () => {
    const ability = effective([{ action: ['read', 'update'], subject: 'customer' }, { action: 'read', subject: 'customer location' }]);
    expect(ability.can('read', asSubject('customer', office))).toBe(true);
    expect(ability.can('update', asSubject('customer', headOffice))).toBe(true);
    expect(ability.can('update', asSubject('customer', { attributes: {} }))).toBe(true);
    expect(ability.can('update', asSubject('customer', office))).toBe(false);
    expect(ability.can('update', asSubject('customer', fileInFolder))).toBe(true);
    expect(ability.relevantRuleFor('update', asSubject('customer', office))?.reason).toBe(DEPENDENT_RULE_REASONS.customerLocation);
  });

  it('no rule on locations: no location is read', () => {
    const ability = effective([{ action: 'read', subject: 'customer' }]);
    expect(ability.can('read', asSubject('customer', headOffice))).toBe(true);
    expect(ability.can('read', asSubject('customer', office))).toBe(false);
  });

  it('adds nothing when every action is granted on locations, or on everything', () => {
    expect(dependentRules([{ action: ['read', 'create', 'update', 'delete'], subject: ['customer', 'customer location'] }, { action: 'updateRevision', subject: 'quotation' }, { action: 'read', subject: 'commercial terms' }])).toEqual([]);
    expect(dependentRules([{ action: 'manage', subject: 'all' }])).toEqual([]);
    // Nothing is taken away that was not granted: a reader of quotations, products and users gets no rule.
    expect(dependentRules([{ action: 'read', subject: ['quotation', 'quotation revision', 'product', 'user'] }])).toEqual([]);
    // A customer user reading its customer and its locations: the commercial terms only.
    expect(dependentRules([{ action: 'read', subject: ['customer', 'customer location'] }])).toEqual([
      { action: 'read', subject: 'customer', fields: [...COMMERCIAL_TERMS_FIELDS], inverted: true, reason: DEPENDENT_RULE_REASONS.commercialTerms },
    ]);
  });
});

describe('dependentRules: SPEC §6 read on commercial terms', () => {
  it('hides the commercial terms fields of a customer without `read` on commercial terms, and only those', () => {
    const ability = effective([{ action: 'read', subject: ['customer', 'customer location'] }]);
    const customer = asSubject('customer', headOffice);
    for (const field of COMMERCIAL_TERMS_FIELDS) expect(ability.can('read', customer, field)).toBe(false);
    expect(ability.can('read', customer, 'attributes.registry')).toBe(true);
    expect(ability.relevantRuleFor('read', customer, 'relationships.paymentTermId')?.reason).toBe(DEPENDENT_RULE_REASONS.commercialTerms);
  });

  it('shows them with it', () => {
    const ability = effective([{ action: 'read', subject: ['customer', 'customer location', 'commercial terms'] }]);
    expect(ability.can('read', asSubject('customer', headOffice), 'attributes.commercialPercentage')).toBe(true);
  });
});

describe('refusalReason', () => {
  it('says the reason of the rule that refuses, nothing when allowed or merely not granted', () => {
    const ability = effective([{ action: ['read', 'update'], subject: ['customer', 'quotation revision'] }, { action: 'read', subject: 'customer location' }]);
    expect(refusalReason(ability, 'update', asSubject('customer', office))).toBe(DEPENDENT_RULE_REASONS.customerLocation);
    expect(refusalReason(ability, 'update', asSubject('customer', headOffice))).toBeUndefined();
    expect(refusalReason(ability, 'update', 'quotation revision')).toBe(DEPENDENT_RULE_REASONS.updateRevision);
    expect(refusalReason(ability, 'delete', 'customer')).toBeUndefined();
  });
});
