/**
 * The mail service (issue 26 §8): `send(message)` builds one RFC 822 message (nodemailer), hands it
 * to the SMTP server of SMTP_URL or, without one, writes it as an `.eml` file to DATA_DIR/outbox
 * (so `npm start` needs nothing), then records the attempt as a row of the `mailMessages` kind
 * (recipients, subject, bodies, transport, outcome) for the administrator's outbox screen.
 * A failed attempt is recorded too and answered, never thrown: who sends decides what a failure means.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { escapeHtml } from '../../domain/html.ts';
import { mailMessages, type MailOutcome, type MailTransport } from '../../domain/entities/mail-messages.ts';
import type { MailConfig } from '../config.ts';
import type { DatabaseSchema } from '../db/database.ts';
import { EntityRepository } from '../resources/repository.ts';

/** One message to send. */
export interface OutgoingMail {
  /** One address or several. */
  to: string | readonly string[];
  subject: string;
  /** The Italian plain-text body. */
  text: string;
  /** A simple HTML body; absent: made from `text`, one paragraph per blank-line-separated block. */
  html?: string;
  attachments?: readonly { fileName: string; content: Buffer | string; contentType: string }[];
}

/** What happened to a message: its outbox row's id and outcome. */
export interface MailResult {
  id: string;
  messageId: string;
  transport: MailTransport;
  outcome: MailOutcome;
  /** Why it failed (`outcome` mailNotSent). */
  error?: string;
  /** The `.eml` file written (file transport). */
  emlFile?: string;
}

export interface Mailer {
  send(message: OutgoingMail): Promise<MailResult>;
  /** The raw RFC 822 text of a message written to the outbox folder, or undefined when it was not kept there. */
  readEml(emlFile: string): Promise<Buffer | undefined>;
  close(): void;
}

/** The simple HTML body made from a plain-text one. */
export function htmlOfText(text: string): string {
  const paragraphs = text.trim().split(/\n\s*\n/).map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html lang="it"><body style="font-family: sans-serif; line-height: 1.5">${paragraphs.join('')}</body></html>`;
}

const addressesOf = (to: OutgoingMail['to']) => (typeof to === 'string' ? [to] : [...to]);

/** The name of a message's `.eml` file: its date first, so the folder lists in order. */
const emlFileName = (id: string, at: Date) => `${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${id}.eml`;

/** Where a failed delivery is reported (besides its outbox row): the server's log. */
export interface MailLog {
  error(details: object, message: string): void;
}

export function createMailer(db: Kysely<DatabaseSchema>, config: MailConfig, log?: MailLog): Mailer {
  const outbox = new EntityRepository(db, mailMessages);
  // nodemailer (about 5 MB of heap) loads with the first message, not when the API process starts.
  let composer: Promise<Transporter> | undefined;
  let smtp: Transporter | undefined;
  const transports = () =>
    (composer ??= import('nodemailer').then(({ default: nodemailer }) => {
      // A mail server that does not answer gives up in seconds, not nodemailer's minutes (closing the server waits for messages under way).
      smtp = config.smtpUrl ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }) : undefined;
      // Builds the raw message only; the SMTP transport (if any) then sends exactly those bytes.
      return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    }));
  const domain = /@([^>\s]+)>?$/.exec(config.from)?.[1] ?? 'localhost';

  async function deliver(raw: Buffer, from: string, to: string[], id: string, at: Date): Promise<{ transport: MailTransport; emlFile?: string }> {
    if (smtp) {
      const address = /<([^>]+)>$/.exec(from)?.[1] ?? from;
      await smtp.sendMail({ envelope: { from: address, to }, raw });
      return { transport: 'smtp' };
    }
    const emlFile = emlFileName(id, at);
    await fs.mkdir(config.outboxDir, { recursive: true });
    await fs.writeFile(path.join(config.outboxDir, emlFile), raw, { flag: 'wx' });
    return { transport: 'emlFile', emlFile };
  }

  return {
    async send(message) {
      const id = randomUUID();
      const at = new Date();
      const to = addressesOf(message.to);
      const messageId = `<${id}@${domain}>`;
      const html = message.html ?? htmlOfText(message.text);
      const attachments = (message.attachments ?? []).map((a) => ({ filename: a.fileName, content: a.content, contentType: a.contentType }));
      let result: Omit<MailResult, 'id' | 'messageId'>;
      try {
        const built = await (await transports()).sendMail({ from: config.from, to, subject: message.subject, text: message.text, html, attachments, messageId, date: at });
        const delivered = await deliver(built.message as Buffer, config.from, to, id, at);
        result = { ...delivered, outcome: 'mailSent' };
      } catch (error) {
        result = { transport: config.smtpUrl ? 'smtp' : 'emlFile', outcome: 'mailNotSent', error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) };
        // Never the SMTP address: it may carry a password.
        log?.error({ mailId: id, transport: result.transport, error: result.error }, 'messaggio e-mail non inviato');
      }
      const sentDateTime = new Date().toISOString();
      await outbox.insert([
        {
          id,
          by: null,
          createdDateTime: sentDateTime,
          data: {
            attributes: {
              recipients: to,
              sender: config.from,
              subject: message.subject,
              textBody: message.text,
              htmlBody: html,
              attachments: (message.attachments ?? []).map((a) => ({ fileName: a.fileName, contentType: a.contentType, bytesCount: Buffer.byteLength(a.content) })),
              messageId,
              transport: result.transport,
              outcome: result.outcome,
              ...(result.error ? { errorMessage: result.error } : {}),
              sentDateTime,
              ...(result.emlFile ? { emlFile: result.emlFile } : {}),
            },
            metadata: {},
            relationships: {},
          },
        },
      ]);
      return { id, messageId, ...result };
    },
    async readEml(emlFile) {
      // The name comes from our own row, checked against its pattern: never a path outside the folder.
      if (!/^[A-Za-z0-9._-]{1,200}\.eml$/.test(emlFile)) return undefined;
      try {
        return await fs.readFile(path.join(config.outboxDir, emlFile));
      } catch {
        return undefined;
      }
    },
    close() {
      smtp?.close();
    },
  };
}
