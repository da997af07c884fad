/**
 * An equipment's file under its form (issue 23, the asset view ServiceTitan and Uptick users expect):
 * its lifecycle on one line (production → checks → revision → collaudo → end of life, each deadline
 * with its norm), its open deadlines, the checks made, the anomalies found with their photos, and the
 * interventions that worked on it. Each section reads its own kind through the one records path, and
 * only when the user may read that kind.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import type { Entity } from '../../domain/entity.ts';
import { businessDay } from '../../domain/business-day.ts';
import { findKind } from '../../domain/kinds.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { ruleKindLabels } from '../../domain/entities/physical-activities.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { equipmentLifecycle, type LifecycleEvent } from '../../domain/rules/equipment-lifecycle.ts';
import { normCitation, type DeadlineRule } from '../../domain/rules/maintenance-rules.ts';
import { listKey, records, recordKey, useLiveUpdates } from '../data/index.ts';
import { BlurhashThumb } from '../files/blurhash-thumb.tsx';
import { formatDate, formatDateTime } from '../forms/format.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/equipment-file.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { injectEquipmentFileStyles } from './styles.ts';

addMessages(messages);
injectEquipmentFileStyles();

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const ids = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];

/** A list of `type` under `params`, when the user may read the kind (else undefined, and nothing is asked). */
function useRows(type: string, params: Record<string, string | number>, enabled = true): { rows: Entity[] | undefined; readable: boolean } {
  const { ability } = useSession();
  const kind = findKind(type);
  const readable = kind !== undefined && ability.can('read', kind.subject);
  const query = useQuery({
    queryKey: listKey(type, params),
    queryFn: ({ signal }) => records.list(type, params, signal, { silent: true }),
    enabled: readable && enabled,
  });
  return { rows: query.data?.data, readable };
}

