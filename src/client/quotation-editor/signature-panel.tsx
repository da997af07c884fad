/**
 * «Approva e firma» (issue 26 §3): on an issued quotation its customer's user chooses the optional
 * lines it takes, signs with its name and a drawing (or its typed name drawn for it, so the keyboard
 * is enough), asks for the one-time code by e-mail and signs; or refuses, saying why. Staff read
 * what happened: who signed and when, with the signed copy, or who refused and why. The rules (code,
 * drawing, name) are the server's schema (domain/rules/quotation-signature.ts), checked here first.
 * The focus follows the work: a pressed button is disabled while its request runs, which drops the
 * focus to <body>, so each answer moves it to what is read or used next (the code field once sent or
 * refused, the result once signed, the reason once «Rifiuta» opens it).
 */
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { SIGNATURE_CODE_LENGTH, signQuotationRequest } from '../../domain/rules/quotation-signature.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { listKey, recordKey } from '../data/index.ts';
import { downloadMedia } from '../files/upload.ts';
import { formatDateTime, formatMoney } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/quotation-signature.ts';
import { useSession } from '../session/session.tsx';
import { useFocusAfterRender } from '../use-focus-after-render.ts';
import type { LineDraft } from './lines.ts';
import { lineAmounts } from './lines.ts';

addMessages(messages);

const CANVAS_WIDTH = 520;
const CANVAS_HEIGHT = 160;

/** Whether the problem is about the code typed (wrong, expired, used up): the code field is where to go back. */
const aboutTheCode = (error: unknown): boolean => error instanceof ApiProblem
  && (error.code === 'SIGNATURE_CODE_INVALID' || error.code === 'SIGNATURE_CODE_EXPIRED' || error.errors.some((item) => item.pointer === '/code'));

