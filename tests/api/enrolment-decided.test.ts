/**
 * «Iscrizione accettata» / «Iscrizione rifiutata» (issue 26 §6): the training office's decision on an
 * enrolment request e-mails the customer's user who asked (not its colleagues), through SMTP (an
 * in-process server): the employee, the course, the edition's dates and place when accepted, the
 * reason when declined, and the portal's training page. Once per decision: «Accetta» replayed with its
 * Idempotency-Key sends nothing more; a request the office made itself tells nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { numericFiscalCode } from '../support/fiscal-code.ts';

describe.each(engines())('enrolment decision e-mail on %s', (engine) => {
  let api: Api;
  let mailbox: Mailbox;
  let asker: string;
  let customerId: string;
  let courseId: string;
  let siteId: string;
  const admin = () => api.as(api.adminId);
  const create = async (type: string, body: unknown) => {
    const response = await admin().request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  let fiscal = 0;
  /** A valid 11-digit fiscal code, unique per call. */
  const fiscalCode = () => numericFiscalCode(30_000_000 + fiscal++);
  const employee = (lastName: string) => create('employees', { attributes: { firstName: 'Mario', lastName, fiscalCode: fiscalCode() }, relationships: { customerId } });
  const ask = async (userId: string, employeeId: string, editionId: string | null = null) => {
    const response = await api.as(userId).request('POST', '/api/enrolmentRequests', { attributes: { note: 'Nuovo assunto' }, relationships: { employeeId, customerId, courseId, courseEditionId: editionId } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const decide = (request: any, action: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    admin().request('POST', `/api/enrolmentRequests/${request.id as string}/actions/${action}`, body, { 'if-match': `"${request.metadata.lastUpdatedDateTime as string}"`, ...headers });
  const settled = () => api.app.notifications.idle();

  beforeAll(async () => {
    mailbox = await startMailbox();
    api = await setupApi(engine, { authDisabled: false, env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://gestionale.example.it' } });
    const roleIds = await insertDemoRoles(api);
    customerId = (await create('customers', { attributes: { allowedModules: ['edu'], registry: { businessName: 'Officine Formazione Srl' } } })).id;
    courseId = (await create('courses', { attributes: { code: 'AI-L2', title: 'Addetto antincendio – livello 2', durationHours: 8, validityYears: 5 } })).id;
    siteId = (await create('trainingSites', { attributes: { name: 'Centro formazione Nord', address: { address: 'Via Milano 3', zipCode: '20900', city: 'Monza', province: 'MB' } } })).id;
    const customerUser = (email: string) => insertUser(api, [roleIds.Cliente!], { userType: 'customer', displayName: email.split('@')[0], email, customerId, allowedModules: ['edu'] });
    asker = await customerUser('giulia@officine.test');
    await customerUser('collega@officine.test');
  });
  afterAll(async () => {
    await api?.close();
    await mailbox?.close();
  });

  it('accepted: the user who asked gets the course, the days and the place, once (a replay sends nothing)', async () => {
    const worker = await employee('Rossi');
    const edition = await create('courseEditions', {
      attributes: {
        startDate: '2026-10-01', endDate: '2026-10-02', capacity: 10,
        sessions: [{ date: '2026-10-02', startTime: '14:00', endTime: '18:00' }, { date: '2026-10-01', startTime: '09:00', endTime: '13:00' }],
      },
      relationships: { courseId, trainingSiteId: siteId },
    });
    const request = await ask(asker, worker.id, edition.id);
    await settled();
    expect(mailbox.messages).toHaveLength(0);

    const key = { 'idempotency-key': `accetta-${request.id as string}` };
    const accepted = await decide(request, 'accept', {}, key);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await settled();
    expect(mailbox.messages.flatMap((m) => m.to)).toEqual(['giulia@officine.test']);
    const [message] = mailbox.messages;
    expect(message!.subject).toBe('Iscrizione accettata: Rossi Mario – AI-L2 – Addetto antincendio – livello 2');
    expect(message!.decoded).toContain('Gentile giulia,');
    expect(message!.decoded).toContain('la richiesta di iscrizione di Rossi Mario al corso «AI-L2 – Addetto antincendio – livello 2» è stata accettata: l’edizione si svolge dal 01/10/2026 al 02/10/2026, presso Centro formazione Nord, Via Milano 3, 20900 Monza (MB).');
    expect(message!.decoded).toContain('- 01/10/2026, dalle 09:00 alle 13:00');
    expect(message!.decoded).toContain('- 02/10/2026, dalle 14:00 alle 18:00');
    expect(message!.decoded).toContain(`https://gestionale.example.it/customers/${customerId}/portal/training`);

    // Replayed with its key: the first answer, no second message; without it: no longer waiting, nothing sent.
    const replayed = await decide(request, 'accept', {}, key);
    expect(replayed.status).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await decide(request, 'accept')).status).toBe(409);
    await settled();
    expect(mailbox.messages).toHaveLength(1);
    // The administrator's outbox lists it, sent through SMTP.
    const outbox = await admin().request('GET', '/api/mail/outbox?filter[fullText]=accettata');
    expect(outbox.body.data.map((m: any) => [m.attributes.recipients, m.attributes.transport, m.attributes.outcome])).toEqual([[['giulia@officine.test'], 'smtp', 'mailSent']]);
  });

  it('declined: the user who asked reads the reason', async () => {
    const before = mailbox.messages.length;
    const worker = await employee('Verdi');
    const request = await ask(asker, worker.id);
    const declined = await decide(request, 'decline', { message: 'Il dipendente ha già l’attestato valido' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    await settled();
    const sent = mailbox.messages.slice(before);
    expect(sent.flatMap((m) => m.to)).toEqual(['giulia@officine.test']);
    expect(sent[0]!.subject).toBe('Iscrizione rifiutata: Verdi Mario – AI-L2 – Addetto antincendio – livello 2');
    expect(sent[0]!.decoded).toContain('la richiesta di iscrizione di Verdi Mario al corso «AI-L2 – Addetto antincendio – livello 2» non è stata accettata.');
    expect(sent[0]!.decoded).toContain('Motivo: Il dipendente ha già l’attestato valido');
    expect(sent[0]!.decoded).toContain(`/customers/${customerId}/portal/training`);
  });

  it('a request the office made itself, or a refused decision, tells nobody', async () => {
    const before = mailbox.messages.length;
    const worker = await employee('Neri');
    const byOffice = await create('enrolmentRequests', { attributes: {}, relationships: { employeeId: worker.id, customerId, courseId } });
    expect((await decide(byOffice, 'decline', { message: 'Corso sospeso' })).status).toBe(200);
    const other = await ask(asker, (await employee('Gialli')).id);
    // No reason: refused, nothing committed, nothing sent.
    expect((await decide(other, 'decline')).status).toBe(422);
    await settled();
    expect(mailbox.messages).toHaveLength(before);
  });
});
