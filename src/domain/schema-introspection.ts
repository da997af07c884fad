/**
 * Reading the shape of the shared zod schemas (zod 4 `_zod.def`): which schema sits at an entity
 * path such as `attributes.registry.businessName`. Used by the kind contract tests, the hostile
 * input tests and the generated forms, so they all agree on what a path means.
 */
import type { z } from 'zod';
import type { FieldType, KindDefinition } from './kind.ts';

export type AnySchema = z.core.$ZodType;

/** Strips optional, nullable, default and pipes (transforms) down to the schema that holds the shape. */
export function unwrapSchema(schema: AnySchema): AnySchema {
  const def = schema._zod.def as { type: string; innerType?: AnySchema; in?: AnySchema };
  if (def.innerType) return unwrapSchema(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrapSchema(def.in);
  return schema;
}

/** The (unwrapped) schema at a dotted entity path of a kind, or undefined when the path leads nowhere. */
export function schemaAt(kind: KindDefinition, path: string): AnySchema | undefined {
  const [section, ...keys] = path.split('.');
  let schema: AnySchema | undefined = { attributes: kind.attributes, metadata: kind.metadata, relationships: kind.relationships }[section ?? ''];
  for (const key of keys) {
    if (!schema) return undefined;
    // `items[]`: the element of the list `items` (reference paths into list items).
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const def = unwrapSchema(schema)._zod.def as { type: string; shape?: Record<string, AnySchema>; valueType?: AnySchema };
    // A record's keys are the user's own (an equipment's characteristics): any key names its value.
    schema = def.type === 'object' ? def.shape?.[name] : def.type === 'record' ? def.valueType : undefined;
    if (schema && name !== key) {
      const list = unwrapSchema(schema)._zod.def as { type: string; element?: AnySchema };
      schema = list.type === 'array' ? list.element : undefined;
    }
  }
  return schema && unwrapSchema(schema);
}

/** The zod schema types a list field of each type may be stored as. */
export const schemaTypesOfField: Record<FieldType, readonly string[]> = {
  text: ['string', 'enum'],
  date: ['string'],
  uuid: ['string'],
  number: ['number'],
  boolean: ['boolean'],
  textArray: ['array'],
  uuidArray: ['array'],
};
