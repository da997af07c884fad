/**
 * The register of checks for an inspector (issue 26 §2): a printed register carries a QR code of its
 * verification page, which gives the SHA-256 of exactly that file; a customer's user makes a
 * time-limited link that opens the register without an account, logs every access, and stops working
 * when revoked or expired; another customer's user neither lists nor revokes it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { pdfText } from '../support/pdf-text.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('register shared with an inspector on %s', (engine) => {
  let api: Api;
  let client: string;
  let stranger: string;
  let customerId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  /** A public address, read as a browser with no account. */
  const open = (url: string) => api.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname, headers: { 'user-agent': 'Ispettore/1.0' } });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roleIds = await insertDemoRoles(api);
    for (const template of defaultTemplates) await create('templateDocs', { attributes: { ...template, isDefault: true } });
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Magazzini Registro Srl' } } })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altra Azienda Srl' } } })).id;
    client = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Responsabile Sicurezza', customerId, allowedModules: ['fire'] });
    stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['fire'] });
  });
  afterAll(() => api?.close());

  it('prints the register with a QR code whose page gives that file’s SHA-256', async () => {
    const printed = await api.app.inject({ method: 'GET', url: `/api/customers/${customerId}/document`, headers: { authorization: `Bearer ${await api.token(client)}` } });
    expect(printed.statusCode, printed.body.slice(0, 300)).toBe(200);
    const text = pdfText(printed.rawPayload);
    const url = /\S+\/verifica\/([0-9a-f-]{36})/.exec(text);
    expect(url, text.slice(-800)).not.toBeNull();
    const page = await open(`/verifica/${url![1]!}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Registro dei controlli');
    expect(page.body).toContain('Magazzini Registro Srl');
    expect(page.body).toContain(createHash('sha256').update(printed.rawPayload).digest('hex'));
    // A code that names no issued document says so.
    const unknown = await open('/verifica/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Documento non riconosciuto');
  });

  it('shares the register through a time-limited link, logs each access, and stops when revoked or expired', async () => {
    const path = `/api/customers/${customerId}/register-links`;
    const made = await api.as(client).request('POST', path, { label: 'Ispezione VV.F. novembre', days: 7 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const link = made.body.data;
    expect(link.url).toMatch(/\/registro\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresDateTime) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    // Bad input: a clear refusal by its field.
    const tooLong = await api.as(client).request('POST', path, { days: 365 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0].pointer).toBe('/days');

    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Magazzini Registro Srl');
    const pdf = await open(`${String(link.url)}/registro.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('/verifica/');

    // Every access is logged; the maker lists its links, another customer's user may not.
    const listed = await api.as(client).request('GET', path);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: link.id, label: 'Ispezione VV.F. novembre', accesses: 2, revokedDateTime: null })]);
    const { rows } = await sql<{ what: string; user_agent: string }>`SELECT what, user_agent FROM register_share_accesses WHERE link_id = ${link.id}::uuid ORDER BY at`.execute(api.database.db);
    expect(rows).toEqual([{ what: 'page', user_agent: 'Ispettore/1.0' }, { what: 'pdf', user_agent: 'Ispettore/1.0' }]);
    expect((await api.as(stranger).request('GET', path)).status).toBe(403);
    expect((await api.as(stranger).request('DELETE', `${path}/${String(link.id)}`)).status).toBe(403);

    // Revoked: the address answers «not valid», to the page and to the PDF.
    const revoked = await api.as(client).request('DELETE', `${path}/${String(link.id)}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedDateTime).not.toBeNull();
    expect((await open(link.url)).statusCode).toBe(404);
    expect((await open(`${String(link.url)}/registro.pdf`)).statusCode).toBe(404);

    // Expired: the same.
    const later = (await api.as(client).request('POST', path, { days: 1 })).body.data;
    await sql`UPDATE register_share_links SET expires_date_time = now() - interval '1 minute' WHERE id = ${later.id}::uuid`.execute(api.database.db);
    const expired = await open(later.url);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('Collegamento non valido');
  });
  it('answers the register live, of the whole customer or of one site, as its PDF prints it; another customer’s user reads none of it', async () => {
    const family = await create('equipmentFamilies', { attributes: { code: 'EST-L', name: 'Estintore a polvere', module: 'fire' } });
    const monza = await create('customers', { attributes: { parentId: customerId, allowedModules: ['fire'], registry: { businessName: 'Magazzini Registro Srl – sede di Monza' } }, metadata: { type: 'officeLocation' } });
    const atHead = await create('equipments', { attributes: { equipmentId: 'EST-SEDE-1', module: 'fire', serialNumber: 'SN-H1' }, relationships: { customerId, equipmentFamilyId: family.id } });
    const atMonza = await create('equipments', { attributes: { equipmentId: 'EST-MONZA-1', module: 'fire', serialNumber: 'SN-M1' }, relationships: { customerId, customerLocationId: monza.id, equipmentFamilyId: family.id } });
    await create('anomalies', { attributes: { description: 'Manometro fuori scala', risk: 'high', detectedDateTime: '2026-06-02T09:00:00.000Z' }, relationships: { customerId, equipmentId: atMonza.id } });
    const path = `/api/customers/${customerId}/register`;
    const codes = (rows: { attrezzatura?: string }[]) => rows.map((row) => row.attrezzatura).filter((code) => code?.startsWith('EST-'));

    const whole = await api.as(client).request('GET', path);
    expect(whole.status, JSON.stringify(whole.body)).toBe(200);
    expect(codes(whole.body.data.controlli)).toEqual(expect.arrayContaining([atHead.attributes.equipmentId, atMonza.attributes.equipmentId]));
    expect(whole.body.data.registro.sede).toBeUndefined();
    expect(whole.body.data.registro.riferimentoNormativo).toContain('D.M. 1 settembre 2021');
    expect(Array.isArray(whole.body.data.interventi)).toBe(true);

    const ofMonza = await api.as(client).request('GET', `${path}?site=${monza.id as string}`);
    expect(ofMonza.status, JSON.stringify(ofMonza.body)).toBe(200);
    expect(ofMonza.body.data.registro.sede).toBe('sede di Monza');
    expect(codes(ofMonza.body.data.controlli)).toEqual(['EST-MONZA-1']);
    expect(ofMonza.body.data.controlli[0]).toMatchObject({ tipo: 'Estintore a polvere', matricola: 'SN-M1', esito: 'Nessun controllo registrato' });
    expect(ofMonza.body.data.anomalie).toEqual([expect.objectContaining({ attrezzatura: 'EST-MONZA-1', descrizione: 'Manometro fuori scala', stato: 'Non risolta' })]);
    const ofHead = await api.as(client).request('GET', `${path}?site=${customerId}`);
    expect(ofHead.body.data.registro.sede).toBe('Sede principale');
    expect(codes(ofHead.body.data.controlli)).toEqual(['EST-SEDE-1']);
    expect(ofHead.body.data.anomalie).toEqual([]);

    // The site's PDF prints the same: the site's name, its equipment, not the other site's.
    const pdf = await api.app.inject({ method: 'GET', url: `/api/customers/${customerId}/document?site=${monza.id as string}`, headers: { authorization: `Bearer ${await api.token(client)}` } });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('sede di Monza');
    expect(text).toContain('EST-MONZA-1');
    expect(text).not.toContain('EST-SEDE-1');
    expect(text).toContain('Interventi eseguiti');

    // A site of another customer, or no site at all: 404; a per-site print of another document: 400.
    const other = await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Terza Srl' } } });
    for (const site of [other.id as string, 'sede-1', '00000000-0000-4000-8000-000000000000']) {
      const refused = await api.as(client).request('GET', `${path}?site=${site}`);
      expect(refused.status, `${site}: ${JSON.stringify(refused.body)}`).toBe(404);
    }
    const quotation = await create('quotations', { attributes: { date: '2026-11-28' }, relationships: { customerId } });
    const wrongKind = await api.app.inject({ method: 'GET', url: `/api/quotations/${quotation.id as string}/document?site=${customerId}`, headers: { authorization: `Bearer ${await api.token(api.adminId)}` } });
    expect(wrongKind.statusCode).toBe(400);
    // Another customer's user: refused, whatever the site.
    for (const url of [path, `${path}?site=${monza.id as string}`]) {
      expect([403, 404]).toContain((await api.as(stranger).request('GET', url)).status);
    }
  });
});
