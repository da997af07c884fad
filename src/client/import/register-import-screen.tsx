/**
 * «Importa da foglio di calcolo» (issue 27): a customer's register (equipment, sites, employees) or
 * the catalogue (products with their price-list rows) from a spreadsheet, on one page.
 * Choose the register (customer) and the file → the columns, each with the field the server proposed
 * (a <select> per column) → «Anteprima» (counts, refused rows with the reason per cell; nothing
 * written) → «Conferma importazione» → the result, with «Annulla importazione» while nothing imported
 * changed since, and a link to the import's page. Every call goes through the one API client, so a
 * problem becomes the standard alert.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { recordTabUrl, routeUrl } from '../../domain/routes.ts';
import { registers, type ImportMapping, type ImportPreview, type ImportRegister } from '../../domain/import/register-import.ts';
import { RadioGroup } from '../forms/editors/radio-group.tsx';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { showProblemAlert } from '../api/problem-alert.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/import.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';

addMessages(messages);

interface ImportRecord { id: string; attributes: { createdCount: number; updatedCount: number; refusedCount: number } }

/** Rows shown at most per list (the counts say how many there are). */
const SHOWN_ROWS = 200;

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The registers imported into a customer, and those of the office's own lists, in the order offered. */
const registersOf = (scope: 'customer' | 'catalogue') => (Object.keys(registers) as ImportRegister[]).filter((register) => registers[register].scope === scope);

