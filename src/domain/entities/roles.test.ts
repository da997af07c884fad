import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { permissionRule, roles, unknownConditionOperator } from './roles.ts';

const parseRole = (permissions: unknown[]) => entitySchema(roles).safeParse({ attributes: { name: 'Commerciale', permissions } });

describe('roles', () => {
  it('holds CASL rules: actions, one or many subjects, fields, conditions, inverted rules with a reason', () => {
    const result = parseRole([
      { action: 'manage', subject: 'all' },
      { action: 'm', subject: ['quotation', 'quotation products'] },
      { action: 'read', subject: 'customer', fields: ['registry.*'], conditions: { 'relationships.referentId': '${user.id}' } },
      { action: 'requestApproval', subject: 'quotation', conditions: { 'attributes.status': { $in: ['draft', 'revision'] } } },
      { action: 'delete', subject: 'customer', inverted: true, reason: 'I clienti si archiviano' },
    ]);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('rejects matcher operators CASL does not know, wherever they are', () => {
    expect(unknownConditionOperator({ status: { $in: ['a'] }, tags: { $elemMatch: { $eq: 'x' } } })).toBeNull();
    expect(unknownConditionOperator({ $or: [{ a: 1 }] })).toBe('$or');
    expect(unknownConditionOperator({ items: { $elemMatch: { price: { $where: 'x' } } } })).toBe('$where');
    expect(parseRole([{ action: 'read', subject: 'order', conditions: { total: { $between: [1, 2] } } }]).success).toBe(false);
  });

  it('rejects malformed actions and subjects', () => {
    expect(permissionRule.safeParse({ action: '', subject: 'order' }).success).toBe(false);
    expect(permissionRule.safeParse({ action: 'read update', subject: 'order' }).success).toBe(false);
    expect(permissionRule.safeParse({ action: 'read', subject: 'Order' }).success).toBe(false);
    expect(permissionRule.safeParse({ action: 'read', subject: [] }).success).toBe(false);
  });

  it('is strict: unknown keys in a rule or the role are rejected', () => {
    expect(parseRole([{ action: 'read', subject: 'order', condition: {} }]).success).toBe(false);
    expect(entitySchema(roles).safeParse({ attributes: { name: 'X', isAdmin: true } }).success).toBe(false);
  });
});
