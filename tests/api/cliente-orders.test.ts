/**
 * A customer's orders in its document vault (issue 26 §5): the customer's user (role «Cliente») reads
 * its own customer's confirmed orders, without their notes (the staff's), and prints each one's
 * «Conferma d'ordine» (the lines, the totals, the quotation it comes from), logged in the customer's
 * download log. Another customer's order, and its own customer's unconfirmed one, are not there:
 * not listed, not read by id, not printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { formatEur } from '../../src/domain/rules/money.ts';
import { engines, insertDemoRoles, insertUser, setupApi, TODAY, type Api } from './setup.ts';

const NOTES = 'Contattare il referente della portineria il giorno prima';
const pdftotextMissing = spawnSync('pdftotext', ['-v']).error !== undefined;

/** The text of a PDF as `pdftotext -layout` reads it (non-breaking spaces as spaces). */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `conferma-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    return text.stdout.replace(/\u00a0/g, ' ');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe.each(engines())('a customer’s orders and their «Conferma d’ordine» on %s', (engine) => {
  let api: Api;
  let client: string;
  let customerA: string;
  let customerB: string;
  let quotationCode: string;
  let own: any;
  let unconfirmed: any;
  let others: any;
  const admin = () => api.as(api.adminId);
  const ifMatch = (entity: any) => ({ 'if-match': `"${entity.metadata.lastUpdatedDateTime}"` });

  /** An order of `customerId` made by the office (new unless `confirm`), with two lines and notes. */
  const order = async (customerId: string, confirm: boolean, quotationId?: string) => {
    const created = await admin().request('POST', '/api/orders', {
      attributes: {
        orderDate: TODAY, module: 'fire', notes: NOTES,
        lines: [
          { description: 'Estintore a polvere 6 kg', quantity: 12, unitPrice: 38.5, discountPercent: 10 },
          { description: 'Sopralluogo tecnico', quantity: 1, unitPrice: 120 },
        ],
      },
      relationships: { customerId, ...(quotationId ? { quotationId } : {}) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    if (!confirm) return created.body.data;
    const confirmed = await admin().request('POST', `/api/orders/${created.body.data.id as string}/actions/confirm`, undefined, ifMatch(created.body.data));
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return confirmed.body.data;
  };
  const document = async (userId: string, id: string) => api.app.inject({ method: 'GET', url: `/api/orders/${id}/document`, headers: { authorization: `Bearer ${await api.token(userId)}` } });

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    const roles = await insertDemoRoles(api);
    for (const template of defaultTemplates) expect((await admin().request('POST', '/api/templateDocs', { attributes: { ...template, isDefault: true } })).status).toBe(201);
    const customer = async (name: string) => (await admin().request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: name, city: 'Bergamo' } } })).body.data.id as string;
    customerA = await customer('Trafilerie Orobiche Srl');
    customerB = await customer('Altra Trafileria Spa');
    // The demo's customer user (cliente1@demo.sicurezza.it), here of customer A.
    client = await insertUser(api, [roles.Cliente!], { userType: 'customer', email: 'cliente1@demo.sicurezza.it', displayName: 'Anna Marchetti', customerId: customerA, allowedModules: ['fire'] });
    // The accepted quotation the order comes from (the states before acceptance have their own tests).
    const quotation = await admin().request('POST', '/api/quotations', { attributes: { date: '2026-06-01', module: 'fire', title: 'Presidi antincendio magazzino' }, relationships: { customerId: customerA } });
    expect(quotation.status, JSON.stringify(quotation.body)).toBe(201);
    await sql`UPDATE quotations SET attributes = jsonb_set(attributes, '{status}', '"accepted"') WHERE id = ${quotation.body.data.id as string}::uuid`.execute(api.database.db);
    quotationCode = quotation.body.data.attributes.code;
    own = await order(customerA, true, quotation.body.data.id);
    unconfirmed = await order(customerA, false);
    others = await order(customerB, true);
  });
  afterAll(() => api?.close());

  it('lists and reads its own confirmed orders, without their notes', async () => {
    const as = api.as(client);
    const list = await as.request('GET', '/api/orders?sort=orderNumber');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.map((row: any) => row.id)).toEqual([own.id]);
    expect(list.body.data[0].attributes.notes).toBeUndefined();
    // Whatever the filter asks: another customer's orders are not among its rows.
    expect((await as.request('GET', `/api/orders?filter[customerId]=${customerB}`)).body.data).toEqual([]);
    expect((await as.request('GET', `/api/orders?ids=${others.id as string},${unconfirmed.id as string}`)).body.data).toEqual([]);
    // The notes are not searched for it either.
    expect((await as.request('GET', '/api/orders?filter[fullText]=portineria')).body.data).toEqual([]);

    const read = await as.request('GET', `/api/orders/${own.id as string}`);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.notes).toBeUndefined();
    expect(read.body.data.attributes.lines).toHaveLength(2);
    expect(read.body.data.metadata.totalNetPrice).toBe(535.8);
    const history = await as.request('GET', `/api/orders/${own.id as string}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('portineria');
    // The office still reads them.
    expect((await admin().request('GET', `/api/orders/${own.id as string}`)).body.data.attributes.notes).toBe(NOTES);
  });

  it('reads neither another customer’s order nor its own unconfirmed one, by id or by document', async () => {
    for (const id of [others.id, unconfirmed.id] as string[]) {
      expect([403, 404]).toContain((await api.as(client).request('GET', `/api/orders/${id}`)).status);
      expect([403, 404]).toContain((await document(client, id)).statusCode);
    }
  });

  it('prints its «Conferma d’ordine» with the lines, the totals and the quotation, logged in its download log', async () => {
    const response = await document(client, own.id);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(String(response.headers['content-disposition'])).toContain(`Conferma-ordine-${own.attributes.orderNumber as string}.pdf`);
    if (!pdftotextMissing) {
      const text = pdfText(response.rawPayload);
      for (const value of [
        `Conferma d’ordine n. ${own.attributes.orderNumber as string} del 15/06/2026`, 'Trafilerie Orobiche Srl',
        `preventivo n. ${quotationCode} del 01/06/2026`, 'Presidi antincendio magazzino',
        'Estintore a polvere 6 kg', 'Sopralluogo tecnico', formatEur(38.5), formatEur(415.8), formatEur(120), formatEur(535.8),
      ]) expect(text, text).toContain(value.replace(/\u00a0/g, ' '));
      expect(text).not.toContain('portineria');
    }
    const log = await api.as(client).request('GET', `/api/customers/${customerA}/downloads`);
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({ userName: 'Anna Marchetti', what: 'document', recordType: 'orders', recordId: own.id, title: `Conferma-ordine-${own.attributes.orderNumber as string}` });
    // The office prints it too (the same template), notes left out: the confirmation has no note.
    const office = await document(api.adminId, own.id);
    expect(office.statusCode).toBe(200);
    if (!pdftotextMissing) expect(pdfText(office.rawPayload)).not.toContain('portineria');
  });
});
