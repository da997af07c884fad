import { describe, expect, it } from 'vitest';
import { REGISTRY_PARTS, addressFollowingLine, addressLine, addressParts } from './address-line.ts';

describe('an address line and its parts', () => {
  it('cuts a line into its street and house number, and joins them back', () => {
    expect(addressParts('Via XX Settembre 12/A')).toEqual({ street: 'Via XX Settembre', number: '12/A' });
    expect(addressParts('Piazza Duomo, 1')).toEqual({ street: 'Piazza Duomo', number: '1' });
    expect(addressParts('Strada senza numero')).toEqual({ street: 'Strada senza numero' });
    expect(addressParts('  ')).toEqual({});
    expect(addressLine('Via Roma', '3')).toBe('Via Roma 3');
    expect(addressLine('', '3')).toBe('');
  });

  it('keeps the parts following a line that changed, and leaves an unchanged line’s parts as stored', () => {
    expect(addressFollowingLine({ address: 'Via XX Settembre 12/A' }, undefined, REGISTRY_PARTS)).toMatchObject({ street: 'Via XX Settembre', streetNumber: '12/A' });
    expect(addressFollowingLine({ address: 'Piazza Duomo, 1', road: 'Via Vecchia', houseNumber: '9' }, { address: 'Via Vecchia 9' })).toMatchObject({ road: 'Piazza Duomo', houseNumber: '1' });
    // An older row (an import) with its parts but no line keeps them; a line emptied takes them along.
    expect(addressFollowingLine({ road: 'Via Roma', houseNumber: '3' }, { road: 'Via Roma', houseNumber: '3' })).toEqual({ road: 'Via Roma', houseNumber: '3' });
    expect(addressFollowingLine({ road: 'Via Roma', houseNumber: '3' }, { address: 'Via Roma 3' })).toEqual({ road: undefined, houseNumber: undefined });
    expect(addressFollowingLine({ address: 'Via Roma 3', road: 'Via R.', houseNumber: '3' }, { address: 'Via Roma 3' })).toMatchObject({ road: 'Via R.' });
  });

  it('moves a stored complete address with its line, postcode, city and province, unless the writer set another', () => {
    const stored = { address: 'Via Roma 3', zipCode: '21100', city: 'Varese', province: 'VA', completeAddress: 'Via Roma 3, 21100 Varese (VA)' };
    expect(addressFollowingLine({ ...stored, city: 'Gallarate' }, stored).completeAddress).toBe('Via Roma 3, 21100 Gallarate (VA)');
    expect(addressFollowingLine({ ...stored, address: 'Piazza Duomo, 1' }, stored).completeAddress).toBe('Piazza Duomo, 1, 21100 Varese (VA)');
    expect(addressFollowingLine({ ...stored, city: 'Gallarate', completeAddress: 'Presso terzi' }, stored).completeAddress).toBe('Presso terzi');
    // Only an address keeps a complete line: none is made where none was stored.
    expect(addressFollowingLine({ ...stored, completeAddress: undefined, city: 'Gallarate' }, { ...stored, completeAddress: undefined }).completeAddress).toBeUndefined();
  });
});
