/**
 * The portal's «Anomalie aperte» (issue 26 §4): the customer's open anomalies (what, on which
 * equipment or installation, at which site, found on, risk), each with the proofs it sent and their
 * state («In verifica dall’ufficio», «Accettata il …», «Rifiutata: …»), and «Segnala la risoluzione»:
 * a note and one or more photos or PDF documents, sent as a rectification (the row, then each file by
 * the upload path attached to it, then its list of evidence). Anomalies resolved by an accepted proof
 * stay listed below, so the customer reads the outcome. Everything through the record layer: the
 * server's rules decide (own customer, open anomaly, the office's decision).
 */
import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entity } from '../../domain/entity.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { listKey, records } from '../data/index.ts';
import { downloadMedia, startUpload, UploadCancelled } from '../files/upload.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/rectifications.ts';
import { injectStyles } from '../shell/inject-styles.ts';
import { useTabTitle } from '../workspace/tab-context.ts';
import { useCustomer, useDeadlineTargets, useSites } from './portal-data.ts';

addMessages(messages);

/** The most anomalies and proofs the page lists. */
const PAGE_SIZE = '200';
/** How often the proofs are read again while one waits for the office. */
const WAITING_REFRESH_MS = 10_000;
/** Files a proof takes (the rectification's own limit). */
export const MAX_PROOF_FILES = 20;
/** What a proof may be: photos and PDF documents. */
const ACCEPTED_FILES = 'image/*,application/pdf';
const timeZone = 'Europe/Rome';

const day = (instant: unknown) => (typeof instant === 'string' && instant !== ''
  ? new Intl.DateTimeFormat('it-IT', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(instant))
  : '');

const isProofFile = (file: File) => file.type.startsWith('image/') || file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

injectStyles('portal-anomalies', `
.portal-anomaly-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .75rem; }
.portal-anomaly { min-width: 0; padding: .75rem 1rem; background: var(--surface); border: 1px solid var(--border); border-left-width: 6px; border-radius: 8px; }
.portal-anomaly[data-risk=high] { border-left-color: #b42318; }
.portal-anomaly[data-risk=medium] { border-left-color: #b54708; }
.portal-anomaly[data-risk=low] { border-left-color: #667085; }
.portal-anomaly h3 { margin: 0 0 .25rem; font-size: 1.05rem; overflow-wrap: anywhere; }
.portal-anomaly-facts { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem; margin: 0 0 .5rem; }
.portal-anomaly-facts dt { font-weight: 600; color: var(--muted); }
.portal-anomaly-facts dd { margin: 0; overflow-wrap: anywhere; }
.portal-proofs { list-style: none; margin: .25rem 0 .5rem; padding: 0; display: flex; flex-direction: column; gap: .35rem; }
.portal-proof { padding: .35rem .5rem; border-left: 3px solid var(--border); overflow-wrap: anywhere; }
.portal-proof[data-state=submitted] { border-left-color: #b54708; }
.portal-proof[data-state=accepted] { border-left-color: #067647; }
.portal-proof[data-state=refused] { border-left-color: #b42318; }
.portal-proof-state { font-weight: 600; }
.portal-proof-files { display: flex; flex-wrap: wrap; gap: .25rem .5rem; margin-top: .25rem; }
.portal-proof-form { display: flex; flex-direction: column; gap: .35rem; max-width: 40rem; margin-top: .5rem; }
.portal-proof-form textarea { width: 100%; box-sizing: border-box; }
.portal-proof-chosen { margin: 0; padding-left: 1.25rem; overflow-wrap: anywhere; }
.portal-proof-actions { display: flex; flex-wrap: wrap; gap: .5rem; }
.portal-anomalies .link-button { background: none; border: none; padding: 0; color: var(--link, #0b57d0); text-decoration: underline; cursor: pointer; font: inherit; }
.portal-anomaly h3:focus { outline: 2px solid currentColor; outline-offset: 2px; }
`);

