/* eslint-disable @typescript-eslint/no-explicit-any -- the document is untyped JSON, as in the API tests: typing it would only restate the assertions */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { kindList } from '../../domain/kinds.ts';
import { defineKind } from '../../domain/kind.ts';
import { actionNames } from '../../domain/machine.ts';
import { commonFields } from '../db/entity-sql.ts';
import { customFilters } from '../resources/custom-filters.ts';
import { problemCatalogue } from '../http/problems.ts';
import { buildOpenApiDocument, componentName, type OpenApiOptions } from './document.ts';
import { componentSchema, mergePatchSchema, type JsonSchema } from './json-schema.ts';

const options: OpenApiOptions = {
  kinds: kindList,
  namedFilters: Object.fromEntries(Object.entries(customFilters).map(([type, filters]) => [type, Object.keys(filters)])),
  maxPageSize: 500,
  auth: { issuer: 'http://localhost:8080/oidc', embedded: true, scope: 'openid offline_access api.sync', apiScope: 'api.sync' },
};
const document = buildOpenApiDocument(options) as any;

/** Every `$ref` in a value, with where it was found. */
function refs(value: unknown, at = ''): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === '$ref' && typeof inner === 'string' ? [{ ref: inner, at }] : refs(inner, `${at}/${key}`)));
}

