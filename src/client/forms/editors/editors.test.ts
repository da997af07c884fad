import { describe, expect, it } from 'vitest';
import { convertValue, allowedValueKinds, rowsToMap, valueKindOf } from './map-editor.tsx';
import { conditionRows, parseConditionValue, rowsToConditions, ruleSubjects } from './rule-editor.tsx';
import { applicableDefinitions, type AdditionalFieldDefinition } from './additional-data-editor.tsx';
import { presetOf, withPreset } from './form-record.ts';
import { moveItem } from './item-list.tsx';

describe('map editor', () => {
  it('keeps keys in order and refuses two rows with one name', () => {
    expect(rowsToMap([{ key: 'classe', value: 'A' }, { key: ' peso ', value: 6 }, { key: '', value: 'ignored' }])).toEqual({ classe: 'A', peso: 6 });
    expect(rowsToMap([{ key: 'a', value: 1 }, { key: 'a', value: 2 }])).toBeUndefined();
  });

  it('types values as the schema allows and converts between kinds', () => {
    expect(valueKindOf(6, ['text', 'number'])).toBe('number');
    expect(valueKindOf(['a'], ['text', 'number'])).toBe('text');
    expect(convertValue('12,5', 'number')).toBe(12.5);
    expect(convertValue(['a', 'b'], 'text')).toBe('a, b');
    expect(convertValue('a, b', 'textList')).toEqual(['a', 'b']);
    expect(convertValue(true, 'text')).toBe('Sì');
    expect(allowedValueKinds({ kind: 'text', alternatives: ['text', 'number', 'boolean', 'textList'] })).toEqual(['text', 'number', 'boolean', 'textList']);
    expect(allowedValueKinds({ kind: 'integer' })).toEqual(['number']);
    expect(allowedValueKinds({ kind: 'json' })).toEqual(['text', 'number', 'boolean', 'textList']);
  });
});

describe('rule editor', () => {
  it('reads conditions into rows and writes them back (operators merged per field)', () => {
    const conditions = { 'relationships.customerId': { $in: '${user.customerIds}' }, 'attributes.status': 'draft', 'metadata.total': { $gte: 10, $lt: 100 } };
    const rows = conditionRows(conditions);
    expect(rows).toEqual([
      { field: 'relationships.customerId', operator: '$in', text: '${user.customerIds}' },
      { field: 'attributes.status', operator: '=', text: 'draft' },
      { field: 'metadata.total', operator: '$gte', text: '10' },
      { field: 'metadata.total', operator: '$lt', text: '100' },
    ]);
    expect(rowsToConditions(rows)).toEqual(conditions);
  });

  it('types condition values: lists for $in, JSON numbers and booleans, placeholders kept', () => {
    expect(parseConditionValue('$in', 'draft, issued')).toEqual(['draft', 'issued']);
    expect(parseConditionValue('$exists', 'true')).toBe(true);
    expect(parseConditionValue('=', 'testo libero')).toBe('testo libero');
    expect(parseConditionValue('$in', '${user.roleIds}')).toBe('${user.roleIds}');
    expect(ruleSubjects).toContain('all');
    expect(ruleSubjects).toContain('quotation products');
  });
});

describe('additional fields', () => {
  const field = (name: string, extra: Partial<AdditionalFieldDefinition> = {}): AdditionalFieldDefinition => ({
    type: 'text', label: name, name, options: [], switch: false, multiple: false, isIncludedInReport: false, ...extra,
  });
  it('keeps the fields of the equipment’s family or of none, in report column order', () => {
    const all = [field('c', { reportColumnOrder: 3 }), field('altra', { equipmentFamilyId: 'f2', reportColumnOrder: 0 }), field('a', { reportColumnOrder: 1, equipmentFamilyId: 'f1' }), field('senza')];
    expect(applicableDefinitions(all, 'f1').map((d) => d.name)).toEqual(['a', 'c', 'senza']);
    expect(applicableDefinitions(all, null).map((d) => d.name)).toEqual(['c', 'senza']);
  });
});

describe('new-record presets and item moves', () => {
  it('reads presets from a new-record URL (relations and attributes only)', () => {
    const url = withPreset('/preview/quotationProducts/new', { 'relationships.quotationId': 'q1', 'metadata.isDeleted': 'true' });
    expect(url).toBe('/preview/quotationProducts/new?relationships.quotationId=q1');
    expect(presetOf(url)).toEqual({ 'relationships.quotationId': 'q1' });
    expect(presetOf('/x/new?filter[a]=1&metadata.x=2')).toEqual({});
  });

  it('moves an item within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
  });
});
