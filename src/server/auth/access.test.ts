import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../domain/ability.ts';
import { kindList, findKind } from '../../domain/kinds.ts';
import { parentLinks } from '../../domain/kind.ts';
import { abilityAccess } from './access.ts';

const kind = (type: string) => findKind(type)!;

describe('the read rule of an access', () => {
  it('every parent link names a known kind, and the links form no cycle (every kind has a scope)', () => {
    for (const k of kindList) for (const link of parentLinks(k)) if (link.target) expect(findKind(link.target), `${k.type} → ${link.target}`).toBeDefined();
    // A caller who reads every subject under a condition: every kind's scope is built through its parents.
    const access = abilityAccess(buildAbility([{ action: 'read', subject: 'all', conditions: { 'attributes.code': 'X' } }]), { allowedModules: ['fire'] });
    for (const k of kindList) expect(() => access.listScope(k), k.type).not.toThrow();
  });

  it('a kind of one module is closed to a user without it, whatever the rules grant', () => {
    const access = abilityAccess(buildAbility([{ action: 'manage', subject: 'all' }]), { allowedModules: ['fire'] });
    expect(access.can('read', kind('courseEditions'))).toBe(false);
    expect(() => access.authorize('read', kind('trainingPlans'))).toThrow(expect.objectContaining({ code: 'MODULE_NOT_ALLOWED' }));
    expect(access.listScope(kind('trainingPlans'))).toBeDefined();
    expect(access.hasModule('edu')).toBe(false);
    const everything = abilityAccess(buildAbility([{ action: 'manage', subject: 'all' }]));
    expect(everything.can('read', kind('courseEditions'))).toBe(true);
    // Unrestricted on the kind and all its parents: lists need no condition at all.
    expect(everything.listScope(kind('assignmentActivities'))).toBeUndefined();
    expect(everything.listScope(kind('media'))).toBeUndefined();
  });

  it('a row read through a parent gets a condition on the parent even when the row’s own rules grant all', () => {
    const access = abilityAccess(buildAbility([
      { action: 'read', subject: 'assignment activity' },
      { action: 'read', subject: 'assignment', conditions: { 'relationships.customerId': '00000000-0000-4000-8000-000000000001' } },
    ]));
    expect(access.listScope(kind('assignmentActivities'))).toBeDefined();
    // Orders from quotations are read through the quotation's module only: without a module limit, no condition.
    expect(abilityAccess(buildAbility([{ action: 'read', subject: 'order' }])).listScope(kind('orders'))).toBeUndefined();
    expect(abilityAccess(buildAbility([{ action: 'read', subject: 'order' }]), { allowedModules: ['fire'] }).listScope(kind('orders'))).toBeDefined();
  });
});
