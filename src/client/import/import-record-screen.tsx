/**
 * An import's page (`/imports/{id}`, issue 27): what was imported, from which file, by whom and when,
 * with which mapping and counts; every record it wrote, and whether it was changed or deleted since;
 * «Annulla importazione» while nothing it wrote changed (the server decides, and says what changed
 * when it refuses). Reached from the customer's «Importazioni» section, the import screen's result and
 * the palette.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { registers, type ImportedRow, type ImportRegister } from '../../domain/import/register-import.ts';
import { findKind } from '../../domain/kinds.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText, showProblemAlert } from '../api/problem-alert.ts';
import { recordKey, records } from '../data/records.ts';
import { useEntityTitle } from '../forms/references.ts';
import { formatDateTime } from '../forms/format.ts';
import { downloadMedia } from '../files/upload.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/import.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';

addMessages(messages);

const rowsKey = (id: string) => ['records', 'imports', 'one', id, 'rows'] as const;

export default function ImportRecordScreen({ id }: { id: string }) {
  const intl = useIntl();
  const ids = useId();
  const { ability } = useSession();
  const queryClient = useQueryClient();
  const record = useQuery({ queryKey: recordKey('imports', id), queryFn: ({ signal }) => records.get('imports', id, signal) });
  const written = useQuery({ queryKey: rowsKey(id), queryFn: ({ signal }) => records.related<{ data: ImportedRow[] }>('imports', id, 'rows', undefined, signal) });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string[] | undefined>();
  const entity = record.data;
  const customerName = useEntityTitle('customers', (entity?.relationships.customerId as string | null | undefined) ?? undefined);
  const authorName = useEntityTitle('users', (entity?.metadata.createdBy as string | undefined) ?? undefined);

  if (record.isPending) return <section className="screen"><p role="status"><FormattedMessage id="import.record.loading" /></p></section>;
  if (record.isError || !entity) {
    return <section className="screen"><p role="alert">{record.error instanceof ApiProblem ? problemText(record.error) : <FormattedMessage id="import.record.failed" />}</p></section>;
  }
  const attributes = entity.attributes as Record<string, unknown>;
  const register = registers[(attributes.register as ImportRegister | undefined) ?? 'equipments'];
  const mapping = (attributes.mapping ?? []) as (string | null)[];
  const headers = (attributes.headers ?? []) as string[];
  const rows = written.data?.data ?? [];
  const changed = rows.filter((row) => row.changedSince !== 'no');
  const committed = attributes.state === 'committed';
  const customerId = entity.relationships.customerId as string | null | undefined;

  const undo = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await records.runAction('imports', entity, 'undo', undefined, { silent: true });
      await queryClient.invalidateQueries({ queryKey: rowsKey(id) });
    } catch (error) {
      if (error instanceof ApiProblem && error.code === 'IMPORT_CHANGED_SINCE') {
        setRefusal(error.errors.map((item) => item.message));
        // The list says which records changed, and the button why it is no longer offered.
        await queryClient.invalidateQueries({ queryKey: rowsKey(id) });
      } else if (error instanceof ApiProblem) showProblemAlert(error, 'import.undo');
      else throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="screen screen-import-record" aria-labelledby={`${ids}-title`} aria-busy={busy || undefined}>
      <h1 id={`${ids}-title`}><FormattedMessage id="import.record.title" values={{ register: register.label, file: String(attributes.fileName) }} /></h1>
      <dl className="import-record-facts">
        <dt><FormattedMessage id="import.record.state" /></dt>
        <dd><FormattedMessage id={committed ? 'import.record.state.committed' : 'import.record.state.undone'} values={{ when: formatDateTime(String(attributes.undoneDateTime ?? '')) }} /></dd>
        <dt><FormattedMessage id="import.record.when" /></dt>
        <dd>{formatDateTime(String(attributes.committedDateTime))}{authorName ? ` · ${authorName}` : ''}</dd>
        {customerId && (
          <>
            <dt><FormattedMessage id="import.record.customer" /></dt>
            <dd><AppLink href={recordTabUrl('customers', customerId)}>{customerName}</AppLink></dd>
          </>
        )}
        <dt><FormattedMessage id="import.record.file" /></dt>
        <dd>
          {typeof attributes.mediaId === 'string'
            ? <button type="button" onClick={() => void downloadMedia(String(attributes.mediaId), String(attributes.fileName))}>{String(attributes.fileName)}</button>
            : String(attributes.fileName)}
        </dd>
        <dt><FormattedMessage id="import.record.counts" /></dt>
        <dd>
          <FormattedMessage id="import.record.countsValue" values={{
            rows: Number(attributes.rowsCount), created: Number(attributes.createdCount), updated: Number(attributes.updatedCount), refused: Number(attributes.refusedCount),
          }} />
        </dd>
      </dl>

      <h2><FormattedMessage id="import.mapping" /></h2>
      <table className="import-mapping">
        <thead><tr><th scope="col"><FormattedMessage id="import.mapping.column" /></th><th scope="col"><FormattedMessage id="import.mapping.field" /></th></tr></thead>
        <tbody>
          {headers.map((header, index) => {
            const target = mapping[index] ? register.targets[mapping[index]] : undefined;
            return <tr key={index}><th scope="row">{header}</th><td>{target?.label ?? intl.formatMessage({ id: 'import.mapping.ignored' })}</td></tr>;
          })}
        </tbody>
      </table>

      <h2><FormattedMessage id="import.record.written" values={{ count: rows.length }} /></h2>
      {written.isPending && <p role="status"><FormattedMessage id="import.record.loading" /></p>}
      {written.isError && <p role="alert">{written.error instanceof ApiProblem ? problemText(written.error) : <FormattedMessage id="import.record.failed" />}</p>}
      {committed && changed.length > 0 && <p className="form-hint"><FormattedMessage id="import.record.changedSince" values={{ count: changed.length }} /></p>}
      {rows.length > 0 && (
        <table className="import-written">
          <thead>
            <tr>{['record', 'kind', 'action', 'since'].map((key) => <th key={key} scope="col"><FormattedMessage id={`import.record.column.${key}`} /></th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.type}:${row.id}`}>
                <td>{row.changedSince === 'deleted' ? row.title : <AppLink href={recordTabUrl(row.type, row.id)}>{row.title}</AppLink>}</td>
                <td>{findKind(row.type)?.label.singular ?? row.type}</td>
                <td><FormattedMessage id={`import.record.action.${row.action}`} /></td>
                <td>
                  <FormattedMessage id={`import.record.since.${row.changedSince}`} values={{ when: row.lastUpdatedDateTime ? formatDateTime(row.lastUpdatedDateTime) : '' }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {committed && ability.can('update', 'import') && (
        <p>
          <button type="button" disabled={busy || changed.length > 0} aria-describedby={changed.length > 0 ? `${ids}-blocked` : undefined} onClick={() => void undo()}>
            <FormattedMessage id="import.undo" />
          </button>
          {changed.length > 0 && <span id={`${ids}-blocked`} className="form-hint"> <FormattedMessage id="import.record.undoBlocked" /></span>}
        </p>
      )}
      {busy && <p role="status"><FormattedMessage id="import.undoing" /></p>}
      {!committed && <p role="status"><FormattedMessage id="import.undone" /></p>}
      {refusal && (
        <div role="alert">
          <p><FormattedMessage id="import.changedSince" /></p>
          <ul>{refusal.map((line, index) => <li key={index}>{line}</li>)}</ul>
        </div>
      )}
    </section>
  );
}
