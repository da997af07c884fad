import { describe, expect, it } from 'vitest';
import { createMongoAbility } from '@casl/ability';
import type { AppAbility } from '../../domain/ability.ts';
import { isUnrestricted } from './ability-sql.ts';

const ability = (rules: object[]) => createMongoAbility(rules as never) as unknown as AppAbility;

describe('isUnrestricted', () => {
  it('is true for a rule without conditions, also through manage all', () => {
    expect(isUnrestricted(ability([{ action: 'read', subject: 'quotation' }]), 'read', 'quotation')).toBe(true);
    expect(isUnrestricted(ability([{ action: 'manage', subject: 'all' }]), 'read', 'quotation')).toBe(true);
  });

  it('is false when a condition narrows the rows, an inverted rule excludes some, or nothing is allowed', () => {
    expect(isUnrestricted(ability([{ action: 'read', subject: 'quotation', conditions: { 'relationships.customerId': 'c1' } }]), 'read', 'quotation')).toBe(false);
    expect(isUnrestricted(ability([{ action: 'read', subject: 'quotation' }, { action: 'read', subject: 'quotation', inverted: true, conditions: { 'attributes.state': 'draft' } }]), 'read', 'quotation')).toBe(false);
    expect(isUnrestricted(ability([{ action: 'read', subject: 'customer' }]), 'read', 'quotation')).toBe(false);
  });
});
