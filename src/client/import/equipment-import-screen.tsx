/**
 * «Importa attrezzature» (issue 27): a customer's equipment register from a spreadsheet, on one page.
 * Choose the file → the columns, each with the field the server proposed (a <select> per column) →
 * «Anteprima» (counts, refused rows with the reason per cell; nothing written) → «Conferma
 * importazione» → the result, with «Annulla importazione» while nothing imported changed since.
 * Every call goes through the one API client, so a problem becomes the standard alert.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { routeUrl } from '../../domain/routes.ts';
import type { ImportMapping, ImportPreview, ImportTarget } from '../../domain/import/equipment-import.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { showProblemAlert } from '../api/problem-alert.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/import.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';

addMessages(messages);

interface ImportRecord { id: string; attributes: { createdCount: number; updatedCount: number; refusedCount: number } }

/** Refused rows shown at most (the counts say how many there are). */
const SHOWN_REFUSED = 200;

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export default function EquipmentImportScreen({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const { ability } = useSession();
  const ids = useId();
  const [file, setFile] = useState<{ name: string; content: string } | undefined>();
  const [preview, setPreview] = useState<ImportPreview | undefined>();
  const [mapping, setMapping] = useState<ImportMapping>([]);
  const [previewed, setPreviewed] = useState(false);
  const [busy, setBusy] = useState<'reading' | 'preview' | 'commit' | 'undo' | undefined>();
  const [result, setResult] = useState<ImportRecord | undefined>();
  const [undone, setUndone] = useState(false);
  const [changed, setChanged] = useState<string[] | undefined>();

  if (!ability.can('create', 'equipment import')) {
    return <section className="screen"><p role="alert"><FormattedMessage id="import.notAllowed" /></p></section>;
  }
  const previewPath = `/customers/${encodeURIComponent(customerId)}/equipmentImports/preview`;

  const ask = async (body: { fileName: string; content: string; mapping?: ImportMapping }): Promise<ImportPreview | undefined> => {
    try {
      return (await api.post<{ data: ImportPreview }>(previewPath, body, { failure: 'import.preview' })).data;
    } catch {
      return undefined; // the API client showed the alert
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setPreview(undefined); setResult(undefined); setUndone(false); setChanged(undefined); setPreviewed(false);
    if (!chosen) return setFile(undefined);
    setBusy('reading');
    const read = { name: chosen.name, content: await base64Of(chosen) };
    setFile(read);
    const proposed = await ask({ fileName: read.name, content: read.content });
    setBusy(undefined);
    if (proposed) { setPreview(proposed); setMapping(proposed.mapping); }
  };

  const runPreview = async () => {
    if (!file) return;
    setBusy('preview');
    const next = await ask({ fileName: file.name, content: file.content, mapping });
    setBusy(undefined);
    if (next) { setPreview(next); setMapping(next.mapping); setPreviewed(true); }
  };

  const commit = async () => {
    if (!file) return;
    setBusy('commit');
    try {
      const response = await api.post<{ data: ImportRecord }>(`/customers/${encodeURIComponent(customerId)}/equipmentImports`,
        { fileName: file.name, content: file.content, mapping }, { failure: 'import.commit' });
      setResult(response.data);
    } catch {
      // the API client showed the alert
    } finally {
      setBusy(undefined);
    }
  };

  const undo = async () => {
    if (!result) return;
    setBusy('undo');
    setChanged(undefined);
    try {
      await api.post(`/equipmentImports/${encodeURIComponent(result.id)}/actions/undo`, undefined, { silent: true });
      setUndone(true);
    } catch (error) {
      if (error instanceof ApiProblem && error.code === 'IMPORT_CHANGED_SINCE') setChanged(error.errors.map((item) => item.message));
      else if (error instanceof ApiProblem) showProblemAlert(error, 'import.undo');
      else throw error;
    } finally {
      setBusy(undefined);
    }
  };

  const setTarget = (index: number, value: string) => {
    setMapping((current) => current.map((target, i) => (i === index ? (value === '' ? null : (value as ImportTarget)) : target)));
    setPreviewed(false);
  };

  const refused = (preview?.rows ?? []).filter((row) => row.action === 'refused');
  const locked = busy !== undefined || result !== undefined;

  return (
    <section className="screen screen-import" aria-labelledby={`${ids}-title`} aria-busy={busy ? true : undefined}>
      <h1 id={`${ids}-title`}><FormattedMessage id="import.title" /></h1>
      <p className="form-hint"><FormattedMessage id="import.intro" /></p>
      <div className="form-field">
        <label htmlFor={`${ids}-file`}><FormattedMessage id="import.file" /></label>
        <input id={`${ids}-file`} type="file" accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={locked} onChange={(event) => void choose(event)} />
      </div>
      {busy === 'reading' && <p role="status"><FormattedMessage id="import.reading" /></p>}

      {preview && (
        <>
          <h2><FormattedMessage id="import.mapping" /></h2>
          <p className="form-hint"><FormattedMessage id={`import.mapping.source.${preview.mappingSource}`} /></p>
          <table className="import-mapping">
            <thead><tr><th scope="col"><FormattedMessage id="import.mapping.column" /></th><th scope="col"><FormattedMessage id="import.mapping.field" /></th></tr></thead>
            <tbody>
              {preview.headers.map((header, index) => (
                <tr key={index}>
                  <th scope="row"><label htmlFor={`${ids}-map-${index}`}>{header}</label></th>
                  <td>
                    <select id={`${ids}-map-${index}`} value={mapping[index] ?? ''} disabled={locked} onChange={(event) => setTarget(index, event.target.value)}>
                      <option value="">{intl.formatMessage({ id: 'import.mapping.ignore' })}</option>
                      {preview.targets.map((target) => <option key={target.key} value={target.key}>{target.label}</option>)}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" disabled={locked} onClick={() => void runPreview()}><FormattedMessage id="import.preview" /></button>
        </>
      )}

      {preview && previewed && (
        <>
          <h2><FormattedMessage id="import.previewTitle" /></h2>
          <dl className="import-counts">
            <dt><FormattedMessage id="import.counts.rows" /></dt><dd>{preview.rowsCount}</dd>
            <dt><FormattedMessage id="import.counts.create" /></dt><dd>{preview.createCount}</dd>
            <dt><FormattedMessage id="import.counts.update" /></dt><dd>{preview.updateCount}</dd>
            <dt><FormattedMessage id="import.counts.unchanged" /></dt><dd>{preview.unchangedCount}</dd>
            <dt><FormattedMessage id="import.counts.refused" /></dt><dd>{preview.refusedCount}</dd>
          </dl>
          {refused.length > 0 && (
            <>
              <h3><FormattedMessage id="import.refused" /></h3>
              <table className="import-refused">
                <thead>
                  <tr>
                    {['row', 'serial', 'column', 'value', 'reason'].map((key) => <th key={key} scope="col"><FormattedMessage id={`import.refused.${key}`} /></th>)}
                  </tr>
                </thead>
                <tbody>
                  {refused.slice(0, SHOWN_REFUSED).flatMap((row) => (row.errors ?? []).map((cell, index) => (
                    <tr key={`${row.row}-${index}`}>
                      <td>{row.row}</td><td>{row.serialNumber}</td><td>{cell.column ?? '—'}</td><td>{cell.value}</td><td>{cell.message}</td>
                    </tr>
                  )))}
                </tbody>
              </table>
              {refused.length > SHOWN_REFUSED && <p><FormattedMessage id="import.refused.more" values={{ count: refused.length - SHOWN_REFUSED }} /></p>}
            </>
          )}
          {!result && <button type="button" disabled={busy !== undefined} onClick={() => void commit()}><FormattedMessage id="import.commit" /></button>}
        </>
      )}
      {preview && !previewed && mapping.length > 0 && !result && busy !== 'reading' && <p className="form-hint"><FormattedMessage id="import.stale" /></p>}

      {busy === 'commit' && (
        <p role="status"><progress aria-label={intl.formatMessage({ id: 'import.committing' })} /> <FormattedMessage id="import.committing" /></p>
      )}

      {result && (
        <div className="import-result">
          <p role="status">
            {undone
              ? <FormattedMessage id="import.undone" />
              : <FormattedMessage id="import.done" values={{ created: result.attributes.createdCount, updated: result.attributes.updatedCount, refused: result.attributes.refusedCount }} />}
          </p>
          {!undone && <button type="button" disabled={busy !== undefined} onClick={() => void undo()}><FormattedMessage id="import.undo" /></button>}
          {busy === 'undo' && <p role="status"><FormattedMessage id="import.undoing" /></p>}
          {changed && (
            <div role="alert">
              <p><FormattedMessage id="import.changedSince" /></p>
              <ul>{changed.map((line, index) => <li key={index}>{line}</li>)}</ul>
            </div>
          )}
          <p><AppLink href={routeUrl('CustomersId', { id: customerId })}><FormattedMessage id="import.openEquipment" /></AppLink></p>
        </div>
      )}
    </section>
  );
}
