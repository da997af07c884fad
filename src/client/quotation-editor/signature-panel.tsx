/**
 * «Approva e firma» (issue 26 §3): on an issued quotation its customer's user chooses the optional
 * lines it takes, signs with its name and a drawing (or its typed name drawn for it, so the keyboard
 * is enough), asks for the one-time code by e-mail and signs; or refuses, saying why. Staff read
 * what happened: who signed and when, with the signed copy, or who refused and why. The rules (code,
 * drawing, name) are the server's schema (domain/rules/quotation-signature.ts), checked here first.
 */
import { useId, useRef, useState, type PointerEvent } from 'react';
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
import type { LineDraft } from './lines.ts';
import { lineAmounts } from './lines.ts';

addMessages(messages);

const CANVAS_WIDTH = 520;
const CANVAS_HEIGHT = 160;

/** What the signer sees on an issued quotation it may sign. */
export default function SignaturePanel({ stored, lines, onSigned }: { stored: EntityJson; lines: readonly LineDraft[]; onSigned(): void }) {
  const { identity } = useSession();
  const client = useQueryClient();
  const ids = { title: useId(), name: useId(), code: useId(), reason: useId(), canvas: useId() };
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
  const [done, setDone] = useState<{ orderNumber: string; documentId: string; sha: string } | undefined>();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
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
    try {
      const answer = await api.post<{ data: { sentTo: string; expiresDateTime: string } }>(`${path}/code`, {}, { silent: true });
      setSent(answer.data);
    } catch (error) {
      fail(error);
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
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await api.post<{ meta: { orderNumber?: string; signedDocumentId: string; documentSha256: string } }>(path, checked.data, {
        silent: true, headers: { 'Idempotency-Key': attempt.current }, ifMatch: String(stored.metadata.lastUpdatedDateTime),
      });
      setDone({ orderNumber: String(answer.meta.orderNumber ?? ''), documentId: answer.meta.signedDocumentId, sha: answer.meta.documentSha256 });
      onSigned();
      await refresh();
    } catch (error) {
      attempt.current = crypto.randomUUID();
      fail(error);
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
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const code_ = String(stored.attributes.code ?? '');
  if (done) {
    return (
      <section className="form-section quotation-signature" aria-labelledby={ids.title} data-signature="signed">
        <h2 id={ids.title}><FormattedMessage id="signature.done.title" /></h2>
        <p role="status"><FormattedMessage id="signature.done.text" values={{ code: code_, order: done.orderNumber }} /></p>
        <p className="form-hint"><FormattedMessage id="signature.done.hash" values={{ sha: done.sha }} /></p>
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
        <button type="button" onClick={() => void askCode()} disabled={busy}><FormattedMessage id={sent ? 'signature.codeAgain' : 'signature.askCode'} /></button>
        {sent && <p role="status"><FormattedMessage id="signature.codeSent" values={{ to: sent.sentTo, until: formatDateTime(sent.expiresDateTime) }} /></p>}
      </div>
      {sent && (
        <div className="form-field">
          <label htmlFor={ids.code}><FormattedMessage id="signature.code" values={{ digits: SIGNATURE_CODE_LENGTH }} /></label>
          <input id={ids.code} inputMode="numeric" autoComplete="one-time-code" maxLength={SIGNATURE_CODE_LENGTH} value={code} onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))} />
        </div>
      )}
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <div className="entity-form-actions">
        <button type="button" className="primary" onClick={() => void sign()} disabled={busy || !sent || code.length !== SIGNATURE_CODE_LENGTH || !drawn || !signerName.trim()}>
          <FormattedMessage id="signature.sign" />
        </button>
        <button type="button" onClick={() => setRefusing((open) => !open)} aria-expanded={refusing}><FormattedMessage id="signature.refuse" /></button>
      </div>
      {refusing && (
        <div className="form-field">
          <label htmlFor={ids.reason}><FormattedMessage id="signature.reason" /></label>
          <textarea id={ids.reason} rows={3} maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
          <button type="button" onClick={() => void refuse()} disabled={busy || !reason.trim()}><FormattedMessage id="signature.refuseConfirm" /></button>
        </div>
      )}
    </section>
  );
}

/** What staff (and the customer afterwards) read of the answer given online. */
export function SignatureOutcome({ stored }: { stored: EntityJson }) {
  const intl = useIntl();
  const m = stored.metadata;
  if (typeof m.signedDateTime === 'string') {
    return (
      <p className="form-hint quotation-signed" data-signature="signed">
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
    return (
      <p className="form-hint quotation-refused" data-signature="refused">
        {intl.formatMessage({ id: 'signature.outcome.refused' }, { who: String(m.refusedBy ?? ''), date: formatDateTime(m.refusedDateTime), reason: String(m.refusalReason ?? '') })}
      </p>
    );
  }
  return null;
}
