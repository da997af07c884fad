/**
 * Two versions of a quotation side by side (issue 9 "compare"), loaded on demand:
 * `/marketing/quotations/compare/{id}/revisions/{revisionId}` puts a frozen revision (left, read-only
 * as it was kept) beside the quotation as it is now (right); `/marketing/quotations/compare/{id}/{otherId}`
 * puts two quotations side by side. Lines are paired by the domain rule (`compareQuotationLines`):
 * changed lines and the changed cells are highlighted, added and removed lines marked, and the totals
 * show the difference. Keys (tab scope): `n` / `Maiusc+N` go to the next / previous changed line,
 * `r k` (in the editor) opens this view.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayOf } from '../../domain/business-day.ts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { findKind } from '../../domain/kinds.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { compareQuotationLines, comparedLine, netOf, type ComparedField, type ComparedLine, type ComparedRow, type RowChange } from '../../domain/rules/quotation-compare.ts';
import type { DocumentTotals } from '../../domain/rules/totals.ts';
import { listKey, recordKey, records } from '../data/records.ts';
import { formatDate, formatMoney, formatValue } from '../forms/format.ts';
import { useEntityTitle } from '../forms/references.ts';
import { addMessages } from '../i18n/index.ts';
import { loadQuotationLines } from '../quotation-editor/load-lines.ts';
import editorMessages from '../i18n/messages/quotation-editor.ts';
import { useIsActiveTab, useTabTitle } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';

addMessages(editorMessages);

/** One side of the comparison: its name, its state and date, its lines. */
interface Side {
  title: string;
  note: string;
  lines: ComparedLine[];
}

const byPosition = (a: { attributes?: Record<string, unknown> }, b: { attributes?: Record<string, unknown> }) =>
  Number(a.attributes?.position ?? 0) - Number(b.attributes?.position ?? 0);

function quotationTitle(entity: EntityJson): string {
  return findKind('quotations')?.title(entity) ?? String(entity.attributes.code ?? '');
}

/** A stored quotation and its live lines as one side. */
function useQuotationSide(id: string | undefined): { side?: Side; entity?: EntityJson; error: boolean } {
  const intl = useIntl();
  const quotation = useQuery({ queryKey: recordKey('quotations', id ?? ''), queryFn: ({ signal }) => records.get('quotations', id!, signal), enabled: Boolean(id) });
  const lines = useQuery({ queryKey: listKey('quotationProducts', { quotationId: id, all: true }), queryFn: ({ signal }) => loadQuotationLines(id!, signal), enabled: Boolean(id) });
  const side = useMemo<Side | undefined>(() => {
    if (!quotation.data || !lines.data) return undefined;
    const status = String(quotation.data.attributes.status ?? '');
    const revision = Number(quotation.data.attributes.revisionNumber ?? 0);
    return {
      title: quotationTitle(quotation.data),
      note: intl.formatMessage({ id: 'quotationCompare.current' }, { state: machineStateLabels.quotations[status] ?? status, revision }),
      lines: lines.data.toSorted(byPosition).map(comparedLine),
    };
  }, [quotation.data, lines.data, intl]);
  return { side, entity: quotation.data, error: quotation.isError || lines.isError };
}

/** A frozen revision (its snapshot) as one side. */
function useRevisionSide(revisionId: string | undefined): { side?: Side; error: boolean } {
  const intl = useIntl();
  const revision = useQuery({ queryKey: recordKey('quotationRevisions', revisionId ?? ''), queryFn: ({ signal }) => records.get('quotationRevisions', revisionId!, signal), enabled: Boolean(revisionId) });
  const side = useMemo<Side | undefined>(() => {
    if (!revision.data) return undefined;
    const attributes = revision.data.attributes;
    const snapshot = (attributes.snapshot ?? {}) as { attributes?: Record<string, unknown>; metadata?: Record<string, unknown>; lines?: { attributes?: Record<string, unknown> }[] };
    const frozen = { attributes: snapshot.attributes ?? {}, metadata: snapshot.metadata ?? {}, relationships: {} } as unknown as EntityJson;
    return {
      title: `${quotationTitle(frozen)} · ${intl.formatMessage({ id: 'quotationCompare.revision' }, { n: Number(attributes.revisionNumber ?? 0) })}`,
      note: intl.formatMessage({ id: 'quotationCompare.frozen' }, { date: formatDate(dayOf(String(revision.data.metadata.createdDateTime ?? ''))) }),
      lines: (snapshot.lines ?? []).toSorted(byPosition).map(comparedLine),
    };
  }, [revision.data, intl]);
  return { side, error: revision.isError };
}

