/**
 * The register of checks an inspector asks for (issue 26 §2, D.M. 1 settembre 2021):
 * - **live**: `GET /api/customers/{id}/register[?site=]` answers the rows its PDF prints (checks,
 *   anomalies, interventions with the technician's qualification), of the whole customer or of one site,
 *   read as the caller reads them; the portal's site page shows them, and prints the site's PDF
 *   (`GET /api/customers/{id}/document?site=`);
 * - **verification**: every printed register carries a QR code of `/verifica/{id}`; the id was kept
 *   with the SHA-256 of the very PDF that carries it (`document_verifications`). The page (no account)
 *   says which document it is, for whom and when it was printed, and its fingerprint, and checks a
 *   file the reader picks against it, in the reader's browser (`/verifica.js`: nothing is uploaded);
 * - **share link**: a customer's user (or staff) makes a time-limited address for an inspector, with no
 *   account: `/registro/{token}` shows the customer, the link's expiry, and the register printed at
 *   that moment (`/registro/{token}/registro.pdf`), read as the link's maker reads it (its read rule,
 *   checked again at every access). Only the token's SHA-256 is kept; every access is logged (when,
 *   address, browser, what); the maker or staff revoke it. `GET|POST /api/customers/{id}/register-links`,
 *   `DELETE /api/customers/{id}/register-links/{linkId}`, under the customer's read rule.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import QRCode from 'qrcode';
import { z } from 'zod';
import { documentDeclarations } from '../../domain/documents/placeholders.ts';
import { escapeHtml } from '../../domain/html.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { callerOfUser } from '../auth/identity.ts';
import { Problem } from '../http/problems.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import { zodProblem } from '../resources/zod-problem.ts';
import type { DocumentVerification } from './pdf.ts';

/** Longest a share link may live; the default. */
export const REGISTER_LINK_MAX_DAYS = 90;
export const REGISTER_LINK_DEFAULT_DAYS = 14;

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const when = (value: Date | string) => romeTime.format(new Date(value));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const registerLinkRequest = z.strictObject({
  label: z.string().trim().max(200).optional(),
  days: z.number().int().min(1, 'Almeno 1 giorno').max(REGISTER_LINK_MAX_DAYS, `Al massimo ${REGISTER_LINK_MAX_DAYS} giorni`).default(REGISTER_LINK_DEFAULT_DAYS),
});

/** A new verification: its id, address and QR code, to print before the PDF's hash is known. */
export async function newVerification(publicUrl: string): Promise<{ id: string; block: DocumentVerification }> {
  const id = randomUUID();
  const url = `${publicUrl.replace(/\/$/, '')}/verifica/${id}`;
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return {
    id,
    block: { url, qr: new Uint8Array(qr), text: 'Verifica dell’autenticità: inquadri il codice o apra l’indirizzo qui sotto; la pagina indica l’impronta SHA-256 di questo file e la confronta con il file che lei ha.' },
  };
}

/** Keeps the printed file's fingerprint under its verification id. */
export async function recordVerification(db: Kysely<DatabaseSchema>, verification: { id: string; pdf: Uint8Array; type: string; recordType: string; recordId: string; title: string; issuedBy: string | null; customerName: string }): Promise<void> {
  await sql`INSERT INTO document_verifications (id, sha256, document_type, record_type, record_id, title, customer_name, issued_by)
    VALUES (${verification.id}::uuid, ${sha256(verification.pdf)}, ${verification.type}, ${verification.recordType}, ${verification.recordId}::uuid,
      ${verification.title}, ${verification.customerName}, ${verification.issuedBy}::uuid)`.execute(db);
}

