/**
 * A test mailbox: an in-process SMTP server (smtp-server) on a free port of 127.0.0.1 that keeps every
 * message it receives, so a test points SMTP_URL at it and reads what the product sent. Nothing leaves
 * the machine; no TLS, no sign-in.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it. */
export interface ReceivedMail {
  /** The envelope's sender and recipients (MAIL FROM, RCPT TO). */
  from: string;
  to: string[];
  /** The raw RFC 822 text. */
  raw: string;
  /** The `Subject` header, decoded. */
  subject: string;
  /** The whole message with its quoted-printable parts decoded: what a reader's text search finds. */
  decoded: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** The messages sent to `address` so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** Quoted-printable (RFC 2045) to text: soft line breaks joined, `=XX` bytes read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** An encoded header word (`=?UTF-8?Q?…?=` or `?B?`) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    );
}

/** The decoded `Subject` of a raw RFC 822 message (folded lines joined, encoded words read). */
export function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return decodeHeader(/^Subject: (.*)$/im.exec(header)?.[1] ?? '');
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = subjectOf(raw);
        const envelope = session.envelope;
        messages.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          decoded: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address) => messages.filter((message) => message.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
