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
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayOf } from '../../domain/business-day.ts';
import { useQuery } from '@tanstack/react-query';
import { subject as asSubject } from '@casl/ability';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command, CommandContext } from '../../../commands/types.ts';
import type { Entity, EntityJson } from '../../domain/entity.ts';
import { expiryFromValidity } from '../../domain/entities/quotations.ts';
import { type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { DEFAULT_MAX_DISCOUNT_PERCENT } from '../../domain/rules/discount.ts';
import type { LinePricing } from '../../domain/rules/pricing.ts';
import { failureOf, listKey, recordKey, productRemovalFailure, records } from '../data/records.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { formatDate, formatDateTime, formatMoney, formatValue } from '../forms/format.ts';
import { useEntityTitle } from '../forms/references.ts';
import { FrozenBanner, RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import editorMessages from '../i18n/messages/quotation-editor.ts';
import { useSession } from '../session/session.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { openTab, useIsActiveTab, useTabId } from '../workspace/tab-context.ts';
import { workspaceAtom, type Side } from '../workspace/workspace-state.ts';
import { store } from '../store.ts';
import { matchRoute } from '../../domain/routes.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { LinesGrid, type LinesGridActions } from './lines-grid.tsx';
import { loadQuotationLines } from './load-lines.ts';
import { takeFirstLine } from './first-line.ts';
import SignaturePanel, { SignatureOutcome } from './signature-panel.tsx';
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

export function QuotationEditor({ id }: { id: string }) {
  const linesQuery = useQuery({ queryKey: listKey('quotationProducts', { quotationId: id, all: true }), queryFn: ({ signal }) => loadQuotationLines(id, signal) });
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
      // Stored product lines left out: a failure says «Errore durante la rimozione del prodotto» (SPEC §8).
      const productLines = (rows: readonly LineDraft[]) => rows.filter((line) => line.id && line.kind === 'product').map((line) => line.id!);
      const failure = productRemovalFailure(productLines(current.base ?? []), productLines(current.lines ?? [])) ?? failureOf('quotations', 'update');
      const answer = await records.replaceRelated('quotations', stored, 'lines', body, { silent: true, ...(failure ? { failure } : {}) });
      const saved = linesFromEntities(answer.included);
      setBase(saved);
      setLines(saved);
      return answer.data;
    },
  }), [dirtyLines]);

  const controller = useRecordController('quotations', id, { resolveConflict: showConflict, companion });
  return (
    <RecordLoader controller={controller} waiting={!lines}>
      {(record) => <LoadedQuotation {...record} lines={lines!} setLines={setLines} />}
    </RecordLoader>
  );
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
  const tabId = useTabId();
  const revisions = useQuery({
    // The revision number moves with each createRevision: a new one is read then.
    queryKey: listKey('quotationRevisions', { quotationId: stored.id, revision: Number(stored.attributes.revisionNumber ?? 0) }),
    queryFn: ({ signal }) => records.list('quotationRevisions', { 'filter[quotationId]': stored.id, sort: '-revisionNumber', 'page[size]': 100 }, signal),
    // A customer's user reads the quotation, not its revisions (their snapshots keep staff-only figures): nothing to ask.
    enabled: ability.can('read', 'quotation revision'),
  });
  const latestRevision = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    latestRevision.current = revisions.data?.data[0]?.id;
  });
  const tabCommands = useMemo<Command[]>(() => [{
    id: 'quotationEditor.focusLines',
    title: { id: 'quotationEditor.key.focusLines' },
    group: { id: 'quotationEditor.key.group' },
    keys: ['Alt+r'],
    scope: 'tab',
    run: () => gridRef.current?.focus(),
  }, {
    id: 'quotationEditor.compare',
    title: { id: 'quotationEditor.key.compare' },
    group: { id: 'quotationEditor.key.group' },
    keys: ['r k'],
    scope: 'tab',
    run: (ctx) => {
      const target = compareTarget(tabId, stored.id, latestRevision.current);
      if (!target) return ctx.ui.notify(ctx.ui.t('quotationEditor.compare.nothing'), 'info');
      ctx.workspace.openTab(target.url, target.side ? { side: target.side } : undefined);
    },
  }], [tabId, stored.id]);
  useScopedCommands('tab', tabCommands, active);

  const subject = useMemo(() => asSubject('quotation', { ...stored } as Record<string, unknown>), [stored]);
  const canEditPrice = ability.can('updateUnitNetPrice', subject);
  // Its customer's user answers an issued quotation online (issue 26 §3); the others read the answer.
  const canSign = stored.attributes.status === 'issued' && ability.can('sign', subject);
  // Once signed here, the panel stays to say so (with the order made), though the quotation is no longer to sign.
  const [signedHere, setSignedHere] = useState(false);
  // Cost and margin are the staff's (a customer's user gets the lines without them: SPEC §6 field rules).
  const showCosts = ability.can('read', 'quotation products', 'attributes.costPrice');
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

  // Stored from the create flow by asking for its first line: that line opens now, its product cell edited.
  useEffect(() => {
    // Asked once: takeFirstLine forgets the id.
    if (!linesLocked && takeFirstLine(stored.id)) actions.add('product', -1);
  }, [stored.id, actions, linesLocked]);

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
      // An issued (approved, accepted…) quotation is read-only but for what its state allows: said in the API's own words.
      banners={<FrozenBanner kind={kind} stored={stored} controller={controller} />}
    >
        <QuotationTotals totals={totals} needsApproval={needsApproval} maxDiscount={maxDiscount} showCosts={showCosts} />
        <ApprovalRequest stored={stored} />
        {canSign || signedHere ? <SignaturePanel stored={stored} lines={lines} onSigned={() => setSignedHere(true)} /> : <SignatureOutcome stored={stored} />}
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
          <LinesGridWithUndo lines={lines} actions={actions} locked={linesLocked} canEditPrice={canEditPrice} showCosts={showCosts} problems={problems} gridRef={gridRef} />
          {[...problems].map(([index, message]) => (
            <p key={index} className="form-error" role="alert">{intl.formatMessage({ id: 'quotationEditor.lineError' }, { n: index + 1, message })}</p>
          ))}
          {!linesLocked && (
            <div className="entity-form-actions quotation-lines-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'quotationEditor.lineActions' })}>
              {LINE_TOOLBAR.map((commandId) => <CommandButton key={commandId} commandId={commandId} document={doc} />)}
            </div>
          )}
        </section>
        <Revisions quotationId={stored.id} revisions={revisions.data?.data} tabId={tabId} />
    </RecordFrame>
  );
}