/** A plain Italian page (no app, no account): the product's stylesheet, one heading, the given body. */
function page(reply: FastifyReply, status: number, title: string, body: string, script?: string): FastifyReply {
  const html = `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/app.css"></head>
<body><main class="public-page" style="max-width:46rem;margin:2rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}</main>${script ? `<script src="${script}"></script>` : ''}</body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').send(html);
}

export interface RegisterShareDeps {
  db: Kysely<DatabaseSchema>;
  service: EntityService;
  publicUrl: string;
  /** The register of the customer, printed as `call` reads it (documents/routes.ts). */
  printRegister(customerId: string, call: CallContext): Promise<{ pdf: Buffer; fileName: string }>;
  /** The rows of the register of the customer (of one site), as `call` reads them: what its PDF prints (documents/routes.ts). */
  registerRows(customerId: string, siteId: string | undefined, call: CallContext): Promise<Record<string, unknown>>;
}

interface LinkRow { id: string; customer_id: string; label: string | null; created_by: string; created_date_time: Date; expires_date_time: Date; revoked_date_time: Date | null; accesses: string | number; last_access: Date | null }

export function registerRegisterShareRoutes(app: FastifyInstance, deps: RegisterShareDeps, callOf: (request: FastifyRequest) => CallContext): void {
  const declaration = documentDeclarations.controlRegister;

  /** The customer as the caller reads it, and the right to read its register (every kind it prints). */
  async function registerOf(call: CallContext, customerId: string) {
    const customer = await deps.service.get('customers', customerId, call);
    for (const type of ['equipments', 'checks']) call.access.authorize('read', deps.service.kind(type));
    return customer;
  }
  const linkJson = (row: LinkRow) => ({
    id: row.id, label: row.label, createdBy: row.created_by, createdDateTime: new Date(row.created_date_time).toISOString(),
    expiresDateTime: new Date(row.expires_date_time).toISOString(), revokedDateTime: row.revoked_date_time ? new Date(row.revoked_date_time).toISOString() : null,
    accesses: Number(row.accesses), lastAccessDateTime: row.last_access ? new Date(row.last_access).toISOString() : null,
    active: !row.revoked_date_time && new Date(row.expires_date_time).getTime() > Date.now(),
  });
  const links = (customerId: string, id?: string) => sql<LinkRow>`SELECT l.id, l.customer_id, l.label, l.created_by, l.created_date_time, l.expires_date_time, l.revoked_date_time,
      (SELECT count(*) FROM register_share_accesses AS a WHERE a.link_id = l.id) AS accesses,
      (SELECT max(at) FROM register_share_accesses AS a WHERE a.link_id = l.id) AS last_access
    FROM register_share_links AS l WHERE l.customer_id = ${customerId}::uuid ${id ? sql`AND l.id = ${id}::uuid` : sql``}
    ORDER BY l.created_date_time DESC LIMIT 100`.execute(deps.db);

  // The register, live (issue 26 §2): the rows the PDF prints, of one site (`site`: the customer, or one of its office locations).
  app.get<{ Params: { id: string }; Querystring: { site?: string } }>('/api/customers/:id/register', async (request) => {
    const call = callOf(request);
    const customer = await registerOf(call, request.params.id);
    const site = typeof request.query.site === 'string' && request.query.site !== '' ? request.query.site : undefined;
    if (site !== undefined && !UUID.test(site)) throw new Problem('NOT_FOUND', { message: 'Sede non trovata tra quelle del cliente' });
    return { data: await deps.registerRows(customer.id, site, call) };
  });

  app.get<{ Params: { id: string } }>('/api/customers/:id/register-links', async (request) => {
    const call = callOf(request);
    const customer = await registerOf(call, request.params.id);
    return { data: (await links(customer.id)).rows.map(linkJson) };
  });

  app.post<{ Params: { id: string } }>('/api/customers/:id/register-links', async (request, reply) => {
    const call = callOf(request);
    const parsed = registerLinkRequest.safeParse(request.body ?? {});
    if (!parsed.success) throw zodProblem(parsed.error);
    const customer = await registerOf(call, request.params.id);
    const userId = call.identity.userId;
    if (!userId) throw new Problem('FORBIDDEN');
    if (call.identity.impersonatorId) throw new Problem('IMPERSONATION_NOT_ALLOWED', { message: 'Un collegamento per l’ispettore lo crea chi ne risponde, non chi opera per suo conto' });
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expires = new Date(Date.now() + parsed.data.days * 86_400_000);
    await sql`INSERT INTO register_share_links (id, customer_id, token_hash, label, created_by, expires_date_time)
      VALUES (${id}::uuid, ${customer.id}::uuid, ${sha256(token)}, ${parsed.data.label || null}, ${userId}::uuid, ${expires.toISOString()}::timestamptz)`.execute(deps.db);
    const [row] = (await links(customer.id, id)).rows;
    return reply.code(201).send({ data: { ...linkJson(row!), url: `${deps.publicUrl.replace(/\/$/, '')}/registro/${token}` } });
  });

  app.delete<{ Params: { id: string; linkId: string } }>('/api/customers/:id/register-links/:linkId', async (request) => {
    const call = callOf(request);
    const customer = await registerOf(call, request.params.id);
    if (!UUID.test(request.params.linkId)) throw new Problem('NOT_FOUND');
    const revoked = await sql`UPDATE register_share_links SET revoked_date_time = coalesce(revoked_date_time, now())
      WHERE id = ${request.params.linkId}::uuid AND customer_id = ${customer.id}::uuid`.execute(deps.db);
    if (Number(revoked.numAffectedRows ?? 0) === 0) throw new Problem('NOT_FOUND');
    const [row] = (await links(customer.id, request.params.linkId)).rows;
    return { data: linkJson(row!) };
  });

  /** The live link of `token` (not expired, not revoked), its access logged; undefined otherwise. */
  async function openLink(request: FastifyRequest<{ Params: { token: string } }>, what: string): Promise<{ id: string; customerId: string; createdBy: string; expires: Date } | undefined> {
    if (!TOKEN.test(request.params.token)) return undefined;
    const { rows } = await sql<{ id: string; customer_id: string; created_by: string; expires_date_time: Date }>`SELECT id, customer_id, created_by, expires_date_time FROM register_share_links
      WHERE token_hash = ${sha256(request.params.token)} AND revoked_date_time IS NULL AND expires_date_time > now()`.execute(deps.db);
    const link = rows[0];
    if (!link) return undefined;
    await sql`INSERT INTO register_share_accesses (id, link_id, ip_address, user_agent, what)
      VALUES (${randomUUID()}::uuid, ${link.id}::uuid, ${request.ip}, ${String(request.headers['user-agent'] ?? '').slice(0, 500)}, ${what})`.execute(deps.db);
    return { id: link.id, customerId: link.customer_id, createdBy: link.created_by, expires: new Date(link.expires_date_time) };
  }
  const gone = (reply: FastifyReply) => page(reply, 404, 'Collegamento non valido',
    '<p>Il collegamento al registro dei controlli non è valido: è scaduto, è stato revocato o è incompleto. Chieda un nuovo collegamento all’azienda che glielo ha inviato.</p>');

  app.get<{ Params: { token: string } }>('/registro/:token', async (request, reply) => {
    const link = await openLink(request, 'page');
    if (!link) return gone(reply);
    const call = await callerOfUser(deps.db, link.createdBy).catch(() => undefined);
    const customer = call ? await deps.service.get('customers', link.customerId, call).catch(() => undefined) : undefined;
    if (!customer) return gone(reply);
    const name = String(customer.metadata.displayName ?? '');
    return page(reply, 200, `${declaration.label} – ${name}`, [
      `<p>Registro dei controlli, delle verifiche e della manutenzione dei presidi antincendio (D.M. 1 settembre 2021, art. 6) di <strong>${escapeHtml(name)}</strong>, stampato al momento della richiesta con i dati aggiornati.</p>`,
      `<p><a class="button" href="/registro/${request.params.token}/registro.pdf">Scarica il registro (PDF)</a></p>`,
      `<p>Collegamento valido fino al ${escapeHtml(when(link.expires))}. Ogni apertura è registrata. Il PDF porta un codice QR per verificarne l’autenticità.</p>`,
    ].join(''));
  });

  app.get<{ Params: { token: string } }>('/registro/:token/registro.pdf', async (request, reply) => {
    const link = await openLink(request, 'pdf');
    if (!link) return gone(reply);
    const call = await callerOfUser(deps.db, link.createdBy).catch(() => undefined);
    if (!call) return gone(reply);
    const printed = await deps.printRegister(link.customerId, call).catch(() => undefined);
    if (!printed) return gone(reply);
    return reply.type('application/pdf').header('Content-Disposition', `inline; filename="registro.pdf"`).header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').send(printed.pdf);
  });

  app.get<{ Params: { id: string } }>('/verifica/:id', async (request, reply) => {
    const row = UUID.test(request.params.id)
      ? (await sql<{ sha256: string; title: string; customer_name: string; issued_date_time: Date; document_type: string }>`SELECT sha256, title, customer_name, issued_date_time, document_type
          FROM document_verifications WHERE id = ${request.params.id}::uuid`.execute(deps.db)).rows[0]
      : undefined;
    if (!row) {
      return page(reply, 404, 'Documento non riconosciuto', '<p>Questo codice non corrisponde a nessun documento emesso: il documento potrebbe non essere autentico.</p>');
    }
    const label = Object.values(documentDeclarations).find((d) => d.type === row.document_type)?.label ?? row.title;
    return page(reply, 200, 'Documento emesso', [
      `<p><strong>${escapeHtml(label)}</strong> di <strong>${escapeHtml(row.customer_name)}</strong>, stampato il ${escapeHtml(when(row.issued_date_time))}.</p>`,
      `<p>Impronta SHA-256 del file emesso:</p><p><code id="expected-sha256" style="word-break:break-all">${row.sha256}</code></p>`,
      '<p><label for="verify-file">Scelga il file ricevuto per confrontarlo (il confronto avviene nel suo browser, il file non viene inviato):</label><br>',
      '<input id="verify-file" type="file" accept="application/pdf"></p><p id="verify-result" role="status" aria-live="polite"></p>',
    ].join(''), '/verifica.js');
  });
}