export default function RegisterImportScreen({ customerId, register: initial }: { customerId?: string | undefined; register?: string | undefined }) {
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
  /** A new file input after «Importa un altro file» (a file input keeps its file otherwise). */
  const [round, setRound] = useState(0);
  const offered = registersOf(customerId === undefined ? 'catalogue' : 'customer');
  const [register, setRegister] = useState<ImportRegister>(() => offered.find((r) => r === initial) ?? offered[0]!);
  const definition = registers[register];

  if (!ability.can('create', 'import') || !ability.can('create', definition.subject)) {
    return <section className="screen"><p role="alert"><FormattedMessage id="import.notAllowed" values={{ register: definition.label.toLowerCase() }} /></p></section>;
  }
  const base = customerId === undefined ? '/catalogue/imports' : `/customers/${encodeURIComponent(customerId)}/imports`;

  const reset = () => {
    setPreview(undefined); setResult(undefined); setUndone(false); setChanged(undefined); setPreviewed(false);
  };

  const chooseRegister = (next: ImportRegister) => {
    setRegister(next);
    setFile(undefined);
    setMapping([]);
    reset();
  };

  const ask = async (body: { fileName: string; content: string; mapping?: ImportMapping }): Promise<ImportPreview | undefined> => {
    try {
      return (await api.post<{ data: ImportPreview }>(`${base}/preview`, { register, ...body }, { failure: 'import.preview' })).data;
    } catch {
      return undefined; // the API client showed the alert
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    reset();
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
      const response = await api.post<{ data: ImportRecord }>(base, { register, fileName: file.name, content: file.content, mapping }, { failure: 'import.commit' });
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
      await api.post(`/imports/${encodeURIComponent(result.id)}/actions/undo`, undefined, { silent: true });
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
    setMapping((current) => current.map((target, i) => (i === index ? (value === '' ? null : value) : target)));
    setPreviewed(false);
  };

  const refused = (preview?.rows ?? []).filter((row) => row.action === 'refused');
  const toWrite = (action: 'create' | 'update') => (preview?.rows ?? []).filter((row) => row.action === action);
  const locked = busy !== undefined || result !== undefined;

  return (
    <section className="screen screen-import" aria-labelledby={`${ids}-title`} aria-busy={busy ? true : undefined}>
      <h1 id={`${ids}-title`}><FormattedMessage id={customerId === undefined ? 'import.title.catalogue' : 'import.title'} /></h1>
      <p className="form-hint"><FormattedMessage id="import.intro" /></p>
      {offered.length > 1 && (
        <RadioGroup
          label={<FormattedMessage id="import.register" />}
          options={offered.map((value) => ({ value, label: registers[value].label }))}
          value={register}
          onChange={chooseRegister}
          disabled={locked}
        />
      )}
      <p className="form-hint"><FormattedMessage id="import.columns" values={{ columns: Object.values(definition.targets).map((target) => target.label).join(', '), identity: definition.targets[definition.identity]!.label }} /></p>
      <div className="form-field">
        <label htmlFor={`${ids}-file`}><FormattedMessage id="import.file" values={{ register: definition.label.toLowerCase() }} /></label>
        <input key={`${register}-${round}`} id={`${ids}-file`} type="file" accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={locked} onChange={(event) => void choose(event)} />
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
          {(['update', 'create'] as const).map((action) => toWrite(action).length > 0 && (
            <details key={action} className="import-rows" open={action === 'update'}>
              <summary><FormattedMessage id={`import.rows.${action}`} values={{ count: toWrite(action).length }} /></summary>
              <table>
                <thead><tr><th scope="col"><FormattedMessage id="import.refused.row" /></th><th scope="col"><FormattedMessage id="import.refused.record" /></th></tr></thead>
                <tbody>
                  {toWrite(action).slice(0, SHOWN_ROWS).map((row) => (
                    <tr key={row.row}>
                      <td>{row.row}</td>
                      <td>{row.id ? <AppLink href={recordTabUrl(definition.kind, row.id)}>{row.title}</AppLink> : row.title}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {toWrite(action).length > SHOWN_ROWS && <p><FormattedMessage id="import.rows.more" values={{ count: toWrite(action).length - SHOWN_ROWS }} /></p>}
            </details>
          ))}
          {refused.length > 0 && (
            <>
              <h3><FormattedMessage id="import.refused" /></h3>
              <table className="import-refused">
                <thead>
                  <tr>
                    {['row', 'record', 'column', 'value', 'reason'].map((key) => <th key={key} scope="col"><FormattedMessage id={`import.refused.${key}`} /></th>)}
                  </tr>
                </thead>
                <tbody>
                  {refused.slice(0, SHOWN_ROWS).flatMap((row) => (row.errors ?? []).map((cell, index) => (
                    <tr key={`${row.row}-${index}`}>
                      <td>{row.row}</td><td>{row.title}</td><td>{cell.column ?? '—'}</td><td>{cell.value}</td><td>{cell.message}</td>
                    </tr>
                  )))}
                </tbody>
              </table>
              {refused.length > SHOWN_ROWS && <p><FormattedMessage id="import.refused.more" values={{ count: refused.length - SHOWN_ROWS }} /></p>}
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
              : <FormattedMessage id="import.done" values={{ created: result.attributes.createdCount, updated: result.attributes.updatedCount, refused: result.attributes.refusedCount, register: definition.label }} />}
          </p>
          {!undone && <button type="button" disabled={busy !== undefined} onClick={() => void undo()}><FormattedMessage id="import.undo" /></button>}
          {busy === 'undo' && <p role="status"><FormattedMessage id="import.undoing" /></p>}
          {changed && (
            <div role="alert">
              <p><FormattedMessage id="import.changedSince" /></p>
              <ul>{changed.map((line, index) => <li key={index}>{line}</li>)}</ul>
            </div>
          )}
          <p><button type="button" disabled={busy !== undefined} onClick={() => { setFile(undefined); setMapping([]); reset(); setRound((n) => n + 1); }}><FormattedMessage id="import.again" /></button></p>
          <p>
            <AppLink href={recordTabUrl('imports', result.id)}><FormattedMessage id="import.openRecord" /></AppLink>
            {' · '}
            {customerId === undefined
              ? definition.listRoute && <AppLink href={routeUrl(definition.listRoute.name, definition.listRoute.params)}><FormattedMessage id="import.openList" values={{ register: definition.label }} /></AppLink>
              : <AppLink href={routeUrl('CustomersId', { id: customerId })}><FormattedMessage id="import.openCustomer" /></AppLink>}
          </p>
        </div>
      )}
    </section>
  );
}
