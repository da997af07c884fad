import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { users } from './users.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const parse = (attributes: object, rest: object = {}) => entitySchema(users).safeParse({ attributes, ...rest });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

const staff = { userType: 'siv', displayName: 'Giulia Bianchi', email: 'giulia.bianchi@example.it' };

describe('users', () => {
  it('defaults flags and metadata as SPEC §3 says', () => {
    const result = parse(staff, { metadata: {}, relationships: {} });
    expect(result.data?.attributes).toMatchObject({ isMainteiner: false, isSalesman: false, allowedModules: [] });
    expect(result.data?.metadata).toEqual({ isEnabled: true });
    expect(result.data?.relationships).toEqual({ roleIds: [], customerIds: [], officeLocationIds: [] });
  });

  it('SPEC §5: a customer user needs a customer and at least one module', () => {
    expect(issues(parse({ ...staff, userType: 'customer' }))).toEqual([
      { path: 'attributes.customerId', message: messages.customerUserNeedsCustomer },
      { path: 'attributes.allowedModules', message: messages.atLeastOneModule },
    ]);
    expect(issues(parse({ ...staff, userType: 'customer', customerId, allowedModules: ['portal'] }))).toEqual([]);
  });

  it('lets staff and external users have no customer and no modules (all modules, SPEC §4)', () => {
    expect(issues(parse(staff))).toEqual([]);
    expect(issues(parse({ ...staff, userType: 'external' }))).toEqual([]);
  });

  it('asks each type only its own fields: no customer for staff, no technician flag for a customer’s user', () => {
    const applies = (userType: unknown, path: string) => users.fieldApplies!(path, { attributes: { userType }, metadata: {}, relationships: {} });
    for (const path of ['attributes.customerId', 'attributes.isCustomerAdmin', 'relationships.officeLocationIds']) {
      expect([applies('customer', path), applies('siv', path), applies('external', path), applies(undefined, path)], path).toEqual([true, false, false, false]);
    }
    for (const path of ['attributes.isMainteiner', 'attributes.isSalesman', 'relationships.customerIds']) {
      expect([applies('customer', path), applies('siv', path), applies('external', path), applies(undefined, path)], path).toEqual([false, true, true, false]);
    }
    for (const path of ['attributes.userType', 'attributes.email', 'attributes.allowedModules', 'relationships.roleIds', 'metadata.isEnabled']) {
      expect([applies('customer', path), applies('siv', path), applies(undefined, path)], path).toEqual([true, true, true]);
    }
  });

  it('SPEC §5: needs a valid e-mail, kept lower-case', () => {
    expect(issues(parse({ ...staff, email: 'non-una-mail' }))).toEqual([{ path: 'attributes.email', message: messages.invalidEmail }]);
    expect(issues(parse({ ...staff, email: undefined }))).toEqual([{ path: 'attributes.email', message: messages.required }]);
    expect(parse({ ...staff, email: ' Giulia.Bianchi@Example.IT ' }).data?.attributes.email).toBe('giulia.bianchi@example.it');
  });

  it('keeps allowed modules as a set and rejects unknown modules', () => {
    expect(parse({ ...staff, allowedModules: ['fire', 'edu', 'fire'] }).data?.attributes.allowedModules).toEqual(['fire', 'edu']);
    expect(issues(parse({ ...staff, allowedModules: ['hr'] }))).toEqual([{ path: 'attributes.allowedModules.0', message: messages.invalidValue }]);
  });

  it('is strict: unknown keys and server-managed metadata are rejected', () => {
    expect(parse({ ...staff, role: 'admin' }).success).toBe(false);
    expect(parse(staff, { metadata: { isEnabled: false, createdDateTime: '2025-01-01T00:00:00Z' } }).success).toBe(false);
    expect(parse(staff, { relationships: { roleIds: ['not-a-uuid'] } }).success).toBe(false);
  });
});
