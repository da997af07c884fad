/**
 * Documents (DESIGN §4): a quotation's PDF from the type's default template, read with a PDF text
 * extractor: the code, the customer, every line and the totals the API reports; the header row of
 * the lines repeated on the next page; the record's read ability decides; unknown template 404;
 * templates with unknown placeholders refused on write; the editor's preview of a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';
import { pdfPageCount, pdfText } from '../support/pdf-text.ts';
import { defaultTemplates, interventionReportTemplate, quotationTemplate } from '../../src/server/seed/generators/document-templates.ts';
import { formatEur } from '../../src/domain/rules/money.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { EntityService } from '../../src/server/resources/service.ts';
import { kindHooks } from '../../src/server/kinds/index.ts';
import { abilityAccess } from '../../src/server/auth/access.ts';
import { buildAbility } from '../../src/domain/ability.ts';
import { createStorage, StorageNotFound } from '../../src/server/storage/index.ts';
import { storageKeyOf, storeGeneratedFile } from '../../src/server/media/files.ts';
import { documentVersions } from '../../src/domain/documents/versions.ts';

const streamText = async (stream: Promise<Readable>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
};

describe.each(engines())('documents on %s', (engine) => {
  let api: Api;
  let quotation: any;
  let sellerId: string;
  let standardTemplateId: string;
  let customerId: string;
  let mediaDir: string;
  let roleIds: Record<string, string>;
  const LINES = 50;

  const pdf = async (url: string, userId: string, method: 'GET' | 'POST' = 'GET', body?: unknown) => {
    const response = await api.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await api.token(userId)}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload, json: () => JSON.parse(response.body) };
  };

  beforeAll(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-api-'));
    api = await setupApi(engine, { authDisabled: false, env: { MEDIA_DIR: mediaDir } });
    roleIds = await insertDemoRoles(api);
    sellerId = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Venditore Altro', isSalesman: true });
    const admin = api.as(api.adminId);
    const create = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    standardTemplateId = (await create('templateDocs', { attributes: { type: 'quotation', name: 'Preventivo standard', body: quotationTemplate, isDefault: true } })).id;
    const customer = await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Àlfa & Figli Srl', city: 'Milano', province: 'MI' } } });
    customerId = customer.id;
    quotation = await create('quotations', { attributes: { date: TODAY, title: 'Fornitura estintori', notes: 'Consegna entro trenta giorni' }, relationships: { customerId: customer.id } });
    for (let n = 1; n <= LINES; n++) {
      await create('quotationProducts', { attributes: { position: n, description: `Estintore a polvere modello ${n}`, quantity: n % 3 + 1, unitPrice: 40 + n * 1.25, discountPercent: n % 2 ? 5 : 0 }, relationships: { quotationId: quotation.id } });
    }
    await create('quotationProducts', { attributes: { position: LINES + 1, kind: 'section', description: 'Servizi accessori' }, relationships: { quotationId: quotation.id } });
    await create('quotationProducts', { attributes: { position: LINES + 2, description: 'Cartellonistica', quantity: 1, unitPrice: 99, isOptional: true }, relationships: { quotationId: quotation.id } });
    quotation = (await admin.request('GET', `/api/quotations/${quotation.id}`)).body.data;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('answers the quotation as a PDF with its code, customer, every line and the API’s totals; the lines’ header repeats on the next page', async () => {
    const answer = await pdf(`/api/quotations/${quotation.id}/document`, api.adminId);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const code = quotation.attributes.code as string;
    expect(code).toMatch(/^PRV-2026-\d{5}$/);
    expect(answer.headers['content-disposition']).toContain(`inline; filename="${code}.pdf"`);
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(answer.bytes);
    expect(text).toContain(`Preventivo n. ${code} del 15/06/2026`);
    expect(text).toContain('Àlfa & Figli Srl');
    for (let n = 1; n <= LINES; n++) expect(text).toContain(`Estintore a polvere modello ${n}`);
    expect(text).toContain('Servizi accessori');
    expect(text).toContain('Cartellonistica (opzionale)');
    expect(quotation.metadata.totalNetPrice).toBeGreaterThan(0);
    expect(text).toContain(`Totale imponibile: ${formatEur(quotation.metadata.totalNetPrice)} + IVA`);
    expect(text).toContain(formatEur(quotation.metadata.totalListPrice));
    expect(pdfPageCount(answer.bytes)).toBeGreaterThan(1);
    expect(text.match(/^Prezzo unitario$/gm)?.length).toBe(pdfPageCount(answer.bytes) > 2 ? pdfPageCount(answer.bytes) - 1 : 2);
    expect(text).toContain('Pagina 2');
  });

  it('asks the record’s read ability (403), and answers 404 for a missing record or an unknown template', async () => {
    const refused = await pdf(`/api/quotations/${quotation.id}/document`, sellerId);
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect((await pdf(`/api/quotations/${randomUUID()}/document`, api.adminId)).status).toBe(404);
    const unknown = await pdf(`/api/quotations/${quotation.id}/document?templateId=${randomUUID()}`, api.adminId);
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'TEMPLATE_NOT_FOUND' });
    expect((await pdf(`/api/products/${randomUUID()}/document`, api.adminId)).status).toBe(404);
  });

  it('refuses a template with an unknown placeholder on write, and previews a draft over a record', async () => {
    const admin = api.as(api.adminId);
    const bad = await admin.request('POST', '/api/templateDocs', { attributes: { type: 'quotation', name: 'Sbagliato', body: '{{preventivo.codise}}' } });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'TEMPLATE_INVALID', errors: [{ pointer: '/attributes/body', code: 'UNKNOWN_PLACEHOLDER', message: 'Segnaposto sconosciuto «preventivo.codise»' }] });
    const preview = await pdf('/api/templateDocs/preview', api.adminId, 'POST', { type: 'quotation', body: '# Bozza {{preventivo.codice}}\n{{#righe}}{{descrizione}};{{/righe}}', recordId: quotation.id });
    expect(preview.status).toBe(200);
    expect(pdfText(preview.bytes)).toContain(`Bozza ${quotation.attributes.code as string}`);
    const invalid = await pdf('/api/templateDocs/preview', api.adminId, 'POST', { type: 'quotation', body: '{{#righe}}', recordId: quotation.id });
    expect(invalid.status).toBe(422);
    expect(invalid.json()).toMatchObject({ code: 'TEMPLATE_INVALID' });
    // A chosen template renders instead of the default.
    const other = await admin.request('POST', '/api/templateDocs', { attributes: { type: 'quotation', name: 'Breve', body: 'Breve {{preventivo.codice}}' } });
    expect(other.status).toBe(201);
    const chosen = await pdf(`/api/quotations/${quotation.id}/document?templateId=${other.body.data.id as string}`, api.adminId);
    expect(pdfText(chosen.bytes)).toContain(`Breve ${quotation.attributes.code as string}`);
  });

  it('stores the issued PDF as a file of the quotation, with the template version that made it; issuing again from the same data answers the same file', async () => {
    const admin = api.as(api.adminId);
    const current = (await admin.request('GET', `/api/quotations/${quotation.id}`)).body.data;
    const first = await pdf(`/api/quotations/${quotation.id}/document`, api.adminId, 'POST', {});
    expect(first.status, first.bytes.toString()).toBe(201);
    const issued = first.json();
    const template = (await admin.request('GET', `/api/templateDocs/${issued.data.attributes.meta.generated.templateId as string}`)).body.data;
    expect(issued.data.attributes).toMatchObject({ mimeType: 'application/pdf', type: 'document' });
    expect(issued.data.attributes.name).toMatch(new RegExp(`^${String(current.attributes.code)}.*\\.pdf$`));
    expect(issued.data.relationships).toMatchObject({ ownerType: 'quotations', ownerId: quotation.id, customerId });
    expect(issued.data.attributes.meta.generated).toMatchObject({ documentType: 'quotation', templateVersion: template.metadata.lastUpdatedDateTime });
    expect(issued.data.attributes.meta.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Listed among the quotation's attachments, as "Preventivo".
    const listed = (await admin.request('GET', `/api/quotations/${quotation.id}`)).body.data;
    expect(listed.attributes.attachments).toContainEqual({ mediaId: issued.data.id, kind: 'quotation', name: issued.data.attributes.name });
    // The stored bytes are a PDF of the quotation.
    const download = await admin.request('GET', `/api/media/${issued.data.id as string}/download`, undefined, { accept: 'application/json' });
    expect(download.status).toBe(200);
    const content = await api.app.inject({ method: 'GET', url: download.body.data.url });
    expect(content.statusCode).toBe(200);
    expect(pdfText(content.rawPayload)).toContain(String(current.attributes.code));

    // Listing it changed the quotation, not what it prints: the same file, listed once.
    const again = await pdf(`/api/quotations/${quotation.id}/document`, api.adminId, 'POST', {});
    expect(again.status).toBe(200);
    expect(again.json()).toMatchObject({ data: { id: issued.data.id }, meta: { reused: true } });
    const after = (await admin.request('GET', `/api/quotations/${quotation.id}`)).body.data;
    expect(after.attributes.attachments.filter((a: { mediaId: string }) => a.mediaId === issued.data.id)).toHaveLength(1);

    // Changed data: a new document.
    const patched = await admin.request('PATCH', `/api/quotations/${quotation.id}`, { attributes: { notes: 'Consegna entro sessanta giorni' } }, { 'if-match': `"${after.metadata.lastUpdatedDateTime as string}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const changed = await pdf(`/api/quotations/${quotation.id}/document`, api.adminId, 'POST', {});
    expect(changed.status).toBe(201);
    expect(changed.json().data.id).not.toBe(issued.data.id);

    // If-Match of an older version: 409, nothing stored.
    const conflict = await api.app.inject({
      method: 'POST',
      url: `/api/quotations/${quotation.id}/document`,
      headers: { authorization: `Bearer ${await api.token(api.adminId)}`, 'content-type': 'application/json', 'if-match': `"${after.metadata.lastUpdatedDateTime as string}"` },
      payload: '{}',
    });
    expect(conflict.statusCode).toBe(409);
    expect(JSON.parse(conflict.body).code).toBe('VERSION_CONFLICT');

    // Who may only read the quotation may not store files on it.
    const foreign = await pdf(`/api/quotations/${quotation.id}/document`, sellerId, 'POST', {});
    expect([403, 404]).toContain(foreign.status);
  });

  it('stores a generated file in the caller’s transaction, bytes first: a rollback leaves neither row nor bytes', async () => {
    const service = new EntityService(api.database.db, { hooks: kindHooks, maxPageSize: 100, maxDiscountPercent: 0 });
    const storage = createStorage(api.config.media);
    const call = { identity: { userId: api.adminId, email: 'admin@test.it', displayName: 'Admin' }, access: abilityAccess(buildAbility([{ action: 'manage', subject: 'all' }])) };
    const bytes = Buffer.from('%PDF-1.7\n% prova\n%%EOF\n');
    const file = { owner: { type: 'quotations', id: quotation.id as string }, name: 'Prova.pdf', mimeType: 'application/pdf', bytes, meta: { generated: { documentType: 'quotation' } } };
    let stored: { id: string } | undefined;
    await expect(service.transaction(call, async (trx) => {
      stored = await storeGeneratedFile({ service, storage }, trx, call, file);
      // The row is there within the transaction, the bytes already in the store.
      expect((await storage.stat(storageKeyOf(stored.id)))?.size).toBe(bytes.length);
      throw new Error('un passo successivo non riesce');
    })).rejects.toThrow('un passo successivo non riesce');
    expect(stored).toBeDefined();
    expect(await storage.stat(storageKeyOf(stored!.id))).toBeNull();
    await expect(storage.get(storageKeyOf(stored!.id))).rejects.toBeInstanceOf(StorageNotFound);
    expect((await api.as(api.adminId).request('GET', `/api/media/${stored!.id}`)).status).toBe(404);

    const kept = await service.transaction(call, (trx) => storeGeneratedFile({ service, storage }, trx, call, file));
    expect(kept.attributes).toMatchObject({ storageHandle: storageKeyOf(kept.id), storedFileName: kept.id, storagePolicy: storage.driver, bytesCount: bytes.length, extension: 'pdf' });
    expect(kept.attributes.meta).toMatchObject({ generated: { documentType: 'quotation' }, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(kept.relationships).toMatchObject({ ownerType: 'quotations', ownerId: quotation.id, customerId });
    expect(await streamText(storage.get(storageKeyOf(kept.id)))).toBe(bytes.toString());
  });

  it('keeps one default template per type: a new default replaces the previous one', async () => {
    const admin = api.as(api.adminId);
    const created = await admin.request('POST', '/api/templateDocs', { attributes: { type: 'quotation', name: 'Nuovo predefinito', body: 'Predefinito {{preventivo.codice}}', isDefault: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await admin.request('GET', `/api/templateDocs/${standardTemplateId}`)).body.data.attributes.isDefault).toBe(false);
    expect(pdfText((await pdf(`/api/quotations/${quotation.id}/document`, api.adminId)).bytes)).toContain(`Predefinito ${quotation.attributes.code as string}`);
  });

  it('prints a training plan’s certificates, an intervention’s report and the customer’s registro dei controlli', async () => {
    const admin = api.as(api.adminId);
    const create = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    for (const template of defaultTemplates.filter((t) => t.type !== 'quotation')) await create('templateDocs', { attributes: { ...template, isDefault: true } });
    const course = await create('courses', { attributes: { code: 'ANT-B', title: 'Addetto antincendio livello 2', durationHours: 8, validityYears: 5 } });
    const employee = await create('employees', { attributes: { firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA85T10A562S', birthDate: '1985-12-10', birthCity: 'Bergamo', birthProvince: 'BG' }, relationships: { customerId } });
    const plan = await create('trainingPlans', { attributes: { year: 2026, title: 'Piano 2026', items: [{ courseId: course.id, employeeIds: [employee.id], plannedDate: '2026-05-20' }] }, relationships: { customerId } });
    const certificate = pdfText((await pdf(`/api/trainingPlans/${plan.id}/document`, api.adminId)).bytes);
    expect(certificate).toContain('Rossi Mario');
    expect(certificate).toContain('RSSMRA85T10A562S');
    expect(certificate).toContain('10/12/1985');
    expect(certificate).toContain('«Addetto antincendio livello 2» (ANT-B) della durata di 8 ore, svolto il 20/05/2026');
    expect(certificate).toContain('Accordo Stato-Regioni del 17 aprile 2025');

    const assignment = await create('assignments', { attributes: { module: 'fire', title: 'Manutenzione semestrale' }, relationships: { customerId } });
    const report = pdfText((await pdf(`/api/assignments/${assignment.id}/document`, api.adminId)).bytes);
    expect(assignment.attributes.code).toMatch(/^INT-2026-\d{5}$/);
    expect(report).toContain(`Rapporto di intervento ${assignment.attributes.code}`);
    expect(report).toContain('Àlfa & Figli Srl');

    const register = await pdf(`/api/customers/${customerId}/document`, api.adminId);
    expect(register.status).toBe(200);
    expect(pdfText(register.bytes)).toContain('D.M. 1 settembre 2021');
  });
  it('prints for its customer what was done on its intervention: each activity by name, though the catalogue stays the office’s', async () => {
    // Issue 26 walk: the customer's copy of a report had an empty «Attività» column (the admin's named each activity).
    const admin = api.as(api.adminId);
    const create = async (type: string, body: unknown) => {
      const response = await admin.request('POST', `/api/${type}`, body);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body.data;
    };
    await create('templateDocs', { attributes: { type: 'interventionReport', name: 'Rapporto di intervento', body: interventionReportTemplate, isDefault: true } });
    const other = await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Gamma Srl' } } });
    const cliente = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Carla Cliente', customerId, allowedModules: ['fire'] });
    const stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Estraneo Cliente', customerId: other.id, allowedModules: ['fire'] });
    const kind = await create('activities', { attributes: { code: 'CO2-SEM', name: 'Controllo semestrale estintore a CO2', module: 'fire' } });
    const unused = await create('activities', { attributes: { code: 'IDR-ANN', name: 'Verifica annuale rete idranti', module: 'fire' } });
    const equipment = await create('equipments', { attributes: { equipmentId: 'EST-CO2-01', serialNumber: 'SN-4471', module: 'fire' }, relationships: { customerId } });
    const assignment = await create('assignments', { attributes: { module: 'fire', title: 'Controllo estintori CO2' }, relationships: { customerId } });
    await create('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId: kind.id, equipmentId: equipment.id } });

    const url = `/api/assignments/${assignment.id as string}/document`;
    const printed = await pdf(url, cliente);
    expect(printed.status, printed.bytes.toString()).toBe(200);
    const text = pdfText(printed.bytes).replace(/\s+/g, ' ');
    expect(text).toContain(`Rapporto di intervento ${assignment.attributes.code as string}`);
    expect(text).toMatch(/Controllo semestrale estintore a CO2\s*\|?\s*EST-CO2-01/);
    // The admin's copy names it the same.
    expect(pdfText((await pdf(url, api.adminId)).bytes).replace(/\s+/g, ' ')).toContain('Controllo semestrale estintore a CO2');
    // Only the names of its intervention's activities: no other kind of the catalogue, and the catalogue is still not the customer's to read.
    expect(text).not.toContain('Verifica annuale rete idranti');
    for (const id of [kind.id as string, unused.id as string]) expect([403, 404]).toContain((await api.as(cliente).request('GET', `/api/activities/${id}`)).status);
    expect((await api.as(cliente).request('GET', '/api/activities')).status).toBe(403);
    // Another customer's user prints nothing of it.
    expect([403, 404]).toContain((await pdf(url, stranger)).status);
  });

  it('keeps each issue of a re-issued intervention report as a version its customer reads, and another customer never', async () => {
    const admin = api.as(api.adminId);
    const other = (await admin.request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Beta Spa' } } })).body.data;
    const cliente = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Giulia Cliente', customerId, allowedModules: ['fire'] });
    const stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: other.id, allowedModules: ['fire'] });
    const assignment = (await admin.request('POST', '/api/assignments', { attributes: { module: 'fire', title: 'Manutenzione semestrale' }, relationships: { customerId } })).body.data;
    const first = await pdf(`/api/assignments/${assignment.id}/document`, api.adminId, 'POST', {});
    expect(first.status, first.bytes.toString()).toBe(201);
    // A correction, then the report issued again: a second file, the first one kept.
    const current = (await admin.request('GET', `/api/assignments/${assignment.id}`)).body.data;
    const patched = await admin.request('PATCH', `/api/assignments/${assignment.id}`, { attributes: { title: 'Manutenzione semestrale (corretto)' } }, { 'if-match': `"${current.metadata.lastUpdatedDateTime as string}"` });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const second = await pdf(`/api/assignments/${assignment.id}/document`, api.adminId, 'POST', {});
    expect(second.status, second.bytes.toString()).toBe(201);
    const ids = [first.json().data.id as string, second.json().data.id as string];
    expect(ids[0]).not.toBe(ids[1]);

    const query = `filter[customerId]=${customerId}&filter[ownerType]=assignments&filter[nodeKind]=media&sort=-createdDateTime`;
    const listed = await api.as(cliente).request('GET', `/api/media?${query}`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const reports = (listed.body.data as any[]).filter((media) => media.relationships.ownerId === assignment.id);
    const [document] = documentVersions(reports);
    expect(document!.versions.map((version) => [version.media.id, version.number])).toEqual([[ids[1], 2], [ids[0], 1]]);
    // Each version downloads for its customer, and the earlier one still says what it said.
    for (const [index, id] of ids.entries()) {
      const link = await api.as(cliente).request('GET', `/api/media/${id}/download`, undefined, { accept: 'application/json' });
      expect(link.status).toBe(200);
      const content = await api.app.inject({ method: 'GET', url: link.body.data.url });
      expect(pdfText(content.rawPayload)).toContain(index === 0 ? 'Manutenzione semestrale' : 'Manutenzione semestrale (corretto)');
    }

    // Another customer's user: not in its list, not by id, not as a download.
    const foreign = await api.as(stranger).request('GET', `/api/media?${query}`);
    expect(foreign.status === 403 || (foreign.body.data as unknown[]).length === 0, JSON.stringify(foreign.body)).toBe(true);
    for (const id of ids) {
      expect([403, 404]).toContain((await api.as(stranger).request('GET', `/api/media/${id}`)).status);
      expect([403, 404]).toContain((await api.as(stranger).request('GET', `/api/media/${id}/download`, undefined, { accept: 'application/json' })).status);
    }
  });
});
