import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { entitySchema, type EntityShape, type KindDefinition } from '../kind.ts';
import { marketingKinds } from './marketing-kinds.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const quotationId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const productId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const supplierId = '3f2b8c1d-9e4a-4b6f-8a2d-6c5e4f3a2b1c';

/** The smallest valid entity of each kind. */
const samples: Record<string, { attributes: object; metadata?: object; relationships?: object }> = {
  quotations: { attributes: { date: '2025-03-01' }, relationships: { customerId } },
  quotationRevisions: { attributes: { revisionNumber: 0 }, relationships: { quotationId } },
  quotationProducts: { attributes: { description: 'Estintore a polvere 6 kg', quantity: 2, unitPrice: 45 }, relationships: { quotationId } },
  orders: { attributes: { orderDate: '2025-03-10' }, relationships: { customerId } },
  products: { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg' } },
  suppliers: { attributes: { businessName: 'Antincendio Forniture S.r.l.' } },
  supplierProducts: { attributes: {}, relationships: { supplierId, productId } },
  priceLists: { attributes: { code: 'L2025', name: 'Listino 2025' } },
  commercialAgreements: { attributes: { startDate: '2025-01-01' }, relationships: { customerId } },
};

/** Metadata the server fills from other rows (kind-hooks.ts), so it is in no schema of the kind. */
const lookedUpByServer: Record<string, string[]> = {
  quotations: ['metadata.totalNetPrice', 'metadata.customerName'],
  orders: ['metadata.customerName'],
};

type AnySchema = z.core.$ZodType;

/** Strips optional, nullable, default and pipes (transforms) down to the schema that holds the shape. */
function unwrap(schema: AnySchema): AnySchema {
  const def = schema._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  return schema;
}

/** The schema at a dotted path of a kind, or undefined when the path leads nowhere. */
function schemaAt(kind: KindDefinition, path: string): AnySchema | undefined {
  const [section, ...keys] = path.split('.');
  let schema: AnySchema | undefined = { attributes: kind.attributes, metadata: kind.metadata, relationships: kind.relationships }[section ?? ''];
  for (const key of keys) {
    if (!schema) return undefined;
    const def = unwrap(schema)._zod.def as { type: string; shape?: Record<string, AnySchema> };
    schema = def.type === 'object' ? def.shape?.[key] : undefined;
  }
  return schema && unwrap(schema);
}

const storedAs: Record<string, string[]> = {
  text: ['string', 'enum'],
  date: ['string'],
  uuid: ['string'],
  number: ['number'],
  boolean: ['boolean'],
  textArray: ['array'],
  uuidArray: ['array'],
};

const typeOfValue = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);

describe('marketing kinds', () => {
  it('have distinct types, a subject, Italian labels and a sample here', () => {
    const types = marketingKinds.map((kind) => kind.type);
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(samples).sort()).toEqual([...types].sort());
    for (const kind of marketingKinds) {
      expect(kind.subject).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(kind.label.singular.length).toBeGreaterThan(0);
    }
  });

  describe.each(marketingKinds.map((kind) => [kind.type, kind as KindDefinition] as const))('%s', (type, kind) => {
    const sample = samples[type] ?? { attributes: {} };
    const parsed = () => entitySchema(kind).parse(sample) as EntityShape;

    it('accepts its smallest valid entity and titles it', () => {
      const result = entitySchema(kind).safeParse(sample);
      expect(result.error?.issues ?? []).toEqual([]);
      expect(kind.title(result.data as never)).not.toBe('');
    });

    it.each(['attributes', 'metadata', 'relationships'] as const)('rejects an unknown key in %s', (section) => {
      const entity = { ...sample, [section]: { ...(sample[section] ?? {}), unexpected: 1 } };
      const result = entitySchema(kind).safeParse(entity);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.code)).toContain('unrecognized_keys');
    });

    it('lists fields, full-text and reference paths that exist in its schemas or its derived metadata', () => {
      const derived = kind.derivedMetadata?.(parsed()) ?? {};
      const serverOnly = new Set(lookedUpByServer[type] ?? []);
      for (const [name, field] of Object.entries(kind.fields)) {
        if (serverOnly.has(field.path)) continue;
        const [section, key] = field.path.split('.');
        const storedType = section === 'metadata' && key && key in derived ? typeOfValue(derived[key]) : schemaAt(kind, field.path)?._zod.def.type;
        expect(storedType, `${name}: ${field.path}`).toBeDefined();
        expect(storedAs[field.type], `${name}: ${field.path}`).toContain(storedType);
      }
      for (const path of [...kind.fullText, ...Object.keys(kind.references)]) {
        if (serverOnly.has(path)) continue;
        const [section, key] = path.split('.');
        const inDerived = section === 'metadata' && key !== undefined && key in derived;
        expect(inDerived || schemaAt(kind, path) !== undefined, path).toBe(true);
      }
    });

    it('keeps the writable metadata apart from what the server derives', () => {
      const derived = Object.keys(kind.derivedMetadata?.(parsed()) ?? {});
      const writable = Object.keys(kind.metadata.shape);
      expect(derived.filter((key) => writable.includes(key))).toEqual([]);
      for (const path of lookedUpByServer[type] ?? []) expect(writable).not.toContain(path.split('.')[1]);
    });
  });
});
