import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../forms/schema-fields.ts';
import { findKind } from '../../domain/kinds.ts';
import { fieldLabel } from '../forms/format.ts';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import labels from '../i18n/messages/screens-labels.ts';
import { buildAbility } from '../../domain/ability.ts';
import { customerSections, registryGroups, registrySpecFor, sectionCreates, sectionOfUrl } from './customer-page.tsx';

describe('customer page', () => {
  it('opens on the overview, the registry for /detail and the settings for /settings', () => {
    expect(sectionOfUrl('/customers/c1')).toBe('overview');
    expect(sectionOfUrl('/customers/c1/detail')).toBe('registry');
    expect(sectionOfUrl('/customers/c1/settings?x=1')).toBe('settings');
    expect(sectionOfUrl('/marketing/customers/c1')).toBe('overview');
  });

  it('offers «Nuova sede» only to who may create office locations, not to whoever creates customers (SPEC §6 customer location)', () => {
    const locations = customerSections.find((section) => section.id === 'locations')!;
    const quotations = customerSections.find((section) => section.id === 'quotations')!;
    const customersOnly = buildAbility([{ action: ['read', 'create'], subject: ['customer', 'quotation'] }]);
    const withLocations = buildAbility([{ action: ['read', 'create'], subject: ['customer', 'customer location'] }]);
    expect(sectionCreates(locations, customersOnly)).toBe(false);
    expect(sectionCreates(locations, withLocations)).toBe(true);
    expect(sectionCreates(locations, buildAbility([{ action: 'manage', subject: 'all' }]))).toBe(true);
    expect(sectionCreates(quotations, customersOnly)).toBe(true);
    expect(sectionCreates(quotations, withLocations)).toBe(false);
  });

  it('gives every section its own key', () => {
    const keys = customerSections.map((section) => section.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('shows a person’s registry fields or a company’s', () => {
    const child = (name: string): FieldSpec => ({ name, path: `attributes.registry.${name}`, kind: 'text', required: false, nullable: false, hasDefault: false });
    const spec: FieldSpec = { ...child('registry'), path: 'attributes.registry', kind: 'object', children: ['businessName', 'vatNumber', 'firstName', 'lastName', 'birthDate', 'fiscalCode', 'email'].map(child) };
    expect(registrySpecFor(spec, true).children!.map((c) => c.name)).toEqual(['firstName', 'lastName', 'birthDate', 'fiscalCode', 'email']);
    expect(registrySpecFor(spec, false).children!.map((c) => c.name)).toEqual(['businessName', 'vatNumber', 'fiscalCode', 'email']);
  });

  it('groups the registry page so that no field is there twice and no two fields read the same', () => {
    addMessages(labels as Record<string, string>);
    const sections = kindSections(findKind('customers')!);
    const fields = [...sections.attributes, ...sections.metadata, ...sections.relationships];
    const groups = registryGroups(fields);
    expect(groups.map((group) => group.id)).toEqual(['identity', 'registeredOffice', 'commercial', 'billing', 'more', 'other']);
    const shown = groups.flatMap((group) => group.fields.map((field) => field.path));
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.length).toBe(fields.length);
    const names = shown.map((path) => fieldLabel(path.split('.').pop()!, path));
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(groups.find((group) => group.id === 'registeredOffice')!.fields.map((field) => field.path)).toEqual(['relationships.registeredOfficeId', 'attributes.registeredOffice']);
  });
});
