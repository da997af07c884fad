/**
 * The editor of a document template (templateDocs' `screen.detail`): the template text in a code
 * area, the placeholders its document type offers (searchable, inserted at the cursor with Enter:
 * nobody types `{{…}}` blind), the template checked as it is typed (the same check the server makes
 * on save, Italian messages), and a live preview: the PDF of the draft over a record chosen among
 * the latest of the type (`POST /api/templateDocs/preview`).
 */
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { EntityJson } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { documentDeclarations, type Placeholder, type TemplateDocType } from '../../domain/documents/placeholders.ts';
import { templateIssues } from '../../domain/documents/template.ts';
import { api } from '../api/client.ts';
import { listKey, records } from '../data/index.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { addMessages } from '../i18n/index.ts';
import documentMessages from '../i18n/messages/documents.ts';
import { useDebounced } from '../use-debounced.ts';
import { usePdfUrl } from './pdf-url.ts';

addMessages(documentMessages);

const TOOLBAR = ['record.save', 'record.discard', 'record.history'] as const;
const documentTypes = Object.keys(documentDeclarations) as TemplateDocType[];

/** One row of the placeholder list: what it inserts and how it reads. */
interface PlaceholderRow {
  name: string;
  label: string;
  insert: string;
  depth: number;
  section: boolean;
}

/** The placeholders of a type as list rows: a repeated section, then its own fields indented. */
export function placeholderRows(type: TemplateDocType): PlaceholderRow[] {
  const rows: PlaceholderRow[] = [];
  const walk = (placeholders: readonly Placeholder[], depth: number) => {
    for (const placeholder of placeholders) {
      if (placeholder.items) {
        rows.push({ name: placeholder.name, label: placeholder.label, insert: `{{#${placeholder.name}}}\n\n{{/${placeholder.name}}}`, depth, section: true });
        walk(placeholder.items, depth + 1);
      } else rows.push({ name: placeholder.name, label: placeholder.label, insert: `{{${placeholder.name}}}`, depth, section: false });
    }
  };
  walk(documentDeclarations[type].placeholders, 0);
  return rows;
}

export function TemplateEditor({ id }: { id: string }) {
  const controller = useRecordController('templateDocs', id, { resolveConflict: showConflict });
  return <RecordLoader controller={controller}>{(record) => <LoadedTemplate {...record} />}</RecordLoader>;
}

