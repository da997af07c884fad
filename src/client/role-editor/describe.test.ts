import { describe, expect, it, vi } from 'vitest';
import { addMessages } from '../i18n/index.ts';
import roleMessages from '../i18n/messages/roles.ts';
import '../i18n/field-labels.ts';
import { describeRule, ruleTitle, subjectName } from './describe.ts';
import { ruleSubjects } from '../forms/editors/rule-editor.tsx';

addMessages(roleMessages);
const ZONES = '$' + '{user.commercialZoneIds}';

describe('a role rule in Italian', () => {
  it('names every subject a rule can choose by its own Italian name (the editor shows no CASL name beside it)', () => {
    const names = ruleSubjects.filter((subject) => subject !== 'all').map(subjectName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => /^[a-z]+(?: [a-z]+)*$/.test(name) && ruleSubjects.includes(name))).toEqual([]);
  });

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

  it('formats every operator with its field and value: no FORMAT_ERROR (a message asked for without them)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const text = describeRule({ action: 'read', subject: 'quotation', conditions: { 'attributes.status': { $in: ['draft'] }, 'relationships.customerId': 'x', 'attributes.code': { $ne: 'A' } } }).conditions;
      expect(text).toBe('Stato è uno di: Bozza e Cliente = x e Codice ≠ A');
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('titles a rule in the rules list in Italian, not with the CASL words (manage · all, create · quotation)', () => {
    expect(ruleTitle({ action: 'manage', subject: 'all' })).toBe('Tutto · Tutti i soggetti');
    expect(ruleTitle({ action: 'create', subject: 'quotation' })).toBe('Crea · preventivi');
    expect(ruleTitle({ action: ['read', 'recordChecks'], subject: ['assignment', 'import'], inverted: true })).toBe('Non può Legge, Registra le verifiche ed esegue l’intervento · interventi, importazioni da foglio di calcolo');
  });
});
