// «Nuovo …» is offered only when a record started there can be created: the Operatore's anomaly (made
// only from a failed check) is not offered from the anomalies' list, but is from a check's.
import { describe, expect, it } from 'vitest';
import { buildAbility } from './ability.ts';
import { mayCreate } from './create-ability.ts';

const ME = '11111111-1111-4111-8111-111111111111';

describe('mayCreate', () => {
  const operatore = buildAbility([
    { action: 'read', subject: 'anomaly' },
    { action: 'create', subject: 'anomaly', conditions: { 'relationships.checkId': { $exists: true } } },
    { action: 'manage', subject: 'reminder', conditions: { 'relationships.userId': ME } },
  ]);

  it('refuses a create whose every rule asks for a relationship the new record lacks', () => {
    expect(operatore.can('create', 'anomaly')).toBe(true);
    expect(mayCreate(operatore, 'anomaly')).toBe(false);
    expect(mayCreate(operatore, 'anomaly', { 'relationships.checkId': '' })).toBe(false);
    expect(mayCreate(operatore, 'anomaly', { 'relationships.checkId': 'c1' })).toBe(true);
  });

  it('leaves other conditions to the form and the server (the own reminder, the own quotation)', () => {
    expect(mayCreate(operatore, 'reminder')).toBe(true);
    const salesman = buildAbility([{ action: ['create', 'update'], subject: 'quotation', conditions: { 'relationships.authorId': ME } }]);
    expect(mayCreate(salesman, 'quotation')).toBe(true);
  });

  it('refuses what the ability refuses outright, allows an unconditioned rule', () => {
    expect(mayCreate(operatore, 'customer')).toBe(false);
    expect(mayCreate(buildAbility([{ action: 'manage', subject: 'all' }]), 'anomaly')).toBe(true);
    const both = buildAbility([
      { action: 'create', subject: 'anomaly', conditions: { 'relationships.checkId': { $exists: true } } },
      { action: 'create', subject: 'anomaly' },
    ]);
    expect(mayCreate(both, 'anomaly')).toBe(true);
  });
});
