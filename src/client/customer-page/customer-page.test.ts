import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../forms/schema-fields.ts';
import { findKind } from '../../domain/kinds.ts';
import { fieldLabel } from '../forms/format.ts';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import labels from '../i18n/messages/screens-labels.ts';
import { buildAbility } from '../../domain/ability.ts';
import { createIntl } from 'react-intl';
import screenMessages from '../i18n/messages/screens.ts';
import customerMessages from '../i18n/messages/customers.ts';
import { addressPartsDropped, addressValueShown, customerSections, registryGroups, registrySpecFor, sectionCreates, sectionOfUrl, withoutAddressParts } from './customer-page.tsx';

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

  it('asks an address once: «Indirizzo», never again as «Via» and «Numero civico», in the registry, its other addresses and the registered office', () => {
    addMessages(labels as Record<string, string>);
    const sections = kindSections(findKind('customers')!);
    const registry = sections.attributes.find((field) => field.path === 'attributes.registry')!;
    const office = sections.attributes.find((field) => field.path === 'attributes.registeredOffice')!;
    const names = (spec: FieldSpec | undefined) => (spec?.children ?? []).map((child) => child.name);
    const shown = registrySpecFor(registry, false);
    expect(names(shown)).toContain('address');
    expect(names(shown).filter((name) => name === 'street' || name === 'streetNumber')).toEqual([]);
    const others = shown.children!.find((child) => child.name === 'addresses');
    for (const spec of [withoutAddressParts(office), others]) {
      expect(names(spec)).toContain('address');
      expect(names(spec).filter((name) => ['road', 'houseNumber', 'completeAddress'].includes(name))).toEqual([]);
    }
    // No two inputs of one address read the same.
    for (const spec of [shown, withoutAddressParts(office)]) {
      const labelsShown = spec.children!.map((child) => fieldLabel(child.name, child.path));
      expect(labelsShown.filter((label, index) => labelsShown.indexOf(label) !== index)).toEqual([]);
    }
  });

  it('shows an older row’s address line from its parts', () => {
    const older = { isPerson: false, street: 'Via Nazario Sauro', streetNumber: '116', addresses: [{ road: 'Via Roma', houseNumber: '3' }] };
    expect(addressValueShown('attributes.registry', older)).toMatchObject({ address: 'Via Nazario Sauro 116', addresses: [{ address: 'Via Roma 3' }] });
    expect(addressValueShown('attributes.registry', { ...older, address: 'Via Garibaldi 1' })).toMatchObject({ address: 'Via Garibaldi 1' });
    expect(addressValueShown('attributes.registeredOffice', { road: 'Via Roma', houseNumber: '3' })).toMatchObject({ address: 'Via Roma 3' });
    // A line edited drops its hidden parts (the server derives them again): one emptied stays empty.
    expect(addressPartsDropped('attributes.registry.address')).toEqual(['attributes.registry.street', 'attributes.registry.streetNumber']);
    expect(addressPartsDropped('attributes.registry.addresses.2.address')).toEqual(['attributes.registry.addresses.2.road', 'attributes.registry.addresses.2.houseNumber']);
    expect(addressPartsDropped('attributes.registeredOffice.address')).toEqual(['attributes.registeredOffice.road', 'attributes.registeredOffice.houseNumber']);
    expect(addressPartsDropped('attributes.registry.city')).toEqual([]);
  });

  it('says «Aggiungi indirizzo» under the other addresses, and «Nessuno» for no last contact', () => {
    const intl = createIntl({ locale: 'it', messages: { ...screenMessages, ...customerMessages } as Record<string, string> });
    expect(intl.formatMessage({ id: 'form.list.add' }, { name: 'Indirizzi' })).toBe('Aggiungi indirizzo');
    expect(intl.formatMessage({ id: 'form.list.add' }, { name: 'Referenti' })).toBe('Aggiungi referente');
    expect(intl.formatMessage({ id: 'form.list.add' }, { name: 'Fornitori' })).toBe('Aggiungi (Fornitori)');
    expect(intl.formatMessage({ id: 'customers.overview.noContact' })).toBe('Nessuno');
  });
});