export function EquipmentFile({ id }: { id: string }) {
  const intl = useIntl();
  useLiveUpdates();
  const today = businessDay();
  // The form loaded the equipment already: read it from the cache.
  const equipment = useQuery<Entity>({ queryKey: recordKey('equipments', id), enabled: false }).data;
  const deadlines = useRows('physicalActivities', { 'filter[equipmentId]': id, sort: 'deadlineDate', 'page[size]': 200 });
  const checks = useRows('checks', { 'filter[equipmentId]': id, sort: '-checkedDateTime', 'page[size]': 100 });
  const anomalies = useRows('anomalies', { 'filter[equipmentId]': id, sort: '-detectedDateTime', 'page[size]': 100 });
  const activities = useRows('assignmentActivities', { 'filter[equipmentId]': id, 'page[size]': 200 });
  const assignmentIds = ids((activities.rows ?? []).map((row) => row.relationships.assignmentId));
  const assignments = useRows('assignments', { ids: assignmentIds.join(','), sort: '-plannedStartDateTime', 'page[size]': 200 }, assignmentIds.length > 0);
  const controlIds = ids((checks.rows ?? []).map((row) => row.relationships.controlId));
  const controls = useRows('controls', { ids: controlIds.join(','), 'page[size]': 200 }, controlIds.length > 0);
  const checkById = new Map((checks.rows ?? []).map((check) => [check.id, check]));
  const photoIds = ids((checks.rows ?? []).flatMap((check) => (Array.isArray(check.attributes.photos) ? check.attributes.photos : [])));
  const photos = useRows('media', { ids: photoIds.join(','), 'page[size]': 200 }, photoIds.length > 0);
  const photoById = new Map((photos.rows ?? []).map((media) => [media.id, media]));
  const controlName = (controlId: unknown) => text((controls.rows ?? []).find((control) => control.id === controlId)?.attributes.name) || '—';

  const lifecycle = equipment && deadlines.rows !== undefined
    ? equipmentLifecycle({
      productionDate: text(equipment.attributes.productionDate) || null,
      installationDate: text(equipment.attributes.installationDate) || null,
      deadlines: deadlines.rows.map((row) => ({
        deadlineDate: text(row.attributes.deadlineDate),
        isExecuted: row.attributes.isExecuted === true,
        executedDate: text(row.attributes.executedDate) || null,
        isEnded: row.attributes.isEnded === true,
        ...(row.attributes.rule ? { rule: row.attributes.rule as DeadlineRule } : {}),
      })),
      checks: (checks.rows ?? []).map((row) => ({ checkedDateTime: text(row.attributes.checkedDateTime), passed: row.attributes.passed === true })),
    }, today)
    : undefined;
  const open = (deadlines.rows ?? []).filter((row) => row.attributes.isExecuted !== true && row.attributes.isEnded !== true);
  const photoCell = (check: Entity | undefined) => {
    const list = check && Array.isArray(check.attributes.photos) ? check.attributes.photos.filter((p): p is string => typeof p === 'string') : [];
    if (list.length === 0) return '—';
    const date = formatDateTime(text(check!.attributes.checkedDateTime));
    return (
      <span className="equipment-file-photos">
        {list.map((photoId) => {
          const meta = (photoById.get(photoId)?.attributes.meta ?? {}) as Record<string, unknown>;
          return <BlurhashThumb key={photoId} blurhash={typeof meta.blurhash === 'string' ? meta.blurhash : undefined} src={typeof meta.thumbnail === 'string' ? meta.thumbnail : undefined}
            alt={intl.formatMessage({ id: 'equipmentFile.photo' }, { date })} width={Number(meta.width) || undefined} height={Number(meta.height) || undefined} />;
        })}
      </span>
    );
  };

  return (
    <div className="equipment-file">
      <Section id={`${id}-lifecycle`} title="equipmentFile.lifecycle" readable={deadlines.readable} loading={lifecycle === undefined} empty={lifecycle?.length === 0} none="equipmentFile.lifecycle.none">
        <ol className="equipment-timeline">
          {(lifecycle ?? []).map((event, index) => <TimelineItem key={`${event.date}-${index}`} event={event} />)}
        </ol>
      </Section>
      <Section id={`${id}-deadlines`} title="equipmentFile.deadlines" readable={deadlines.readable} loading={deadlines.rows === undefined} empty={open.length === 0} none="equipmentFile.deadlines.none">
        <Table columns={['date', 'what', 'norm', 'status']}>
          {open.map((row) => {
            const rule = row.attributes.rule as DeadlineRule | undefined;
            const event = lifecycle?.find((e) => e.date === row.attributes.deadlineDate && e.status !== 'done');
            return (
              <tr key={row.id}>
                <td className="nowrap"><AppLink href={recordTabUrl('physicalActivities', row.id, row)}>{formatDate(text(row.attributes.deadlineDate))}</AppLink></td>
                <td>{rule ? ruleKindLabels[rule.kind] : text(row.metadata.activityName) || '—'}</td>
                <td className="nowrap">{rule ? normCitation(rule.norm, rule.edition) : '—'}</td>
                <td className={`equipment-status is-${event?.status ?? 'planned'}`}><FormattedMessage id={`equipmentFile.status.${event?.status ?? 'planned'}`} /></td>
              </tr>
            );
          })}
        </Table>
      </Section>
      <Section id={`${id}-checks`} title="equipmentFile.checks" readable={checks.readable} loading={checks.rows === undefined} empty={checks.rows?.length === 0} none="equipmentFile.checks.none">
        <Table columns={['date', 'control', 'outcome', 'notes', 'photos']}>
          {(checks.rows ?? []).map((check) => (
            <tr key={check.id}>
              <td className="nowrap">{formatDateTime(text(check.attributes.checkedDateTime))}</td>
              <td>{controlName(check.relationships.controlId)}</td>
              <td><FormattedMessage id={check.attributes.passed === true ? 'equipmentFile.passed' : 'equipmentFile.failed'} /></td>
              <td>{text(check.attributes.notes) || '—'}</td>
              <td>{photoCell(check)}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id={`${id}-anomalies`} title="equipmentFile.anomalies" readable={anomalies.readable} loading={anomalies.rows === undefined} empty={anomalies.rows?.length === 0} none="equipmentFile.anomalies.none">
        <Table columns={['date', 'description', 'risk', 'status', 'photos']}>
          {(anomalies.rows ?? []).map((anomaly) => (
            <tr key={anomaly.id}>
              <td className="nowrap"><AppLink href={recordTabUrl('anomalies', anomaly.id, anomaly)}>{formatDateTime(text(anomaly.attributes.detectedDateTime))}</AppLink></td>
              <td>{text(anomaly.attributes.description)}</td>
              <td><FormattedMessage id={`equipmentFile.risk.${text(anomaly.attributes.risk) || 'low'}`} /></td>
              <td>{machineStateLabels.anomalies[text(anomaly.attributes.state)] ?? text(anomaly.attributes.state)}</td>
              <td>{photoCell(checkById.get(text(anomaly.relationships.checkId)))}</td>
            </tr>
          ))}
        </Table>
      </Section>
      <Section id={`${id}-interventions`} title="equipmentFile.interventions" readable={activities.readable && assignments.readable}
        loading={activities.rows === undefined || (assignmentIds.length > 0 && assignments.rows === undefined)} empty={assignmentIds.length === 0} none="equipmentFile.interventions.none">
        <Table columns={['intervention', 'planned', 'status']}>
          {(assignments.rows ?? []).map((assignment) => (
            <tr key={assignment.id}>
              <td className="nowrap"><AppLink href={recordTabUrl('assignments', assignment.id, assignment)}>{text(assignment.attributes.code) || findKind('assignments')!.title(assignment)}</AppLink></td>
              <td className="nowrap">{text(assignment.attributes.plannedStartDateTime) ? formatDateTime(text(assignment.attributes.plannedStartDateTime)) : '—'}</td>
              <td>{machineStateLabels.assignments[text(assignment.attributes.state)] ?? text(assignment.attributes.state)}</td>
            </tr>
          ))}
        </Table>
      </Section>
    </div>
  );
}

function Section({ id, title, readable, loading, empty, none, children }: { id: string; title: string; readable: boolean; loading: boolean; empty: boolean | undefined; none: string; children: ReactNode }) {
  if (!readable) return null;
  return (
    <section className="form-section equipment-file-section" aria-labelledby={id}>
      <h2 id={id}><FormattedMessage id={title} /></h2>
      {loading ? <p role="status"><FormattedMessage id="equipmentFile.loading" /></p> : empty ? <p><FormattedMessage id={none} /></p> : children}
    </section>
  );
}

function Table({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <table className="equipment-file-table">
      <thead><tr>{columns.map((column) => <th key={column} scope="col"><FormattedMessage id={`equipmentFile.column.${column}`} /></th>)}</tr></thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function TimelineItem({ event }: { event: LifecycleEvent }) {
  return (
    <li className={`equipment-timeline-item is-${event.status}`}>
      <time dateTime={event.date}>{formatDate(event.date)}</time>
      <span className="equipment-timeline-label">{event.label}</span>
      {event.norm && <span className="equipment-timeline-norm">{event.norm}</span>}
      <span className="equipment-timeline-status"><FormattedMessage id={`equipmentFile.status.${event.status}`} /></span>
    </li>
  );
}
