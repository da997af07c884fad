/**
 * The download log of a customer's documents (issue 26 §5): a file of the customer fetched and a
 * document of its records printed are each logged with who and when; the customer's user reads its
 * own customer's log (newest first), another customer's user is refused it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe.each(engines())('download log on %s', (engine) => {
  let api: Api;
  let client: string;
  let stranger: string;
  let customerId: string;
  const admin = () => api.as(api.adminId);

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    for (const template of defaultTemplates) expect((await admin().request('POST', '/api/templateDocs', { attributes: { ...template, isDefault: true } })).status).toBe(201);
    const made = async (name: string) => (await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name } } })).body.data.id as string;
    customerId = await made('Cartiere Download Srl');
    const otherId = await made('Altra Cartiera Srl');
    client = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Ufficio Sicurezza', customerId, allowedModules: ['fire'] });
    stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['fire'] });
  });
  afterAll(() => api?.close());

  it('logs who took which file and printed which document, for the customer’s own readers', async () => {
    // A file of the customer, uploaded by the office and fetched by the customer's user.
    const link = await admin().request('POST', '/api/media/uploads', { name: 'Planimetria.pdf', mimeType: 'application/pdf', bytesCount: PDF.length, customerId });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const stored = await api.app.inject({ method: 'PUT', url: link.body.upload.url, payload: PDF, headers: { 'content-type': link.body.upload.headers['Content-Type'] } });
    expect(stored.statusCode, stored.body).toBe(200);
    const mediaId = stored.json().data.id as string;
    expect((await api.as(client).request('GET', `/api/media/${mediaId}/download`, undefined, { accept: 'application/json' })).status).toBe(200);
    // The register printed by the office.
    const printed = await api.app.inject({ method: 'GET', url: `/api/customers/${customerId}/document`, headers: { authorization: `Bearer ${await api.token(api.adminId)}` } });
    expect(printed.statusCode).toBe(200);

    const log = await api.as(client).request('GET', `/api/customers/${customerId}/downloads`);
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.data.map((entry: Record<string, unknown>) => [entry.userName, entry.what, entry.recordType, entry.title])).toEqual([
      [expect.any(String), 'document', 'customers', expect.stringMatching(/^Registro/)],
      ['Ufficio Sicurezza', 'file', 'media', 'Planimetria.pdf'],
    ]);
    expect(Date.parse(log.body.data[0].dateTime)).toBeGreaterThanOrEqual(Date.parse(log.body.data[1].dateTime));
    // Another customer's user neither reads the customer nor its log.
    expect((await api.as(stranger).request('GET', `/api/customers/${customerId}/downloads`)).status).toBe(403);
  });
});
