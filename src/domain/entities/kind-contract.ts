/**
 * The contract every entity kind keeps, as one reusable test suite (run by admin-, marketing- and
 * planning-kinds.test.ts with their own samples): a smallest valid entity parses and gets a title,
 * unknown keys are refused in every section, every list/full-text/reference path exists in the
 * schemas (or in what the server derives) with a matching type, derived metadata is not writable,
 * and a kind with a state machine starts in its initial state with the machine's states.
 */
import { describe, expect, it } from 'vitest';
import { entitySchema, readPath, type EntityShape, type KindDefinition } from '../kind.ts';
import { schemaAt, schemaTypesOfField } from '../schema-introspection.ts';

export type Sample = { attributes: object; metadata?: object; relationships?: object };

export interface KindContractOptions {
  /** Metadata the server fills from other rows (src/server/kinds/), so it is in no schema of the kind. */
  lookedUpByServer?: Record<string, string[]>;
}

const typeOfValue = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);

export function describeKindContract(name: string, kinds: readonly KindDefinition[], samples: Record<string, Sample>, options: KindContractOptions = {}) {
  const lookedUpByServer = options.lookedUpByServer ?? {};
  describe(name, () => {
    it('have distinct types, a SPEC §6 subject, Italian labels and a sample here', () => {
      const types = kinds.map((kind) => kind.type);
      expect(new Set(types).size).toBe(types.length);
      expect(Object.keys(samples).sort()).toEqual([...types].sort());
      for (const kind of kinds) {
        expect(kind.subject).toMatch(/^[a-z]+( [a-z]+)*$/);
        expect(kind.label.singular.length).toBeGreaterThan(0);
      }
    });

    describe.each(kinds.map((kind) => [kind.type, kind] as const))('%s', (type, kind) => {
      const sample = samples[type] ?? { attributes: {} };
      const parsed = () => entitySchema(kind).parse(sample) as EntityShape;

      it('accepts its smallest valid entity and titles it', () => {
        const result = entitySchema(kind).safeParse(sample);
        expect(result.error?.issues ?? []).toEqual([]);
        expect(kind.title(result.data as never)).not.toBe('');
      });

      it('orders its list by default only by sortable fields', () => {
        for (const key of kind.defaultOrder ?? []) expect(kind.fields[key.replace(/^-/, '')]?.sortable, key).toBe(true);
      });

      it.each(['attributes', 'metadata', 'relationships'] as const)('rejects an unknown key in %s', (section) => {
        const entity = { ...sample, [section]: { ...(sample[section] ?? {}), unexpected: 1 } };
        const result = entitySchema(kind).safeParse(entity);
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => issue.code)).toContain('unrecognized_keys');
      });

      it('lists fields, full-text and reference paths that exist in its schemas or its derived metadata, with matching types', () => {
        const derived = kind.derivedMetadata?.(parsed()) ?? {};
        const serverOnly = new Set(lookedUpByServer[type] ?? []);
        const inDerived = (path: string) => {
          const [section, key] = path.split('.');
          return section === 'metadata' && key !== undefined && key in derived ? key : undefined;
        };
        for (const [fieldName, field] of Object.entries(kind.fields)) {
          if (serverOnly.has(field.path)) continue;
          const derivedKey = inDerived(field.path);
          const storedType = derivedKey !== undefined ? typeOfValue(derived[derivedKey]) : schemaAt(kind, field.path)?._zod.def.type;
          expect(storedType, `${fieldName}: ${field.path}`).toBeDefined();
          expect(schemaTypesOfField[field.type], `${fieldName}: ${field.path}`).toContain(storedType);
        }
        for (const path of [...kind.fullText, ...Object.keys(kind.references)]) {
          if (serverOnly.has(path)) continue;
          expect(inDerived(path) !== undefined || schemaAt(kind, path) !== undefined, path).toBe(true);
        }
      });

      it('keeps the writable metadata apart from what the server derives', () => {
        const derived = Object.keys(kind.derivedMetadata?.(parsed()) ?? {});
        const writable = Object.keys(kind.metadata.shape);
        expect(derived.filter((key) => writable.includes(key))).toEqual([]);
        for (const path of lookedUpByServer[type] ?? []) expect(writable).not.toContain(path.split('.')[1]);
      });

      if (kind.machine) {
        const machine = kind.machine;
        it('starts in its machine’s initial state, at the machine’s path, with the machine’s states', () => {
          expect(readPath(parsed(), machine.statePath)).toBe(machine.initial);
          const stateSchema = schemaAt(kind, machine.statePath);
          expect((stateSchema?._zod.def as { entries?: Record<string, string> }).entries).toEqual(
            Object.fromEntries(machine.states.map((state) => [state, state])),
          );
        });
      }
    });
  });
}
