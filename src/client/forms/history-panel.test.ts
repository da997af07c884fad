import { describe, expect, it } from 'vitest';
import { findKind } from '../../domain/kinds.ts';
import { actionLabel, changeLabel } from './history-panel.tsx';

describe('Cronologia', () => {
  it('names actions with the kind own labels, then the generic Italian verbs', () => {
    const quotations = findKind('quotations')!;
    const emit = quotations.machine!.transitions.find((t) => t.action === 'emit')!;
    expect(actionLabel(quotations, 'emit')).toBe(emit.label);
    expect(actionLabel(quotations, 'duplicate')).toBe(quotations.actions!.duplicate!.label);
    expect(actionLabel(quotations, 'create')).toBe('Creazione');
    expect(actionLabel(quotations, 'undelete')).toBe('Eliminazione annullata');
    expect(actionLabel(findKind('reminders')!, 'archive')).toBe('Archiviazione');
    expect(actionLabel(quotations, 'somethingNew')).toBe('somethingNew');
  });

  it('names changed fields in Italian, list items counted from 1, and finds their spec path', () => {
    const line = changeLabel('attributes.lines.2.quantity');
    expect(line.specPath).toBe('attributes.lines[].quantity');
    expect(line.label).toMatch(/ › 3 › /);
    expect(line.label).not.toContain('quantity');
    expect(changeLabel('relationships.customerId')).toEqual({ specPath: 'relationships.customerId', label: 'Cliente' });
  });
});
