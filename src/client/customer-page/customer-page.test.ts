import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../forms/schema-fields.ts';
import { customerSections, registrySpecFor, sectionOfUrl } from './customer-page.tsx';

describe('customer page', () => {
  it('opens on the overview, the registry for /detail and the settings for /settings', () => {
    expect(sectionOfUrl('/customers/c1')).toBe('overview');
    expect(sectionOfUrl('/customers/c1/detail')).toBe('registry');
    expect(sectionOfUrl('/customers/c1/settings?x=1')).toBe('settings');
    expect(sectionOfUrl('/marketing/customers/c1')).toBe('overview');
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
});
