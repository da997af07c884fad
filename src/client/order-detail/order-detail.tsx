/**
 * The order detail (`/marketing/orders/detail/{id}`, SPEC §2/§3/§4/§5), a view over the record
 * controller: the header fields, the lines with their ordered, delivered and remaining quantities,
 * the totals, the order's assignments and the quotation it comes from. Every action is a command of
 * the one registry shown as a button: save, discard, «Registra consegna» (`deliver`, whose dialog
 * and SPEC §5 confirm-and-raise are the record command's), the SPEC §4 transitions, history, delete.
 */
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import type { EntityJson } from '../../domain/entity.ts';
import type { OrderLine } from '../../domain/entities/orders.ts';
import { type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { recordLock } from '../../domain/record-lock.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { formatMoney, formatValue } from '../forms/format.ts';
import { FrozenBanner, RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { useEntityTitle } from '../forms/references.ts';
import { useSession } from '../session/session.tsx';
import { findKind } from '../../domain/kinds.ts';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import orderMessages from '../i18n/messages/orders.ts';
import { AppLink } from '../shell/app-link.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { useIsActiveTab } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { emptyOrderLine, OrderLines } from './order-lines.tsx';

addMessages(orderMessages);

/** Header fields, in the SPEC §3 order: number and dates, then customer and office location. */
const HEADER_PATHS = [
  'attributes.orderNumber', 'attributes.orderDate', 'attributes.workStartDate', 'attributes.workEndDate', 'attributes.completionDate',
  'attributes.module', 'relationships.customerId', 'relationships.officeLocationId', 'attributes.notes',
] as const;

/** The record commands of the toolbar, in order (each hidden or disabled as the command says). */
const TOOLBAR = ['record.save', 'record.discard', 'record.action.deliver', 'record.history'] as const;

export function OrderDetail({ id }: { id: string }) {
  const controller = useRecordController('orders', id, { resolveConflict: showConflict });
  return <RecordLoader controller={controller}>{(record) => <LoadedOrder {...record} />}</RecordLoader>;
}

function LoadedOrder({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const active = useIsActiveTab();
  // Deleted, the role, or the order's state (a completed or cancelled order keeps only its notes open: record-lock.ts).
  const lock = recordLock(kind, stored);
  const linesLocked = controller.locked || !lock.canEdit('attributes.lines') || !controller.access.canEdit('attributes.lines');
  const title = kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const stateLabels = machineStateLabels.orders;
  const lines = useMemo(() => (draft.attributes.lines as OrderLine[] | undefined) ?? [], [draft]);
  const setLines = useCallback((next: OrderLine[]) => controller.setField('attributes.lines', next), [controller]);
  // The line to focus once rendered (a line just added: its product picker).
  const [focusLine, setFocusLine] = useState<number | undefined>();
  const addLine = useCallback(() => {
    setLines([...lines, emptyOrderLine()]);
    setFocusLine(lines.length);
  }, [lines, setLines]);
  // «Aggiungi riga» is a command of the one registry (r l, the palette, its button) while this order is shown.
  const commands = useMemo<Command[]>(() => [{
    id: 'order.addLine',
    title: { id: 'orders.detail.addLine' },
    group: { id: 'commands.group.record' },
    keys: ['r l'],
    keywords: ['riga', 'prodotto', 'aggiungi'],
    when: () => (lock.reason ? { disabled: lock.reason } : linesLocked ? { disabled: intl.formatMessage({ id: 'orders.detail.locked' }) } : true),
    run: addLine,
  }], [addLine, linesLocked, lock.reason, intl]);
  useScopedCommands('tab', commands, active);

  return (
    <RecordFrame
      kind={kind}
      controller={controller}
      stored={stored}
      title={title}
      doc={doc}
      className="order-detail"
      toolbar={TOOLBAR}
      state={{ value: stored.attributes.state, label: formatValue(stored.attributes.state, 'enum', stateLabels) }}
      banners={<FrozenBanner kind={kind} stored={stored} controller={controller} />}
    >
        <OrderTotals entity={stored} />
        <section className="form-section" aria-labelledby="order-header-title">
          <h2 id="order-header-title"><FormattedMessage id="orders.detail.header" /></h2>
          <RecordFields sections={sections} paths={HEADER_PATHS} draft={draft} setField={controller.setField} errors={controller.errors} access={controller.access} locked={controller.locked} />
        </section>
        <OrderLines lines={lines} customerId={typeof draft.relationships.customerId === 'string' ? draft.relationships.customerId : undefined} onChange={setLines} locked={linesLocked} errors={controller.errors}
          focusLine={focusLine} onFocused={() => setFocusLine(undefined)} addLine={<CommandButton commandId="order.addLine" document={doc} />} />
        <OrderRelated entity={stored} />
    </RecordFrame>
  );
}

/** SPEC §3 order totals, as the server derived them from the stored lines. */
function OrderTotals({ entity }: { entity: EntityJson }) {
  const intl = useIntl();
  const money = (key: string) => formatMoney(Number(entity.metadata[key] ?? 0));
  const rows: [string, string][] = [
    ['orders.detail.totalPrice', money('totalPrice')],
    ['orders.detail.totalDiscount', `${money('totalDiscount')} (${formatValue(Number(entity.metadata.totalDiscountPercent ?? 0), 'percent')})`],
    ['orders.detail.totalNetPrice', money('totalNetPrice')],
  ];
  return (
    <dl className="entity-summary order-totals" aria-label={intl.formatMessage({ id: 'orders.detail.totals' })}>
      {rows.map(([label, value]) => (
        <div key={label} data-total={label.split('.').pop()}><dt><FormattedMessage id={label} /></dt><dd>{value}</dd></div>
      ))}
    </dl>
  );
}

/**
 * The quotation the order comes from and the order's assignments, as links that open their tabs
 * (a role that may not read interventions, the Commerciale, is told how many there are instead),
 * and the activities of its products and services (SPEC §2).
 */
function OrderRelated({ entity }: { entity: EntityJson }) {
  const { ability } = useSession();
  const readsAssignments = ability.can('read', findKind('assignments')!.subject);
  const quotationId = typeof entity.relationships.quotationId === 'string' ? entity.relationships.quotationId : undefined;
  const assignmentIds = (entity.relationships.assignmentIds as string[] | undefined) ?? [];
  const activityIds = (entity.metadata.activityIds as string[] | undefined) ?? [];
  return (
    <nav className="record-links order-related" aria-labelledby="order-related-title">
      <h2 id="order-related-title"><FormattedMessage id="orders.detail.related" /></h2>
      {quotationId && <p><QuotationLink id={quotationId} /></p>}
      <h3><FormattedMessage id="orders.detail.assignments" /></h3>
      {assignmentIds.length === 0 ? (
        <p><FormattedMessage id="orders.detail.noAssignments" /></p>
      ) : readsAssignments ? (
        <ul>{assignmentIds.map((assignmentId) => <li key={assignmentId}><RecordLink type="assignments" id={assignmentId} /></li>)}</ul>
      ) : (
        <p><FormattedMessage id="orders.detail.assignmentsPlanned" values={{ count: assignmentIds.length }} /></p>
      )}
      <h3><FormattedMessage id="orders.detail.activities" /></h3>
      {activityIds.length === 0 ? (
        <p><FormattedMessage id="orders.detail.noActivities" /></p>
      ) : (
        <ul className="order-activities">{activityIds.map((activityId) => <li key={activityId}><ActivityTitle id={activityId} /></li>)}</ul>
      )}
    </nav>
  );
}

function ActivityTitle({ id }: { id: string }) {
  return <>{useEntityTitle('activities', id)}</>;
}

function RecordLink({ type, id }: { type: string; id: string }) {
  const title = useEntityTitle(type, id);
  return <AppLink href={recordTabUrl(type, id)}>{title || id}</AppLink>;
}

function QuotationLink({ id }: { id: string }) {
  const title = useEntityTitle('quotations', id);
  return (
    <AppLink href={recordTabUrl('quotations', id)}>
      <FormattedMessage id="orders.detail.quotation" values={{ title: title || id }} />
    </AppLink>
  );
}
