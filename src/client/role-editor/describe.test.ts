import { describe, expect, it } from 'vitest';
import { addMessages } from '../i18n/index.ts';
import roleMessages from '../i18n/messages/roles.ts';
import '../i18n/field-labels.ts';
import { describeRule } from './describe.ts';

addMessages(roleMessages);
const ZONES = '$' + '{user.commercialZoneIds}';

describe('a role rule in Italian', () => {
  it('says can or cannot, the actions as verbs, the subjects by name, the fields and the reason', () => {
    expect(describeRule({ action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes'], inverted: true, reason: 'Riservate' })).toEqual({
      can: false, actions: 'leggere', subjects: 'preventivi', fields: 'Note commerciali', conditions: 'sempre', reason: 'Riservate',
    });
    expect(describeRule({ action: ['m', 'requestApproval'], subject: ['quotation', 'quotation products'] })).toMatchObject({
      can: true, actions: 'leggere, modificare ed eliminare, chiedere l’approvazione', subjects: 'preventivi, righe dei preventivi', fields: 'tutti',
    });
  });

  it('says the conditions with field labels, state names and the user’s values in words', () => {
    expect(describeRule({ action: 'read', subject: 'quotation', conditions: { 'metadata.commercialZoneId': { $in: ZONES }, 'attributes.status': { $in: ['draft', 'issued'] } } }).conditions)
      .toBe('Zona commerciale è uno di: le zone commerciali dell’utente e Stato è uno di: Bozza, Emesso');
    expect(describeRule({ action: 'read', subject: 'customer', conditions: { id: '$' + '{user.customerId}' } }).conditions).toBe('Identificativo = il cliente dell’utente');
  });
});
