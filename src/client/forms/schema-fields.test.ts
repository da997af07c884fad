import { describe, expect, it } from 'vitest';
import { itemName } from './field-input.tsx';
import { z } from 'zod';
import { findKind } from '../../domain/kinds.ts';
import { deriveField, deriveFields, findField, kindSections } from './schema-fields.ts';
import { isoDate, optionalEmail, optionalText, requiredText } from '../../domain/validation.ts';

describe('zod → form fields', () => {
  it('reads kinds, limits and requiredness from the schema', () => {
    expect(deriveField('title', 'attributes.title', requiredText(300))).toMatchObject({ kind: 'text', required: true, minLength: 1, maxLength: 300 });
    expect(deriveField('notes', 'attributes.notes', optionalText(5000))).toMatchObject({ kind: 'textarea', required: false, maxLength: 5000 });
    expect(deriveField('email', 'x.email', optionalEmail())).toMatchObject({ kind: 'email', required: false });
    expect(deriveField('rating', 'x.rating', z.number().int().min(0).max(5).optional())).toMatchObject({ kind: 'integer', min: 0, max: 5, required: false });
    expect(deriveField('date', 'attributes.date', isoDate())).toMatchObject({ kind: 'date', required: true });
    expect(deriveField('isPerson', 'x', z.boolean().default(false))).toMatchObject({ kind: 'boolean', required: false, hasDefault: true });
  });

  it('derives the quotation form: enum status, dates, references with their target kinds', () => {
    const sections = kindSections(findKind('quotations')!);
    const all = [...sections.attributes, ...sections.relationships];
    expect(findField(all, 'attributes.status')).toMatchObject({ kind: 'enum', options: expect.arrayContaining(['draft', 'issued']) });
    expect(findField(all, 'attributes.expiryDate')).toMatchObject({ kind: 'date', nullable: true, required: false });
    expect(findField(all, 'attributes.validityDateTimeStart')).toMatchObject({ kind: 'datetime' });
    expect(findField(all, 'relationships.customerId')).toMatchObject({ kind: 'reference', target: 'customers', required: true });
    expect(findField(all, 'relationships.supplierIds')).toMatchObject({ kind: 'referenceList', target: 'suppliers' });
    expect(findField(all, 'attributes.attachments')).toMatchObject({ kind: 'objectList' });
  });

  it('walks nested objects (customer registry) and enum lists', () => {
    const sections = kindSections(findKind('customers')!);
    expect(findField(sections.attributes, 'attributes.registry.businessName')).toMatchObject({ kind: 'text', maxLength: 300 });
    expect(findField(sections.attributes, 'attributes.registry.website')).toMatchObject({ kind: 'url' });
    expect(findField(sections.attributes, 'attributes.allowedModules')).toMatchObject({ kind: 'enumList', options: ['portal', 'fire', 'equip', 'edu', 'doc', 'med'] });
  });

  it('gives every kind a non-empty form', () => {
    for (const type of ['customers', 'quotations', 'orders', 'assignments', 'equipments', 'products', 'suppliers', 'courses', 'reminders']) {
      const kind = findKind(type)!;
      expect(kindSections(kind).attributes.length, type).toBeGreaterThan(0);
    }
  });
});

import { kindList } from '../../domain/kinds.ts';
import { untargetedReferences } from './schema-fields.ts';

describe('references in every form', () => {
  it('gives every id field of every kind a target, in list items and nested objects too (no raw uuid text box)', () => {
    const untargeted = kindList.flatMap((kind) => {
      const s = kindSections(kind);
      return untargetedReferences([...s.attributes, ...s.metadata, ...s.relationships]).map((path) => `${kind.type}: ${path}`);
    });
    expect(untargeted).toEqual([]);
  });

  it('keeps the item path of list fields, so a price-list row picks a product', () => {
    const sections = kindSections(findKind('priceLists')!);
    expect(findField(sections.attributes, 'attributes.items[].productId')).toMatchObject({ kind: 'reference', target: 'products', path: 'attributes.items[].productId' });
    expect(findField(kindSections(findKind('orders')!).attributes, 'attributes.lines[].productId')).toMatchObject({ kind: 'reference', target: 'products' });
    expect(findField(kindSections(findKind('products')!).attributes, 'attributes.suppliers[].supplierId')).toMatchObject({ kind: 'reference', target: 'suppliers' });
  });

  it('derives maps with their value kinds (additional data: text, number, yes/no, several)', () => {
    const field = findField(kindSections(findKind('equipments')!).attributes, 'attributes.additionalData');
    expect(field).toMatchObject({ kind: 'record', keyMaxLength: 100 });
    expect(field?.values?.alternatives).toEqual(['text', 'number', 'boolean', 'textList']);
  });
});

describe('detail fields', () => {
  it('marks the fields most addresses leave empty, and the registry’s ERP data, as details folded under «Altri dati»', () => {
    const registry = deriveFields(findKind('customers')!.attributes, 'attributes').find((f) => f.name === 'registry')!;
    const office = deriveFields(findKind('customers')!.attributes, 'attributes').find((f) => f.name === 'registeredOffice')!;
    const details = (spec: { children?: { name: string; detail?: boolean }[] }) => spec.children!.filter((c) => c.detail).map((c) => c.name);
    expect(details(office)).toEqual(['completeBusinessName', 'additionalAddress', 'completeAddress', 'hamlet', 'erpCountryCode', 'state', 'building', 'careOf', 'latitude', 'longitude', 'precision', 'secondaryPhoneNumber', 'emailPec', 'website']);
    expect(details(registry)).toEqual(['foreignVatNumber', 'secondaryPhoneNumber', 'alias', 'erpCode', 'erpCountryCode', 'isValid']);
    // Everything else stays in view: the name, the street, the city.
    expect(office.children!.filter((c) => !c.detail).map((c) => c.name)).toEqual(['businessName', 'address', 'road', 'houseNumber', 'zipCode', 'city', 'province', 'phoneNumber', 'mobilePhoneNumber', 'email']);
  });

  it('folds a referent’s notes, and names each referent in its legend by its required texts', () => {
    const more = deriveFields(findKind('customers')!.attributes, 'attributes').find((f) => f.name === 'additionalInformations')!;
    const referents = more.children!.find((c) => c.name === 'referents')!;
    expect(referents.children!.filter((c) => c.detail).map((c) => c.name)).toEqual(['notes']);
    expect(itemName(referents.children!, { firstName: 'Mattia', lastName: 'Albanese', role: 'Qualità' })).toBe('Mattia Albanese');
    expect(itemName(referents.children!, { firstName: ' ', role: 'Qualità' })).toBeUndefined();
  });
});
