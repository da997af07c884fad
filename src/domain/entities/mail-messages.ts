/**
 * The mail outbox (issue 26 §8): one row per e-mail message the server sent or tried to send, written
 * by the mail service (`src/server/mail/mailer.ts`) after the attempt: to whom, what, by which transport
 * (SMTP, or an `.eml` file under DATA_DIR/outbox when no SMTP_URL is set) and how it went. Through the
 * API the kind is read-only, and only an administrator reads it (`mailMessageRules`, added to every
 * identity's closing rules). Fields: our design.
 */
import { z } from 'zod';
import type { PermissionRule } from './roles.ts';
import { defineKind, type EntityShape } from '../kind.ts';
import { isoDateTime, requiredText } from '../validation.ts';

/** CASL subject of the outbox rows. */
export const MAIL_MESSAGE_SUBJECT = 'mail message';

/** How a message left: an SMTP server (SMTP_URL), or an `.eml` file in DATA_DIR/outbox. */
export const mailTransports = ['smtp', 'emlFile'] as const;
export type MailTransport = (typeof mailTransports)[number];
/** `mailSent`: the SMTP server took it, or its file was written; `mailNotSent`: the attempt failed (`errorMessage` says why). */
export const mailOutcomes = ['mailSent', 'mailNotSent'] as const;
export type MailOutcome = (typeof mailOutcomes)[number];

/** The longest subject kept (RFC 5322's line limit). */
export const MAX_MAIL_SUBJECT = 998;
/** The longest body kept, per part (text, HTML): a notification is far shorter. */
export const MAX_MAIL_BODY = 200_000;

export const mailMessageAttributes = z.strictObject({
  /** The recipients' addresses. */
  recipients: z.array(z.email()).min(1).max(100),
  /** The `From` address (MAIL_FROM). */
  sender: requiredText(320),
  subject: requiredText(MAX_MAIL_SUBJECT),
  /** The plain-text body (Italian). */
  textBody: z.string().max(MAX_MAIL_BODY),
  /** The HTML body, when the message has one. */
  htmlBody: z.string().max(MAX_MAIL_BODY).optional(),
  /** The attachments' names, types and sizes (their bytes are in the `.eml`, not here). */
  attachments: z.array(z.strictObject({ fileName: requiredText(255), contentType: requiredText(255), bytesCount: z.number().int().min(0) })).max(50).optional(),
  /** The `Message-ID` header. */
  messageId: requiredText(998),
  transport: z.enum(mailTransports),
  outcome: z.enum(mailOutcomes),
  /** Why the attempt failed (the SMTP server's answer, a file error). */
  errorMessage: z.string().max(2000).optional(),
  /** When the attempt ended. */
  sentDateTime: isoDateTime(),
  /** The `.eml` file's name in DATA_DIR/outbox (file transport only). */
  emlFile: z.string().regex(/^[A-Za-z0-9._-]{1,200}\.eml$/).optional(),
});

type MailMessageShape = EntityShape & { attributes: z.infer<typeof mailMessageAttributes> };

export const mailMessages = defineKind({
  type: 'mailMessages',
  subject: MAIL_MESSAGE_SUBJECT,
  label: { singular: 'Messaggio e-mail', plural: 'Posta in uscita' },
  attributes: mailMessageAttributes,
  metadata: z.strictObject({}),
  relationships: z.strictObject({}),
  fields: {
    recipients: { path: 'attributes.recipients', type: 'textArray' },
    subject: { path: 'attributes.subject', type: 'text', sortable: true },
    transport: { path: 'attributes.transport', type: 'text', values: mailTransports },
    outcome: { path: 'attributes.outcome', type: 'text', values: mailOutcomes },
    sentDateTime: { path: 'attributes.sentDateTime', type: 'date', sortable: true, range: true },
  },
  fullText: ['attributes.subject', 'attributes.recipients', 'attributes.textBody'],
  defaultOrder: ['-sentDateTime'],
  references: {},
  title: (entity) => (entity as MailMessageShape).attributes.subject,
});

/**
 * Who may do what with the outbox, whatever the roles say (closing rules, after every role's): an
 * administrator reads it; nobody creates, changes or deletes a row through the API (the mail service
 * writes them); nobody else reads it (a role granting `read all` included).
 */
export function mailMessageRules(admin: boolean): PermissionRule[] {
  return admin
    ? [{ action: ['create', 'update', 'delete'], subject: MAIL_MESSAGE_SUBJECT, inverted: true, reason: 'La posta in uscita è di sola lettura' }]
    : [{ action: 'manage', subject: MAIL_MESSAGE_SUBJECT, inverted: true, reason: 'Solo un amministratore legge la posta in uscita' }];
}
