/**
 * The quotation editor (`/marketing/quotations/detail/{id}`, issue 9), a view over the record
 * controller: the header fields (SPEC §5 date rules shown at the fields, the validity option sets the
 * expiry), the lines grid edited in place, and the totals, discount, margin and "needs approval"
 * recomputed from the drafts on every keystroke by the shared domain rules (the server stays
 * authoritative). Choosing a product asks the server's pricing rule (`GET /api/customers/{id}/price`),
 * the one it applies on save. `$mod+s` (record.save) writes the header and every line in one
 * transaction with the quotation's version (`PUT /api/quotations/{id}/lines`; 409 → the conflict view).
 * Transitions, history, discard and delete are the registry's record commands.
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { subject as asSubject } from '@casl/ability';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command, CommandContext } from '../../../commands/types.ts';
import type { Entity, EntityJson } from '../../domain/entity.ts';
import { expiryFromValidity } from '../../domain/entities/quotations.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { DEFAULT_MAX_DISCOUNT_PERCENT } from '../../domain/rules/discount.ts';
import type { LinePricing } from '../../domain/rules/pricing.ts';
import { listKey, recordKey, records } from '../data/records.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { Field } from '../forms/field-input.tsx';
import { formatDate, formatMoney, formatValue } from '../forms/format.ts';
import { RecordFrame, useRecordDocument } from '../forms/record-frame.tsx';
import { findField, kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import editorMessages from '../i18n/messages/quotation-editor.ts';
import { useSession } from '../session/session.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { useIsActiveTab } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { LinesGrid, type LinesGridActions } from './lines-grid.tsx';
import {
  approvalNeeded, duplicateLine, emptyLine, linesBody, linesDirty, linesFromEntities, moveLine, quotationTotals, withNumber, withProduct, type LineDraft,
} from './lines.ts';

addMessages(editorMessages);

/** Header fields in reading order (SPEC §3 Quotation). Commercial notes show only to whom the abilities let read them. */
const HEADER_PATHS = [
  'attributes.title', 'relationships.customerId', 'relationships.officeLocationId', 'attributes.module', 'relationships.commercialUserId',
  'attributes.date', 'attributes.validity', 'attributes.expiryDate', 'attributes.worksStartDate', 'attributes.worksCloseDate',
  'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd', 'attributes.planning', 'relationships.paymentTermId', 'attributes.paymentMethod',
  'attributes.notes', 'attributes.commercialNotes',
] as const;

const TOOLBAR = ['record.save', 'record.discard', 'record.history'] as const;

/** The lines grid's commands as buttons (the same commands as its keys), acting on the current line. */
const LINE_TOOLBAR = ['quotationLines.add', 'quotationLines.addSection', 'quotationLines.addNote', 'quotationLines.duplicate', 'quotationLines.moveUp', 'quotationLines.moveDown', 'quotationLines.optional', 'quotationLines.remove'] as const;

/** Page size of the lines' read (the API's maximum). */
const LINES_PAGE = 500;

/** Every live line of the quotation, in position order, page after page. */
async function loadLines(quotationId: string, signal: AbortSignal): Promise<Entity[]> {
  const all: Entity[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await records.list('quotationProducts', { 'filter[quotationId]': quotationId, sort: 'position', 'page[size]': LINES_PAGE, 'page[number]': page }, signal);
    all.push(...answer.data);
    if (answer.data.length < LINES_PAGE) return all;
  }
}

