import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { entitySchema, type KindDefinition } from '../kind.ts';
import { adminKinds } from './admin-kinds.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const userId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const trainingSiteId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** The smallest valid entity of each kind. */
const samples: Record<string, { attributes: object; metadata?: object; relationships?: object }> = {
  users: { attributes: { userType: 'siv', displayName: 'Mario Rossi', email: 'mario.rossi@example.it' } },
  roles: { attributes: { name: 'Admin', permissions: [{ action: 'manage', subject: 'all' }] } },
  userSettings: { attributes: {}, relationships: { userId } },
  customerGroups: { attributes: { name: 'Gruppo Nord' } },
  commercialZones: { attributes: { code: 'NORD', name: 'Nord', provinces: ['mi', 'BG'] } },
  zones: { attributes: { code: 'Z1', name: 'Milano città' } },
  classifications: { attributes: { code: 'A', name: 'Rischio alto', module: 'fire' } },
  contextTables: { attributes: { tableName: 'titoliStudio', code: 'LAU', label: 'Laurea' } },
  templateDocs: { attributes: { type: 'courseCertificate', name: 'Attestato standard' } },
  reportHeadings: { attributes: { title: 'Intestazione principale', companyName: 'SIV Sicurezza S.r.l.' } },
  media: { attributes: { name: 'estintore.jpg', type: 'picture', mimeType: 'image/jpeg' }, relationships: { customerId } },
  paymentTerms: { attributes: { code: 'RD30FM', description: 'Rimessa diretta 30 giorni fine mese', days: 30, endOfMonth: true } },
  invoicingMethods: { attributes: { name: 'Unica soluzione', type: 'singlePayment' } },
  employees: { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S' }, relationships: { customerId } },
  jobs: { attributes: { code: 'MAG', name: 'Magazziniere' } },
  jobScopes: { attributes: { code: 'UFF', name: 'Ufficio' } },
  safetyRoles: { attributes: { code: 'APS', name: 'Addetto primo soccorso' } },
  courses: { attributes: { code: 'ANT-L1', title: 'Antincendio livello 1', durationHours: 4 } },
  trainingPlans: { attributes: { year: 2025, title: 'Piano formativo' }, relationships: { customerId } },
  trainingSites: { attributes: { name: 'Sede di Milano', address: { city: 'Milano' } } },
  trainingRooms: { attributes: { name: 'Aula 1' }, relationships: { trainingSiteId } },
  trainingEquipments: { attributes: { name: 'Manichino RCP' }, relationships: { trainingSiteId } },
  reminders: { attributes: { title: 'Richiamare il cliente', dateTime: '2025-03-01T09:00:00+01:00' }, relationships: { userId } },
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

describe('admin kinds', () => {
  it('have distinct types, a subject, Italian labels and a sample here', () => {
    const types = adminKinds.map((kind) => kind.type);
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(samples).sort()).toEqual([...types].sort());
    for (const kind of adminKinds) {
      expect(kind.subject).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(kind.label.singular.length).toBeGreaterThan(0);
    }
  });

  describe.each(adminKinds.map((kind) => [kind.type, kind] as const))('%s', (type, kind) => {
    const sample = samples[type] ?? { attributes: {} };

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

    it('lists fields, full-text and reference paths that exist in its schemas, with matching types', () => {
      for (const [name, field] of Object.entries(kind.fields)) {
        const schema = schemaAt(kind, field.path);
        expect(schema, `${name}: ${field.path}`).toBeDefined();
        expect(storedAs[field.type], `${name}: ${field.path}`).toContain(schema?._zod.def.type);
      }
      for (const path of [...kind.fullText, ...Object.keys(kind.references)]) {
        expect(schemaAt(kind, path), path).toBeDefined();
      }
    });
  });
});
