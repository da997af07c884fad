import { describe, expect, it } from 'vitest';
import { findKind } from './kinds.ts';
import type { KindDefinition } from './kind.ts';
import { deleteRefusal, recordLock, stateLockMessage } from './record-lock.ts';

const kind = (type: string): KindDefinition => findKind(type)!;
const order = (state: string) => ({ attributes: { state, orderDate: '2026-03-01', lines: [] }, metadata: {}, relationships: { customerId: 'c' } });

describe('record locks (one rule for the API and the screens)', () => {
  it('an order in work is open; completed or cancelled, only its notes change, and it says why', () => {
    for (const state of ['new', 'todo', 'planned', 'in-progress']) {
      const lock = recordLock(kind('orders'), order(state));
      expect(lock.frozen).toBe(false);
      expect(lock.reason).toBeUndefined();
      expect(lock.canEdit('attributes.lines')).toBe(true);
    }
    for (const [state, label] of [['completed', 'Completato'], ['cancelled', 'Annullato']] as const) {
      const lock = recordLock(kind('orders'), order(state));
      expect(lock.frozen).toBe(true);
      expect(lock.reason).toBe(`Ordine: non modificabile nello stato «${label}»: si possono cambiare solo le note`);
      expect(lock.openPaths).toEqual(['attributes.notes']);
      expect(lock.canEdit('attributes.notes')).toBe(true);
      expect(lock.canEdit('attributes.lines')).toBe(false);
      expect(lock.canEdit('attributes.lines.0.quantity')).toBe(false);
      expect(lock.canEdit('relationships.customerId')).toBe(false);
    }
  });

  it('an order is deleted only when new or cancelled; the refusal names its state', () => {
    expect(deleteRefusal(kind('orders'), order('new'))).toBeUndefined();
    expect(deleteRefusal(kind('orders'), order('cancelled'))).toBeUndefined();
    expect(deleteRefusal(kind('orders'), order('completed'))).toBe('Si possono eliminare solo ordini nuovi o annullati (stato attuale: «Completato»)');
    expect(deleteRefusal(kind('orders'), order('planned'))).toMatch(/«Pianificato»/);
  });

  it('a quotation is deleted only before it is issued; issued, accepted or refused it is cancelled or revised', () => {
    const quotation = (status: string) => ({ attributes: { status }, metadata: {}, relationships: {} });
    expect(deleteRefusal(kind('quotations'), quotation('to-be-created'))).toBeUndefined();
    expect(deleteRefusal(kind('quotations'), quotation('draft'))).toBeUndefined();
    for (const status of ['to-be-approved', 'approved', 'issued', 'accepted', 'not-accepted', 'revision']) {
      expect(deleteRefusal(kind('quotations'), quotation(status))).toMatch(/^Si possono eliminare solo preventivi da creare o in bozza; gli altri si annullano o si revisionano \(stato attuale: «.+»\)$/);
    }
  });

  it('other kinds with a lock get the same reading (an issued quotation keeps notes and attachments open)', () => {
    const quotation = { attributes: { status: 'issued' }, metadata: {}, relationships: {} };
    const lock = recordLock(kind('quotations'), quotation);
    expect(lock.frozen).toBe(true);
    expect(lock.canEdit('attributes.notes')).toBe(true);
    expect(lock.canEdit('attributes.date')).toBe(false);
    expect(lock.reason).toBe(stateLockMessage(kind('quotations'), 'issued'));
    expect(lock.reason).toMatch(/^Preventivo: non modificabile nello stato «Emesso»: creare una revisione/);
    expect(recordLock(kind('quotations'), { ...quotation, attributes: { status: 'draft' } }).frozen).toBe(false);
  });

  it('a kind without a lock or a machine is never frozen nor refused', () => {
    const customer = { attributes: { companyName: 'X' }, metadata: {}, relationships: {} };
    expect(recordLock(kind('customers'), customer)).toMatchObject({ frozen: false, state: undefined });
    expect(deleteRefusal(kind('customers'), customer)).toBeUndefined();
  });
});
