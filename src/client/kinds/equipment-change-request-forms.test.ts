import { describe, expect, it } from 'vitest';
import type { EntityJson } from '../../domain/entity.ts';
import { equipmentVersionText, flaggedChanges } from './equipment-change-request-forms.tsx';

const request = (state: string, proposed: Record<string, string>, base: Record<string, string | null>) =>
  ({ id: 'r', metadata: {}, relationships: {}, attributes: { state, proposed, base } }) as unknown as EntityJson;

describe('equipment change request values', () => {
  it('once approved, a field holding the proposed value is not flagged as changed after the proposal', () => {
    const equipment = { productionDate: '2016-10-15', serialNumber: 'OLD' };
    const approved = request('approved', { productionDate: '2016-10-15' }, { productionDate: '2015-10-15' });
    expect(flaggedChanges(approved, equipment)).toEqual([]);
    // Changed again after the approval: still news.
    expect(flaggedChanges(approved, { ...equipment, productionDate: '2017-01-01' })).toEqual(['productionDate']);
  });

  it('while pending, a field the equipment changed since the base is flagged', () => {
    const pending = request('pending', { productionDate: '2016-10-15', serialNumber: 'NEW' }, { productionDate: '2015-10-15', serialNumber: 'OLD' });
    expect(flaggedChanges(pending, { productionDate: '2016-10-15', serialNumber: 'OLD' })).toEqual(['productionDate']);
  });

  it('shows the equipment’s version seen as an Italian date-time in Rome, not the raw ISO text', () => {
    expect(equipmentVersionText('2016-12-29T16:00:00.000Z')).toBe('29/12/16, 17:00');
    expect(equipmentVersionText('2016-07-29T16:00:00.000Z')).toBe('29/07/16, 18:00');
    expect(equipmentVersionText(null)).toBe('');
  });
});