export function QuotationEditor({ id }: { id: string }) {
  const linesQuery = useQuery({ queryKey: listKey('quotationProducts', { quotationId: id, all: true }), queryFn: ({ signal }) => loadLines(id, signal) });
  const [base, setBase] = useState<LineDraft[] | undefined>(undefined);
  const [lines, setLines] = useState<LineDraft[] | undefined>(undefined);
  const dirtyLines = Boolean(lines && base && linesDirty(lines, base));
  // Stored lines replace the drafts while the user has not changed them (first load, a save, someone else's save).
  const [seen, setSeen] = useState<Entity[] | undefined>(undefined);
  if (linesQuery.data && linesQuery.data !== seen) {
    const stored = linesFromEntities(linesQuery.data);
    setSeen(linesQuery.data);
    setBase(stored);
    setLines(dirtyLines ? lines : stored);
  }

  const live = useRef({ lines, base });
  useLayoutEffect(() => {
    live.current = { lines, base };
  });
  const companion = useMemo(() => ({
    dirty: dirtyLines,
    async save(stored: EntityJson, patch: unknown): Promise<Entity> {
      const current = live.current;
      const byId = new Map((current.base ?? []).filter((line) => line.id).map((line) => [line.id!, line]));
      const body = { ...(patch !== undefined ? { quotation: patch } : {}), lines: linesBody(current.lines ?? [], byId) };
      const answer = await records.replaceRelated('quotations', stored, 'lines', body, { silent: true });
      const saved = linesFromEntities(answer.included);
      setBase(saved);
      setLines(saved);
      return answer.data;
    },
  }), [dirtyLines]);

  const controller = useRecordController('quotations', id, { resolveConflict: showConflict, companion });
  const { kind, status } = controller;
  if (status === 'loading' || !lines) return <p role="status"><FormattedMessage id="screens.loading" /></p>;
  if (status !== 'ready' || !kind || !controller.stored || !controller.draft) return <p role="alert"><FormattedMessage id="form.loadError" /></p>;
  return <LoadedQuotation kind={kind} controller={controller} stored={controller.stored} draft={controller.draft} lines={lines} setLines={setLines} />;
}

interface LoadedProps {
  kind: KindDefinition;
  controller: RecordController;
  stored: EntityJson;
  draft: EntityJson;
  lines: LineDraft[];
  setLines(update: (lines: LineDraft[] | undefined) => LineDraft[] | undefined): void;
}