/**
 * What `r k` compares the quotation with: the quotation shown in the other pane of the split view
 * (the comparison takes this pane), else its latest revision (shown in the other pane, beside the editor).
 */
function compareTarget(tabId: string, id: string, latestRevisionId: string | undefined): { url: string; side?: Side } | undefined {
  const workspace = store.get(workspaceAtom);
  const ownPane = workspace.panes.indexOf(tabId);
  const otherTab = workspace.tabs.find((tab) => tab.id === workspace.panes[ownPane === 1 ? 0 : 1]);
  const other = otherTab ? matchRoute(otherTab.url) : undefined;
  if (other?.route.name === 'MarketingQuotationsDetail' && other.params.id && other.params.id !== id) {
    // The columns in the panes' order: the left pane's quotation on the left.
    const [left, right] = ownPane === 1 ? [other.params.id, id] : [id, other.params.id];
    return { url: `/marketing/quotations/compare/${encodeURIComponent(left)}/${encodeURIComponent(right)}` };
  }
  if (!latestRevisionId) return undefined;
  return { url: `/marketing/quotations/compare/${encodeURIComponent(id)}/revisions/${encodeURIComponent(latestRevisionId)}`, side: ownPane === 1 ? 'left' : 'right' };
}

/** The last request for approval: who asked, when, and their message to the approvers (not drawn again on a keystroke in the lines). */
const ApprovalRequest = memo(function ApprovalRequest({ stored }: { stored: EntityJson }) {
  const intl = useIntl();
  const { approvalRequestedAt: at, approvalRequestedBy: by, approvalMessage: message } = stored.metadata;
  const who = useEntityTitle(typeof by === 'string' ? 'users' : undefined, typeof by === 'string' ? by : undefined);
  const status = stored.attributes.status;
  if (typeof at !== 'string' || (status !== 'to-be-approved' && status !== 'approved')) return null;
  return (
    <div className="quotation-approval-request" data-approval-request>
      <p className="form-hint">{intl.formatMessage({ id: 'quotationEditor.approvalRequest' }, { who: who || '–', date: formatDateTime(at) })}</p>
      {typeof message === 'string' && message ? <blockquote>{message}</blockquote> : <p className="form-hint"><FormattedMessage id="quotationEditor.approvalRequest.noMessage" /></p>}
    </div>
  );
});

