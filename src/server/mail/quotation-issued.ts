/**
 * «Preventivo da firmare» (issue 26 §8): when a quotation is issued (its `emit` transition, status
 * issued), each portal user of its customer who may read it and holds the `sign` ability on it (the
 * «Cliente» role, on its customer's issued quotations) gets an e-mail with the code, the title, the
 * net total, the expiry date and the quotation's address in the portal, where it approves and signs
 * online with a code sent by e-mail. After the commit only (events/after-commit.ts); each recipient is
 * judged as itself; a mail server that is down never fails the emission.
 */
import { sql } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
import type { ChangeNotice } from '../../domain/records.ts';
import { italianDate } from '../../domain/entities/italian-date.ts';
import { formatEur } from '../../domain/rules/money.ts';
import { routeUrl } from '../../domain/routes.ts';
import type { MailResult } from './mailer.ts';
import { MAIL_CLOSING, PortalNotifier, portalUsersOf, recipientCaller, text, type NotificationJob, type PortalNotifierOptions } from './portal-recipients.ts';

export type QuotationIssuedOptions = PortalNotifierOptions;

/** The quotation's page inside its customer's portal (a route of the portal's own, not the staff editor). */
export const portalQuotationUrl = (publicUrl: string, customerId: string, quotationId: string) => `${publicUrl}${routeUrl('CustomersIdPortalQuotation', { id: customerId, quotationId })}`;

/** The message's subject and Italian text for one recipient. */
export function quotationIssuedMessage(input: { recipientName: string; quotation: Entity; url: string }): { subject: string; text: string } {
  const { quotation } = input;
  const code = text(quotation.attributes.code);
  const title = text(quotation.attributes.title);
  const total = typeof quotation.metadata.totalNetPrice === 'number' ? formatEur(quotation.metadata.totalNetPrice) : '';
  const expiry = text(quotation.attributes.expiryDate);
  const lines = [
    `Gentile ${input.recipientName || 'cliente'},`,
    '',
    `è disponibile il preventivo ${code}${title ? ` «${title}»` : ''}, in attesa della vostra approvazione.`,
    '',
    [code ? `Preventivo: ${code}` : '', title ? `Oggetto: ${title}` : '', total ? `Totale netto: ${total}` : '', expiry ? `Valido fino al: ${italianDate(expiry)}` : ''].filter(Boolean).join('\n'),
    '',
    `Potete approvarlo e firmarlo online, con un codice che vi invieremo via e-mail: ${input.url}`,
    '',
    ...MAIL_CLOSING,
  ];
  return { subject: `Preventivo da firmare: ${code}${title ? ` – ${title}` : ''}`, text: lines.join('\n') };
}

export class QuotationIssuedNotifier extends PortalNotifier {
  protected readonly title = 'Preventivo da firmare';

  /** An issued quotation's notice starts its messages. */
  protected jobs(notices: readonly ChangeNotice[]): NotificationJob[] {
    return notices.filter((n) => n.type === 'quotations' && n.action === 'emit').map((n) => ({ send: () => this.notify(n.id), details: { quotationId: n.id } }));
  }

  /** Sends the messages of one issued quotation; answers what was sent. */
  async notify(quotationId: string): Promise<MailResult[]> {
    const { db, service, mailer, publicUrl } = this.options;
    const customer = (await sql<{ customer_id: string | null }>`SELECT relationships->>'customerId' AS customer_id FROM quotations WHERE id = ${quotationId}::uuid AND NOT is_deleted`.execute(db)).rows[0]?.customer_id;
    if (!customer) return [];
    const kind = service.kind('quotations');
    const sent: MailResult[] = [];
    for (const user of await portalUsersOf(db, customer)) {
      const call = await recipientCaller(db, user.id);
      if (!call) continue;
      const quotation = await service.get('quotations', quotationId, call).catch(() => undefined);
      // Who may not read it, or not sign it (another module, a read-only portal user), is not told.
      if (!quotation || quotation.attributes.status !== 'issued' || !call.access.can('sign', kind, quotation)) continue;
      const message = quotationIssuedMessage({ recipientName: user.name, quotation, url: portalQuotationUrl(publicUrl, customer, quotationId) });
      sent.push(await mailer.send({ to: user.email, ...message }));
    }
    return sent;
  }
}