function LoadedQuotation({ kind, controller, stored, draft, lines, setLines }: LoadedProps) {
  const intl = useIntl();
  const active = useIsActiveTab();
  const { ability } = useSession();
  const gridRef = useRef<{ editProduct(row: number): void; focus(): void } | null>(null);
  const title = kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const tabCommands = useMemo<Command[]>(() => [{
    id: 'quotationEditor.focusLines',
    title: { id: 'quotationEditor.key.focusLines' },
    group: { id: 'quotationEditor.key.group' },
    keys: ['Alt+r'],
    scope: 'tab',
    run: () => gridRef.current?.focus(),
  }], []);
  useScopedCommands('tab', tabCommands, active);

  const subject = useMemo(() => asSubject('quotation', { ...stored } as Record<string, unknown>), [stored]);
  const canEditPrice = ability.can('updateUnitNetPrice', subject);
  const linesLocked = controller.locked || controller.frozen || !ability.can('update', 'quotation products');

  const customerId = typeof draft.relationships.customerId === 'string' ? draft.relationships.customerId : undefined;
  const customer = useQuery({
    queryKey: recordKey('customers', customerId ?? ''),
    queryFn: ({ signal }) => records.get('customers', customerId!, signal),
    enabled: Boolean(customerId),
  });
  const ownMax = customer.data?.attributes.maxDiscountPercent;
  const maxDiscount = typeof ownMax === 'number' ? ownMax : DEFAULT_MAX_DISCOUNT_PERCENT;

  // Validity → expiry from the writing date (SPEC §9), the rule the server applies.
  const setControllerField = controller.setField;
  const setField = useCallback((path: string, value: unknown) => {
    setControllerField(path, value);
    if (path !== 'attributes.validity' && path !== 'attributes.date') return;
    const validity = path === 'attributes.validity' ? value : draft.attributes.validity;
    const date = path === 'attributes.date' ? value : draft.attributes.date;
    if (typeof validity === 'string' && validity) setControllerField('attributes.expiryDate', expiryFromValidity(String(date ?? ''), validity as Parameters<typeof expiryFromValidity>[1]));
  }, [setControllerField, draft.attributes.validity, draft.attributes.date]);

  const update = useCallback((row: number, change: (line: LineDraft) => LineDraft) => {
    setLines((current) => current?.map((line, i) => (i === row ? change(line) : line)));
  }, [setLines]);

  const actions = useMemo<LinesGridActions & { removeWithUndo(row: number): () => void }>(() => ({
    add(kindOfLine, after) {
      const row = after + 1;
      setLines((current) => current && [...current.slice(0, row), emptyLine(kindOfLine), ...current.slice(row)]);
      if (kindOfLine === 'product') gridRef.current?.editProduct(row);
    },
    duplicate(row) {
      setLines((current) => current && current[row] ? [...current.slice(0, row + 1), duplicateLine(current[row]!), ...current.slice(row + 1)] : current);
    },
    move(row, delta) {
      setLines((current) => current && moveLine(current, row, delta));
    },
    remove(row) {
      setLines((current) => current?.filter((_, i) => i !== row));
    },
    removeWithUndo(row) {
      let removed: LineDraft | undefined;
      setLines((current) => {
        removed = current?.[row];
        return current?.filter((_, i) => i !== row);
      });
      return () => setLines((current) => (current && removed ? [...current.slice(0, row), removed, ...current.slice(row)] : current));
    },
    toggleOptional(row) {
      update(row, (line) => (line.kind === 'product' ? { ...line, isOptional: !line.isOptional } : line));
    },
    setNumber(row, field, value) {
      update(row, (line) => withNumber(line, field, value));
    },
    setDescription(row, text) {
      update(row, (line) => ({ ...line, description: text }));
    },
    async chooseProduct(row, productId) {
      let pricing: LinePricing | undefined;
      if (productId && customerId) {
        try {
          pricing = (await records.related<{ data: LinePricing }>('customers', customerId, 'price', { productId })).data;
        } catch {
          // The HTTP client said why; the server prices the line on save.
          pricing = undefined;
        }
      }
      update(row, (line) => withProduct(line, productId, pricing));
    },
  }), [setLines, update, customerId]);

  const totals = useMemo(() => quotationTotals(lines), [lines]);
  const needsApproval = approvalNeeded(totals, maxDiscount);

  const problems = useMemo(() => {
    const map = new Map<number, string>();
    for (const [path, message] of controller.errors) {
      const match = /^lines\.(\d+)/.exec(path);
      if (match && !map.has(Number(match[1]))) map.set(Number(match[1]), message);
    }
    return map;
  }, [controller.errors]);


  const stateLabels = machineStateLabels.quotations;
  const expiry = typeof draft.attributes.expiryDate === 'string' ? draft.attributes.expiryDate : undefined;

  return (
    <RecordFrame
      kind={kind}
      controller={controller}
      stored={stored}
      title={title}
      doc={doc}
      className="quotation-editor"
      toolbar={TOOLBAR}
      state={{ value: stored.attributes.status, label: formatValue(stored.attributes.status, 'enum', stateLabels) }}
    >
        <QuotationTotals totals={totals} needsApproval={needsApproval} maxDiscount={maxDiscount} />
        <section className="form-section" aria-labelledby="quotation-header-title">
          <h2 id="quotation-header-title"><FormattedMessage id="quotationEditor.header" /></h2>
          <HeaderFields sections={sections} draft={draft} errors={controller.errors} access={controller.access} locked={controller.locked} setField={setField} />
          {expiry && typeof draft.attributes.validity === 'string' && (
            <p className="form-hint" data-expiry={expiry}><FormattedMessage id="quotationEditor.expiry" values={{ date: formatDate(expiry) }} /></p>
          )}
        </section>
        <section className="form-section quotation-lines-section" aria-labelledby="quotation-lines-title">
          <h2 id="quotation-lines-title"><FormattedMessage id="quotationEditor.lines" /></h2>
          <p className="form-hint">
            <FormattedMessage id={linesLocked ? 'quotationEditor.locked' : 'quotationEditor.linesHint'} />
          </p>
          <LinesGridWithUndo lines={lines} actions={actions} locked={linesLocked} canEditPrice={canEditPrice} problems={problems} gridRef={gridRef} />
          {[...problems].map(([index, message]) => (
            <p key={index} className="form-error" role="alert">{intl.formatMessage({ id: 'quotationEditor.lineError' }, { n: index + 1, message })}</p>
          ))}
          {!linesLocked && (
            <div className="entity-form-actions quotation-lines-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'quotationEditor.lineActions' })}>
              {LINE_TOOLBAR.map((commandId) => <CommandButton key={commandId} commandId={commandId} document={doc} />)}
            </div>
          )}
        </section>
    </RecordFrame>
  );
}

