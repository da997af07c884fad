import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { entitySchema, readPath, type KindDefinition } from '../kind.ts';
import { planningKinds } from './planning-kinds.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const assignmentId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const activityId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const equipmentId = '3f1c8f5e-9b1a-4c6e-8d2f-6a7b8c9d0e1f';
const installationId = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const equipmentFamilyId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const controlId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';

/** The smallest valid entity of each kind. */
const samples: Record<string, { attributes: object; metadata?: object; relationships?: object }> = {
  activities: { attributes: { code: 'REV-EST', name: 'Revisione estintore', module: 'fire' } },
  assignments: { attributes: { code: 'INT-2025-001', module: 'fire' }, relationships: { customerId } },
  assignmentActivities: { attributes: {}, relationships: { assignmentId, activityId } },
  equipments: { attributes: { equipmentId: 'EST-0001', module: 'fire' }, relationships: { customerId } },
  installations: { attributes: { code: 'IMP-01', name: 'Rete idranti', module: 'fire' }, relationships: { customerId } },
  equipmentFamilies: { attributes: { code: 'EST-P6', name: 'Estintore a polvere 6 kg', module: 'fire' } },
  components: { attributes: { code: 'MAN', name: 'Manometro' }, relationships: { equipmentFamilyId } },
  anomalies: {
    attributes: { description: 'Sigillo mancante', risk: 'low', detectedDateTime: '2025-03-01T10:00:00+01:00' },
    relationships: { customerId },
  },
  controls: { attributes: { code: 'PRESS', name: 'Pressione' }, relationships: { equipmentFamilyId } },
  checks: {
    attributes: { result: true, passed: true, checkedDateTime: '2025-03-01T10:00:00Z' },
    relationships: { controlId, assignmentActivityId: assignmentId },
  },
  physicalActivities: { attributes: { module: 'fire', deadlineDate: '2025-09-30' }, relationships: { customerId, activityId } },
  physicalEquipments: { attributes: { module: 'fire' }, relationships: { customerId, equipmentId } },
  physicalInstallations: { attributes: { module: 'fire' }, relationships: { customerId, installationId } },
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

describe('planning kinds', () => {
  it('have distinct types, a SPEC §6 subject, Italian labels and a sample here', () => {
    const types = planningKinds.map((kind) => kind.type);
    expect(new Set(types).size).toBe(types.length);
    expect(Object.keys(samples).sort()).toEqual([...types].sort());
    for (const kind of planningKinds) {
      expect(kind.subject).toMatch(/^[a-z]+( [a-z]+)*$/);
      expect(kind.label.singular.length).toBeGreaterThan(0);
    }
  });

  describe.each(planningKinds.map((kind) => [kind.type, kind as KindDefinition] as const))('%s', (type, kind) => {
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

  const withMachine = planningKinds.flatMap((kind) => (kind as KindDefinition).machine ? [[kind.type, kind as KindDefinition] as const] : []);
  it.each(withMachine)('%s starts in its machine’s initial state, at the machine’s path, with the machine’s states', (type, kind) => {
    const machine = kind.machine!;
    const parsed = entitySchema(kind).parse(samples[type]);
    expect(readPath(parsed, machine.statePath)).toBe(machine.initial);
    const stateSchema = schemaAt(kind, machine.statePath);
    expect((stateSchema?._zod.def as { entries?: Record<string, string> }).entries).toEqual(
      Object.fromEntries(machine.states.map((state) => [state, state])),
    );
  });
});
