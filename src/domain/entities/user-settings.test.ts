import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { MAX_OPEN_TABS, userSettings } from './user-settings.ts';

const userId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const parse = (attributes: object) => entitySchema(userSettings).safeParse({ attributes, relationships: { userId } });

describe('user settings', () => {
  it('has the SPEC §3 defaults; no dark-theme value means the system preference', () => {
    expect(parse({}).data?.attributes).toEqual({
      hasFilters: false, hasSidebarEnlarged: false, sidebarOpenedGroups: [], currentGroupSelected: '', openTabs: [], tabLimit: 50, gridColumns: {},
    });
  });

  it('keeps the user’s «Schede aperte al massimo»: no limit (0), 20, 30 or 50, nothing else', () => {
    for (const choice of [0, 20, 30, 50]) expect(parse({ tabLimit: choice }).data?.attributes.tabLimit).toBe(choice);
    for (const wrong of [10, 51, 100, '30', null]) expect(parse({ tabLimit: wrong }).success).toBe(false);
  });

  it('keeps the opened sidebar groups as a set', () => {
    expect(parse({ sidebarOpenedGroups: ['marketing', 'planning', 'marketing'] }).data?.attributes.sidebarOpenedGroups).toEqual(['marketing', 'planning']);
  });

  it('keeps the workspace: tabs of product routes, the active and split ones among them, grid columns', () => {
    const result = parse({
      openTabs: [{ url: '/marketing/quotations/detail/1', title: 'Preventivo 1', pinned: true }, { url: '/dashboard' }],
      activeTabUrl: '/dashboard',
      splitTabUrl: '/marketing/quotations/detail/1',
      gridColumns: { quotations: ['code', 'status'] },
    });
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('rejects an active or split tab that is not open, duplicate tabs and too many tabs', () => {
    expect(parse({ openTabs: [{ url: '/dashboard' }], activeTabUrl: '/users' }).error?.issues[0]).toMatchObject({
      path: ['attributes', 'activeTabUrl'], message: messages.invalidValue,
    });
    expect(parse({ openTabs: [{ url: '/dashboard' }], splitTabUrl: '/users' }).error?.issues[0]).toMatchObject({
      path: ['attributes', 'splitTabUrl'], message: messages.invalidValue,
    });
    expect(parse({ openTabs: [{ url: '/users' }, { url: '/users' }] }).success).toBe(false);
    const many = Array.from({ length: MAX_OPEN_TABS + 1 }, (_, i) => ({ url: `/courses/${i}` }));
    expect(parse({ openTabs: many }).success).toBe(false);
  });

  it('accepts only same-origin paths as tab addresses', () => {
    for (const url of ['https://example.com/', '//example.com/x', '/\\example.com', 'dashboard', '/a b']) {
      expect(parse({ openTabs: [{ url }] }).success, url).toBe(false);
    }
  });

  it('is strict and needs its user', () => {
    expect(parse({ theme: 'dark' }).success).toBe(false);
    expect(parse({ openTabs: [{ url: '/dashboard', icon: 'x' }] }).success).toBe(false);
    expect(entitySchema(userSettings).safeParse({ attributes: {}, relationships: {} }).success).toBe(false);
  });
});