function resolve(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document (the OpenAPI Initiative schema, through @seriousme/openapi-schema-validator)', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('the validator refuses a broken document (so the check above can fail)', async () => {
    const broken = structuredClone(document);
    broken.paths['/api/customers'].get.responses = { 200: { content: {} } };
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('every schema is valid JSON Schema 2020-12 and compiles (the OpenAPI validator does not look inside schemas)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    for (const name of Object.keys(document.components.schemas)) {
      expect(ajv.validateSchema(document.components.schemas[name]), `${name}: ${ajv.errorsText()}`).toBe(true);
      expect(ajv.getSchema(`openapi#/components/schemas/${name}`), name).toBeTypeOf('function');
    }
    expect(ajv.validateSchema({ type: 'strin' })).toBe(false);
    // Compiling every kind's schemas takes 5–7 s on a two-core machine: more than vitest's default 5 s.
  }, 30_000);

  it('every $ref resolves inside the document', () => {
    const dangling = refs(document).filter(({ ref }) => !ref.startsWith('#/') || resolve(ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('operation ids are unique', () => {
    const ids = Object.values(document.paths).flatMap((item: any) => Object.values(item).map((op: any) => op?.operationId).filter(Boolean));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes the maintenance switch: read by anyone signed in, set by administrators with its body', () => {
    const item = document.paths['/api/maintenance'];
    expect(Object.keys(item).sort()).toEqual(['get', 'put']);
    expect(item.put.requestBody.content['application/json'].schema.required).toEqual(['enabled']);
    expect(Object.keys(item.put.responses)).toEqual(expect.arrayContaining(['200', '403', '422']));
    expect(item.get.responses['200'].content['application/json'].schema.properties.data.required).toEqual(['enabled']);
  });

  it('describes the SPEC §9 limits: read by anyone signed in, with the report headings over theirs', () => {
    const item = document.paths['/api/limits'];
    expect(Object.keys(item)).toEqual(['get']);
    const data = item.get.responses['200'].content['application/json'].schema.properties.data;
    expect(data.required).toEqual(['activitiesPerIntervention', 'reportHeadingsPerModule', 'reportHeadingsOverLimit']);
    expect(data.properties.reportHeadingsOverLimit.items.required).toEqual(['module', 'count', 'limit']);
  });

  it('describes every kind: list, create, get, update, delete, history, actions and each action route', () => {
    for (const kind of kindList) {
      const name = componentName(kind.type);
      expect(Object.keys(document.paths[`/api/${kind.type}`])).toEqual(['get', 'post']);
      expect(Object.keys(document.paths[`/api/${kind.type}/{id}`])).toEqual(['parameters', 'get', 'put', 'patch', 'delete']);
      expect(document.paths[`/api/${kind.type}/{id}/history`].get).toBeDefined();
      expect(document.paths[`/api/${kind.type}/{id}/actions`].get).toBeDefined();
      for (const suffix of ['', 'Create', 'Patch']) expect(document.components.schemas[`${name}${suffix}`], `${name}${suffix}`).toBeDefined();
      const actions = [...(kind.machine ? actionNames(kind.machine) : []), ...(kind.archivable ? ['archive', 'restore'] : []), 'undelete', ...Object.keys(kind.actions ?? {})];
      for (const action of actions) expect(document.paths[`/api/${kind.type}/{id}/actions/${action}`]?.post, `${kind.type} ${action}`).toBeDefined();
      const update = document.paths[`/api/${kind.type}/{id}`].patch;
      expect(Object.keys(update.requestBody.content)).toContain('application/merge-patch+json');
      expect(update.parameters).toContainEqual({ $ref: '#/components/parameters/IfMatch' });
    }
  });

  it('the list query language: page, sort over the sortable fields, filter/has for every field, from/to for ranges, named filters', () => {
    const orders = kindList.find((k) => k.type === 'orders')!;
    const parameters: any[] = document.paths['/api/orders'].get.parameters;
    const names = parameters.map((p) => p.name);
    for (const [field, definition] of Object.entries({ ...commonFields, ...orders.fields })) {
      expect(names).toContain(`filter[${field}]`);
      expect(names).toContain(`has[${field}]`);
      expect(names.includes(`from[${field}]`)).toBe(Boolean(definition.range));
    }
    const sort = new RegExp(parameters.find((p) => p.name === 'sort').schema.pattern);
    expect(sort.test('-orderDate,customerName')).toBe(true);
    expect(sort.test('notes')).toBe(false);
    const customerParameters = document.paths['/api/customers'].get.parameters.map((p: any) => p.name);
    expect(customerParameters).toEqual(expect.arrayContaining(['filter[excludeId]', 'have[commercialOffer]', 'have[priceList]']));
  });

  it('a custom action carries its declared body; a creating one answers 201', () => {
    const deliver = document.paths['/api/orders/{id}/actions/deliver'].post;
    const body = deliver.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['deliveries']);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['deliveries', 'confirmExcess', 'lastUpdatedDateTime']));
    expect(Object.keys(document.paths['/api/quotations/{id}/actions/duplicate'].post.responses)).toContain('201');
  });

  it('every catalogue problem code is named by a problem+json response of its status', () => {
    for (const [code, entry] of Object.entries(problemCatalogue)) {
      const response = document.components.responses[`Problem${entry.status}`];
      expect(response.description).toContain(`\`${code}\``);
      expect(response.content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
    }
  });

  it('security: bearer JWT, OAuth2 authorization code at the issuer, OpenID discovery; health and the document are public', () => {
    const schemes = document.components.securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(schemes.oauth2.flows.authorizationCode).toMatchObject({ authorizationUrl: 'http://localhost:8080/oidc/auth', tokenUrl: 'http://localhost:8080/oidc/token' });
    expect(Object.keys(schemes.oauth2.flows.authorizationCode.scopes)).toEqual(['openid', 'offline_access', 'api.sync']);
    expect(schemes.openIdConnect.openIdConnectUrl).toBe('http://localhost:8080/oidc/.well-known/openid-configuration');
    expect(document.paths['/api/health'].get.security).toEqual([]);
    expect(document.paths['/api/openapi.json'].get.security).toEqual([]);
    const external = buildOpenApiDocument({ ...options, auth: { ...options.auth, issuer: 'https://login.example/tenant/v2.0', embedded: false } }) as any;
    expect(external.components.securitySchemes.oauth2).toBeUndefined();
    expect(external.security).toEqual([{ bearer: [] }, { openIdConnect: ['api.sync'] }]);
  });

  it('a kind added to the registry appears with its fields and actions, without touching the generator', () => {
    const gadgets = defineKind({
      type: 'gadgets',
      subject: 'gadget',
      label: { singular: 'Aggeggio', plural: 'Aggeggi' },
      attributes: z.strictObject({ name: z.string().min(1), size: z.number().optional() }),
      metadata: z.strictObject({}),
      relationships: z.strictObject({}),
      fields: { size: { path: 'attributes.size', type: 'number', sortable: true, range: true } },
      fullText: ['attributes.name'],
      references: {},
      title: () => 'x',
      actions: { polish: { label: 'Lucida', ability: 'update', body: z.strictObject({ shine: z.number() }) } },
    });
    const extended = buildOpenApiDocument({ ...options, kinds: [...kindList, gadgets] }) as any;
    expect(extended.components.schemas.Gadget.properties.attributes.required).toEqual(['name']);
    expect(extended.components.schemas.GadgetPatch.properties.attributes.anyOf).toBeUndefined();
    expect(extended.paths['/api/gadgets'].get.parameters.map((p: any) => p.name)).toContain('to[size]');
    expect(extended.paths['/api/gadgets/{id}/actions/polish'].post.requestBody.content['application/json'].schema.required).toEqual(['shine']);
  });
});

