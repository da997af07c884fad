/**
 * «Iscrizione accettata» / «Iscrizione rifiutata» (issue 26 §6): when the training office decides an
 * enrolment request (its `accept` or `decline` transition), the customer's user who asked (the
 * request's creator, a portal user with an e-mail) gets an e-mail with the decision: the employee and
 * the course, and the edition's dates and place when accepted, the reason when declined, with the
 * portal's training page. After the commit only (events/after-commit.ts), once per decision: a
 * decision is one transition out of `requested`, and a retry replayed with its Idempotency-Key writes
 * nothing. The asker is judged as itself: disabled, or no longer reading the request (another module,
 * another site), it gets nothing. A customer's user may not read course editions, courses or training
 * sites: the message says of them what the portal says (days, place), read by the server.
 */
import type { Entity } from '../../domain/entity.ts';
import type { ChangeNotice } from '../../domain/records.ts';
import { enrolmentRequestStateLabels } from '../../domain/entities/enrolment-requests.ts';
import type { CourseEditionSession } from '../../domain/entities/course-editions.ts';
import { italianDate } from '../../domain/entities/italian-date.ts';
import type { MailResult } from './mailer.ts';
import { MAIL_CLOSING, PortalNotifier, portalUser, recipientCaller, text, type NotificationJob, type PortalNotifierOptions } from './portal-recipients.ts';

export type EnrolmentDecidedOptions = PortalNotifierOptions;

/** The portal's training page of a customer. */
export const portalTrainingUrl = (publicUrl: string, customerId: string) => `${publicUrl}/customers/${customerId}/portal/training`;

/** The edition the employee was enrolled in, as the message says it. */
export interface EnrolledEdition {
  startDate: string;
  endDate: string;
  sessions: readonly Pick<CourseEditionSession, 'date' | 'startTime' | 'endTime'>[];
  siteName: string;
  siteAddress: string;
}

/** «dal 01/10/2026 al 02/10/2026», or «il 01/10/2026» for one day. */
function editionDays(edition: EnrolledEdition): string {
  const end = edition.endDate || edition.startDate;
  return end === edition.startDate ? `il ${italianDate(edition.startDate)}` : `dal ${italianDate(edition.startDate)} al ${italianDate(end)}`;
}

/** The message's subject and Italian text for the user who asked. */
export function enrolmentDecidedMessage(input: {
  recipientName: string;
  state: 'accepted' | 'declined';
  employeeName: string;
  courseTitle: string;
  edition?: EnrolledEdition;
  reason?: string;
  url: string;
}): { subject: string; text: string } {
  const { edition } = input;
  const who = input.employeeName ? ` di ${input.employeeName}` : '';
  const course = input.courseTitle ? ` al corso «${input.courseTitle}»` : '';
  const place = edition ? [edition.siteName, edition.siteAddress].filter(Boolean).join(', ') : '';
  const body = input.state === 'accepted'
    ? [
      `la richiesta di iscrizione${who}${course} è stata accettata${edition ? `: l’edizione si svolge ${editionDays(edition)}${place ? `, presso ${place}` : ''}` : ''}.`,
      ...(edition
        ? ['', [
          `Date: ${editionDays(edition)}`,
          ...edition.sessions.map((session) => `- ${italianDate(session.date)}, dalle ${session.startTime} alle ${session.endTime}`),
          place ? `Luogo: ${place}` : 'Luogo: vi sarà comunicato',
        ].join('\n')]
        : []),
    ]
    : [`la richiesta di iscrizione${who}${course} non è stata accettata.`, '', `Motivo: ${input.reason || 'non indicato'}`];
  const lines = [
    `Gentile ${input.recipientName || 'cliente'},`,
    '',
    ...body,
    '',
    `La situazione della formazione dei vostri dipendenti è nel portale: ${input.url}`,
    '',
    ...MAIL_CLOSING,
  ];
  const label = enrolmentRequestStateLabels[input.state];
  return { subject: `${label}: ${[input.employeeName, input.courseTitle].filter(Boolean).join(' – ')}`, text: lines.join('\n') };
}

/** A training site's postal address on one line. */
function trainingSiteAddress(site: Entity | undefined): string {
  const address = (site?.attributes.address ?? {}) as Record<string, unknown>;
  const street = text(address.address) || [text(address.road), text(address.houseNumber)].filter(Boolean).join(' ');
  const province = text(address.province);
  const town = [text(address.zipCode), text(address.city), province ? `(${province})` : ''].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ');
}

export class EnrolmentDecidedNotifier extends PortalNotifier {
  protected readonly title = 'Esito della richiesta di iscrizione';

  /** A decided request's notice starts its message. */
  protected jobs(notices: readonly ChangeNotice[]): NotificationJob[] {
    return notices
      .filter((n) => n.type === 'enrolmentRequests' && (n.action === 'accept' || n.action === 'decline'))
      .map((n) => ({ send: () => this.notify(n.id), details: { enrolmentRequestId: n.id } }));
  }

  /** Sends the message of one decided request to the user who asked; answers what was sent. */
  async notify(requestId: string): Promise<MailResult[]> {
    const { db, service, mailer, publicUrl } = this.options;
    const stored = await service.repository(service.kind('enrolmentRequests')).findById(requestId);
    const asker = stored && !stored.metadata.isDeleted ? text(stored.metadata.createdBy) : '';
    // Asked by the office for the customer: nobody of the customer asked, nobody is told.
    const user = asker ? await portalUser(db, asker) : undefined;
    const call = user && (await recipientCaller(db, user.id));
    const request = call && (await service.get('enrolmentRequests', requestId, call).catch(() => undefined));
    if (!user || !request) return [];
    const state = request.attributes.state;
    if (state !== 'accepted' && state !== 'declined') return [];
    const employee = await service.get('employees', text(request.relationships.employeeId), call).catch(() => undefined);
    const course = await service.repository(service.kind('courses')).findById(text(request.relationships.courseId));
    let edition: EnrolledEdition | undefined;
    const editionId = text(request.relationships.enrolledEditionId);
    if (state === 'accepted' && editionId) {
      const row = await service.repository(service.kind('courseEditions')).findById(editionId);
      const siteId = text(row?.relationships.trainingSiteId);
      const site = siteId ? await service.repository(service.kind('trainingSites')).findById(siteId) : undefined;
      const live = site && !site.metadata.isDeleted ? site : undefined;
      if (row) {
        edition = {
          startDate: text(row.attributes.startDate) || text(request.attributes.enrolledStartDate),
          endDate: text(row.attributes.endDate),
          sessions: ((row.attributes.sessions ?? []) as CourseEditionSession[]).slice().sort((a, b) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`)),
          siteName: text(live?.attributes.name),
          siteAddress: trainingSiteAddress(live),
        };
      }
    }
    const message = enrolmentDecidedMessage({
      recipientName: user.name,
      state,
      employeeName: employee ? service.kind('employees').title(employee) : '',
      courseTitle: course ? service.kind('courses').title(course) : '',
      edition,
      reason: text(request.attributes.decisionReason),
      url: portalTrainingUrl(publicUrl, text(request.relationships.customerId)),
    });
    return [await mailer.send({ to: user.email, ...message })];
  }
}