/** What the signer sees on an issued quotation it may sign. `onRefused`: the refusal was stored (its outcome replaces the panel). */
export default function SignaturePanel({ stored, lines, onSigned, onRefused }: { stored: EntityJson; lines: readonly LineDraft[]; onSigned(): void; onRefused?(): void }) {
  const { identity } = useSession();
  const client = useQueryClient();
  const ids = { title: useId(), name: useId(), code: useId(), reason: useId(), canvas: useId(), problem: useId() };
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [signerName, setSignerName] = useState(identity.displayName);
  const optional = lines.filter((line) => line.kind === 'product' && line.isOptional && line.id);
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const [sent, setSent] = useState<{ sentTo: string; expiresDateTime: string } | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [codeRefused, setCodeRefused] = useState(false);
  const [done, setDone] = useState<{ orderNumber: string; documentId: string; presentedSha: string; fileSha?: string } | undefined>();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const focusAfterRender = useFocusAfterRender();
  const askCodeRef = useRef<HTMLButtonElement | null>(null);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const problemRef = useRef<HTMLParagraphElement | null>(null);
  const resultRef = useRef<HTMLParagraphElement | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
  // One key per signature asked: a retry after a lost answer replays it, a new attempt is a new key.
  const attempt = useRef(crypto.randomUUID());
  const path = `/quotations/${stored.id}/signature`;

  const context = () => canvas.current?.getContext('2d') ?? null;
  const clear = () => {
    const ctx = context();
    if (ctx && canvas.current) ctx.clearRect(0, 0, canvas.current.width, canvas.current.height);
    setDrawn(false);
  };
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) * CANVAS_WIDTH) / box.width, y: ((event.clientY - box.top) * CANVAS_HEIGHT) / box.height };
  };
  const onDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    ctx.lineWidth = 2.4;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#102a56';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const onMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!drawing.current || !ctx) return;
    const { x, y } = point(event);
    ctx.lineTo(x, y);
    ctx.stroke();
    setDrawn(true);
  };
  const onUp = () => {
    drawing.current = false;
  };
  /** The typed name, drawn as a signature: what the keyboard offers instead of a pen. */
  const drawName = () => {
    const ctx = context();
    if (!ctx || !signerName.trim()) return;
    clear();
    ctx.fillStyle = '#102a56';
    ctx.font = 'italic 44px "Brush Script MT", "Segoe Script", cursive, serif';
    ctx.textBaseline = 'middle';
    ctx.fillText(signerName.trim(), 16, CANVAS_HEIGHT / 2, CANVAS_WIDTH - 32);
    setDrawn(true);
  };

  const fail = (error: unknown) => setProblem(error instanceof ApiProblem ? problemText(error) : String(error));
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: recordKey('quotations', stored.id) });
    await client.invalidateQueries({ queryKey: listKey('quotationProducts', { quotationId: stored.id, all: true }) });
  };

  const askCode = async () => {
    setBusy(true);
    setProblem(undefined);
    setCodeRefused(false);
    try {
      const answer = await api.post<{ data: { sentTo: string; expiresDateTime: string } }>(`${path}/code`, {}, { silent: true });
      // The code arrives by e-mail: its field is what the signer uses next.
      focusAfterRender(() => codeRef.current);
      setSent(answer.data);
    } catch (error) {
      fail(error);
      // The alert says why; the button is there to ask again.
      focusAfterRender(() => askCodeRef.current);
    } finally {
      setBusy(false);
    }
  };

  const sign = async () => {
    const body = {
      code: code.trim(),
      signature: drawn && canvas.current ? canvas.current.toDataURL('image/png') : '',
      signerName,
      includedOptionalLineIds: [...taken],
    };
    const checked = signQuotationRequest.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues.map((issue) => issue.message).join('. '));
      focusAfterRender(() => problemRef.current);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    setCodeRefused(false);
    try {
      const answer = await api.post<{ meta: { orderNumber?: string; signedDocumentId: string; documentSha256: string; signedDocumentSha256?: string } }>(path, checked.data, {
        silent: true, headers: { 'Idempotency-Key': attempt.current }, ifMatch: String(stored.metadata.lastUpdatedDateTime),
      });
      focusAfterRender(() => resultRef.current);
      setDone({
        orderNumber: String(answer.meta.orderNumber ?? ''), documentId: answer.meta.signedDocumentId,
        presentedSha: answer.meta.documentSha256, ...(answer.meta.signedDocumentSha256 ? { fileSha: answer.meta.signedDocumentSha256 } : {}),
      });
      onSigned();
      await refresh();
    } catch (error) {
      attempt.current = crypto.randomUUID();
      fail(error);
      // A wrong or spent code: back in its field, which the alert describes; anything else, the alert itself.
      const codeWrong = aboutTheCode(error);
      setCodeRefused(codeWrong);
      focusAfterRender(() => (codeWrong ? codeRef.current : null) ?? problemRef.current);
    } finally {
      setBusy(false);
    }
  };

  const refuse = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await api.post(`${path}/refusal`, { reason, signerName }, { silent: true });
      await refresh();
      // The outcome («Rifiutato online da …») replaces the panel: the page focuses it.
      onRefused?.();
    } catch (error) {
      fail(error);
      focusAfterRender(() => reasonRef.current);
    } finally {
      setBusy(false);
    }
  };

  const code_ = String(stored.attributes.code ?? '');
  if (done) {
    return (
      <section className="form-section quotation-signature" aria-labelledby={ids.title} data-signature="signed">
        <h2 id={ids.title}><FormattedMessage id="signature.done.title" /></h2>
        <p role="status" tabIndex={-1} ref={resultRef}><FormattedMessage id="signature.done.text" values={{ code: code_, order: done.orderNumber }} /></p>
        {/* Two documents, two fingerprints: the quotation as presented (sealed in the audit trail) and the signed PDF to download. */}
        <p className="form-hint" data-hash="presented"><FormattedMessage id="signature.done.presentedHash" values={{ sha: done.presentedSha }} /></p>
        {done.fileSha && <p className="form-hint" data-hash="signed"><FormattedMessage id="signature.done.fileHash" values={{ sha: done.fileSha }} /></p>}
        <button type="button" onClick={() => void downloadMedia(done.documentId, `${code_} firmato.pdf`)}><FormattedMessage id="signature.download" /></button>
      </section>
    );
  }
  return (
    <section className="form-section quotation-signature" aria-labelledby={ids.title} data-signature="open">
      <h2 id={ids.title}><FormattedMessage id="signature.title" /></h2>
      <p className="form-hint"><FormattedMessage id="signature.hint" /></p>
      {optional.length > 0 && (
        <fieldset className="form-choices signature-options">
          <legend><FormattedMessage id="signature.optional" /></legend>
          {optional.map((line) => {
            const amount = lineAmounts(line)?.netTotal;
            return (
              <label key={line.id}>
                <input
                  type="checkbox"
                  checked={taken.has(line.id!)}
                  onChange={(event) => setTaken((current) => {
                    const next = new Set(current);
                    if (event.target.checked) next.add(line.id!);
                    else next.delete(line.id!);
                    return next;
                  })}
                />{' '}
                {line.description}{amount !== undefined ? ` – ${formatMoney(amount)}` : ''}
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="form-field">
        <label htmlFor={ids.name}><FormattedMessage id="signature.name" /></label>
        <input id={ids.name} value={signerName} maxLength={200} autoComplete="name" onChange={(event) => setSignerName(event.target.value)} />
      </div>
      <div className="form-field signature-pad">
        <span id={ids.canvas}><FormattedMessage id="signature.draw" /></span>
        <canvas
          ref={canvas}
          width={CANVAS_WIDTH}
          height={CANVAS_HEIGHT}
          role="img"
          aria-labelledby={ids.canvas}
          aria-describedby={`${ids.canvas}-state`}
          onPointerDown={onDown}
          onPointerMove={onMove}
          onPointerUp={onUp}
          onPointerLeave={onUp}
        />
        <span id={`${ids.canvas}-state`} className="form-hint" aria-live="polite">
          <FormattedMessage id={drawn ? 'signature.drawn' : 'signature.empty'} />
        </span>
        <div className="entity-form-actions">
          <button type="button" onClick={drawName} disabled={!signerName.trim()}><FormattedMessage id="signature.typeName" /></button>
          <button type="button" onClick={clear} disabled={!drawn}><FormattedMessage id="signature.clear" /></button>
        </div>
      </div>
      <div className="form-field">
        <button type="button" ref={askCodeRef} onClick={() => void askCode()} disabled={busy}><FormattedMessage id={sent ? 'signature.codeAgain' : 'signature.askCode'} /></button>
        {sent && <p role="status"><FormattedMessage id="signature.codeSent" values={{ to: sent.sentTo, until: formatDateTime(sent.expiresDateTime) }} /></p>}
      </div>
      {sent && (
        <div className="form-field">
          <label htmlFor={ids.code}><FormattedMessage id="signature.code" values={{ digits: SIGNATURE_CODE_LENGTH }} /></label>
          <input
            id={ids.code}
            ref={codeRef}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGNATURE_CODE_LENGTH}
            value={code}
            aria-invalid={codeRefused || undefined}
            aria-describedby={codeRefused && problem ? ids.problem : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
        </div>
      )}
      {problem && <p id={ids.problem} className="form-error" role="alert" tabIndex={-1} ref={problemRef}>{problem}</p>}
      <div className="entity-form-actions">
        <button type="button" className="primary" onClick={() => void sign()} disabled={busy || !sent || code.length !== SIGNATURE_CODE_LENGTH || !drawn || !signerName.trim()}>
          <FormattedMessage id="signature.sign" />
        </button>
        <button
          type="button"
          onClick={() => {
            // Opened, the reason is what to write next.
            if (!refusing) focusAfterRender(() => reasonRef.current);
            setRefusing(!refusing);
          }}
          aria-expanded={refusing}
        >
          <FormattedMessage id="signature.refuse" />
        </button>
      </div>
      {refusing && (
        <div className="form-field">
          <label htmlFor={ids.reason}><FormattedMessage id="signature.reason" /></label>
          <textarea id={ids.reason} ref={reasonRef} rows={3} maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
          <button type="button" onClick={() => void refuse()} disabled={busy || !reason.trim()}><FormattedMessage id="signature.refuseConfirm" /></button>
        </div>
      )}
    </section>
  );
}

/** A refusal's reason that ends its own sentence («… nuovo preventivo.») takes no second period after the quote. */
export const reasonEnd = (reason: string): 'ended' | 'open' => (/[.!?…]$/.test(reason.trim()) ? 'ended' : 'open');

/**
 * What staff (and the customer afterwards) read of the answer given online. `takeFocus`: the answer was
 * just given here, and the outcome (which replaced the panel) is what the reader reads next.
 */
export function SignatureOutcome({ stored, takeFocus = false }: { stored: EntityJson; takeFocus?: boolean }) {
  const intl = useIntl();
  const m = stored.metadata;
  const outcomeRef = useRef<HTMLParagraphElement | null>(null);
  const answered = typeof m.signedDateTime === 'string' || typeof m.refusedDateTime === 'string';
  useEffect(() => {
    if (takeFocus && answered) outcomeRef.current?.focus();
  }, [takeFocus, answered]);
  if (typeof m.signedDateTime === 'string') {
    return (
      <p className="form-hint quotation-signed" data-signature="signed" tabIndex={takeFocus ? -1 : undefined} ref={outcomeRef}>
        {intl.formatMessage({ id: 'signature.outcome.signed' }, { who: String(m.signedBy ?? ''), date: formatDateTime(m.signedDateTime) })}{' '}
        {typeof m.signedDocumentId === 'string' && (
          <button type="button" className="link-button" onClick={() => void downloadMedia(String(m.signedDocumentId), `${String(stored.attributes.code ?? '')} firmato.pdf`)}>
            <FormattedMessage id="signature.download" />
          </button>
        )}
      </p>
    );
  }
  if (typeof m.refusedDateTime === 'string') {
    const reason = String(m.refusalReason ?? '').trim();
    return (
      <p className="form-hint quotation-refused" data-signature="refused" tabIndex={takeFocus ? -1 : undefined} ref={outcomeRef}>
        {intl.formatMessage({ id: 'signature.outcome.refused' }, { who: String(m.refusedBy ?? ''), date: formatDateTime(m.refusedDateTime), reason, end: reasonEnd(reason) })}
      </p>
    );
  }
  return null;
}
