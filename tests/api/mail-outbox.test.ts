/**
 * E-mail (issue 26 §8): with SMTP_URL a message reaches the SMTP server (here an in-process one);
 * without it the message is written as an `.eml` file to DATA_DIR/outbox. Either way it is listed in
 * the administrator's outbox (`GET /api/mail/outbox`, newest first) with its headers, bodies, transport
 * and outcome; a failed delivery is recorded with its error; nobody but an administrator reads it,
 * and nobody writes it through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { freePort } from '../support/free-port.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

describe.each(engines())('mail through SMTP on %s', (engine) => {
  let api: Api;
  let mailbox: Mailbox;

  beforeAll(async () => {
    mailbox = await startMailbox();
    api = await setupApi(engine, { authDisabled: false, env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Servizi di sicurezza <avvisi@sicurezza.test>' } });
  });
  afterAll(async () => {
    await api?.close();
    await mailbox?.close();
  });

  it('sends the message to the SMTP server, with its recipients, subject, text and HTML, and lists it', async () => {
    const sent = await api.app.mailer.send({
      to: 'cliente@alfa.test',
      subject: 'Visita confermata: martedì 3 dicembre',
      text: 'Gentile cliente,\n\nla visita è confermata per martedì 3 dicembre alle 8:00 presso la sede di Milano.',
      attachments: [{ fileName: 'promemoria.txt', content: 'Portare il registro dei controlli.', contentType: 'text/plain' }],
    });
    expect(sent).toMatchObject({ transport: 'smtp', outcome: 'mailSent' });
    expect(mailbox.messages).toHaveLength(1);
    const received = mailbox.messages[0]!;
    expect(received.from).toBe('avvisi@sicurezza.test');
    expect(received.to).toEqual(['cliente@alfa.test']);
    expect(received.subject).toBe('Visita confermata: martedì 3 dicembre');
    expect(received.raw).toMatch(/^From: Servizi di sicurezza <avvisi@sicurezza\.test>$/m);
    expect(received.raw).toMatch(/^To: cliente@alfa\.test$/m);
    expect(received.raw).toContain(`Message-ID: ${sent.messageId}`);
    expect(received.decoded).toContain('la visita è confermata per martedì 3 dicembre alle 8:00 presso la sede di Milano.');
    expect(received.raw).toContain('Content-Type: text/html');
    expect(received.decoded).toContain('<p>la visita è confermata');
    expect(received.raw).toContain('filename=promemoria.txt');

    const list = await api.as(api.adminId).request('GET', '/api/mail/outbox');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({
      id: sent.id,
      attributes: {
        recipients: ['cliente@alfa.test'], sender: 'Servizi di sicurezza <avvisi@sicurezza.test>', subject: 'Visita confermata: martedì 3 dicembre',
        transport: 'smtp', outcome: 'mailSent', messageId: sent.messageId,
        attachments: [{ fileName: 'promemoria.txt', contentType: 'text/plain', bytesCount: 34 }],
      },
    });
    // Delivered to SMTP: no copy is kept, so there is no .eml to download.
    const one = await api.as(api.adminId).request('GET', `/api/mail/outbox/${sent.id}`);
    expect(one.status).toBe(200);
    expect(one.body.meta).toEqual({ emlUrl: null });
    expect(one.body.data.attributes.textBody).toContain('la visita è confermata');
    expect((await api.as(api.adminId).request('GET', `/api/mail/outbox/${sent.id}/eml`)).status).toBe(404);
  });

  it('records a message the SMTP server could not take, with the reason, and answers it instead of throwing', async () => {
    const port = await freePort();
    const closed = await setupApi(engine, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const sent = await closed.app.mailer.send({ to: 'nessuno@alfa.test', subject: 'Non consegnabile', text: 'Prova.' });
      expect(sent).toMatchObject({ transport: 'smtp', outcome: 'mailNotSent' });
      expect(sent.error).toMatch(/ECONNREFUSED|connect/i);
      const list = await closed.request('GET', '/api/mail/outbox');
      expect(list.body.data[0].attributes).toMatchObject({ outcome: 'mailNotSent', errorMessage: sent.error });
    } finally {
      await closed.close();
    }
  });
});

describe.each(engines())('mail without SMTP_URL on %s', (engine) => {
  let api: Api;
  let dataDir: string;
  let salesman: string;
  let clientUser: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'posta-'));
    api = await setupApi(engine, { authDisabled: false, env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://gestionale.example.it' } });
    const roleIds = await insertDemoRoles(api);
    salesman = await insertUser(api, [roleIds.Commerciale!], { displayName: 'Marco Commerciale' });
    const customer = await api.as(api.adminId).request('POST', '/api/customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Alfa Srl' } } });
    clientUser = await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Cliente Alfa', customerId: customer.body.data.id, allowedModules: ['fire'] });
  });
  afterAll(async () => {
    await api?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the message as an .eml file to DATA_DIR/outbox and lists it, newest first, with the file to download', async () => {
    const first = await api.app.mailer.send({ to: ['ufficio@alfa.test', 'sicurezza@alfa.test'], subject: 'Primo messaggio', text: 'Testo del primo messaggio.' });
    const second = await api.app.mailer.send({ to: 'cliente@alfa.test', subject: 'Scadenze entro 30 giorni', text: 'Tre estintori da revisionare.', html: '<p>Tre <b>estintori</b> da revisionare.</p>' });
    expect(second).toMatchObject({ transport: 'emlFile', outcome: 'mailSent' });
    const files = fs.readdirSync(path.join(dataDir, 'outbox'));
    expect(files.sort()).toEqual([first.emlFile, second.emlFile].sort());
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', second.emlFile!), 'utf8');
    expect(eml).toMatch(/^From: Servizi di sicurezza <noreply@gestionale\.example\.it>\r$/m);
    expect(eml).toMatch(/^To: cliente@alfa\.test\r$/m);
    expect(eml).toMatch(/^Subject: Scadenze entro 30 giorni\r$/m);
    expect(eml).toContain('Tre estintori da revisionare.');
    expect(eml).toContain('<p>Tre <b>estintori</b> da revisionare.</p>');

    const admin = api.as(api.adminId);
    const list = await admin.request('GET', '/api/mail/outbox?page[size]=1');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.meta).toMatchObject({ total: 2, page: { number: 1, size: 1 } });
    expect(list.body.data.map((m: any) => m.attributes.subject)).toEqual(['Scadenze entro 30 giorni']);
    const page2 = await admin.request('GET', '/api/mail/outbox?page[size]=1&page[number]=2');
    expect(page2.body.data.map((m: any) => [m.attributes.subject, m.attributes.recipients])).toEqual([['Primo messaggio', ['ufficio@alfa.test', 'sicurezza@alfa.test']]]);

    const one = await admin.request('GET', `/api/mail/outbox/${second.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.attributes).toMatchObject({ transport: 'emlFile', emlFile: second.emlFile, htmlBody: '<p>Tre <b>estintori</b> da revisionare.</p>' });
    expect(one.body.meta.emlUrl).toBe(`/api/mail/outbox/${second.id}/eml`);
    const raw = await admin.request('GET', one.body.meta.emlUrl);
    expect(raw.status).toBe(200);
    expect(String(raw.headers['content-type'])).toContain('message/rfc822');
    expect(String(raw.headers['content-disposition'])).toContain('.eml');
    expect(raw.body).toBe(eml);
  });

  it('refuses the outbox to anyone but an administrator (403 problem+json), and its rows to everyone’s writes', async () => {
    const sent = await api.app.mailer.send({ to: 'cliente@alfa.test', subject: 'Riservato', text: 'Solo per l’amministratore.' });
    for (const user of [salesman, clientUser]) {
      for (const url of ['/api/mail/outbox', `/api/mail/outbox/${sent.id}`, `/api/mail/outbox/${sent.id}/eml`, '/api/mailMessages', `/api/mailMessages/${sent.id}`]) {
        const refused = await api.as(user).request('GET', url);
        expect(refused.status, `${url} ${JSON.stringify(refused.body)}`).toBe(403);
        expect(String(refused.headers['content-type'])).toContain('application/problem+json');
        expect(refused.body.code).toBe('FORBIDDEN');
      }
    }
    expect((await api.request('GET', '/api/mail/outbox')).status).toBe(401);
    // Read-only, for the administrator too.
    const admin = api.as(api.adminId);
    const created = await admin.request('POST', '/api/mailMessages', { attributes: { recipients: ['x@alfa.test'], sender: 'a@b.it', subject: 'Falso', textBody: '', messageId: '<x@y>', transport: 'smtp', outcome: 'mailSent', sentDateTime: '2026-06-15T10:00:00.000Z' } });
    expect(created.status).toBe(403);
    const row = (await admin.request('GET', `/api/mailMessages/${sent.id}`)).body.data;
    expect((await admin.request('DELETE', `/api/mailMessages/${sent.id}`, undefined, { 'if-match': `"${row.metadata.lastUpdatedDateTime}"` })).status).toBe(403);
    // An id that is not one is a 404, never a 500.
    expect((await admin.request('GET', '/api/mail/outbox/non-un-id')).status).toBe(404);
  });
});