describe('componentSchema', () => {
  it('describes an answer with the type a transform keeps (dates, de-duplicated lists), not as "anything"', () => {
    const schema = z.strictObject({ day: z.string().transform((s) => s.trim()), ids: z.array(z.string()).default([]).transform((l) => [...new Set(l)]) });
    const output = componentSchema('Thing', schema, 'output', { schemas: {} }) as any;
    expect(output.properties.day).toEqual({ type: 'string' });
    expect(output.properties.ids).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(output.required).toEqual(['day', 'ids']);
    const input = componentSchema('Thing', schema, 'input', { schemas: {} }) as any;
    expect(input.required).toEqual(['day']);
  });

  it('hoists recursive definitions into components with document-root references', () => {
    type Json = string | Json[];
    const json: z.ZodType<Json> = z.lazy(() => z.union([z.string(), z.array(json)]));
    const sink = { schemas: {} as Record<string, JsonSchema> };
    const schema = componentSchema('Rule', z.strictObject({ conditions: z.record(z.string(), json) }), 'input', sink);
    const found = refs(schema).map((r) => r.ref);
    expect(found.length).toBeGreaterThan(0);
    for (const ref of found) expect(sink.schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    expect(JSON.stringify({ schema, sink })).not.toContain('#/$defs');
  });

  it('describes a recursive JSON value as any JSON (a generated client cannot type a union containing itself)', () => {
    type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
    const json: z.ZodType<Json> = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]));
    const sink = { schemas: {} as Record<string, JsonSchema> };
    componentSchema('Rule', z.strictObject({ conditions: z.record(z.string(), json) }), 'input', sink);
    expect(Object.values(sink.schemas)).toEqual([{ description: 'Qualsiasi valore JSON.' }]);
  });
});

describe('mergePatchSchema', () => {
  it('makes every member optional, drops defaults, allows null only where it removes an optional member', () => {
    const patch = mergePatchSchema({
      type: 'object',
      properties: {
        name: { type: 'string' },
        note: { type: 'string', default: '' },
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        tags: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
      },
      required: ['name', 'address'],
      additionalProperties: false,
    }) as any;
    expect(patch.required).toBeUndefined();
    expect(patch.additionalProperties).toBe(false);
    expect(patch.properties.name).toEqual({ type: 'string' });
    expect(patch.properties.note).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(patch.properties.address).toEqual({ type: 'object', properties: { city: { type: 'string' } } });
    expect(patch.properties.tags.anyOf[0].items.required).toEqual(['a']);
  });
});