/** The frozen revisions (read-only, newest first), each comparable with the quotation as it is now (not drawn again on a keystroke in the lines). */
const Revisions = memo(function Revisions({ quotationId, revisions, tabId }: { quotationId: string; revisions: EntityJson[] | undefined; tabId: string }) {
  const intl = useIntl();
  const stateLabels = machineStateLabels.quotations;
  return (
    <section className="form-section quotation-revisions" aria-labelledby="quotation-revisions-title">
      <h2 id="quotation-revisions-title"><FormattedMessage id="quotationEditor.revisions" /></h2>
      {!revisions || revisions.length === 0 ? (
        <p className="form-hint"><FormattedMessage id="quotationEditor.revisions.none" /></p>
      ) : (
        <>
          <p className="form-hint"><FormattedMessage id="quotationEditor.revisions.hint" /></p>
          <ol reversed>
            {revisions.map((revision) => {
              const n = Number(revision.attributes.revisionNumber ?? 0);
              const from = String(revision.attributes.createdFromStatus ?? '');
              const snapshot = (revision.attributes.snapshot ?? {}) as { metadata?: Record<string, unknown> };
              const net = snapshot.metadata?.totalNetPrice;
              const reason = typeof revision.attributes.reason === 'string' ? revision.attributes.reason : '';
              return (
                <li key={revision.id} data-revision={n}>
                  <strong><FormattedMessage id="quotationEditor.revisions.row" values={{ n }} /></strong>
                  <span>{intl.formatMessage({ id: 'quotationEditor.revisions.from' }, { state: stateLabels[from] ?? from, date: formatDate(dayOf(String(revision.metadata.createdDateTime ?? ''))) })}</span>
                  {typeof net === 'number' && <span>{intl.formatMessage({ id: 'quotationEditor.revisions.net' }, { amount: formatMoney(net) })}</span>}
                  {reason && <q>{reason}</q>}
                  <button
                    type="button"
                    onClick={() => openTab(`/marketing/quotations/compare/${encodeURIComponent(quotationId)}/revisions/${encodeURIComponent(revision.id)}`, { side: store.get(workspaceAtom).panes.indexOf(tabId) === 1 ? 'left' : 'right' })}
                  >
                    <FormattedMessage id="quotationEditor.revisions.compare" values={{ n }} />
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
});

/** The header fields; not drawn again while only the lines change (each keystroke in the grid). */
const HeaderFields = memo(function HeaderFields({ sections, draft, errors, access, locked, setField }: {
  sections: ReturnType<typeof kindSections>;
  draft: EntityJson;
  errors: RecordController['errors'];
  access: RecordController['access'];
  locked: boolean;
  setField(path: string, value: unknown): void;
}) {
  return <RecordFields sections={sections} paths={HEADER_PATHS} draft={draft} setField={setField} errors={errors} access={access} locked={locked} />;
});

/** The grid, with Delete offering an undo (`t z`) through the command context. */
function LinesGridWithUndo({ lines, actions, locked, canEditPrice, showCosts, problems, gridRef }: {
  lines: LineDraft[];
  actions: LinesGridActions & { removeWithUndo(row: number): () => void };
  locked: boolean;
  canEditPrice: boolean;
  showCosts: boolean;
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
  return <LinesGrid lines={lines} actions={gridActions} locked={locked} canEditPrice={canEditPrice} showCosts={showCosts} problems={problems} handleRef={gridRef} />;
}

/** Totals from the drafts (domain rules), with the SPEC §5 approval flag shown as soon as it changes. */
function QuotationTotals({ totals, needsApproval, maxDiscount, showCosts }: { totals: ReturnType<typeof quotationTotals>; needsApproval: boolean; maxDiscount: number; showCosts: boolean }) {
  const intl = useIntl();
  const percent = (value: number) => formatValue(value, 'percent');
  const rows: [string, string, string][] = [
    ['list', 'quotationEditor.total.list', formatMoney(totals.listTotal)],
    ['discount', 'quotationEditor.total.discount', `${formatMoney(totals.totalDiscount)} (${percent(totals.totalDiscountPercent)})`],
    ['net', 'quotationEditor.total.net', formatMoney(totals.netTotal)],
    ...(showCosts ? [['margin', 'quotationEditor.total.margin', `${formatMoney(totals.margin)} (${percent(totals.marginPercent)})`] as [string, string, string]] : []),
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