export default function PortalAnomalies({ customerId, staffView }: { customerId: string; staffView: boolean }) {
  const intl = useIntl();
  const customer = useCustomer(customerId);
  const name = String(customer.data?.metadata.displayName ?? '');
  const title = intl.formatMessage({ id: 'portal.nav.anomalies' });
  useTabTitle(intl.formatMessage({ id: 'portal.page.tabTitle' }, { page: title, customer: name }));
  const openParams = { 'filter[customerId]': customerId, 'filter[state]': 'unresolved', sort: '-detectedDateTime', 'page[size]': PAGE_SIZE };
  const open = useQuery({ queryKey: listKey('anomalies', openParams), queryFn: ({ signal }) => records.list('anomalies', openParams, signal) });
  const proofParams = { 'filter[customerId]': customerId, sort: '-createdDateTime', 'page[size]': PAGE_SIZE };
  // While a proof waits for the office, its outcome is asked for again now and then.
  const proofs = useQuery({
    queryKey: listKey('rectifications', proofParams),
    queryFn: ({ signal }) => records.list('rectifications', proofParams, signal),
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.attributes.state === 'submitted') ? WAITING_REFRESH_MS : false),
  });
  const proofRows = proofs.data?.data ?? [];
  // The anomalies closed by an accepted proof, read by their ids: no longer open, even when the list
  // of open ones was read before the office's decision.
  const closedIds = [...new Set(proofRows.filter((row) => row.attributes.state === 'accepted').map((row) => String(row.relationships.anomalyId)))].toSorted();
  const openRows = (open.data?.data ?? []).filter((row) => !closedIds.includes(row.id));
  const closedParams = { ids: closedIds.join(','), sort: '-detectedDateTime', 'page[size]': String(Math.max(1, closedIds.length)) };
  const closed = useQuery({
    queryKey: listKey('anomalies', closedParams),
    queryFn: ({ signal }) => records.list('anomalies', closedParams, signal, { silent: true }),
    enabled: closedIds.length > 0,
  });
  const closedRows = closedIds.length > 0 ? (closed.data?.data ?? []) : [];
  const all = [...openRows, ...closedRows];
  const equipments = useDeadlineTargets('equipments', all.flatMap((row) => (typeof row.relationships.equipmentId === 'string' ? [row.relationships.equipmentId] : [])));
  const installations = useDeadlineTargets('installations', all.flatMap((row) => (typeof row.relationships.installationId === 'string' ? [row.relationships.installationId] : [])));
  const sites = useSites(customerId);
  const targets = useMemo(() => new Map([...(equipments.data?.data ?? []), ...(installations.data?.data ?? [])].map((entity) => [entity.id, entity])), [equipments.data, installations.data]);
  const siteNames = useMemo(() => new Map((sites.data?.data ?? []).map((site) => [site.id, String(site.metadata.displayName ?? '')])), [sites.data]);
  const byAnomaly = new Map<string, Entity[]>();
  for (const row of proofRows) {
    const key = String(row.relationships.anomalyId);
    byAnomaly.set(key, [...(byAnomaly.get(key) ?? []), row]);
  }
  const context = {
    targets, siteNames, headOffice: intl.formatMessage({ id: 'rectifications.portal.headOffice' }),
    // Until the equipment, installations and sites are read, where an anomaly is is not yet «Non indicato».
    reading: equipments.isLoading || installations.isLoading || sites.isLoading,
  };
  const loading = open.isPending || proofs.isPending;
  const failed = open.error ?? proofs.error;
  return (
    <section className="portal portal-anomalies" aria-labelledby="portal-anomalies-title">
      <h1 id="portal-anomalies-title" className="screen-title">{title} – {name}</h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      <p className="portal-hint"><FormattedMessage id="rectifications.portal.intro" /></p>
      {failed ? (
        <p role="alert"><FormattedMessage id="rectifications.portal.failed" values={{ reason: failed instanceof ApiProblem ? problemText(failed) : String(failed) }} /></p>
      ) : loading ? (
        <p role="status"><FormattedMessage id="rectifications.portal.loading" /></p>
      ) : (
        <>
          <h2 id="portal-anomalies-open"><FormattedMessage id="rectifications.portal.open" values={{ count: openRows.length }} /></h2>
          {openRows.length === 0 ? <p><FormattedMessage id="rectifications.portal.noneOpen" /></p> : (
            <ul className="portal-anomaly-list" aria-labelledby="portal-anomalies-open">
              {openRows.map((row) => <AnomalyCard key={row.id} anomaly={row} proofs={byAnomaly.get(row.id) ?? []} context={context} canSend={!staffView && customer.data !== undefined} />)}
            </ul>
          )}
          {closedRows.length > 0 && (
            <>
              <h2 id="portal-anomalies-closed"><FormattedMessage id="rectifications.portal.closed" /></h2>
              <ul className="portal-anomaly-list" aria-labelledby="portal-anomalies-closed">
                {closedRows.map((row) => <AnomalyCard key={row.id} anomaly={row} proofs={byAnomaly.get(row.id) ?? []} context={context} canSend={false} />)}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

interface CardContext { targets: ReadonlyMap<string, Entity>; siteNames: ReadonlyMap<string, string>; headOffice: string; reading: boolean }

/** What the anomaly is on (the equipment's code and type, or the installation) and where (the site, the position). */
function whereOf(anomaly: Entity, context: CardContext): { asset: string; site: string } {
  const id = anomaly.relationships.equipmentId ?? anomaly.relationships.installationId;
  const target = typeof id === 'string' ? context.targets.get(id) : undefined;
  if (!target) return { asset: '', site: '' };
  const a = target.attributes;
  const asset = [a.equipmentId ?? a.code, a.type, a.name, a.customerLocationPosition].filter((part) => typeof part === 'string' && part !== '').join(' · ');
  const siteId = target.relationships.customerLocationId;
  const site = typeof siteId === 'string' ? (context.siteNames.get(siteId) ?? '') : context.headOffice;
  return { asset: asset || String(target.metadata.displayName ?? ''), site };
}

function AnomalyCard({ anomaly, proofs, context, canSend }: { anomaly: Entity; proofs: readonly Entity[]; context: CardContext; canSend: boolean }) {
  const intl = useIntl();
  const headingId = useId();
  const [writing, setWriting] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { asset, site } = whereOf(anomaly, context);
  const risk = String(anomaly.attributes.risk ?? '');
  const waiting = proofs.some((row) => row.attributes.state === 'submitted');
  const resolved = anomaly.attributes.state === 'resolved';
  const close = () => {
    setWriting(false);
    // Back to where the form was opened from, or to the anomaly once its proof waits for the office.
    requestAnimationFrame(() => (opener.current ?? heading.current)?.focus());
  };
  const none = intl.formatMessage({ id: context.reading ? 'rectifications.portal.reading' : 'rectifications.portal.unknown' });
  return (
    <li className="portal-anomaly" data-risk={risk} aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>{String(anomaly.attributes.description ?? '')}</h3>
      <dl className="portal-anomaly-facts">
        <dt><FormattedMessage id="rectifications.portal.asset" /></dt><dd>{asset || none}</dd>
        <dt><FormattedMessage id="rectifications.portal.site" /></dt><dd>{site || none}</dd>
        <dt><FormattedMessage id="rectifications.portal.detected" /></dt><dd>{day(anomaly.attributes.detectedDateTime)}</dd>
        <dt><FormattedMessage id="rectifications.portal.risk" /></dt><dd>{risk ? intl.formatMessage({ id: `form.enum.${risk}` }) : none}</dd>
        {resolved && <><dt><FormattedMessage id="rectifications.portal.state" /></dt><dd><FormattedMessage id="rectifications.portal.resolvedOn" values={{ day: day(anomaly.attributes.resolvedDateTime) }} /></dd></>}
      </dl>
      {proofs.length > 0 && (
        <>
          <h4 className="visually-hidden"><FormattedMessage id="rectifications.portal.proofs" /></h4>
          <ul className="portal-proofs">
            {proofs.map((proof) => <ProofLine key={proof.id} proof={proof} />)}
          </ul>
        </>
      )}
      {/* The form stays while it is in use: its proof is stored before its files, and a file refused on the way is said there, to send again. */}
      {canSend && !resolved && (writing || !waiting) && (writing
        ? <ProofForm anomaly={anomaly} title={String(anomaly.attributes.description ?? '')} onDone={close} />
        : (
          <button type="button" ref={opener} aria-describedby={headingId} onClick={() => setWriting(true)}>
            <FormattedMessage id={proofs.some((row) => row.attributes.state === 'refused') ? 'rectifications.portal.sendAgain' : 'rectifications.portal.send'} />
          </button>
        ))}
    </li>
  );
}

/** One proof sent: when, the note, its files (each openable) and the office's outcome. */
export function ProofLine({ proof, children }: { proof: Entity; children?: ReactNode }) {
  const intl = useIntl();
  const state = String(proof.attributes.state ?? 'submitted');
  const outcome = state === 'accepted'
    ? intl.formatMessage({ id: 'rectifications.portal.accepted' }, { day: day(proof.attributes.decidedDateTime) })
    : state === 'refused'
      ? intl.formatMessage({ id: 'rectifications.portal.refused' }, { reason: String(proof.attributes.decisionReason ?? '') })
      : intl.formatMessage({ id: 'rectifications.portal.waiting' });
  return (
    <li className="portal-proof" data-state={state}>
      <span className="portal-proof-state">{outcome}</span>
      {' – '}
      <FormattedMessage id="rectifications.portal.sentOn" values={{ day: day(proof.metadata.createdDateTime) }} />
      <div>{String(proof.attributes.note ?? '')}</div>
      <ProofFiles ids={(proof.attributes.evidenceMediaIds as string[] | undefined) ?? []} />
      {children}
    </li>
  );
}

/** The files of a proof by name, each a button that opens it. */
export function ProofFiles({ ids }: { ids: readonly string[] }) {
  const intl = useIntl();
  const sorted = [...ids].toSorted();
  const params = { ids: sorted.join(','), 'page[size]': String(Math.max(1, sorted.length)) };
  const files = useQuery({ queryKey: listKey('media', params), queryFn: ({ signal }) => records.list('media', params, signal, { silent: true }), enabled: sorted.length > 0 });
  if (ids.length === 0) return <div className="portal-proof-files"><FormattedMessage id="rectifications.portal.noFiles" /></div>;
  const rows = files.data?.data ?? [];
  return (
    <div className="portal-proof-files">
      <span><FormattedMessage id="rectifications.portal.files" values={{ count: ids.length }} /></span>
      {rows.map((file) => {
        const name = String(file.attributes.name ?? file.metadata.displayName ?? '');
        return (
          <button key={file.id} type="button" className="link-button" aria-label={intl.formatMessage({ id: 'rectifications.portal.openFile' }, { name })} onClick={() => void downloadMedia(file.id, name)}>
            {name}
          </button>
        );
      })}
    </div>
  );
}

/**
 * «Segnala la risoluzione»: the note and the files, sent as one rectification. A file that fails to
 * upload leaves the proof sent with the others; sending again uploads only what is missing.
 */
function ProofForm({ anomaly, title, onDone }: { anomaly: Entity; title: string; onDone(): void }) {
  const intl = useIntl();
  const ids = { form: useId(), note: useId(), files: useId(), chosen: useId(), error: useId() };
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The files already stored (by name), shown without «Togli».
  const [stored, setStored] = useState<ReadonlySet<string>>(new Set());
  // What is already stored, when a first attempt stopped half way (the rectification, its uploaded files by name).
  const sent = useRef<{ proof?: Entity; uploaded: Map<string, string> }>({ uploaded: new Map() });
  const input = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    const wrong = chosen.filter((file) => !isProofFile(file));
    const next = [...files, ...chosen.filter(isProofFile)].filter((file, index, all) => all.findIndex((other) => other.name === file.name) === index).slice(0, MAX_PROOF_FILES);
    setFiles(next);
    setError(wrong.length > 0 ? intl.formatMessage({ id: 'rectifications.portal.wrongType' }, { names: wrong.map((file) => file.name).join(', ') }) : undefined);
  };
  const explain = (failure: unknown): string => {
    if (failure instanceof ApiProblem) {
      const detail = (failure.body as { errors?: { message?: string }[] } | undefined)?.errors?.[0]?.message;
      return detail ?? problemText(failure);
    }
    return failure instanceof Error ? failure.message : String(failure);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setError(intl.formatMessage({ id: 'rectifications.portal.noteRequired' }));
      noteRef.current?.focus();
      return;
    }
    if (files.length === 0) return setError(intl.formatMessage({ id: 'rectifications.portal.fileRequired' }));
    setBusy(true);
    setError(undefined);
    try {
      const state = sent.current;
      state.proof ??= await records.create('rectifications', {
        attributes: { note: note.trim() },
        relationships: { anomalyId: anomaly.id, customerId: anomaly.relationships.customerId },
      }, { silent: true });
      const proof = state.proof;
      for (const [index, file] of files.entries()) {
        if (state.uploaded.has(file.name)) continue;
        setProgress(intl.formatMessage({ id: 'rectifications.portal.uploading' }, { n: index + 1, total: files.length, name: file.name }));
        const media = await startUpload(file, { owner: { type: 'rectifications', id: proof.id }, customerId: String(anomaly.relationships.customerId) }, () => undefined).done;
        state.uploaded.set(file.name, media.id);
        setStored(new Set(state.uploaded.keys()));
      }
      setProgress(undefined);
      const evidence = files.map((file) => state.uploaded.get(file.name)!).filter(Boolean);
      const changedNote = note.trim() !== String(proof.attributes.note ?? '');
      await records.update('rectifications', proof, { attributes: { evidenceMediaIds: evidence, ...(changedNote ? { note: note.trim() } : {}) } }, { silent: true });
      sent.current = { uploaded: new Map() };
      onDone();
    } catch (failure) {
      setProgress(undefined);
      if (failure instanceof UploadCancelled) return;
      const reason = explain(failure);
      setError(sent.current.proof ? intl.formatMessage({ id: 'rectifications.portal.partial' }, { reason }) : reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={ids.form} className="portal-proof-form" aria-label={intl.formatMessage({ id: 'rectifications.portal.formFor' }, { title })} onSubmit={(event) => void submit(event)} onKeyDown={(event) => {
      if (event.key === 'Escape' && !busy) {
        event.stopPropagation();
        onDone();
      }
    }}>
      <p className="portal-hint"><FormattedMessage id="rectifications.portal.formHint" /></p>
      <label htmlFor={ids.note}><FormattedMessage id="rectifications.portal.note" /></label>
      <textarea id={ids.note} ref={noteRef} autoFocus required rows={3} maxLength={5000} value={note} onChange={(event) => setNote(event.target.value)} aria-describedby={error ? ids.error : undefined} />
      <span id={ids.files}><FormattedMessage id="rectifications.portal.filesLabel" values={{ max: MAX_PROOF_FILES }} /></span>
      <input ref={input} type="file" multiple accept={ACCEPTED_FILES} hidden onChange={(event) => {
        choose(event.target.files);
        event.target.value = '';
      }} />
      <div className="portal-proof-actions">
        <button type="button" aria-describedby={`${ids.files} ${ids.chosen}`} disabled={busy || files.length >= MAX_PROOF_FILES} onClick={() => input.current?.click()}>
          <FormattedMessage id="rectifications.portal.choose" />
        </button>
      </div>
      <div id={ids.chosen} aria-live="polite">
        {files.length === 0 ? <FormattedMessage id="rectifications.portal.noneChosen" /> : (
          <ul className="portal-proof-chosen">
            {files.map((file) => (
              <li key={file.name}>
                {file.name}{' '}
                {!stored.has(file.name) && (
                  <button type="button" className="link-button" disabled={busy} aria-label={intl.formatMessage({ id: 'rectifications.portal.remove' }, { name: file.name })} onClick={() => setFiles((list) => list.filter((other) => other !== file))}>
                    <FormattedMessage id="rectifications.portal.removeShort" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {progress && <p role="status">{progress}</p>}
      {error && <p id={ids.error} className="form-error" role="alert">{error}</p>}
      <div className="portal-proof-actions">
        <button type="submit" disabled={busy}><FormattedMessage id="rectifications.portal.submit" /></button>
        <button type="button" disabled={busy} onClick={onDone}><FormattedMessage id="rectifications.portal.cancel" /></button>
      </div>
    </form>
  );
}
