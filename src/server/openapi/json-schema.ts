/**
 * zod → JSON Schema 2020-12 (the dialect of OpenAPI 3.1) for the components of the OpenAPI
 * document, from the same schemas the API validates with.
 */
import { z } from 'zod';

export type JsonSchema = { [keyword: string]: unknown };

/** Where hoisted sub-schemas (recursive JSON values) go, and the component name they are reached from. */
export interface SchemaSink {
  schemas: Record<string, JsonSchema>;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

interface ZodInternals {
  _zod: { def: { type: string; in?: ZodInternals; out?: ZodInternals } };
}

function convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    // Rules beyond field types (superRefine, cross-field rules) have no JSON Schema form; the server still applies them.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // Our transforms normalise a value into one of the same type (dates, money, de-duplicated
      // lists), so an answer has the shape of the transform's input.
      const def = (zodSchema as unknown as ZodInternals)._zod.def;
      if (io === 'output' && def.type === 'pipe' && def.out?._zod.def.type === 'transform' && def.in) {
        const { $schema: _dialect, ...input } = convert(def.in as unknown as z.ZodType, 'output');
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
        Object.assign(jsonSchema, input);
      }
    },
  }) as JsonSchema;
}

/**
 * A zod schema as a component named `name`. zod writes recursive parts (a JSON value inside a role's
 * conditions) as local `$defs`; they are hoisted to `components.schemas` as `<name>_<def>` so every
 * `$ref` resolves from the document root.
 */
export function componentSchema(name: string, schema: z.ZodType, io: 'input' | 'output', sink: SchemaSink): JsonSchema {
  const { $schema: _dialect, $defs, ...root } = convert(schema, io);
  const target = (ref: string) => {
    if (ref === '#') return `#/components/schemas/${name}`;
    const local = /^#\/\$defs\/(.+)$/.exec(ref);
    return local ? `#/components/schemas/${name}_${local[1]!.replace(/^_+/, '')}` : ref;
  };
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' ? target(inner) : rewrite(inner)]));
  };
  for (const [defName, def] of Object.entries(isObject($defs) ? $defs : {})) {
    const component = `${name}_${defName.replace(/^_+/, '')}`;
    const hoisted = rewrite(def) as JsonSchema;
    // Any JSON value (a role condition, a file's meta) is described as such: the recursive union
    // zod writes for it says the same, and generated clients cannot type a union that contains itself.
    sink.schemas[component] = isJsonValue(hoisted, `#/components/schemas/${component}`) ? { description: 'Qualsiasi valore JSON.' } : hoisted;
  }
  return rewrite(root) as JsonSchema;
}

/** `string | number | boolean | null | self[] | { [key]: self }`: what a JSON value is. */
function isJsonValue(schema: JsonSchema, self: string): boolean {
  if (!Array.isArray(schema.anyOf)) return false;
  const members = schema.anyOf as JsonSchema[];
  const types = new Set(members.map((m) => m.type));
  const selfItems = members.some((m) => m.type === 'array' && isObject(m.items) && m.items.$ref === self);
  const selfValues = members.some((m) => m.type === 'object' && isObject(m.additionalProperties) && m.additionalProperties.$ref === self);
  return members.length === 6 && ['string', 'number', 'boolean', 'null'].every((t) => types.has(t)) && selfItems && selfValues;
}

/**
 * The JSON Merge Patch (RFC 7396) of a create schema: every member optional, defaults dropped (a
 * patch changes only what it names), `null` allowed where it removes an optional member. Arrays
 * are replaced whole, so their items keep the full schema. A `null` for a required member would
 * leave the record invalid and is refused (422), so it is not offered.
 */
export function mergePatchSchema(schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || !isObject(schema.properties)) {
    const { default: _default, ...rest } = schema;
    return rest;
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([key, inner]) => {
      const patched = mergePatchSchema(inner as JsonSchema);
      return [key, required.has(key) || allowsNull(patched) ? patched : { anyOf: [patched, { type: 'null' }] }];
    }),
  );
  const { default: _default, required: _required, ...rest } = schema;
  return { ...rest, properties };
}

function allowsNull(schema: JsonSchema): boolean {
  if (Object.keys(schema).length === 0) return true;
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some((s) => isObject(s) && allowsNull(s));
}
