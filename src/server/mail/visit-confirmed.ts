/**
 * «Visita confermata» (issue 26 §8), the first notification: when an intervention is planned (the
 * assignment's `schedule` transition, from the planning board or the intervention's page), each
 * portal user of its customer (user type customer, of that customer) gets an e-mail with the date,
 * the time and the site. It runs after the commit (events/after-commit.ts), never inside the write:
 * a refused or rolled-back plan sends nothing, and a mail server that is down never fails a plan.
 * Each recipient is judged as itself through the record layer's read rule (`callerOfUser`): a
 * disabled user, or one that may not read the intervention (another module), gets nothing; what the
 * message says is what that user may read.
 */
import { sql } from 'kysely';
import type { Entity } from '../../domain/entity.ts';
import type { ChangeNotice } from '../../domain/records.ts';
import type { MailResult } from './mailer.ts';
import { MAIL_CLOSING, PortalNotifier, portalUsersOf, recipientCaller, text, type NotificationJob, type PortalNotifierOptions } from './portal-recipients.ts';

/** The time zone the dates of a visit are written in. */
const TIME_ZONE = 'Europe/Rome';
const dayFormat = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('it-IT', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

export type VisitConfirmedOptions = PortalNotifierOptions;

/** A site's postal address on one line, from a customer row's registered office. */
export function siteAddress(site: Entity | undefined): string {
  const office = (site?.attributes.registeredOffice ?? {}) as Record<string, unknown>;
  const street = text(office.address) || [text(office.road), text(office.houseNumber)].filter(Boolean).join(' ');
  const province = text(office.province);
  const town = [text(office.zipCode), text(office.city), province ? `(${province})` : ''].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ');
}

/** The message's subject and Italian text for one recipient. */
export function visitConfirmedMessage(input: { recipientName: string; assignment: Entity; siteName: string; siteAddress: string; portalUrl: string }): { subject: string; text: string } {
  const { assignment } = input;
  const start = new Date(text(assignment.attributes.plannedStartDateTime));
  const endText = text(assignment.attributes.plannedEndDateTime);
  const end = endText ? new Date(endText) : undefined;
  const day = dayFormat.format(start);
  const sameDay = end && dayFormat.format(end) === day;
  const when = `${day} alle ${timeFormat.format(start)}${sameDay && end > start ? ` (fino alle ${timeFormat.format(end)})` : ''}`;
  const title = text(assignment.attributes.title);
  const code = text(assignment.attributes.code);
  const site = [input.siteName, input.siteAddress].filter(Boolean).join(', ');
  const lines = [
    `Gentile ${input.recipientName || 'cliente'},`,
    '',
    `la visita${title ? ` «${title}»` : ''} è confermata per ${when}${site ? `, presso ${site}` : ''}.`,
    '',
    [`Data: ${when}`, site ? `Sede: ${site}` : '', code ? `Intervento: ${code}` : ''].filter(Boolean).join('\n'),
    '',
    `Le visite pianificate e le scadenze sono nel portale: ${input.portalUrl}`,
    '',
    ...MAIL_CLOSING,
  ];
  return { subject: `Visita confermata: ${day}`, text: lines.join('\n') };
}

export class VisitConfirmedNotifier extends PortalNotifier {
  protected readonly title = 'Visita confermata';

  /** A planned intervention's notice starts its messages. */
  protected jobs(notices: readonly ChangeNotice[]): NotificationJob[] {
    return notices.filter((n) => n.type === 'assignments' && n.action === 'schedule').map((n) => ({ send: () => this.notify(n.id), details: { assignmentId: n.id } }));
  }

  /** Sends the messages of one planned intervention; answers what was sent. */
  async notify(assignmentId: string): Promise<MailResult[]> {
    const { db, service, mailer, publicUrl } = this.options;
    const customer = (await sql<{ customer_id: string | null }>`SELECT relationships->>'customerId' AS customer_id FROM assignments WHERE id = ${assignmentId}::uuid AND NOT is_deleted`.execute(db)).rows[0]?.customer_id;
    if (!customer) return [];
    const sent: MailResult[] = [];
    for (const user of await portalUsersOf(db, customer)) {
      // Disabled users and those that may not read this intervention (another module) are left out.
      const call = await recipientCaller(db, user.id);
      const assignment = call && (await service.get('assignments', assignmentId, call).catch(() => undefined));
      if (!call || !assignment) continue;
      // Unplanned again (or started) before its message left: nothing to confirm.
      if (assignment.attributes.state !== 'scheduled' || !text(assignment.attributes.plannedStartDateTime)) continue;
      const siteId = text(assignment.relationships.officeLocationId) || text(assignment.relationships.customerId);
      const site = await service.get('customers', siteId, call).catch(() => undefined);
      const message = visitConfirmedMessage({
        recipientName: user.name,
        assignment,
        siteName: site ? service.kind('customers').title(site) : text(assignment.metadata.customerName),
        siteAddress: siteAddress(site),
        portalUrl: `${publicUrl}/customers/${customer}/portal`,
      });
      sent.push(await mailer.send({ to: user.email, ...message }));
    }
    return sent;
  }
}
