/**
 * The OpenAPI document as served: public, valid OpenAPI 3.1, true to what the API answers (real
 * answers checked against its schemas on both engines), and good enough to generate a typed client
 * that compiles a right call and refuses a wrong one. `/api/docs` serves the reference from the
 * swagger-ui-dist package.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { engines, setupApi, type Api } from './setup.ts';

const pointer = (...segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

describe.each(engines())('OpenAPI document on %s', (engine) => {
  let api: Api;
  let authorization: Record<string, string>;
  let document: any;
  let ajv: Ajv2020;

  /** Checks an answer against the document's schema for that operation and status. */
  function expectDocumented(route: string, method: string, response: { status: number; headers: Record<string, unknown>; body: unknown }) {
    let declared = document.paths[route]?.[method]?.responses?.[String(response.status)];
    expect(declared, `${method} ${route} ${response.status} is not documented`).toBeDefined();
    let at = `openapi#/${pointer('paths', route, method, 'responses', String(response.status))}`;
    if (declared.$ref) {
      at = `openapi${declared.$ref}`;
      declared = document.components.responses[declared.$ref.split('/').at(-1)];
    }
    const type = String(response.headers['content-type']).split(';')[0]!;
    expect(Object.keys(declared.content), `${method} ${route} ${response.status}`).toContain(type);
    const validate = ajv.getSchema(`${at}/${pointer('content', type, 'schema')}`)!;
    expect(validate(response.body), `${method} ${route} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.request(method, url, { body, headers: { ...authorization, ...headers } });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    authorization = { authorization: `Bearer ${await api.token(api.adminId)}` };
    document = (await api.get('/api/openapi.json')).body;
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
  });
  afterAll(() => api?.close());

  it('is public, valid OpenAPI 3.1, and built once', async () => {
    const first = await api.get('/api/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    expect((await new Validator().validate(structuredClone(first.body))).valid).toBe(true);
    const second = await api.get('/api/openapi.json');
    expect(second.body).toEqual(first.body);
    expect((await api.get('/api/customers')).status).toBe(401);
  });

  it('names the configured issuer in its security schemes', () => {
    const flow = document.components.securitySchemes.oauth2.flows.authorizationCode;
    expect(flow.authorizationUrl).toBe(`${api.config.oidc.issuer}/auth`);
    expect(flow.tokenUrl).toBe(`${api.config.oidc.issuer}/token`);
    expect(flow.scopes).toHaveProperty(api.config.oidc.apiScope);
  });

  it('describes what the API really answers: entities, lists, versions, actions, history, identity, problems', async () => {
    const created = await call('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Contratto Srl', city: 'Torino' } } });
    expect(created.status).toBe(201);
    expectDocumented('/api/customers', 'post', created);
    const id = created.body.data.id;
    expectDocumented('/api/customers/{id}', 'get', await call('GET', `/api/customers/${id}`));
    const list = await call('GET', '/api/customers?filter[fullText]=contratto&sort=-lastUpdatedDateTime&page[size]=5');
    expect(list.body.data).toHaveLength(1);
    expectDocumented('/api/customers', 'get', list);
    const patched = await call('PATCH', `/api/customers/${id}`, { attributes: { registry: { city: null, alias: 'CS' } } }, {
      'if-match': `"${created.body.data.metadata.lastUpdatedDateTime}"`,
      'content-type': 'application/merge-patch+json',
    });
    expect(patched.status).toBe(200);
    expectDocumented('/api/customers/{id}', 'patch', patched);
    expectDocumented('/api/customers/{id}/actions', 'get', await call('GET', `/api/customers/${id}/actions`));
    const archived = await call('POST', `/api/customers/${id}/actions/archive`, undefined, { 'if-match': `"${patched.body.data.metadata.lastUpdatedDateTime}"` });
    expect(archived.status).toBe(200);
    expectDocumented('/api/customers/{id}/actions/archive', 'post', archived);
    expectDocumented('/api/customers/{id}/history', 'get', await call('GET', `/api/customers/${id}/history`));

    const other = await call('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altro Srl' } } });
    const quotation = await call('POST', '/api/quotations', { attributes: { date: '2026-06-10', title: 'Contratto' }, relationships: { customerId: other.body.data.id } });
    expectDocumented('/api/quotations', 'post', quotation);
    const copy = await call('POST', `/api/quotations/${quotation.body.data.id}/actions/duplicate`, undefined, { 'if-match': `"${quotation.body.data.metadata.lastUpdatedDateTime}"` });
    expect(copy.status).toBe(201);
    expectDocumented('/api/quotations/{id}/actions/duplicate', 'post', copy);

    expectDocumented('/api/identity/authorization', 'get', await call('GET', '/api/identity/authorization'));
    expectDocumented('/api/health', 'get', await api.get('/api/health'));
    expectDocumented('/api/customers', 'get', await call('GET', '/api/customers?filter[password]=x'));
    expectDocumented('/api/customers', 'post', await call('POST', '/api/customers', { attributes: { registry: { businessName: '' }, unknown: 1 } }));
    expectDocumented('/api/customers/{id}', 'patch', await call('PATCH', `/api/customers/${id}`, { attributes: { registry: { alias: 'x' } } }));
    expectDocumented('/api/customers/{id}', 'get', await api.get(`/api/customers/${id}`));
  });

  it('serves the interactive reference at /api/docs from the package, without a token', async () => {
    const page = await api.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    const init = await api.get('/api/docs/init.js');
    expect(init.body).toContain('"/api/openapi.json"');
    const bundle = await api.get('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
    expect(String(bundle.body)).toContain('SwaggerUIBundle');
    expect((await api.get('/api/docs/swagger-ui.css')).status).toBe(200);
    // "Authorize": authorization code with PKCE through the embedded provider, back to the package's redirect page.
    expect(init.body).toContain('usePkceWithAuthorizationCodeGrant: true');
    expect(init.body).toContain('/api/docs/oauth2-redirect.html"');
    const redirectPage = await api.get('/api/docs/oauth2-redirect.html');
    expect(redirectPage.status).toBe(200);
    expect(redirectPage.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await api.get('/api/docs/oauth2-redirect.js')).status).toBe(200);
    const other = await api.get('/api/docs/package.json');
    expect(other.status).toBe(404);
    expect(other.headers['content-type']).toContain('application/problem+json');
  });
});

describe('a typed client generated from the document', () => {
  const projectRoot = path.resolve(import.meta.dirname, '../..');

  /** Compiles the files (in a directory inside the project, so `openapi-fetch` resolves) and returns each file's error lines. */
  function compile(dir: string, files: string[]): Map<string, { line: number; text: string }[]> {
    const program = ts.createProgram(
      files.map((f) => path.join(dir, f)),
      { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: true },
    );
    const errors = new Map<string, { line: number; text: string }[]>(files.map((f) => [f, []]));
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const file = diagnostic.file ? path.basename(diagnostic.file.fileName) : '(global)';
      const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1 : 0;
      errors.set(file, [...(errors.get(file) ?? []), { line, text: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') }]);
    }
    return errors;
  }

  it('openapi-typescript generates the types; openapi-fetch calls compile when right and fail when wrong', async () => {
    const api = await setupApi(engines()[0]!);
    let dir: string | undefined;
    try {
      const document = (await api.get('/api/openapi.json')).body;
      const types = astToString(await openapiTS(document));
      await fs.mkdir(path.join(projectRoot, 'node_modules/.cache'), { recursive: true });
      dir = await fs.mkdtemp(path.join(projectRoot, 'node_modules/.cache/openapi-client-'));
      await fs.writeFile(path.join(dir, 'api.ts'), types);
      const header = `import createClient from 'openapi-fetch';\nimport type { paths } from './api';\nconst client = createClient<paths>({ baseUrl: 'http://localhost:8080' });\n`;
      await fs.writeFile(
        path.join(dir, 'right.ts'),
        `${header}
export async function example(id: string) {
  const read = await client.GET('/api/customers/{id}', { params: { path: { id } } });
  if (read.error) return read.error.code;
  const version: string = read.data.data.metadata.lastUpdatedDateTime;
  const name: string | undefined = read.data.data.attributes.registry?.businessName;
  const patched = await client.PATCH('/api/customers/{id}', { params: { path: { id }, header: { 'If-Match': \`"\${version}"\` } }, body: { attributes: { registry: { alias: 'CS', city: null } } } });
  const list = await client.GET('/api/equipments', { params: { query: { 'filter[state]': 'active', sort: '-productionDate', 'page[size]': 50 } } });
  const total: number | undefined = list.data?.meta.total;
  const delivered = await client.POST('/api/orders/{id}/actions/deliver', { params: { path: { id } }, body: { deliveries: [{ line: 0, quantity: 2 }] } });
  const effects = delivered.data?.meta.effects.map((e) => e.type);
  return [name, patched.data?.data.id, total, effects];
}
`,
      );
      // Each line of wrong.ts below the header is one wrong call; each must be a compile error.
      const wrongCalls = [
        `client.GET('/api/customerz/{id}', { params: { path: { id: 'x' } } });`,
        `client.PATCH('/api/customers/{id}', { params: { path: { id: 'x' } }, body: { attributes: { registry: { businessName: 42 } } } });`,
        `client.POST('/api/orders/{id}/actions/deliver', { params: { path: { id: 'x' } }, body: { deliveries: [{ line: 0 }] } });`,
        `client.GET('/api/equipments', { params: { query: { 'filter[nope]': 'x' } } });`,
        `client.GET('/api/customers/{id}', { params: { path: { id: 'x' } } }).then((r) => r.data?.data.attributes.notAField);`,
      ];
      await fs.writeFile(path.join(dir, 'wrong.ts'), `${header}${wrongCalls.join('\n')}\n`);
      const errors = compile(dir, ['right.ts', 'wrong.ts', 'api.ts']);
      expect(errors.get('right.ts')).toEqual([]);
      expect(errors.get('api.ts')).toEqual([]);
      const wrongLines = new Set(errors.get('wrong.ts')!.map((e) => e.line));
      const firstCallLine = header.split('\n').length;
      expect([...wrongCalls.keys()].filter((i) => !wrongLines.has(firstCallLine + i)).map((i) => wrongCalls[i])).toEqual([]);
    } finally {
      await api.close();
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
