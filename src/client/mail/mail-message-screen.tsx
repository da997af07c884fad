/**
 * One message of the mail outbox (`/mail/outbox/{id}`, issue 26 §8), for administrators: its headers
 * (sender, recipients, subject, when, Message-ID, how it left and whether it did, the error when it
 * did not), its text, its HTML on request in a sandboxed frame (no script runs), its attachments, and the
 * raw `.eml` to download when it was written to the outbox folder. Opened from «Posta in uscita».
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText, showProblemAlert } from '../api/problem-alert.ts';
import { recordKey, records } from '../data/records.ts';
import { enumLabel, fieldLabel, formatDateTime } from '../forms/format.ts';
import { useSession } from '../session/session.tsx';
import { downloadBlob } from '../shell/download.ts';
import { injectStyles } from '../shell/inject-styles.ts';

const css = `
.mail-message-headers { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
.mail-message-headers dt { font-weight: 600; }
.mail-message-headers dd { margin: 0; overflow-wrap: anywhere; }
.mail-message-text { white-space: pre-wrap; font-family: inherit; padding: .75rem; border: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); border-radius: 6px; max-width: 60rem; }
.mail-message-html { width: 100%; max-width: 60rem; height: 20rem; border: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); border-radius: 6px; background: #fff; }
`;
injectStyles('mail-message', css);

interface MailAttributes {
  recipients: string[];
  sender: string;
  subject: string;
  textBody: string;
  htmlBody?: string;
  attachments?: { fileName: string; contentType: string; bytesCount: number }[];
  messageId: string;
  transport: string;
  outcome: string;
  errorMessage?: string;
  sentDateTime: string;
  emlFile?: string;
}

export default function MailMessageScreen({ id }: { id: string }) {
  const intl = useIntl();
  const ids = useId();
  const { ability } = useSession();
  const allowed = ability.can('read', 'mail message');
  const record = useQuery({ queryKey: recordKey('mailMessages', id), queryFn: ({ signal }) => records.get('mailMessages', id, signal), enabled: allowed });
  const [downloading, setDownloading] = useState(false);
  const [showHtml, setShowHtml] = useState(false);

  if (!allowed) return <section className="screen"><p role="note"><FormattedMessage id="screens.denied" values={{ title: intl.formatMessage({ id: 'nav.mailOutbox' }) }} /></p></section>;
  if (record.isPending) return <section className="screen"><p role="status"><FormattedMessage id="mail.message.loading" /></p></section>;
  if (record.isError || !record.data) {
    return <section className="screen"><p role="alert">{record.error instanceof ApiProblem ? problemText(record.error) : <FormattedMessage id="mail.message.notFound" />}</p></section>;
  }
  const message = record.data.attributes as unknown as MailAttributes;
  const attachments = message.attachments ?? [];

  const download = async () => {
    setDownloading(true);
    try {
      const raw = await api.get<string | Blob>('/mail/outbox/{id}/eml', { params: { id }, silent: true });
      downloadBlob(raw instanceof Blob ? raw : new Blob([raw], { type: 'message/rfc822' }), `messaggio-${id}.eml`);
    } catch (error) {
      if (error instanceof ApiProblem) showProblemAlert(error);
      else throw error;
    } finally {
      setDownloading(false);
    }
  };

  const header = (name: string, value: ReactNode) => (
    <>
      <dt>{fieldLabel(name)}</dt>
      <dd>{value}</dd>
    </>
  );

  return (
    <section className="screen screen-mail-message" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className="screen-title">{message.subject}</h1>
      <h2 className="visually-hidden"><FormattedMessage id="mail.message.headers" /></h2>
      <dl className="mail-message-headers">
        {header('sender', message.sender)}
        {header('recipients', message.recipients.join(', '))}
        {header('subject', message.subject)}
        {header('sentDateTime', formatDateTime(message.sentDateTime))}
        {header('messageId', message.messageId)}
        {header('transport', enumLabel(message.transport))}
        {header('outcome', enumLabel(message.outcome))}
        {message.errorMessage ? header('errorMessage', message.errorMessage) : null}
      </dl>
      <p>
        {message.emlFile
          ? <button type="button" onClick={() => void download()} disabled={downloading}><FormattedMessage id="mail.message.download" /></button>
          : <span className="form-hint"><FormattedMessage id="mail.message.noRaw" /></span>}
      </p>
      <h2><FormattedMessage id="mail.message.text" /></h2>
      <pre className="mail-message-text" tabIndex={0}>{message.textBody}</pre>
      {message.htmlBody ? (
        <>
          <h2><FormattedMessage id="mail.message.html" /></h2>
          <p>
            <button type="button" aria-expanded={showHtml} aria-controls={`${ids}-html`} onClick={() => setShowHtml((shown) => !shown)}>
              <FormattedMessage id={showHtml ? 'mail.message.hideHtml' : 'mail.message.showHtml'} />
            </button>
          </p>
          {/* Shown on request, in an empty sandbox: the message's HTML runs no script, submits nothing and reaches nothing of ours. */}
          <div id={`${ids}-html`}>
            {showHtml ? <iframe className="mail-message-html" sandbox="" srcDoc={message.htmlBody} title={intl.formatMessage({ id: 'mail.message.html' })} /> : null}
          </div>
        </>
      ) : null}
      <h2><FormattedMessage id="mail.message.attachments" /></h2>
      {attachments.length === 0 ? (
        <p><FormattedMessage id="mail.message.noAttachments" /></p>
      ) : (
        <ul>
          {attachments.map((attachment, index) => (
            <li key={index}>{attachment.fileName} ({attachment.contentType}, {intl.formatNumber(attachment.bytesCount)} byte)</li>
          ))}
        </ul>
      )}
    </section>
  );
}
