import { describe, expect, it } from 'vitest';
import { recordTabUrl as entityUrl, routes } from '../../domain/routes.ts';
import { fillParams, resolveScreen, screenOfRoute } from './screen-table.ts';

describe('route → screen', () => {
  it('maps list and detail routes of the SPEC table, literal segments before ids', () => {
    expect(resolveScreen('/marketing/quotations?sort=-date')?.spec).toMatchObject({ screen: 'grid', type: 'quotations' });
    expect(resolveScreen('/marketing/quotations/detail/abc')).toMatchObject({ spec: { screen: 'form', type: 'quotations' }, params: { id: 'abc' } });
    expect(resolveScreen('/customers/employees')?.spec).toMatchObject({ screen: 'grid', type: 'employees' });
    expect(resolveScreen('/customers/person')?.spec).toMatchObject({ screen: 'grid', type: 'customers', fixed: { 'filter[isPerson]': 'true' } });
    expect(resolveScreen('/customers/c1')?.spec).toMatchObject({ screen: 'form', type: 'customers' });
    expect(resolveScreen('/planning/calendar/fire')).toMatchObject({ spec: { screen: 'calendar' }, params: { moduleName: 'fire' } });
    expect(resolveScreen('/nowhere/at/all/x')).toBeNull();
  });

  it('fills fixed filters from the path', () => {
    const resolved = resolveScreen('/customers/c1/fire/equipments')!;
    expect(resolved.spec.screen === 'grid' && fillParams(resolved.spec.fixed!, resolved.params)).toEqual({ 'filter[customerId]': 'c1', 'filter[module]': 'fire' });
  });

  it('gives every entity a tab URL that resolves back to a screen', () => {
    for (const type of ['quotations', 'orders', 'assignments', 'customers', 'equipments', 'products', 'suppliers', 'courses', 'reminders', 'jobs']) {
      const url = entityUrl(type, 'x1', { relationships: { customerId: 'c1' } });
      expect(resolveScreen(url), url).not.toBeNull();
    }
    expect(entityUrl('jobs', 'x1')).toBe('/preview/jobs/x1');
  });

  it('has a screen for every route of the one route table but the catch-all', () => {
    expect(routes.filter((route) => route.name !== 'NotFound' && !(route.name in screenOfRoute)).map((route) => route.name)).toEqual([]);
    expect(Object.keys(screenOfRoute).filter((name) => !routes.some((route) => route.name === name))).toEqual([]);
  });
});
