import { describe, expect, it, vi } from 'vitest';
import { addMessages } from '../i18n/index.ts';
import roleMessages from '../i18n/messages/roles.ts';
import '../i18n/field-labels.ts';
import { describeRule, distinctPathLabels, ruleIssueWords, ruleTitle, subjectName } from './describe.ts';
import { kindList } from '../../domain/kinds.ts';
import { roleCatalogue, roleRuleIssues, subjectPaths } from '../../domain/rules/role-rules.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { ruleSubjects } from '../forms/editors/rule-editor.tsx';

addMessages(roleMessages);
const ZONES = '$' + '{user.commercialZoneIds}';

describe('a role rule in Italian', () => {
  it('offers every field of a subject under a label of its own, telling apart a customer’s and a worker’s «Codice fiscale»', () => {
    const catalogue = roleCatalogue(kindList);
    for (const subject of ruleSubjects.filter((s) => s !== 'all')) {
      const paths = subjectPaths(catalogue, [subject]);
      const labels = [...distinctPathLabels(paths, catalogue.kindsOf(subject)).values()];
      expect(labels.filter((label, index) => labels.indexOf(label) !== index), subject).toEqual([]);
    }
    const customer = distinctPathLabels(subjectPaths(catalogue, ['customer']), catalogue.kindsOf('customer'));
    expect(customer.get('attributes.registry.fiscalCode')).toBe('Codice fiscale (Cliente)');
    expect(customer.get('attributes.fiscalCode')).toBe('Codice fiscale (Dipendente)');
    expect(customer.get('metadata.createdBy')).not.toMatch(/\(/);
  });

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
      .toBe('Zona commerciale è uno di: le zone commerciali dell’utente connesso e Stato è uno di: Bozza, Emesso');
    expect(describeRule({ action: 'read', subject: 'customer', conditions: { id: '$' + '{user.customerId}' } }).conditions).toBe('Identificativo è il cliente dell’utente connesso');
    expect(describeRule({ action: 'read', subject: 'quotation', conditions: { 'relationships.authorId': { $eq: '$' + '{user.id}' } } }).conditions).toBe('Autore è l’utente connesso');
  });

  it('formats every operator with its field and value: no FORMAT_ERROR (a message asked for without them)', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const text = describeRule({ action: 'read', subject: 'quotation', conditions: { 'attributes.status': { $in: ['draft'] }, 'relationships.customerId': 'x', 'attributes.code': { $ne: 'A' } } }).conditions;
      expect(text).toBe('Stato è uno di: Bozza e Cliente è x e Codice non è A');
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

  it('never says a raw path, placeholder or operator (issue 23 «relationships.authorId», «${user.id}», «($eq)»)', () => {
    const conditions = {
      'relationships.authorId': '$' + '{user.id}',
      'relationships.operatorIds': { $elemMatch: { state: 'draft' } },
      'attributes.status': { $nin: ['draft'], $exists: true },
      'metadata.totalNetPrice': { $gte: 10, $lt: 100 },
      'relationships.customerId': '$' + '{user.unknown}',
      'attributes.code': { $regex: '^A', $options: 'i', $size: 2, $all: ['a'], $lte: 3, $gt: 1, $ne: 'x', $in: ['y'] },
    };
    const text = describeRule({ action: 'read', subject: 'quotation', conditions }).conditions;
    expect(text).not.toMatch(/\$|relationships\.|attributes\.|metadata\.|user\.|[=≠<>≤≥]/);
    expect(text).toContain('Autore è l’utente connesso');
  });

  it('says the problems of a rule in the same words', () => {
    const rules: PermissionRule[] = [
      { action: 'read', subject: 'assignment', conditions: { 'relationships.operatorIds': { $in: '$' + '{user.id}' } } },
      { action: 'read', subject: 'quotation', conditions: { 'relationships.authorId': '$' + '{user.officeLocationIds}', 'attributes.status': { $in: 'draft' } } },
      { action: 'read', subject: 'customer', fields: ['relationships.authorId'] },
    ];
    const messages = roleRuleIssues(rules, roleCatalogue(kindList), ruleIssueWords).map((issue) => issue.message);
    expect(messages).toEqual([
      '«l’utente connesso» è un solo valore: in «Operatori» usa «è» o un elenco di valori',
      '«le sedi dell’utente connesso» è un elenco: in «Autore» usa «è uno di», «non è uno di» o «contiene tutti»',
      'In «Stato» «è uno di» vuole un elenco di valori',
      'Il campo «Autore» non esiste per clienti',
    ]);
  });
});
