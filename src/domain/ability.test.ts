import { describe, expect, it } from 'vitest';
import type { PermissionRule } from './entities/roles.ts';
import { asSubject, buildAbility, closingRules, interpolatePermissions, MODULE_NOT_ALLOWED_REASON, UNMATCHABLE, USER_SETTINGS_SUBJECT } from './ability.ts';
import type { ModuleName } from './enums.ts';

describe('buildAbility', () => {
  it('grants nothing without rules', () => {
    const ability = buildAbility([]);
    expect(ability.can('read', 'customer')).toBe(false);
  });

  it('resolves the alias m to read, update and delete, but not create', () => {
    const ability = buildAbility([{ action: 'm', subject: 'order' }]);
    expect(['read', 'update', 'delete'].map((a) => ability.can(a, 'order'))).toEqual([true, true, true]);
    expect(ability.can('create', 'order')).toBe(false);
    expect(ability.can('read', 'quotation')).toBe(false);
  });

  it('treats manage as any action and all as any subject', () => {
    const ability = buildAbility([{ action: 'manage', subject: 'all' }]);
    expect(ability.can('approve', 'quotation')).toBe(true);
    expect(ability.can('delete', 'role')).toBe(true);
  });

  it('applies conditions on dotted entity paths, and field restrictions', () => {
    const ability = buildAbility([
      { action: 'read', subject: 'quotation', conditions: { 'relationships.customerId': 'c1', 'attributes.status': { $in: ['issued'] } } },
      { action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes'], inverted: true },
    ]);
    const own = asSubject('quotation', { relationships: { customerId: 'c1' }, attributes: { status: 'issued' } });
    const draft = asSubject('quotation', { relationships: { customerId: 'c1' }, attributes: { status: 'draft' } });
    const other = asSubject('quotation', { relationships: { customerId: 'c2' }, attributes: { status: 'issued' } });
    expect(ability.can('read', own)).toBe(true);
    expect(ability.can('read', draft)).toBe(false);
    expect(ability.can('read', other)).toBe(false);
    expect(ability.can('read', own, 'attributes.commercialNotes')).toBe(false);
    expect(ability.can('read', own, 'attributes.code')).toBe(true);
  });
});

describe('interpolatePermissions', () => {
  const rules: PermissionRule[] = [
    { action: 'read', subject: 'customer', conditions: { id: '${user.customerId}' } },
    { action: 'read', subject: 'customer', conditions: { id: { $in: '${user.allowedCustomerIds}' } } },
    { action: 'manage', subject: 'reminder', conditions: { 'relationships.userId': '${user.id}' } },
    { action: 'read', subject: 'product' },
  ];

  it('replaces placeholders with the user’s values and leaves other rules alone', () => {
    const result = interpolatePermissions(rules, { id: 'u1', customerId: 'c1', allowedCustomerIds: ['a', 'b'] });
    expect(result[0]?.conditions).toEqual({ id: 'c1' });
    expect(result[1]?.conditions).toEqual({ id: { $in: ['a', 'b'] } });
    expect(result[2]?.conditions).toEqual({ 'relationships.userId': 'u1' });
    expect(result[3]).toBe(rules[3]);
  });

  it('turns a placeholder the user has no value for into one nothing matches', () => {
    const result = interpolatePermissions(rules, { id: 'u1', customerId: null });
    expect(result[0]?.conditions).toEqual({ id: UNMATCHABLE });
    expect(result[1]?.conditions).toEqual({ id: { $in: [] } });
    const ability = buildAbility(result);
    expect(ability.can('read', asSubject('customer', { id: 'c1' }))).toBe(false);
  });
});

describe('closingRules', () => {
  const user = { id: 'u1' };
  const rules = (allowedModules?: ModuleName[]) =>
    buildAbility(interpolatePermissions([{ action: 'manage', subject: 'all' }, ...closingRules({ moduleSubjects: ['product', 'reminder'], allowedModules })], user));

  it('refuses rows of other modules even to a manage-all rule, and keeps rows without a module', () => {
    const ability = rules(['fire']);
    expect(ability.can('read', asSubject('product', { attributes: { module: 'fire' } }))).toBe(true);
    expect(ability.can('read', asSubject('product', { attributes: {} }))).toBe(true);
    expect(ability.can('update', asSubject('reminder', { attributes: { module: 'med' } }))).toBe(false);
    expect(ability.relevantRuleFor('read', asSubject('product', { attributes: { module: 'med' } }))?.reason).toBe(MODULE_NOT_ALLOWED_REASON);
    // Other subjects and the kind itself are untouched.
    expect(ability.can('read', asSubject('customer', { attributes: { module: 'med' } }))).toBe(true);
    expect(ability.can('create', 'product')).toBe(true);
    expect(rules(undefined).can('read', asSubject('product', { attributes: { module: 'med' } }))).toBe(true);
  });

  it('keeps every user to their own settings', () => {
    const ability = rules(undefined);
    expect(ability.can('read', asSubject(USER_SETTINGS_SUBJECT, { relationships: { userId: 'u1' } }))).toBe(true);
    expect(ability.can('read', asSubject(USER_SETTINGS_SUBJECT, { relationships: { userId: 'u2' } }))).toBe(false);
    expect(ability.can('update', asSubject(USER_SETTINGS_SUBJECT, { relationships: { userId: 'u2' } }))).toBe(false);
  });
});
