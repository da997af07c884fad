import { describe, expect, it } from 'vitest';
import { kindList } from '../kinds.ts';
import { roleDefinitions } from '../../server/seed/generators/roles.ts';
import type { PermissionRule } from '../entities/roles.ts';
import { placeholderOf, placeholderText, roleCatalogue, roleRuleIssues } from './role-rules.ts';

const catalogue = roleCatalogue(kindList);
const issues = (rules: PermissionRule[]) => roleRuleIssues(rules, catalogue).map(({ index, key, message }) => ({ index, key, message }));
const USER_ID = placeholderText('id');
const ZONES = placeholderText('commercialZoneIds');

describe('role rules', () => {
  it('accepts every demo role', () => {
    for (const role of roleDefinitions) expect(issues(role.permissions), role.name).toEqual([]);
  });

  it('accepts several actions and subjects, fields and conditions with the user’s values', () => {
    expect(issues([
      { action: ['read', 'update', 'emit'], subject: ['quotation', 'order'], conditions: { 'relationships.customerId': placeholderText('customerId') } },
      { action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes', 'metadata.*'], inverted: true, reason: 'Riservato' },
      { action: 'read', subject: 'quotation', conditions: { 'metadata.commercialZoneId': { $in: ZONES }, 'attributes.status': { $in: ['draft', 'issued'] } } },
      { action: 'resetPassword', subject: 'user', conditions: { 'attributes.isSalesman': true } },
    ])).toEqual([]);
  });

  it('names unknown actions, subjects and fields in Italian', () => {
    expect(issues([{ action: ['read', 'fly'], subject: 'quotation' }])).toEqual([{ index: 0, key: 'action', message: 'Azione sconosciuta: fly' }]);
    expect(issues([{ action: 'read', subject: 'spaceship' }])).toEqual([{ index: 0, key: 'subject', message: 'Soggetto sconosciuto: spaceship' }]);
    expect(issues([{ action: 'read', subject: ['all', 'order'] }])[0]?.key).toBe('subject');
    expect(issues([{ action: 'read', subject: 'order', fields: ['attributes.nope'] }])).toEqual([{ index: 0, key: 'fields', message: 'Il campo «attributes.nope» non esiste per order' }]);
    expect(issues([{ action: 'read', subject: 'order', conditions: { customerId: 'x' } }])[0]?.message).toMatch(/^Il campo «customerId» non è valido/);
  });

  it('checks the user’s values: known names, lists only with list operators', () => {
    expect(issues([{ action: 'read', subject: 'order', conditions: { 'relationships.customerId': placeholderText('company') } }])[0]?.message).toMatch(/^Valore «\$\{user\.company\}» sconosciuto/);
    expect(issues([{ action: 'read', subject: 'quotation', conditions: { 'metadata.commercialZoneId': ZONES } }])[0]?.message).toBe(`«${ZONES}» è un elenco: in «metadata.commercialZoneId» usa «è uno di», «non è uno di» o «contiene tutti»`);
    expect(issues([{ action: 'read', subject: 'quotation', conditions: { 'relationships.authorId': { $in: USER_ID } } }])[0]?.message).toMatch(/è un solo valore/);
    expect(issues([{ action: 'read', subject: 'quotation', conditions: { 'attributes.status': { $in: 'draft' } } }])[0]?.message).toBe('In «attributes.status» «è uno di» vuole un elenco di valori');
    expect(issues([{ action: 'read', subject: 'quotation', conditions: { 'attributes.code': { $regex: '(' } } }])[0]?.message).toMatch(/non è valida/);
    expect(issues([{ action: 'read', subject: 'quotation', reason: 'x' }])[0]?.key).toBe('reason');
  });

  it('reads placeholders', () => {
    expect(placeholderOf(USER_ID)).toMatchObject({ name: 'id', list: false });
    expect(placeholderOf(placeholderText('nope'))).toBe('unknown');
    expect(placeholderOf('id')).toBeUndefined();
  });
});
