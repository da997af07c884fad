/**
 * «Documenti pronti» (issue 26 §8): when a write stores documents made for a customer (an
 * intervention's report printed and kept, `POST /api/assignments/{id}/document`; course
 * certificates, a course edition's `issueCertificates`), each portal user of that customer who may
 * read the files gets one e-mail per write listing them (which document, of which record) with the
 * portal's documents page. After the commit only (events/after-commit.ts); each recipient is judged
 * as itself (a file or a record it may not read is left out; nothing left, no message); a mail
 * server that is down never fails the write.
 */
import { sql } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
import type { ChangeNotice } from '../../domain/records.ts';
import type { MailResult } from './mailer.ts';
import { MAIL_CLOSING, PortalNotifier, portalUsersOf, recipientCaller, text, type NotificationJob, type PortalNotifierOptions } from './portal-recipients.ts';

export type DocumentsReadyOptions = PortalNotifierOptions;

/** What a stored file is, when it is one of the documents the customer is told about. */
export function documentLabelOf(media: Entity): string | undefined {
  const meta = (media.attributes.meta ?? {}) as { generated?: { documentType?: unknown }; courseEditionId?: unknown };
  if (meta.generated?.documentType === 'interventionReport') return 'Rapporto di intervento';
  if (typeof meta.courseEditionId === 'string') return 'Attestato di formazione';
  return undefined;
}

/** One document of the message: what it is, its file, and the record it belongs to. */
export interface ReadyDocument {
  label: string;
  fileName: string;
  recordLabel: string;
  recordTitle: string;
}

/** The message's subject and Italian text for one recipient. */
export function documentsReadyMessage(input: { recipientName: string; documents: readonly ReadyDocument[]; url: string }): { subject: string; text: string } {
  const { documents } = input;
  const one = documents.length === 1;
  const list = documents.map((d) => `- ${d.label}: ${d.fileName}${d.recordTitle ? ` (${d.recordLabel}: ${d.recordTitle})` : ''}`);
  const lines = [
    `Gentile ${input.recipientName || 'cliente'},`,
    '',
    one ? 'è disponibile un nuovo documento:' : `sono disponibili ${documents.length} nuovi documenti:`,
    '',
    list.join('\n'),
    '',
    `${one ? 'Lo trovate' : 'Li trovate'} nel portale, tra i documenti: ${input.url}`,
    '',
    ...MAIL_CLOSING,
  ];
  return { subject: one ? `Documento pronto: ${documents[0]!.label}` : `Documenti pronti: ${documents.length} nuovi documenti`, text: lines.join('\n') };
}

export class DocumentsReadyNotifier extends PortalNotifier {
  protected readonly title = 'Documenti pronti';

  /** The files one write stored start one message per recipient. */
  protected jobs(notices: readonly ChangeNotice[]): NotificationJob[] {
    const ids = [...new Set(notices.filter((n) => n.type === 'media' && n.action !== 'delete' && n.action !== 'derived').map((n) => n.id))];
    return ids.length === 0 ? [] : [{ send: () => this.notify(ids), details: { mediaIds: ids } }];
  }

  /** Sends the messages for files stored by one write (the customer's documents among them); answers what was sent. */
  async notify(mediaIds: readonly string[]): Promise<MailResult[]> {
    const { db, service, mailer, publicUrl } = this.options;
    // Only the documents told about (documentLabelOf), created by this write (not a later rename of an old one), with a customer.
    const { rows } = await sql<{ id: string; customer_id: string }>`SELECT id, relationships->>'customerId' AS customer_id FROM media
      WHERE id = ANY(${[...mediaIds]}::uuid[]) AND NOT is_deleted AND relationships->>'customerId' IS NOT NULL
        AND created_date_time = last_updated_date_time
        AND (attributes #>> '{meta,generated,documentType}' = 'interventionReport' OR attributes->'meta' ? 'courseEditionId')
      ORDER BY created_date_time, id`.execute(db);
    const byCustomer = new Map<string, string[]>();
    for (const row of rows) byCustomer.set(row.customer_id, [...(byCustomer.get(row.customer_id) ?? []), row.id]);
    const sent: MailResult[] = [];
    for (const [customer, ids] of byCustomer) {
      for (const user of await portalUsersOf(db, customer)) {
        const call = await recipientCaller(db, user.id);
        if (!call) continue;
        const documents: ReadyDocument[] = [];
        for (const id of ids) {
          const media = await service.get('media', id, call).catch(() => undefined);
          const label = media && documentLabelOf(media);
          if (!media || !label) continue;
          const ownerType = text(media.relationships.ownerType);
          const owner = ownerType ? await service.get(ownerType, text(media.relationships.ownerId), call).catch(() => undefined) : undefined;
          const ownerKind = owner ? service.kind(ownerType) : undefined;
          documents.push({ label, fileName: text(media.attributes.name), recordLabel: ownerKind?.label.singular ?? '', recordTitle: owner && ownerKind ? ownerKind.title(owner) : '' });
        }
        if (documents.length === 0) continue;
        const message = documentsReadyMessage({ recipientName: user.name, documents, url: `${publicUrl}/customers/${customer}/portal/documents` });
        sent.push(await mailer.send({ to: user.email, ...message }));
      }
    }
    return sent;
  }
}
