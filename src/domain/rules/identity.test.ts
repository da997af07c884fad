import { describe, expect, it } from 'vitest';
import { modules } from '../enums.ts';
import { canUseModule, effectiveAllowedCustomerIds, effectiveAllowedModules, isAdmin } from './identity.ts';

describe('effective allowed modules (SPEC §4)', () => {
  it('gives customers exactly their own modules, even none', () => {
    expect(effectiveAllowedModules({ userType: 'customer', allowedModules: ['portal', 'doc'] })).toEqual(['portal', 'doc']);
    expect(effectiveAllowedModules({ userType: 'customer', allowedModules: [] })).toEqual([]);
    expect(effectiveAllowedModules({ userType: 'customer' })).toEqual([]);
  });

  it('gives staff their modules, or all of them when none is listed', () => {
    expect(effectiveAllowedModules({ userType: 'siv', allowedModules: ['fire'] })).toEqual(['fire']);
    expect(effectiveAllowedModules({ userType: 'siv', allowedModules: [] })).toEqual([...modules]);
    expect(effectiveAllowedModules({ userType: 'external', allowedModules: null })).toEqual([...modules]);
  });

  it('lists a module once even if the identity repeats it', () => {
    expect(effectiveAllowedModules({ userType: 'siv', allowedModules: ['med', 'med'] })).toEqual(['med']);
  });

  it('answers whether a module may be used', () => {
    expect(canUseModule({ userType: 'siv' }, 'edu')).toBe(true);
    expect(canUseModule({ userType: 'customer', allowedModules: ['portal'] }, 'edu')).toBe(false);
  });
});

describe('effective allowed customers (SPEC §4)', () => {
  const own = '11111111-1111-4111-8111-111111111111';
  const other = '22222222-2222-4222-8222-222222222222';

  it('gives customers only their own customer, whatever else is listed', () => {
    expect(effectiveAllowedCustomerIds({ userType: 'customer', customerId: own, allowedCustomerIds: [other] })).toEqual([own]);
    expect(effectiveAllowedCustomerIds({ userType: 'customer', customerId: null, allowedCustomerIds: [other] })).toEqual([]);
  });

  it('gives staff their allowed customers', () => {
    expect(effectiveAllowedCustomerIds({ userType: 'siv', customerId: own, allowedCustomerIds: [other, other] })).toEqual([other]);
    expect(effectiveAllowedCustomerIds({ userType: 'external' })).toEqual([]);
  });
});

describe('isAdmin (SPEC §6)', () => {
  it('recognises the administrators’ role by its exact Italian name (issue 23: «Amministratore», no longer SPEC §6’s «Admin»)', () => {
    expect(isAdmin({ roles: [{ name: 'Commerciale' }, { name: 'Amministratore' }] })).toBe(true);
    expect(isAdmin({ roles: [{ name: 'amministratore' }, { name: 'Admin' }, { name: 'Administrator' }] })).toBe(false);
    expect(isAdmin({ roles: [] })).toBe(false);
    expect(isAdmin({})).toBe(false);
  });
});
