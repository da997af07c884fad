import { describe, expect, it } from 'vitest';
import { asSubject, buildAbility, interpolatePermissions, SELF_SERVICE_RULES } from '../ability.ts';
import { entitySchema } from '../kind.ts';
import { describeKindContract } from './kind-contract.ts';
import { savedViews } from './saved-views.ts';

const userId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const otherId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const plannerRole = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const salesRole = '3f2b8a1c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describeKindContract('saved views', [savedViews], {
  savedViews: { attributes: { name: 'Da approvare', path: '/marketing/quotations', query: 'filter[status]=to-be-approved' }, relationships: { userId } },
});

describe('saved view content', () => {
  const parse = (attributes: object) => entitySchema(savedViews).safeParse({ attributes, relationships: { userId } });

  it('needs a route of the product as its path, without a query', () => {
    expect(parse({ name: 'x', path: '/planning/physicalActivities' }).success).toBe(true);
    expect(parse({ name: 'x', path: '/nowhere/at/all/x' }).error?.issues[0]?.path).toEqual(['attributes', 'path']);
    expect(parse({ name: 'x', path: '/marketing/quotations?sort=code' }).success).toBe(false);
    expect(parse({ name: 'x', path: '//evil.example/x' }).success).toBe(false);
    expect(parse({ name: 'x', path: '/' }).success).toBe(false);
  });

  it('keeps the query as typed, without the question mark', () => {
    expect(parse({ name: 'x', path: '/marketing/quotations', query: '?sort=code' }).success).toBe(false);
    expect(parse({ name: ' ', path: '/marketing/quotations' }).success).toBe(false);
  });
});

describe('saved view abilities (SELF_SERVICE_RULES)', () => {
  const abilityOf = (id: string, roleIds: string[]) => buildAbility(interpolatePermissions(SELF_SERVICE_RULES, { id, roleIds }));
  const view = (owner: string, shared: string[]) => asSubject('saved view', { relationships: { userId: owner, sharedRoleIds: shared } });

  it('lets the owner manage their own view', () => {
    const ability = abilityOf(userId, []);
    for (const action of ['read', 'create', 'update', 'delete']) expect(ability.can(action, view(userId, [])), action).toBe(true);
  });

  it('lets users of a role the view is shared with read it, and nothing more', () => {
    const ability = abilityOf(otherId, [salesRole, plannerRole]);
    expect(ability.can('read', view(userId, [plannerRole]))).toBe(true);
    expect(ability.can('update', view(userId, [plannerRole]))).toBe(false);
    expect(ability.can('delete', view(userId, [plannerRole]))).toBe(false);
    expect(ability.can('create', view(userId, []))).toBe(false);
  });

  it('hides a view from users of other roles, and from a user with no roles', () => {
    expect(abilityOf(otherId, [salesRole]).can('read', view(userId, [plannerRole]))).toBe(false);
    expect(abilityOf(otherId, []).can('read', view(userId, [plannerRole]))).toBe(false);
    expect(buildAbility(interpolatePermissions(SELF_SERVICE_RULES, { id: otherId })).can('read', view(userId, [plannerRole]))).toBe(false);
  });
});
