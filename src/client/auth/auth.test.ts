import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTE, isAppRoute, landingRoute, withRefreshLock } from './auth.ts';

describe('landing after sign-in (SPEC §2)', () => {
  it('goes to the remembered route, default Dashboard', () => {
    expect(DEFAULT_ROUTE).toBe('/dashboard');
    expect(landingRoute({ userType: 'siv' }, '/customers?page[number]=2')).toBe('/customers?page[number]=2');
    expect(landingRoute({ userType: 'external' }, null)).toBe('/dashboard');
    expect(landingRoute({ userType: 'siv' }, '/')).toBe('/dashboard');
  });

  it('never returns to another site or to the sign-in pages', () => {
    expect(isAppRoute('//evil.example/x')).toBe(false);
    expect(isAppRoute('https://evil.example/x')).toBe(false);
    expect(isAppRoute('/auth/callback?code=x')).toBe(false);
    expect(landingRoute({ userType: 'siv' }, '//evil.example')).toBe('/dashboard');
  });

  it('always sends customer users to their own customer page', () => {
    const customer = { userType: 'customer' as const, customerId: 'c-1' };
    expect(landingRoute(customer, null)).toBe('/customers/c-1');
    expect(landingRoute(customer, '/dashboard')).toBe('/customers/c-1');
    expect(landingRoute(customer, '/customers/c-2')).toBe('/customers/c-1');
    expect(landingRoute(customer, '/customers/c-1/locations')).toBe('/customers/c-1/locations');
  });

  it('sends a customer user signing in from the office\'s address of a quotation to its page in the portal', () => {
    const customer = { userType: 'customer' as const, customerId: 'c-1' };
    expect(landingRoute(customer, '/marketing/quotations/detail/q-7')).toBe('/customers/c-1/portal/quotations/q-7');
    expect(landingRoute({ userType: 'siv' }, '/marketing/quotations/detail/q-7')).toBe('/marketing/quotations/detail/q-7');
  });
});

describe('withRefreshLock', () => {
  it('runs renewals one at a time', async () => {
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name}:start`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(`${name}:end`);
      return name;
    };
    const results = await Promise.all([withRefreshLock(task('a')), withRefreshLock(task('b'))]);
    expect(results).toEqual(['a', 'b']);
    if (globalThis.navigator?.locks) expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });
});
