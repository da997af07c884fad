/**
 * A quotation approved and signed online by its customer (issue 26 §3): the one-time code reaches the
 * signer's mailbox; a wrong code is counted and refused; the right one, with the drawing and the
 * optional line taken, accepts the quotation with its sealed PDF (audit trail, SHA-256 of what was
 * presented) attached, answers both fingerprints (what was presented, and the signed file's own) and
 * makes its order, once, even when the request is sent again with its Idempotency-Key; staff never
 * sign, another customer is refused it; a refusal keeps its reason.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(engines())('quotation signed online on %s', (engine) => {
  let api: Api;
  let mailbox: Mailbox;
  let signer: string;
  let stranger: string;
  let customerId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  /** An issued quotation of the customer: two lines, the second optional. */
  const issuedQuotation = async (title: string) => {
    const quotation = await create('quotations', { attributes: { date: '2026-11-20', title, module: 'fire' }, relationships: { customerId } });
    await create('quotationProducts', { attributes: { position: 1, description: 'Revisione estintori a polvere 6 kg', quantity: 10, unitPrice: 18.5 }, relationships: { quotationId: quotation.id } });
    const optional = await create('quotationProducts', { attributes: { position: 2, description: 'Cartelli di segnalazione', quantity: 10, unitPrice: 6, isOptional: true }, relationships: { quotationId: quotation.id } });
    const fresh = (await admin().request('GET', `/api/quotations/${quotation.id as string}`)).body.data;
    const emitted = await admin().request('POST', `/api/quotations/${quotation.id as string}/actions/emit`, {}, { 'if-match': `"${fresh.metadata.lastUpdatedDateTime as string}"` });
    expect(emitted.status, JSON.stringify(emitted.body)).toBe(200);
    return { quotation: emitted.body.data, optionalLineId: String(optional.id) };
  };
  const codeFromMailbox = (count: number) => {
    // Issuing the quotation sent «Preventivo da firmare» too: only the codes' messages count here.
    const mails = mailbox.to('firmatario@cliente.test').filter((m) => m.subject.startsWith('Codice per firmare'));
    expect(mails).toHaveLength(count);
    return /è (\d{6})\./.exec(mails.at(-1)!.decoded)?.[1] ?? '';
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    api = await setupApi(engine, { authDisabled: false, env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Servizi di sicurezza <avvisi@sicurezza.test>' } });
    const roleIds = await insertDemoRoles(api);
    for (const template of defaultTemplates) await create('templateDocs', { attributes: { ...template, isDefault: true } });
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Officine Firma Srl' } } })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Altra Officina Srl' } } })).id;
    signer = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Giulia Firmataria', email: 'firmatario@cliente.test', customerId, allowedModules: ['fire'] });
    stranger = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro Cliente', customerId: otherId, allowedModules: ['fire'] });
  });
  afterAll(async () => {
    await api?.close();
    await mailbox?.close();
  });

  it('signs with the e-mailed code: accepted, sealed PDF attached, the order made once', async () => {
    const { quotation, optionalLineId } = await issuedQuotation('Manutenzione semestrale');
    const client = api.as(signer);
    const path = `/api/quotations/${quotation.id as string}/signature`;

    // Staff never sign for the customer; another customer may not read the quotation.
    expect((await admin().request('POST', `${path}/code`)).status).toBe(403);
    expect((await api.as(stranger).request('POST', `${path}/code`)).status).toBe(403);

    const asked = await client.request('POST', `${path}/code`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body.data).toMatchObject({ sentTo: 'f•••••o@cliente.test', codeLength: 6 });
    const code = codeFromMailbox(1);
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code is refused and counted (the count survives the refused write).
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const body = { code: wrong, signature: SIGNATURE, signerName: 'Giulia Firmataria', includedOptionalLineIds: [optionalLineId] };
    const refused = await client.request('POST', path, body);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'SIGNATURE_CODE_INVALID', attemptsLeft: 4, message: 'Restano 4 tentativi con questo codice', errors: [{ pointer: '/code' }] });
    expect((await client.request('POST', path, body)).body.attemptsLeft).toBe(3);
    // No drawing: refused by its field.
    const undrawn = await client.request('POST', path, { ...body, code, signature: '' });
    expect(undrawn.status).toBe(422);
    expect(undrawn.body.errors[0].pointer).toBe('/signature');

    const signed = await client.request('POST', path, { ...body, code }, { 'idempotency-key': 'firma-preventivo-1' });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.data.attributes.status).toBe('accepted');
    expect(signed.body.data.attributes.attachments).toEqual([expect.objectContaining({ kind: 'signedQuotation', mediaId: signed.body.meta.signedDocumentId })]);
    expect(signed.body.meta.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    // The signed file is another document than the one presented: its own fingerprint, given beside it.
    expect(signed.body.meta.signedDocumentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.body.meta.signedDocumentSha256).not.toBe(signed.body.meta.documentSha256);
    // The optional line taken counts: 10 × 18,50 + 10 × 6.
    expect(signed.body.data.metadata.totalNetPrice).toBe(245);

    // Sent again with its key: the same answer, nothing made twice.
    const replayed = await client.request('POST', path, { ...body, code }, { 'idempotency-key': 'firma-preventivo-1' });
    expect(replayed.status).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body.meta.orderId).toBe(signed.body.meta.orderId);
    expect(replayed.body.meta.signedDocumentSha256).toBe(signed.body.meta.signedDocumentSha256);
    const orders = await admin().request('GET', `/api/orders?filter[quotationId]=${quotation.id as string}`);
    expect(orders.body.data.map((order: { id: string }) => order.id)).toEqual([signed.body.meta.orderId]);
    expect(orders.body.data[0].attributes.lines.map((line: { description: string }) => line.description)).toEqual(['Revisione estintori a polvere 6 kg', 'Cartelli di segnalazione']);
    // The code is used up, the quotation answered: signing again is refused.
    expect((await client.request('POST', path, { ...body, code })).status).toBe(403);

    // The sealed PDF: the quotation, then the audit trail with the fingerprint of what was presented.
    const link = await client.request('GET', `/api/media/${signed.body.meta.signedDocumentId as string}/download`, undefined, { accept: 'application/json' });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const file = await api.app.inject({ method: 'GET', url: String(link.body.data.url) });
    expect(file.headers['content-type']).toContain('application/pdf');
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Firma elettronica del cliente');
    expect(text).toContain('Giulia Firmataria <firmatario@cliente.test>');
    expect(text).toContain(signed.body.meta.documentSha256);
    expect(text).toContain('Cartelli di segnalazione');
    expect(text).toContain('Firma elettronica semplice ai sensi del Regolamento UE 910/2014');
    const media = (await admin().request('GET', `/api/media/${signed.body.meta.signedDocumentId as string}`)).body.data;
    expect(media.attributes.meta.sha256).toBe(createHash('sha256').update(file.rawPayload).digest('hex'));
    // The answer's fingerprint of the signed file is the downloaded file's (the portal shows it as such).
    expect(signed.body.meta.signedDocumentSha256).toBe(media.attributes.meta.sha256);
    expect(media.attributes.meta.signature).toMatchObject({ signerEmail: 'firmatario@cliente.test', documentSha256: signed.body.meta.documentSha256 });
  });

  it('refuses with a reason, which the office reads', async () => {
    const { quotation } = await issuedQuotation('Fornitura idranti');
    const client = api.as(signer);
    const path = `/api/quotations/${quotation.id as string}/signature/refusal`;
    const empty = await client.request('POST', path, { reason: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].pointer).toBe('/reason');
    const refused = await client.request('POST', path, { reason: 'Prezzo dei cartelli troppo alto' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.data.attributes.status).toBe('not-accepted');
    const seen = (await admin().request('GET', `/api/quotations/${quotation.id as string}`)).body.data;
    expect(seen.metadata).toMatchObject({ refusalReason: 'Prezzo dei cartelli troppo alto', refusedBy: 'Giulia Firmataria' });
  });
});
