/**
 * «Esporta» of a grid (issue 27): the dialog that chooses CSV or Excel and downloads the grid's view
 * from the list endpoint (same query, visible columns), with its progress and a way to cancel.
 * The grid screen registers it as its tab's export target (`commands/export.ts`), so Alt+E, the
 * palette and a button all open it.
 */
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { preferExportTarget, registerExportTarget, type ExportTarget } from '../../../commands/export.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { records } from '../data/index.ts';
import { addMessages, intl } from '../i18n/index.ts';
import messages from '../i18n/messages/export.ts';
import { RadioGroup } from '../forms/editors/radio-group.tsx';
import { openDialog } from '../shell/dialog.tsx';
import { downloadBlob } from '../shell/download.ts';

addMessages(messages);

export const EXPORT_MEDIA_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv' } as const;
export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

/** What a grid exports: its kind, its list query (filters, sort, full text, fixed filters) and its visible columns. */
export interface ListExportView {
  kind: KindDefinition;
  query: Record<string, string>;
  columns: string[];
  total: number;
  totalIsEstimate: boolean;
  label: string;
}

/**
 * Registers the grid's export for its tab while `tabUrl` and `view` are given; `view` is read when the
 * export starts. Focus entering `gridRef` makes this grid the one the tab exports.
 */
export function useListExport(tabUrl: string | undefined, view: ListExportView | undefined, gridRef?: RefObject<HTMLElement | null>): void {
  const live = useRef(view);
  useEffect(() => {
    live.current = view;
  });
  const enabled = view !== undefined;
  useEffect(() => {
    if (!enabled || tabUrl === undefined) return undefined;
    const target: ExportTarget = {
      run: () => {
        if (live.current) void openExportDialog(live.current);
      },
      available: () => (live.current?.total ?? 0) > 0 || { disabled: intl.formatMessage({ id: 'export.empty' }) },
    };
    const unregister = registerExportTarget(tabUrl, target);
    const element = gridRef?.current;
    const prefer = () => preferExportTarget(tabUrl, target);
    element?.addEventListener('focusin', prefer);
    return () => {
      element?.removeEventListener('focusin', prefer);
      unregister();
    };
  }, [tabUrl, enabled, gridRef]);
}

export function openExportDialog(view: ListExportView): Promise<unknown> {
  return openDialog({
    title: intl.formatMessage({ id: 'export.title' }, { list: view.label }),
    size: 'md',
    render: (close) => <ExportForm view={view} close={close} />,
  });
}

type Progress = { done: number; bytes: number };

/** The file name the server gave (Content-Disposition), else one from the list's name. */
function fileNameOf(response: Response, view: ListExportView, format: ExportFormat): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? `${view.kind.type}.${format}`;
}

/** Reads the answer as it streams, counting bytes and (CSV) record ends for the progress. */
async function readAll(response: Response, onProgress: (progress: Progress) => void): Promise<Blob> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines += 1;
    onProgress({ done: Math.max(0, lines - 1), bytes });
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

function ExportForm({ view, close }: { view: ListExportView; close: (result?: unknown) => void }) {
  const intl = useIntl();
  const name = useId();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  // Closing the dialog while it runs (Escape) stops the download: the server stops reading the list.
  useEffect(() => () => {
    if (!running.current) return;
    running.current.abort();
    pushAlert({ type: 'info', content: intl.formatMessage({ id: 'export.cancelled' }) });
  }, [intl]);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setProgress({ done: 0, bytes: 0 });
    try {
      const response = await records.exportList(view.kind.type, { ...view.query, cols: view.columns.join(',') }, EXPORT_MEDIA_TYPES[format], controller.signal);
      const blob = await readAll(response, setProgress);
      const file = fileNameOf(response, view, format);
      downloadBlob(blob, file);
      const total = Number(response.headers.get('x-total-count'));
      pushAlert({ type: 'success', content: Number.isFinite(total) ? intl.formatMessage({ id: 'export.done' }, { count: total, file }) : intl.formatMessage({ id: 'export.doneFile' }, { file }) });
      running.current = null;
      close(file);
    } catch (failure) {
      running.current = null;
      if (controller.signal.aborted) return;
      setProgress(null);
      const reason = failure instanceof ApiProblem ? problemText(failure) : intl.formatMessage({ id: 'export.interrupted' });
      setError(intl.formatMessage({ id: 'export.failed' }, { reason }));
    }
  };

  const cancel = () => {
    if (running.current) {
      running.current.abort();
      running.current = null;
      pushAlert({ type: 'info', content: intl.formatMessage({ id: 'export.cancelled' }) });
    }
    close();
  };

  const number = (n: number) => intl.formatNumber(n);
  const size = (bytes: number) => `${intl.formatNumber(bytes / 1_048_576, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
  return (
    <form
      className="export-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!progress) void start();
      }}
    >
      <p>
        <FormattedMessage id={view.totalIsEstimate ? 'export.introEstimate' : 'export.intro'} values={{ count: view.total }} />
      </p>
      <RadioGroup<ExportFormat>
        label={<FormattedMessage id="export.format" />}
        name={name}
        value={format}
        onChange={setFormat}
        disabled={progress !== null}
        optionClassName="export-format"
        autoFocusFirst
        options={(['xlsx', 'csv'] as const).map((option) => ({
          value: option,
          label: <span><FormattedMessage id={`export.format.${option}`} /></span>,
          hint: <FormattedMessage id={`export.format.${option}Hint`} />,
        }))}
      />
      {progress && (
        <div className="export-progress" role="status">
          <FormattedMessage id="export.progress" />
          {format === 'csv' ? (
            <>
              <progress max={Math.max(1, view.total)} value={Math.min(progress.done, view.total)} aria-label={intl.formatMessage({ id: 'export.progress' })} />
              <span> <FormattedMessage id="export.progress.rows" values={{ done: number(Math.min(progress.done, view.total)), total: number(view.total) }} /></span>
            </>
          ) : (
            <>
              <progress aria-label={intl.formatMessage({ id: 'export.progress' })} />
              <span> <FormattedMessage id="export.progress.bytes" values={{ size: size(progress.bytes) }} /></span>
            </>
          )}
        </div>
      )}
      {error && <p role="alert" className="form-error">{error}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={cancel}>
          <FormattedMessage id={progress ? 'export.cancel' : 'export.close'} />
        </button>
        <button type="submit" className="primary" disabled={progress !== null}>
          <FormattedMessage id="export.start" />
        </button>
      </div>
    </form>
  );
}
