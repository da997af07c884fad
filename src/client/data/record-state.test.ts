import { describe, expect, it } from 'vitest';
import { subject } from '@casl/ability';
import { buildAbility } from '../../domain/ability.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { findKind } from '../../domain/kinds.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { draftPatch, fieldAccess, isFrozen, lockedAccess, modulePreset, newEntity, onNewerVersion, rebase, validationErrors, visibleErrors, writable } from './record-state.ts';

const rules = (list: unknown[]) => buildAbility(list as PermissionRule[]);
const quotations = findKind('quotations')!;

const version = (entity: EntityJson, v: string, by: string | null = 'u-me'): EntityJson => ({ ...entity, metadata: { ...entity.metadata, lastUpdatedDateTime: v, lastUpdatedBy: by } });
const stored = version({ id: 'q1', attributes: { title: 'Prima', notes: 'n', status: 'draft' }, metadata: { totalNetPrice: 10 }, relationships: { customerId: 'c1' } }, 'v1');

describe('field abilities', () => {
  it('hides fields the role may not read and locks those it may not change; the state only moves by transitions', () => {
    const ability = rules([
      { action: ['read', 'update'], subject: 'quotation' },
      { action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes'], inverted: true },
      { action: 'update', subject: 'quotation', fields: ['attributes.code'], inverted: true },
    ]);
    const access = fieldAccess(ability, 'quotation', subject('quotation', { attributes: { status: 'draft' } }), 'attributes.status', false);
    expect(access.canRead('attributes.title')).toBe(true);
    expect(access.canRead('attributes.commercialNotes')).toBe(false);
    expect(access.canEdit('attributes.title')).toBe(true);
    expect(access.canEdit('attributes.code')).toBe(false);
    expect(access.canEdit('attributes.status')).toBe(false);
  });

  it('narrows them by the kind state lock: an issued quotation keeps only attachments and notes open', () => {
    const open = fieldAccess(rules([{ action: ['read', 'update'], subject: 'quotation' }]), 'quotation', subject('quotation', {}), 'attributes.status', false);
    const issued = lockedAccess(quotations, open, 'issued', false);
    expect(issued.canEdit('attributes.title')).toBe(false);
    expect(issued.canEdit('attributes.notes')).toBe(true);
    expect(issued.canEdit('attributes.attachments.0.kind')).toBe(true);
    expect(lockedAccess(quotations, open, 'draft', false).canEdit('attributes.title')).toBe(true);
    expect(lockedAccess(quotations, open, 'issued', true).canEdit('attributes.title')).toBe(true);
    expect(isFrozen(quotations, 'issued', false)).toBe(true);
    expect(isFrozen(quotations, 'draft', false)).toBe(false);
    // Orders have their own lock: a completed order keeps only its notes open, a new one everything.
    expect(isFrozen(findKind('orders')!, 'completed', false)).toBe(true);
    expect(isFrozen(findKind('orders')!, 'new', false)).toBe(false);
    // A kind without a state lock is never frozen by its state.
    expect(isFrozen(findKind('customers')!, 'completed', false)).toBe(false);
  });

  it('keeps what the server assigns read-only: an intervention’s code, new or stored', () => {
    const assignments = findKind('assignments')!;
    const open = fieldAccess(rules([{ action: ['read', 'create', 'update'], subject: 'assignment' }]), 'assignment', subject('assignment', {}), 'attributes.state', false);
    for (const creating of [true, false]) {
      const access = lockedAccess(assignments, open, 'open', creating);
      expect(access.canEdit('attributes.code')).toBe(false);
      expect(access.canEdit('attributes.title')).toBe(true);
    }
  });
});

describe('draft', () => {
  it('starts a new record from the schema defaults and reports missing fields in Italian', () => {
    const fresh = newEntity(quotations, { 'relationships.customerId': 'c9' });
    expect(fresh.attributes).toMatchObject({ status: 'draft', planning: 'indicative', attachments: [] });
    expect(fresh.relationships.customerId).toBe('c9');
    const errors = validationErrors(quotations, newEntity(quotations));
    expect(errors.get('attributes.date')).toBe('Obbligatorio');
    expect(errors.get('relationships.customerId')).toBe('Obbligatorio');
  });

  it('a required group of fields starts from its defaults, so what it lacks is named on its own fields', () => {
    const customers = findKind('customers')!;
    const fresh = newEntity(customers);
    expect(fresh.attributes.registry).toMatchObject({ isPerson: false, addresses: [] });
    const errors = validationErrors(customers, fresh);
    expect(errors.has('attributes.registry')).toBe(false);
    expect(errors.get('attributes.registry.businessName')).toBe('Obbligatorio');
  });

  it('starts a new record of a user limited to one module on it, where the kind requires a module that accepts it', () => {
    const equipments = findKind('equipments')!;
    expect(modulePreset(equipments, ['fire'])).toEqual({ 'attributes.module': 'fire' });
    expect(newEntity(equipments, modulePreset(equipments, ['fire'])).attributes.module).toBe('fire');
    expect(modulePreset(findKind('assignments')!, ['edu'])).toEqual({ 'attributes.module': 'edu' });
    // Several modules, or all (none listed): the user chooses.
    expect(modulePreset(equipments, ['fire', 'equip'])).toEqual({});
    expect(modulePreset(equipments, [])).toEqual({});
    // A module the kind does not take (equipment is not of training), or an optional one (an agreement of every module): nothing.
    expect(modulePreset(equipments, ['edu'])).toEqual({});
    expect(modulePreset(findKind('commercialAgreements')!, ['fire'])).toEqual({});
    expect(modulePreset(quotations, ['fire'])).toEqual({});
  });

  it('sends only what the user changed, never derived metadata', () => {
    expect(writable(quotations, stored).metadata).not.toHaveProperty('totalNetPrice');
    expect(draftPatch(quotations, stored, stored)).toBeUndefined();
    const draft = { ...stored, attributes: { ...stored.attributes, title: 'Dopo' }, metadata: { ...stored.metadata, totalNetPrice: 99 } };
    expect(draftPatch(quotations, stored, draft)).toEqual({ attributes: { title: 'Dopo' } });
  });

  it('rebases the user changes onto a newer version, keeping what others changed elsewhere', () => {
    const mine = { ...stored, attributes: { ...stored.attributes, title: 'Mio' } };
    const theirs = version({ ...stored, attributes: { ...stored.attributes, notes: 'loro' } }, 'v2', 'u-other');
    const moved = rebase(quotations, stored, mine, theirs);
    expect(moved.attributes).toMatchObject({ title: 'Mio', notes: 'loro' });
    expect(moved.metadata.lastUpdatedDateTime).toBe('v2');
    expect(rebase(quotations, stored, stored, theirs)).toBe(theirs);
  });

  it('shows errors of touched fields until a save attempt shows them all', () => {
    const all = new Map([['attributes.date', 'Obbligatorio'], ['relationships.customerId', 'Obbligatorio'], ['attributes.lines.0.quantity', 'Troppo piccolo']]);
    expect([...visibleErrors(all, new Set(['attributes.date']), false).keys()]).toEqual(['attributes.date']);
    expect([...visibleErrors(all, new Set(['attributes.lines']), false).keys()]).toEqual(['attributes.lines.0.quantity']);
    expect(visibleErrors(all, new Set(), true).size).toBe(3);
  });
});

describe('a newer version while the record is open', () => {
  const newer = (by: string | null) => version({ ...stored, attributes: { ...stored.attributes, notes: 'nuove' } }, 'v2', by);

  it('is taken when there is no draft, saying so when someone else wrote it', () => {
    expect(onNewerVersion({ loaded: stored, newer: newer('u-other'), dirty: false, me: 'u-me', ownWrite: false })).toEqual({ kind: 'take', byOther: true });
    expect(onNewerVersion({ loaded: stored, newer: newer('u-me'), dirty: false, me: 'u-me', ownWrite: false })).toEqual({ kind: 'take', byOther: false });
  });

  it('takes derived figures that changed without a new version, draft or not, and nothing else', () => {
    const refreshed = { ...stored, metadata: { ...stored.metadata, officeLocationsCount: 3 } };
    expect(onNewerVersion({ loaded: stored, newer: refreshed, dirty: true, me: 'u-me', ownWrite: true })).toEqual({ kind: 'derived', metadata: { officeLocationsCount: 3 } });
    expect(onNewerVersion({ loaded: stored, newer: { ...stored }, dirty: false, me: 'u-me', ownWrite: false })).toEqual({ kind: 'none' });
  });

  it('takes a change kept on this device (same server version, a new local step) as this user’s own', () => {
    const local = (seq: number) => ({ ...stored, attributes: { ...stored.attributes, state: 'running' }, metadata: { ...stored.metadata, lastUpdatedBy: 'u-office', unsent: 1, localSeq: seq } });
    expect(onNewerVersion({ loaded: stored, newer: local(4), dirty: false, me: 'u-me', ownWrite: false })).toEqual({ kind: 'take', byOther: false });
    expect(onNewerVersion({ loaded: stored, newer: local(4), dirty: true, me: 'u-me', ownWrite: false })).toEqual({ kind: 'rebase' });
    expect(onNewerVersion({ loaded: local(4), newer: local(4), dirty: false, me: 'u-me', ownWrite: false })).toEqual({ kind: 'none' });
  });

  it('is offered (reload / keep mine) over a draft when someone else wrote it', () => {
    expect(onNewerVersion({ loaded: stored, newer: newer('u-other'), dirty: true, me: 'u-me', ownWrite: false })).toEqual({ kind: 'offer' });
  });

  it('carries the draft along only over a write of this tab (a transition, an undo); offers it otherwise', () => {
    // The same user in another tab or machine: a draft here is not silently moved onto it.
    expect(onNewerVersion({ loaded: stored, newer: newer('u-me'), dirty: true, me: 'u-me', ownWrite: false })).toEqual({ kind: 'offer' });
    expect(onNewerVersion({ loaded: stored, newer: newer('u-other'), dirty: true, me: 'u-me', ownWrite: true })).toEqual({ kind: 'rebase' });
  });

  it('does nothing for the same version', () => {
    expect(onNewerVersion({ loaded: stored, newer: { ...stored }, dirty: true, me: 'u-me', ownWrite: false })).toEqual({ kind: 'none' });
  });
});