/** The header fields; not drawn again while only the lines change (each keystroke in the grid). */
const HeaderFields = memo(function HeaderFields({ sections, draft, errors, access, locked, setField }: {
  sections: ReturnType<typeof kindSections>;
  draft: EntityJson;
  errors: RecordController['errors'];
  access: RecordController['access'];
  locked: boolean;
  setField(path: string, value: unknown): void;
}) {
  return (
    <div className="form-fields">
      {HEADER_PATHS.map((path) => {
        const spec = findField(sections[path.startsWith('attributes.') ? 'attributes' : 'relationships'], path);
        if (!spec) return null;
        return <Field key={path} spec={spec} path={path} value={readPath(draft, path)} onChange={setField} errors={errors} access={access} locked={locked} />;
      })}
    </div>
  );
});

/** The grid, with Delete offering an undo (`t z`) through the command context. */
function LinesGridWithUndo({ lines, actions, locked, canEditPrice, problems, gridRef }: {
  lines: LineDraft[];
  actions: LinesGridActions & { removeWithUndo(row: number): () => void };
  locked: boolean;
  canEditPrice: boolean;
  problems: ReadonlyMap<number, string>;
  gridRef: { current: { editProduct(row: number): void; focus(): void } | null };
}) {
  const gridActions = useMemo<LinesGridActions>(() => ({
    ...actions,
    remove: (row: number, ctx?: CommandContext) => {
      const undo = actions.removeWithUndo(row);
      if (!ctx) return;
      const label = ctx.ui.t('quotationEditor.lineRemoved', { n: row + 1 });
      ctx.ui.offerUndo({ label, until: Date.now() + 30_000, run: async () => undo() });
      ctx.ui.notify(label, 'info');
    },
  }), [actions]);
  return <LinesGrid lines={lines} actions={gridActions} locked={locked} canEditPrice={canEditPrice} problems={problems} handleRef={gridRef} />;
}

/** Totals from the drafts (domain rules), with the SPEC §5 approval flag shown as soon as it changes. */
function QuotationTotals({ totals, needsApproval, maxDiscount }: { totals: ReturnType<typeof quotationTotals>; needsApproval: boolean; maxDiscount: number }) {
  const intl = useIntl();
  const percent = (value: number) => formatValue(value, 'percent');
  const rows: [string, string, string][] = [
    ['list', 'quotationEditor.total.list', formatMoney(totals.listTotal)],
    ['discount', 'quotationEditor.total.discount', `${formatMoney(totals.totalDiscount)} (${percent(totals.totalDiscountPercent)})`],
    ['net', 'quotationEditor.total.net', formatMoney(totals.netTotal)],
    ['margin', 'quotationEditor.total.margin', `${formatMoney(totals.margin)} (${percent(totals.marginPercent)})`],
  ];
  return (
    <div className="quotation-totals">
      <dl className="entity-summary" aria-label={intl.formatMessage({ id: 'quotationEditor.totals' })}>
        {rows.map(([key, label, value]) => (
          <div key={key} data-total={key}><dt><FormattedMessage id={label} /></dt><dd>{value}</dd></div>
        ))}
      </dl>
      <p role="status" className={needsApproval ? 'quotation-approval needs-approval' : 'quotation-approval'} data-needs-approval={needsApproval || undefined}>
        {needsApproval
          ? intl.formatMessage({ id: 'quotationEditor.needsApproval' }, { percent: percent(totals.totalDiscountPercent), max: percent(maxDiscount) })
          : intl.formatMessage({ id: 'quotationEditor.withinMaximum' }, { max: percent(maxDiscount) })}
      </p>
    </div>
  );
}
