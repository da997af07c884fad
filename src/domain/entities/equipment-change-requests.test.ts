import { describe, expect, it } from 'vitest';
import { equipmentChangeRequests } from './equipment-change-requests.ts';

const request = (requestedDateTime: string | null) => ({
  id: 'r', metadata: {}, relationships: {},
  attributes: { state: 'pending', proposed: { serialNumber: 'MATR-1' }, base: {}, requestedDateTime },
});

describe('equipment change request title', () => {
  it('names the day it was proposed in Rome, not its UTC day', () => {
    // 00:11 on 30 November in Rome is still the 29th in UTC.
    expect(equipmentChangeRequests.title(request('2026-11-29T23:11:00.000Z') as never)).toBe('Richiesta di modifica: matricola (30/11/2026)');
    // Summer time: 00:30 on 1 July in Rome is 22:30 UTC on 30 June.
    expect(equipmentChangeRequests.title(request('2026-06-30T22:30:00.000Z') as never)).toBe('Richiesta di modifica: matricola (01/07/2026)');
    expect(equipmentChangeRequests.title(request('2026-11-29T10:00:00.000Z') as never)).toBe('Richiesta di modifica: matricola (29/11/2026)');
    expect(equipmentChangeRequests.title(request(null) as never)).toBe('Richiesta di modifica: matricola');
  });

  it('leaves the equipment’s version out of the generic form (shown as a date-time under it)', () => {
    expect(equipmentChangeRequests.fieldApplies?.('attributes.equipmentVersion')).toBe(false);
    expect(equipmentChangeRequests.fieldApplies?.('attributes.note')).toBe(true);
  });
});
