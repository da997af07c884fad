import { describe, expect, it } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { gridViewOf, mergeViews, openingUrl, resolveViewUrl, savedViewUrl, viewGroup } from './saved-views.ts';

const view = (path: string, query = '') => ({ attributes: { name: 'V', path, query } });

describe('saved views', () => {
  it('give the URL back in its own form', () => {
    expect(savedViewUrl(view('/marketing/quotations', 'filter[status]=to-be-approved'))).toBe('/marketing/quotations?filter[status]=to-be-approved');
    expect(savedViewUrl(view('/reminders'))).toBe('/reminders');
  });

  it('resolve relative days from the day they are opened, leaving the rest alone', () => {
    const url = '/planning/physicalActivities?filter[isExecuted]=false&from[deadlineDate]=today-30&to[deadlineDate]=today&sort=deadlineDate';
    expect(resolveViewUrl(url, '2026-03-01')).toBe('/planning/physicalActivities?filter[isExecuted]=false&from[deadlineDate]=2026-01-30&to[deadlineDate]=2026-03-01&sort=deadlineDate');
    expect(resolveViewUrl('/x?to[d]=today%2B7', '2026-12-28')).toBe('/x?to[d]=2027-01-04');
    expect(resolveViewUrl('/x?filter[name]=todayish&filter[q]=%E0%A4%A', '2026-03-01')).toBe('/x?filter[name]=todayish&filter[q]=%E0%A4%A');
    expect(resolveViewUrl('/x', '2026-03-01')).toBe('/x');
    expect(openingUrl(view('/planning/physicalActivities', 'to[deadlineDate]=today-1'), '2026-01-01')).toBe('/planning/physicalActivities?to[deadlineDate]=2025-12-31');
  });

  it('sit in the sidebar area of their route', () => {
    expect(viewGroup(view('/marketing/quotations'))).toBe('marketing');
    expect(viewGroup(view('/planning/physicalActivities'))).toBe('planning');
    expect(viewGroup(view('/customers/c1/fire/equipments'))).toBe('home');
  });

  it('are taken only from a tab that shows a grid, query kept as typed', () => {
    expect(gridViewOf('/marketing/quotations?filter[status]=draft&sort=-date')).toEqual({ path: '/marketing/quotations', query: 'filter[status]=draft&sort=-date' });
    expect(gridViewOf('/customers/c1/fire/equipments')).toEqual({ path: '/customers/c1/fire/equipments', query: '' });
    expect(gridViewOf('/marketing/quotations/detail/q1')).toBeUndefined();
    expect(gridViewOf('/dashboard')).toBeUndefined();
    expect(gridViewOf(undefined)).toBeUndefined();
  });

  it('list the user’s own views and the shared ones once, by name', () => {
    const entity = (id: string, name: string, userId: string) => ({ id, attributes: { name }, metadata: {}, relationships: { userId } }) as unknown as Entity;
    const own = [entity('a', 'Zeta', 'me'), entity('b', 'Alfa', 'me')];
    const shared = [entity('b', 'Alfa', 'me'), entity('c', 'Beta', 'other')];
    expect(mergeViews(own, shared, 'me').map((view) => view.id)).toEqual(['b', 'c', 'a']);
  });
});
