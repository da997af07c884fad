import { describe, expect, it } from 'vitest';
import { subject } from '@casl/ability';
import { buildAbility } from '../../domain/ability.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { findKind } from '../../domain/kinds.ts';
import { fieldAccess, newEntity, validationErrors } from './entity-form.tsx';

const rules = (list: unknown[]) => buildAbility(list as PermissionRule[]);

describe('entity form', () => {
  it('hides fields the role may not read and locks those it may not change; the state only moves by transitions', () => {
    const ability = rules([
      { action: ['read', 'update'], subject: 'quotation' },
      { action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes'], inverted: true },
      { action: 'update', subject: 'quotation', fields: ['attributes.code'], inverted: true },
    ]);
    const entity = subject('quotation', { attributes: { status: 'draft' } });
    const access = fieldAccess(ability, 'quotation', entity, 'attributes.status', false);
    expect(access.canRead('attributes.title')).toBe(true);
    expect(access.canRead('attributes.commercialNotes')).toBe(false);
    expect(access.canEdit('attributes.title')).toBe(true);
    expect(access.canEdit('attributes.code')).toBe(false);
    expect(access.canEdit('attributes.status')).toBe(false);
  });

  it('locks everything for a read-only role', () => {
    const access = fieldAccess(rules([{ action: 'read', subject: 'quotation' }]), 'quotation', subject('quotation', {}), 'attributes.status', false);
    expect(access.canRead('attributes.title')).toBe(true);
    expect(access.canEdit('attributes.title')).toBe(false);
  });

  it('starts a new record from the schema defaults and reports missing fields in Italian', () => {
    const kind = findKind('quotations')!;
    const fresh = newEntity(kind);
    expect(fresh.attributes).toMatchObject({ status: 'draft', planning: 'indicative', attachments: [] });
    const errors = validationErrors(kind, fresh);
    expect(errors.get('attributes.date')).toBe('Obbligatorio');
    expect(errors.get('relationships.customerId')).toBe('Obbligatorio');
  });
});

import { frozenByState } from './kind-overrides.ts';

describe('state locks', () => {
  it('freezes an issued quotation except its attachments and notes', () => {
    expect(frozenByState('quotations', 'issued', 'attributes.title')).toBe(true);
    expect(frozenByState('quotations', 'issued', 'attributes.notes')).toBe(false);
    expect(frozenByState('quotations', 'issued', 'attributes.attachments.0.kind')).toBe(false);
    expect(frozenByState('quotations', 'draft', 'attributes.title')).toBe(false);
    expect(frozenByState('orders', 'completed', 'attributes.notes')).toBe(false);
  });
});
