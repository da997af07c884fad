import { describe, expect, it } from 'vitest';
import { asSubject, buildAbility } from '../ability.ts';
import { customerAdminRules, inviteUserRequest, siteRules } from './customer-users.ts';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const BRESCIA = '22222222-2222-4222-8222-222222222222';
const BERGAMO = '33333333-3333-4333-8333-333333333333';

/** A customer's user reading installations and its customer's rows, limited by `sites`. */
const abilityFor = (sites: string[]) => buildAbility([
  { action: 'read', subject: ['installation', 'customer', 'quotation'] },
  ...siteRules('customer', CUSTOMER, sites),
]);
const installation = (location: string | null | undefined) =>
  asSubject('installation', { relationships: location === undefined ? { customerId: CUSTOMER } : { customerId: CUSTOMER, customerLocationId: location } });

describe('sites of a customer’s user (issue 26 §9)', () => {
  it('no sites listed: every site, as before', () => {
    expect(siteRules('customer', CUSTOMER, [])).toEqual([]);
    expect(siteRules('siv', null, [BRESCIA])).toEqual([]);
  });

  it('one office location: its rows only, not the head office’s (no location, null or absent) nor another location’s', () => {
    const ability = abilityFor([BRESCIA]);
    expect(ability.can('read', installation(BRESCIA))).toBe(true);
    expect(ability.can('read', installation(BERGAMO))).toBe(false);
    expect(ability.can('read', installation(null))).toBe(false);
    expect(ability.can('read', installation(undefined))).toBe(false);
    // The customer stays readable; of its office locations only the chosen one.
    expect(ability.can('read', asSubject('customer', { id: CUSTOMER, attributes: {} }))).toBe(true);
    expect(ability.can('read', asSubject('customer', { id: BRESCIA, attributes: { parentId: CUSTOMER } }))).toBe(true);
    expect(ability.can('read', asSubject('customer', { id: BERGAMO, attributes: { parentId: CUSTOMER } }))).toBe(false);
  });

  it('the head office (the customer’s id) and one location: rows without a location too', () => {
    const ability = abilityFor([CUSTOMER, BRESCIA]);
    expect(ability.can('read', installation(BRESCIA))).toBe(true);
    expect(ability.can('read', installation(null))).toBe(true);
    expect(ability.can('read', installation(undefined))).toBe(true);
    expect(ability.can('read', installation(BERGAMO))).toBe(false);
    expect(ability.can('read', asSubject('quotation', { relationships: { officeLocationId: BERGAMO } }))).toBe(false);
    expect(ability.can('read', asSubject('quotation', { relationships: {} }))).toBe(true);
  });
});

describe('employees by site (subject customer)', () => {
  const employee = (location: string | null | undefined) =>
    asSubject('customer', { attributes: { fiscalCode: 'RSSMRA80A01F205X' }, relationships: location === undefined ? { customerId: CUSTOMER } : { customerId: CUSTOMER, officeLocationId: location } });

  it('one office location: its employees only; the customer, its location and its files stay readable', () => {
    const ability = abilityFor([BRESCIA]);
    expect(ability.can('read', employee(BRESCIA))).toBe(true);
    expect(ability.can('read', employee(BERGAMO))).toBe(false);
    expect(ability.can('read', employee(null))).toBe(false);
    expect(ability.can('read', employee(undefined))).toBe(false);
    expect(ability.can('read', asSubject('customer', { id: CUSTOMER, attributes: {}, relationships: {} }))).toBe(true);
    expect(ability.can('read', asSubject('customer', { attributes: { name: 'Attestato.pdf' }, relationships: { customerId: CUSTOMER } }))).toBe(true);
  });

  it('the head office and one location: employees without a site too, never another site’s', () => {
    const ability = abilityFor([CUSTOMER, BRESCIA]);
    expect(ability.can('read', employee(BRESCIA))).toBe(true);
    expect(ability.can('read', employee(null))).toBe(true);
    expect(ability.can('read', employee(undefined))).toBe(true);
    expect(ability.can('read', employee(BERGAMO))).toBe(false);
  });
});

describe('a customer’s administrator', () => {
  it('manages only its customer’s users, never who they are', () => {
    expect(customerAdminRules('customer', false)).toEqual([]);
    expect(customerAdminRules('siv', true)).toEqual([]);
    const ability = buildAbility(customerAdminRules('customer', true).map((rule) => ({
      ...rule, ...(rule.conditions ? { conditions: { ...rule.conditions, 'attributes.customerId': CUSTOMER } } : {}),
    })));
    const colleague = asSubject('user', { attributes: { userType: 'customer', customerId: CUSTOMER } });
    expect(ability.can('invite', colleague)).toBe(true);
    expect(ability.can('update', colleague, 'attributes.allowedModules')).toBe(true);
    expect(ability.can('update', colleague, 'attributes.isCustomerAdmin')).toBe(false);
    expect(ability.can('update', colleague, 'relationships.roleIds')).toBe(false);
    expect(ability.can('read', asSubject('user', { attributes: { userType: 'siv', customerId: CUSTOMER } }))).toBe(false);
    expect(ability.can('read', asSubject('user', { attributes: { userType: 'customer', customerId: BRESCIA } }))).toBe(false);
    expect(ability.can('resetPassword', colleague)).toBe(false);
  });

  it('invites with an e-mail, a name, at least one site and one module', () => {
    expect(inviteUserRequest.safeParse({ email: ' Carla@Officine.IT ', displayName: 'Carla', officeLocationIds: [BRESCIA, BRESCIA], allowedModules: ['fire'] }).data)
      .toEqual({ email: 'carla@officine.it', displayName: 'Carla', officeLocationIds: [BRESCIA], allowedModules: ['fire'] });
    const refused = inviteUserRequest.safeParse({ email: 'no', displayName: '', officeLocationIds: [], allowedModules: [] });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(expect.arrayContaining(['Indirizzo e-mail non valido', 'Scegliere almeno una sede', 'Scegliere almeno un modulo']));
  });
});