export default function QuotationCompareScreen({ id, otherId, revisionId }: { id: string; otherId?: string | undefined; revisionId?: string | undefined }) {
  const intl = useIntl();
  const current = useQuotationSide(id);
  const other = useQuotationSide(otherId);
  const revision = useRevisionSide(revisionId);
  // A revision is older: it goes on the left, the quotation as it is now on the right.
  const left = revisionId ? revision.side : current.side;
  const right = revisionId ? current.side : other.side;
  const failed = current.error || other.error || revision.error;
  useTabTitle(left && right ? intl.formatMessage({ id: 'quotationCompare.tabTitle' }, { left: left.title, right: right.title }) : undefined);
  if (failed) return <section className="screen quotation-compare"><p role="alert"><FormattedMessage id="quotationCompare.loadError" /></p></section>;
  if (!left || !right) return <section className="screen quotation-compare"><p role="status"><FormattedMessage id="screens.loading" /></p></section>;
  return <Comparison left={left} right={right} />;
}

const CHANGE_LABEL: Record<RowChange, string> = {
  same: 'quotationCompare.change.same',
  changed: 'quotationCompare.change.changed',
  added: 'quotationCompare.change.added',
  removed: 'quotationCompare.change.removed',
};

const TOTAL_ROWS: readonly [keyof DocumentTotals, string][] = [
  ['listTotal', 'quotationEditor.total.list'],
  ['totalDiscount', 'quotationEditor.total.discount'],
  ['netTotal', 'quotationEditor.total.net'],
  ['margin', 'quotationEditor.total.margin'],
];