function LoadedTemplate({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const ids = useId();
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const selection = useRef<{ start: number; end: number }>({ start: 0, end: 0 });
  const { locked } = controller;
  const title = kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);

  const type = (documentTypes.includes(draft.attributes.type as TemplateDocType) ? draft.attributes.type : 'quotation') as TemplateDocType;
  const body = String(draft.attributes.body ?? '');
  const issues = useMemo(() => templateIssues(type, body), [type, body]);
  const serverError = controller.errors.get('attributes.body');

  // Placeholder list: filtered by the search, one active row moved with the arrows.
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const rows = useMemo(() => {
    const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return placeholderRows(type).filter((row) => words.every((word) => `${row.name} ${row.label}`.toLowerCase().includes(word)));
  }, [type, search]);
  const activeRow = rows[Math.min(active, rows.length - 1)];

  const insert = useCallback((row: PlaceholderRow) => {
    const { start, end } = selection.current;
    const next = body.slice(0, start) + row.insert + body.slice(end);
    controller.setField('attributes.body', next);
    const caret = start + (row.section ? row.insert.indexOf('\n') + 1 : row.insert.length);
    selection.current = { start: caret, end: caret };
    requestAnimationFrame(() => {
      bodyRef.current?.focus();
      bodyRef.current?.setSelectionRange(caret, caret);
    });
  }, [body, controller]);

  const rememberSelection = () => {
    const area = bodyRef.current;
    if (area) selection.current = { start: area.selectionStart, end: area.selectionEnd };
  };
  const onBodyKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl+Space: choose a placeholder to insert here.
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      rememberSelection();
      searchRef.current?.focus();
    }
  };
  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const delta = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => Math.max(0, Math.min(rows.length - 1, Math.min(index, rows.length - 1) + delta)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeRow && !locked) insert(activeRow);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      bodyRef.current?.focus();
    }
  };

  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="screen-template-doc" toolbar={TOOLBAR}>
      <div className="template-fields" style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', alignItems: 'end' }}>
        <label>
          <FormattedMessage id="documents.editor.name" />
          <input type="text" value={String(draft.attributes.name ?? '')} readOnly={locked} aria-invalid={controller.errors.has('attributes.name') || undefined} onChange={(event) => controller.setField('attributes.name', event.target.value)} />
        </label>
        <label>
          <FormattedMessage id="documents.editor.type" />
          <select value={type} disabled={locked} onChange={(event) => controller.setField('attributes.type', event.target.value)}>
            {documentTypes.map((value) => <option key={value} value={value}>{documentDeclarations[value].label}</option>)}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={draft.attributes.isDefault === true} disabled={locked} onChange={(event) => controller.setField('attributes.isDefault', event.target.checked)} />
          <FormattedMessage id="documents.editor.isDefault" />
        </label>
      </div>
      <div className="template-editor" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(14rem, 2fr)', gap: '1rem' }}>
        <div>
          <label htmlFor={`${ids}-body`}><FormattedMessage id="documents.editor.body" /></label>
          <p id={`${ids}-help`} className="field-help"><FormattedMessage id="documents.editor.bodyHelp" values={{ example: '{{preventivo.codice}}', section: '{{#righe}}…{{/righe}}' }} /></p>
          <textarea
            id={`${ids}-body`}
            ref={bodyRef}
            className="template-body"
            value={body}
            readOnly={locked}
            rows={24}
            spellCheck={false}
            aria-describedby={`${ids}-help ${ids}-issues`}
            aria-invalid={issues.length > 0 || Boolean(serverError) || undefined}
            style={{ width: '100%', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85rem' }}
            onChange={(event) => controller.setField('attributes.body', event.target.value)}
            onSelect={rememberSelection}
            onBlur={rememberSelection}
            onKeyDown={onBodyKey}
          />
          <div id={`${ids}-issues`} role={issues.length > 0 ? 'alert' : 'status'}>
            {issues.length === 0 && !serverError ? (
              <FormattedMessage id="documents.editor.valid" />
            ) : (
              <>
                {issues.length > 0 && <FormattedMessage id="documents.editor.issues" values={{ count: issues.length }} />}
                <ul className="template-issues">
                  {issues.map((issue, index) => <li key={index}>{issue.message}</li>)}
                  {issues.length === 0 && serverError && <li>{serverError}</li>}
                </ul>
              </>
            )}
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-search`}><FormattedMessage id="documents.editor.placeholders" /></label>
          <input
            id={`${ids}-search`}
            ref={searchRef}
            type="search"
            role="combobox"
            aria-expanded="true"
            aria-controls={`${ids}-list`}
            aria-activedescendant={activeRow ? `${ids}-ph-${activeRow.name}` : undefined}
            aria-describedby={`${ids}-hint`}
            placeholder={intl.formatMessage({ id: 'documents.editor.placeholderSearch' })}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
          />
          <p id={`${ids}-hint`} className="field-help"><FormattedMessage id="documents.editor.placeholderHint" /></p>
          <ul id={`${ids}-list`} role="listbox" aria-label={intl.formatMessage({ id: 'documents.editor.placeholders' })} style={{ maxHeight: '22rem', overflowY: 'auto', listStyle: 'none', padding: 0 }}>
            {rows.length === 0 && <li role="presentation"><FormattedMessage id="documents.editor.placeholderNone" /></li>}
            {rows.map((row) => (
              <li
                key={`${row.depth}-${row.name}`}
                id={`${ids}-ph-${row.name}`}
                role="option"
                aria-selected={row === activeRow}
                style={{ paddingInlineStart: `${row.depth * 1.25 + 0.25}rem`, background: row === activeRow ? 'var(--selection, #dbe8ff)' : undefined, cursor: 'pointer' }}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => !locked && insert(row)}
              >
                <code>{row.section ? `{{#${row.name}}}` : `{{${row.name}}}`}</code> {row.label}
                {row.section && <> (<FormattedMessage id="documents.editor.section" />)</>}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <TemplatePreview type={type} body={body} valid={issues.length === 0} />
    </RecordFrame>
  );
}

/** The PDF of the draft over a chosen record of the template's type, refreshed when typing pauses. */
function TemplatePreview({ type, body, valid }: { type: TemplateDocType; body: string; valid: boolean }) {
  const intl = useIntl();
  const ids = useId();
  const recordType = documentDeclarations[type].recordType;
  const recordKind = findKind(recordType);
  const params = { 'page[size]': 20 };
  const { data: samples } = useQuery({ queryKey: listKey(recordType, params), queryFn: ({ signal }) => records.list(recordType, params, signal) });
  const [chosen, setChosen] = useState<string>();
  const recordId = chosen && samples?.data.some((entity) => entity.id === chosen) ? chosen : samples?.data[0]?.id;
  const [refreshes, setRefreshes] = useState(0);
  const draft = useDebounced(body, 800);
  const load = useMemo(() => () => api.post<Blob>('/templateDocs/preview', { type, body: draft, recordId }, { silent: true }), [type, draft, recordId]);
  const pdf = usePdfUrl(load, String(refreshes), Boolean(recordId) && valid);

  return (
    <section className="template-preview" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}><FormattedMessage id="documents.editor.preview" /></h2>
      {samples && samples.data.length === 0 ? (
        <p role="status"><FormattedMessage id="documents.editor.sampleNone" /></p>
      ) : (
        <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'end' }}>
          <label>
            <FormattedMessage id="documents.editor.sample" />
            <select value={recordId ?? ''} onChange={(event) => setChosen(event.target.value)}>
              {samples?.data.map((entity) => <option key={entity.id} value={entity.id}>{recordKind?.title(entity) || entity.id}</option>)}
            </select>
          </label>
          <button type="button" onClick={() => setRefreshes((n) => n + 1)} disabled={!recordId || !valid}>
            <FormattedMessage id="documents.editor.refresh" />
          </button>
        </div>
      )}
      {pdf.error && <p role="alert"><FormattedMessage id="documents.viewer.error" values={{ message: pdf.error }} /></p>}
      {pdf.url && <iframe src={pdf.url} title={intl.formatMessage({ id: 'documents.editor.previewFrame' })} style={{ width: '100%', height: '70vh', border: '1px solid var(--border, #ccc)' }} />}
    </section>
  );
}
