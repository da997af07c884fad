/**
 * The portal's e-mail notifications after «Visita confermata» (issue 26 §8), through SMTP (an
 * in-process server): «Preventivo da firmare» when a quotation is issued, «Documenti pronti» when a
 * write stores a customer's documents (course certificates: one message listing them), and the daily
 * «Scadenze entro 30 giorni» digest, run for a given day, once per day. Each recipient is judged as
 * itself: another customer's users, a disabled user and one without the module get nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateTemplate, interventionReportTemplate } from '../../src/server/seed/generators/document-templates.ts';
import { isValidFiscalCode } from '../../src/domain/validation.ts';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';

const withCheck = (head: string) => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => head + c).find(isValidFiscalCode)!;

describe.each(engines())('portal notifications on %s', (engine) => {
  let api: Api;
  let mailbox: Mailbox;
  let dir: string;
  let roleIds: Record<string, string>;
  let customerId: string;
  let rossi: any;
  let verdi: any;
  let course: any;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const act = async (type: string, entity: any, action: string, body: unknown = {}) => {
    const response = await admin().request('POST', `/api/${type}/${entity.id as string}/actions/${action}`, body, { 'if-match': `"${entity.metadata.lastUpdatedDateTime as string}"` });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const patch = async (type: string, entity: any, body: unknown) => {
    const response = await admin().request('PATCH', `/api/${type}/${entity.id as string}`, body, { 'if-match': `"${entity.metadata.lastUpdatedDateTime as string}"` });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const settled = () => api.app.notifications.idle();
  const sentSince = (before: number) => mailbox.messages.slice(before);
  const recipients = (before: number) => sentSince(before).flatMap((m) => m.to).sort();

  beforeAll(async () => {
    mailbox = await startMailbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-notifications-'));
    api = await setupApi(engine, { authDisabled: false, env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://gestionale.example.it', MEDIA_DIR: dir } });
    roleIds = await insertDemoRoles(api);
    await create('templateDocs', { attributes: { type: 'courseCertificate', name: 'Attestato di formazione', body: certificateTemplate, isDefault: true } });
    await create('templateDocs', { attributes: { type: 'interventionReport', name: 'Rapporto di intervento', body: interventionReportTemplate, isDefault: true } });
    customerId = (await create('customers', { attributes: { allowedModules: ['fire', 'edu'], registry: { businessName: 'Officine Lombarde Srl' } } })).id;
    const otherId = (await create('customers', { attributes: { allowedModules: ['fire', 'edu'], registry: { businessName: 'Altra Ditta Srl' } } })).id;
    const customerUser = (email: string, modules: string[], metadata: Record<string, unknown> = {}) =>
      insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: email.split('@')[0], email, customerId, allowedModules: modules }, metadata);
    await customerUser('anna@officine.test', ['fire', 'edu']);
    await customerUser('antincendio@officine.test', ['fire']);
    await customerUser('formazione@officine.test', ['edu']);
    await customerUser('disabilitato@officine.test', ['fire', 'edu'], { isEnabled: false });
    await insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: 'Altro', email: 'altro@altraditta.test', customerId: otherId, allowedModules: ['fire', 'edu'] });
    course = await create('courses', {
      attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5, refresherNorm: { norm: 'D.M. 2/9/2021', edition: '2021', source: 'D.M. 2 settembre 2021, art. 5' } },
    });
    rossi = await create('employees', { attributes: { lastName: 'Rossi', firstName: 'Mario', fiscalCode: withCheck('RSSMRA85T10A562') }, relationships: { customerId } });
    verdi = await create('employees', { attributes: { lastName: 'Verdi', firstName: 'Luigi', fiscalCode: withCheck('VRDLGU90A01F205') }, relationships: { customerId } });
  });
  afterAll(async () => {
    await api?.close();
    await mailbox?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('«Preventivo da firmare»: issuing a quotation e-mails the customer’s users who may read and sign it, with code, title, total, expiry and link', async () => {
    const quotation = await create('quotations', { attributes: { date: '2026-11-20', title: 'Manutenzione semestrale', module: 'fire', expiryDate: '2026-12-20' }, relationships: { customerId } });
    await create('quotationProducts', { attributes: { position: 1, description: 'Revisione estintori a polvere 6 kg', quantity: 100, unitPrice: 18.5 }, relationships: { quotationId: quotation.id } });
    const fresh = (await admin().request('GET', `/api/quotations/${quotation.id as string}`)).body.data;
    await settled();
    const before = mailbox.messages.length;
    const emitted = await act('quotations', fresh, 'emit');
    await settled();
    expect(recipients(before)).toEqual(['anna@officine.test', 'antincendio@officine.test']);
    const [message] = mailbox.to('anna@officine.test').slice(-1);
    const code = String(emitted.attributes.code);
    expect(message!.subject).toBe(`Preventivo da firmare: ${code} – Manutenzione semestrale`);
    expect(message!.decoded).toMatch(/Totale netto: 1850,00\s€/);
    expect(message!.decoded).toContain('Valido fino al: 20/12/2026');
    expect(message!.decoded).toContain(`https://gestionale.example.it/customers/${customerId}/portal/quotations/${quotation.id as string}`);
    expect(message!.decoded).toContain('firmarlo online, con un codice che vi invieremo via e-mail');
  });

  it('«Documenti pronti»: an intervention’s report kept on it reaches who may read it, with the intervention', async () => {
    const intervention = await create('assignments', { attributes: { module: 'fire', title: 'Controllo semestrale estintori' }, relationships: { customerId } });
    await settled();
    const before = mailbox.messages.length;
    const stored = await admin().request('POST', `/api/assignments/${intervention.id as string}/document`, {});
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    await settled();
    expect(recipients(before)).toEqual(['anna@officine.test', 'antincendio@officine.test']);
    const [message] = mailbox.to('antincendio@officine.test').slice(-1);
    expect(message!.subject).toBe('Documento pronto: Rapporto di intervento');
    expect(message!.decoded).toContain(`- Rapporto di intervento: ${String(stored.body.data.attributes.name)} (Intervento: `);
    expect(message!.decoded).toContain(`https://gestionale.example.it/customers/${customerId}/portal/documents`);
    // The same document asked again is the one already kept: nothing new, no message.
    expect((await admin().request('POST', `/api/assignments/${intervention.id as string}/document`, {})).status).toBe(200);
    await settled();
    expect(mailbox.messages).toHaveLength(before + 2);
  });

  it('«Documenti pronti»: issuing certificates sends each reader one message listing them; «Scadenze entro 30 giorni» runs once a day', async () => {
    const day = '2020-03-10';
    let edition = await create('courseEditions', {
      attributes: { startDate: day, endDate: day, capacity: 10, sessions: [{ date: day, startTime: '09:00', endTime: '13:00' }], participants: [{ employeeId: rossi.id }, { employeeId: verdi.id }] },
      relationships: { courseId: course.id, customerId },
    });
    const session = edition.attributes.sessions[0].id;
    edition = await act('courseEditions', edition, 'start');
    edition = await patch('courseEditions', edition, { attributes: { participants: [rossi, verdi].map((e) => ({ employeeId: e.id, presentSessionIds: [session] })) } });
    edition = await act('courseEditions', edition, 'close');
    edition = await patch('courseEditions', edition, { attributes: { participants: edition.attributes.participants.map((p: any) => ({ ...p, outcome: 'passed' })) } });
    await settled();
    let before = mailbox.messages.length;
    await act('courseEditions', edition, 'issueCertificates');
    await settled();
    // Who may read the files (an employee's certificate is read where the employee is: by a user of edu or
    // med, not by the fire-only one), once each, for both certificates; never the disabled user nor another customer's.
    expect(recipients(before)).toEqual(['anna@officine.test', 'formazione@officine.test']);
    const [documents] = mailbox.to('formazione@officine.test').slice(-1);
    expect(documents!.subject).toBe('Documenti pronti: 2 nuovi documenti');
    expect(documents!.decoded).toContain('sono disponibili 2 nuovi documenti:');
    expect(documents!.decoded).toMatch(/- Attestato di formazione: .+\.pdf \(Dipendente: Rossi Mario\)/);
    expect(documents!.decoded).toMatch(/- Attestato di formazione: .+\.pdf \(Dipendente: Verdi Luigi\)/);
    expect(documents!.decoded).toContain(`https://gestionale.example.it/customers/${customerId}/portal/documents`);

    // The refreshers fall due on 2025-03-10: nothing to tell on 2025-01-01; on 2025-03-01 the edu readers get the digest, once.
    const digest = api.app.notifications.deadlineDigest;
    before = mailbox.messages.length;
    expect(await digest.run('2025-01-01')).toEqual([]);
    const sent = await digest.run('2025-03-01');
    expect(sent.map((r) => r.outcome)).toEqual(['mailSent', 'mailSent']);
    expect(recipients(before)).toEqual(['anna@officine.test', 'formazione@officine.test']);
    const [message] = mailbox.to('anna@officine.test').slice(-1);
    expect(message!.subject).toBe('Scadenze entro 30 giorni: 2 scadenze');
    expect(message!.decoded).toContain('Officine Lombarde Srl (sede principale) – Formazione');
    expect(message!.decoded).toMatch(/- 10\/03\/2025: .*Rossi Mario – Aggiornamento formativo, norma D\.M\. 2\/9\/2021(?!:)/);
    expect(message!.decoded).toContain(`https://gestionale.example.it/customers/${customerId}/portal`);
    expect(await digest.run('2025-03-01')).toEqual([]);
    // The next day, overdue ones are said so.
    before = mailbox.messages.length;
    await digest.run('2025-03-12');
    expect(sentSince(before)[0]!.subject).toBe('Scadenze entro 30 giorni: 2 scadenze (2 scadute)');
    expect(sentSince(before)[0]!.decoded).toContain('10/03/2025 (scaduta)');
  });
});