function Comparison({ left, right }: { left: Side; right: Side }) {
  const intl = useIntl();
  const active = useIsActiveTab();
  const comparison = useMemo(() => compareQuotationLines(left.lines, right.lines), [left.lines, right.lines]);
  const tableRef = useRef<HTMLTableSectionElement | null>(null);
  const [current, setCurrent] = useState(-1);
  const changedRows = useMemo(() => comparison.rows.flatMap((row, index) => (row.change === 'same' ? [] : [index])), [comparison]);
  const live = useRef({ changedRows, current });
  useLayoutEffect(() => {
    live.current = { changedRows, current };
  });
  const commands = useMemo<Command[]>(() => {
    const go = (delta: 1 | -1) => {
      const { changedRows: rows, current: at } = live.current;
      if (rows.length === 0) return;
      const next = delta > 0 ? (rows.find((index) => index > at) ?? rows[0]!) : (rows.toReversed().find((index) => index < at) ?? rows.at(-1)!);
      setCurrent(next);
      const row = tableRef.current?.querySelector<HTMLTableRowElement>(`tr[data-row="${next}"]`);
      row?.focus();
      row?.scrollIntoView({ block: 'nearest' });
    };
    const group = { id: 'quotationCompare.key.group' };
    return [
      { id: 'quotationCompare.nextChange', title: { id: 'quotationCompare.key.next' }, group, keys: ['n'], run: () => go(1) },
      { id: 'quotationCompare.previousChange', title: { id: 'quotationCompare.key.previous' }, group, keys: ['Shift+n'], run: () => go(-1) },
    ];
  }, []);
  useScopedCommands('tab', commands, active);
  const { counts, totals } = comparison;
  return (
    <section className="screen quotation-compare" aria-labelledby="quotation-compare-title">
      <h1 id="quotation-compare-title" tabIndex={-1}><FormattedMessage id="quotationCompare.title" /></h1>
      <div className="quotation-compare-sides">
        <p><strong>{left.title}</strong> <span className="form-hint">{left.note}</span></p>
        <p><strong>{right.title}</strong> <span className="form-hint">{right.note}</span></p>
      </div>
      <p role="status" className="quotation-compare-summary">
        {changedRows.length === 0
          ? intl.formatMessage({ id: 'quotationCompare.noChanges' })
          : intl.formatMessage({ id: 'quotationCompare.summary' }, { changed: counts.changed, added: counts.added, removed: counts.removed })}
        {' '}<span className="form-hint"><FormattedMessage id="quotationCompare.keysHint" /></span>
      </p>
      <table className="quotation-compare-totals">
        <caption><FormattedMessage id="quotationEditor.totals" /></caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{left.title}</th>
            <th scope="col">{right.title}</th>
            <th scope="col"><FormattedMessage id="quotationCompare.difference" /></th>
          </tr>
        </thead>
        <tbody>
          {TOTAL_ROWS.map(([key, label]) => {
            const changed = totals.changed.includes(key);
            return (
              <tr key={key} data-total={key} className={changed ? 'is-changed' : undefined} data-changed={changed || undefined}>
                <th scope="row"><FormattedMessage id={label} /></th>
                <td>{formatMoney(totals.left[key])}</td>
                <td>{formatMoney(totals.right[key])}</td>
                <td>{changed ? signedMoney(totals.right[key] - totals.left[key]) : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="quotation-compare-lines" aria-label={intl.formatMessage({ id: 'quotationCompare.linesLabel' })}>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="quotationCompare.col.change" /></th>
            <th scope="colgroup" colSpan={5}>{left.title}</th>
            <th scope="colgroup" colSpan={5}>{right.title}</th>
          </tr>
          <tr>
            <td />
            {[0, 1].flatMap((side) => SIDE_COLUMNS.map((column) => (
              <th key={`${side}-${column}`} scope="col"><FormattedMessage id={`quotationEditor.col.${column}`} /></th>
            )))}
          </tr>
        </thead>
        <tbody ref={tableRef}>
          {comparison.rows.map((row, index) => (
            <CompareRow key={index} row={row} index={index} current={index === current} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

const SIDE_COLUMNS = ['description', 'quantity', 'unitPrice', 'discountPercent', 'net'] as const;
type SideColumn = (typeof SIDE_COLUMNS)[number];

function signedMoney(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? '+' : ''}${formatMoney(rounded)}`;
}

function CompareRow({ row, index, current }: { row: ComparedRow; index: number; current: boolean }) {
  const intl = useIntl();
  const className = ['quotation-compare-row', `is-${row.change}`, current ? 'is-current' : ''].filter(Boolean).join(' ');
  const changedText = row.fields.length > 0 ? intl.formatMessage({ id: 'quotationCompare.changedFields' }, { fields: row.fields.map((field) => intl.formatMessage({ id: `quotationCompare.field.${field}` })).join(', ') }) : '';
  return (
    <tr className={className} data-row={index} data-change={row.change} tabIndex={-1}>
      <th scope="row">
        <FormattedMessage id={CHANGE_LABEL[row.change]} />
        {changedText && <span className="form-hint"> {changedText}</span>}
      </th>
      <SideCells line={row.left} fields={row.fields} />
      <SideCells line={row.right} fields={row.fields} />
    </tr>
  );
}

const CHANGED_BY: Record<SideColumn, ComparedField> = { description: 'description', quantity: 'quantity', unitPrice: 'unitPrice', discountPercent: 'discountPercent', net: 'net' };

function SideCells({ line, fields }: { line: ComparedLine | undefined; fields: readonly ComparedField[] }) {
  const product = useEntityTitle(line?.productId ? 'products' : undefined, line?.productId ?? undefined);
  if (!line) return <td colSpan={SIDE_COLUMNS.length} className="quotation-compare-empty">–</td>;
  const text = (column: SideColumn): string => {
    const isProduct = line.kind === 'product';
    switch (column) {
      case 'description': return line.description || product || '';
      case 'quantity': return isProduct ? formatValue(line.quantity, 'number') : '';
      case 'unitPrice': return isProduct && line.unitPrice !== undefined ? formatMoney(line.unitPrice) : '';
      case 'discountPercent': return isProduct ? formatValue(line.discountPercent, 'percent') : '';
      case 'net': return isProduct ? formatMoney(netOf(line)) : '';
    }
  };
  return (
    <>
      {SIDE_COLUMNS.map((column) => {
        const changed = fields.includes(CHANGED_BY[column]);
        return <td key={column} className={changed ? 'is-changed-cell' : undefined} data-changed={changed || undefined}>{text(column)}</td>;
      })}
    </>
  );
}
