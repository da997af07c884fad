import { describe, expect, it } from 'vitest';
import { linkClasses, selectSidebarGroup } from './sidebar-state.ts';

describe('SPEC §4 sidebar group rules', () => {
  it('selecting a closed group makes it current and opens it, leaving the others as they are', () => {
    expect(selectSidebarGroup({ current: '', opened: [] }, 'marketing')).toEqual({ current: 'marketing', opened: ['marketing'] });
    expect(selectSidebarGroup({ current: 'marketing', opened: ['marketing'] }, 'planning')).toEqual({ current: 'planning', opened: ['marketing', 'planning'] });
  });

  it('selecting an open group that is not current toggles it closed, but the current group is always kept open', () => {
    expect(selectSidebarGroup({ current: 'planning', opened: ['marketing', 'planning'] }, 'marketing')).toEqual({ current: 'marketing', opened: ['planning', 'marketing'] });
  });

  it('selecting the current group again clears all groups and keeps only the current one open', () => {
    expect(selectSidebarGroup({ current: 'planning', opened: ['marketing', 'planning', 'admin'] }, 'planning')).toEqual({ current: 'planning', opened: ['planning'] });
  });

  it('a current group that had been closed is opened again', () => {
    expect(selectSidebarGroup({ current: 'planning', opened: [] }, 'planning')).toEqual({ current: 'planning', opened: ['planning'] });
  });
});

describe('SPEC §2 active links', () => {
  it('marks the exact page current and selected, a page below it selected only', () => {
    expect(linkClasses('/marketing/quotations', '/marketing/quotations?sort=code')).toBe('selected current');
    expect(linkClasses('/marketing/quotations', '/marketing/quotations/detail/q1')).toBe('selected');
    expect(linkClasses('/marketing/quotations', '/marketing/orders')).toBe('');
    expect(linkClasses('/equipments', '/equipmentFamilies')).toBe('');
    expect(linkClasses('/equipments', undefined)).toBe('');
  });
});
