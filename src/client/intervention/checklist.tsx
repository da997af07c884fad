/**
 * The intervention's activities, each with its equipment or installation and the checklist of the
 * controls of the equipment's family (src/domain/rules/intervention.ts says which and where each
 * stands): pass or fail, a note, a photo, and for a failed control the anomaly it raises with its
 * risk and description. Every control is reachable by Tab and by ↑/↓; the keys, the palette and the
 * focused control's buttons run the same commands (commands/intervention.ts), registered in the
 * `grid` scope while the checklist has the focus.
 */
import { useContext, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { interventionChecklistCommands, interventionChecklistKeys, type InterventionChecklistTarget } from '../../../commands/intervention.ts';
import { formatSequence } from '../../../commands/keys.ts';
import type { Command } from '../../../commands/types.ts';
import type { Entity, EntityJson } from '../../domain/entity.ts';
import { anomalyRisks } from '../../domain/enums.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { findKind } from '../../domain/kinds.ts';
import {
  anomalyFromFailedControl, anomalyReference, isExcused, controlsForActivity, defaultAnomalyRisk, latestChecks, outcomeOf, type AnomalyRisk, type ControlOutcome,
} from '../../domain/rules/intervention.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { listKey, recordKey, records, useLimits } from '../data/index.ts';
import { Attachments } from '../files/attachments.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { proposeCorrectionUrl } from '../../../commands/equipment-change-requests.ts';
import { CommandButton } from '../shell/command-button.tsx';
import { useSession } from '../session/session.tsx';
import { asSubject } from '../../domain/ability.ts';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { TabIdContext, useOpenTab } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';

const MAX_ROWS = 500;
/** States in which the technician records checks: the intervention is under way. */
const UNDER_WAY: readonly string[] = ['running', 'paused'];
const NOT_STARTED: readonly string[] = ['open', 'scheduled', 'postponed'];

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const uniq = (values: (string | undefined)[]): string[] => [...new Set(values.filter((v): v is string => v !== undefined))].sort();

interface Row {
  key: string;
  activity: Entity;
  control: Entity;
  check: Entity | undefined;
  outcome: ControlOutcome;
  /** Anomalies raised from a check of this control on this activity. */
  anomalies: Entity[];
}

/**
 * One list query of `type` (empty when `params` is undefined), cached under the records layer's keys.
 * Nothing is asked of a kind the role may not read (a planner reads no checks, controls or anomalies):
 * the checklist leaves that part out instead of showing a refusal.
 */
function useList(type: string, wanted: Record<string, string | number> | undefined) {
  const { ability } = useSession();
  const subject = findKind(type)?.subject;
  const params = subject && !ability.can('read', subject) ? undefined : wanted;
  return useQuery({
    queryKey: listKey(type, params ?? { none: true }),
    queryFn: ({ signal }) => records.list(type, params, signal),
    enabled: params !== undefined,
  });
}

export function InterventionChecklist({ assignment }: { assignment: EntityJson }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { ability } = useSession();
  const queryClient = useQueryClient();
  const state = String(assignment.attributes.state ?? '');
  const customerId = str(assignment.relationships.customerId) ?? '';

  const activitiesQuery = useList('assignmentActivities', { 'filter[assignmentId]': assignment.id, sort: 'scheduledDate', 'page[size]': MAX_ROWS });
  // SPEC §9: an intervention holds a limited number of activities (the server refuses one more).
  const limits = useLimits();
  const activities = useMemo(() => activitiesQuery.data?.data ?? [], [activitiesQuery.data]);
  const activityIds = uniq(activities.map((a) => a.id));
  const idsParams = (ids: string[]) => (ids.length > 0 ? { ids: ids.join(','), 'page[size]': Math.min(MAX_ROWS, ids.length) } : undefined);
  const kinds = useList('activities', idsParams(uniq(activities.map((a) => str(a.relationships.activityId)))));
  const equipments = useList('equipments', idsParams(uniq(activities.map((a) => str(a.relationships.equipmentId)))));
  const installations = useList('installations', idsParams(uniq(activities.map((a) => str(a.relationships.installationId)))));
  const families = uniq((equipments.data?.data ?? []).map((e) => str(e.relationships.equipmentFamilyId)));
  const controls = useList('controls', families.length > 0 ? { 'filter[equipmentFamilyId]': families.join(','), sort: 'code', 'page[size]': MAX_ROWS } : undefined);
  const byActivity = activityIds.length > 0 ? { 'filter[assignmentActivityId]': activityIds.join(','), 'page[size]': MAX_ROWS } : undefined;
  const checks = useList('checks', byActivity);
  const anomalies = useList('anomalies', byActivity);

  const byId = (list: { data?: { data: Entity[] } }) => new Map((list.data?.data ?? []).map((e) => [e.id, e]));
  const kindById = byId(kinds);
  const equipmentById = byId(equipments);
  const installationById = byId(installations);

  // The rows, activity by activity: each control of the activity's family, where it stands, its anomalies.
  const groups = useMemo(() => {
    const equipmentsById = new Map((equipments.data?.data ?? []).map((e) => [e.id, e]));
    const allControls = (controls.data?.data ?? []).map((c) => ({ id: c.id, code: String(c.attributes.code ?? ''), activityId: str(c.relationships.activityId) ?? null, family: str(c.relationships.equipmentFamilyId), entity: c }));
    const allChecks = checks.data?.data ?? [];
    const allAnomalies = anomalies.data?.data ?? [];
    return activities.map((activity) => {
      const equipment = equipmentsById.get(str(activity.relationships.equipmentId) ?? '');
      const family = str(equipment?.relationships.equipmentFamilyId);
      const own = allControls.filter((c) => family !== undefined && c.family === family);
      const activityChecks = allChecks.filter((check) => check.relationships.assignmentActivityId === activity.id);
      const latest = latestChecks(activityChecks.map((check) => ({ id: check.id, controlId: String(check.relationships.controlId), passed: check.attributes.passed === true, checkedDateTime: String(check.attributes.checkedDateTime ?? ''), entity: check })));
      const controlOfCheck = new Map(activityChecks.map((check) => [check.id, String(check.relationships.controlId)]));
      const activityAnomalies = allAnomalies.filter((a) => a.relationships.assignmentActivityId === activity.id);
      const rows: Row[] = controlsForActivity(own, str(activity.relationships.activityId)).map((control) => {
        const check = latest.get(control.id)?.entity;
        return {
          key: `${activity.id}:${control.id}`,
          activity,
          control: control.entity,
          check,
          outcome: outcomeOf(check ? { passed: check.attributes.passed === true } : undefined),
          anomalies: activityAnomalies.filter((a) => controlOfCheck.get(String(a.relationships.checkId ?? '')) === control.id),
        };
      });
      const other = activityAnomalies.filter((a) => !controlOfCheck.has(String(a.relationships.checkId ?? '')));
      return { activity, rows, other };
    });
  }, [activities, equipments.data, controls.data, checks.data, anomalies.data]);
  const rows = useMemo(() => groups.flatMap((g) => g.rows), [groups]);

  const [cursor, setCursor] = useState(0);
  const index = Math.min(cursor, Math.max(0, rows.length - 1));
  const current = rows[index];
  // The rows are found in this checklist's own element (the same intervention may be open in both panes).
  const checklistId = useId();
  const focusRowOf = (key: string) => document.getElementById(checklistId)?.querySelector<HTMLElement>(`[data-row="${key}"]`)?.focus();
  const [anomalyRow, setAnomalyRow] = useState<string | null>(null);
  /** The activity whose «non eseguibile» form is open (issue 22). */
  const [notExecutableOf, setNotExecutableOf] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Who may change the intervention records its checks; the Operatore, on the interventions it is an operator of (`recordChecks`).
  const assignmentSubject = asSubject('assignment', { ...assignment });
  const canCheck = ability.can('create', 'checks') && (ability.can('update', assignmentSubject) || ability.can('recordChecks', assignmentSubject));
  // A check's note is changed by who may update checks; its photos (files attached to it, the media kind's
  // `attachedTo`) by who may change its photos: the Operatore on the checks it recorded itself (per row below).
  const canEditNote = ability.can('update', 'checks', 'attributes.notes');
  const canAttach = ability.can('update', 'checks', 'attributes.photos');
  // Who may create anomalies raises the one of a failed control (the Operatore too, on its interventions: the server checks which).
  const canRaise = ability.can('create', 'anomaly');
  // Issue 25: legal data is corrected by a change request the office approves, proposed from here too.
  const canPropose = ability.can('create', 'equipment change request');
  const openTab = useOpenTab();
  const readOnlyReason = !canCheck ? t('intervention.noRight') : NOT_STARTED.includes(state) ? t('intervention.notStarted') : UNDER_WAY.includes(state) ? undefined : t('intervention.ended');
  const editable = readOnlyReason === undefined && assignment.metadata.isDeleted !== true;

  const focusRow = (next: number) => {
    if (rows.length === 0) return;
    const clamped = Math.max(0, Math.min(rows.length - 1, next));
    setCursor(clamped);
    focusRowOf(rows[clamped]!.key);
  };

  /** Records the outcome of the focused control as a new check (its note and photos kept from the last one). */
  const record = async (row: Row, passed: boolean) => {
    if (busy) return;
    setBusy(true);
    try {
      const note = (document.getElementById(noteId(row.key)) as HTMLInputElement | null)?.value.trim();
      await records.create('checks', {
        attributes: {
          result: passed,
          passed,
          ...(note ? { notes: note } : {}),
          photos: Array.isArray(row.check?.attributes.photos) ? row.check.attributes.photos : [],
          checkedDateTime: new Date().toISOString(),
        },
        metadata: {},
        relationships: { controlId: row.control.id, assignmentActivityId: row.activity.id, equipmentId: str(row.activity.relationships.equipmentId) ?? null },
      });
      const code = String(row.control.attributes.code ?? '');
      pushAlert({ type: passed ? 'success' : 'warning', content: t('intervention.saved', { code, outcome: t(`intervention.outcome.${passed ? 'passed' : 'failed'}`) }) });
      // A failed control raises its anomaly: its form opens at once (unless one is raised already).
      if (!passed && canRaise && row.anomalies.every((a) => a.attributes.state !== 'unresolved')) setAnomalyRow(row.key);
      else if (passed && anomalyRow === row.key) setAnomalyRow(null);
      // The closing guards read the recorded controls: the intervention's actions are read again.
      void queryClient.invalidateQueries({ queryKey: recordKey('assignments', assignment.id) });
    } catch {
      // The records layer showed the problem (SPEC §8).
    } finally {
      setBusy(false);
    }
  };

  const target: InterventionChecklistTarget = {
    editable,
    mayRaise: canRaise,
    ...(readOnlyReason ? { readOnlyReason } : {}),
    current: () => (current ? { outcome: current.outcome, open: current.activity.attributes.state === 'open', anomalyRaised: current.anomalies.some((a) => a.attributes.state === 'unresolved'), ...(str(current.activity.relationships.equipmentId) ? { equipmentId: str(current.activity.relationships.equipmentId) } : {}) } : undefined),
    step: (delta) => focusRow(index + delta),
    first: () => focusRow(0),
    last: () => focusRow(rows.length - 1),
    pass: () => current && void record(current, true),
    fail: () => current && void record(current, false),
    note: () => current && document.getElementById(noteId(current.key))?.focus(),
    raiseAnomaly: () => current && setAnomalyRow(current.key),
    markNotExecutable: () => current && setNotExecutableOf(current.activity.id),
    mayProposeCorrection: canPropose,
    proposeCorrection: () => {
      const equipmentId = current ? str(current.activity.relationships.equipmentId) : undefined;
      if (equipmentId) openTab(proposeCorrectionUrl(equipmentId, assignment.id));
    },
  };

  // The keys listen while the checklist has the focus (and while the palette it opened is up), in the tab shown.
  const [focused, setFocused] = useState(false);
  const tabId = useContext(TabIdContext);
  const shownTabId = useAtomValue(activeTabAtom)?.id;
  // Rebuilt with each render, so the buttons, the palette and the keys see where the checklist stands now.
  const commands: Command[] = interventionChecklistCommands(holding(target), { t: (id, values) => intl.formatMessage({ id }, values) });
  useScopedCommands('grid', commands, focused && (tabId === undefined || tabId === shownTabId));
  const containerRef = useRef<HTMLDivElement>(null);
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    setFocused(true);
    // The cursor follows the focus: a control's row or anything inside it.
    const rowElement = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    const at = rowElement ? rows.findIndex((r) => r.key === rowElement.dataset.row) : -1;
    if (at >= 0 && at !== index) setCursor(at);
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as HTMLElement | null;
    if (next && (containerRef.current?.contains(next) || next.closest('[cmdk-dialog], [role=dialog]'))) return;
    if (!next) return;
    setFocused(false);
  };

  const saveNote = async (row: Row, text: string) => {
    // Who may not change a recorded check (the Operatore) sends the note with the next outcome (c / n).
    if (!canEditNote || !row.check || text === (str(row.check.attributes.notes) ?? '')) return;
    try {
      await records.update('checks', row.check, { attributes: { notes: text === '' ? null : text } });
      pushAlert({ type: 'success', content: t('intervention.noteSaved', { code: String(row.control.attributes.code ?? '') }) });
    } catch {
      // Shown by the records layer.
    }
  };

  /** Marks an activity «non eseguibile» with its reason, or (reason null) takes the mark back. */
  const saveNotExecutable = async (activity: Entity, reason: string | null) => {
    await records.update('assignmentActivities', activity, { attributes: reason === null ? { notExecutable: false, notExecutableReason: null } : { notExecutable: true, notExecutableReason: reason } });
    pushAlert({ type: 'success', content: t(reason === null ? 'intervention.notExecutableCleared' : 'intervention.notExecutableSaved') });
    setNotExecutableOf(null);
    await queryClient.invalidateQueries({ queryKey: recordKey('assignments', assignment.id) });
    focusRowOf(current?.key ?? '');
  };

  const raise = async (row: Row, risk: AnomalyRisk, description: string) => {
    const body = anomalyFromFailedControl({
      control: { code: String(row.control.attributes.code ?? ''), name: String(row.control.attributes.name ?? '') },
      risk,
      description,
      detectedDateTime: new Date().toISOString(),
      customerId,
      assignmentActivityId: row.activity.id,
      equipmentId: str(row.activity.relationships.equipmentId),
      installationId: str(row.activity.relationships.installationId),
    });
    await records.create('anomalies', { ...body, relationships: { ...body.relationships, checkId: row.check?.id ?? null } });
    pushAlert({ type: 'warning', content: t('intervention.anomalyRaised', { risk: t(`intervention.risk.${risk}`) }) });
    setAnomalyRow(null);
    // The closing guards (close / close with anomalies) depend on the anomalies: the intervention's actions are read again.
    await queryClient.invalidateQueries({ queryKey: recordKey('assignments', assignment.id) });
    focusRowOf(row.key);
  };

  const loading = [activitiesQuery, kinds, equipments, installations, controls, checks, anomalies].some((q) => q.isLoading);
  const failed = [activitiesQuery, kinds, equipments, installations, controls, checks, anomalies].some((q) => q.isError);
  const k = interventionChecklistKeys;
  const unresolved = (anomalies.data?.data ?? []).filter((a) => a.attributes.state === 'unresolved').length;
  // A role that reads no controls or anomalies (a planner) sees the activities without those parts.
  const readsControls = ability.can('read', findKind('controls')?.subject ?? 'checks');
  const readsAnomalies = ability.can('read', findKind('anomalies')?.subject ?? 'anomaly');

  return (
    <section className="form-section intervention-activities" aria-labelledby="intervention-activities-title">
      <h2 id="intervention-activities-title"><FormattedMessage id="intervention.activities" /></h2>
      <p className="form-hint">
        <FormattedMessage id="intervention.keysHint" values={{ pass: formatSequence(k.pass[0]), fail: formatSequence(k.fail[0]), note: formatSequence(k.note[0]), anomaly: formatSequence(k.anomaly[0]), notExecutable: formatSequence(k.notExecutable[0]) }} />
        {readOnlyReason && <> {readOnlyReason}.</>}
      </p>
      {readsAnomalies && <p className="intervention-anomaly-count" role="status"><FormattedMessage id="intervention.anomaliesCount" values={{ count: unresolved }} /></p>}
      {limits && (activitiesQuery.data?.meta.total ?? 0) >= limits.activitiesPerIntervention && (
        <p className="limit-warning intervention-activities-limit" role="status"><FormattedMessage id="intervention.activitiesLimit" values={{ limit: limits.activitiesPerIntervention }} /></p>
      )}
      {failed ? <p role="alert"><FormattedMessage id="intervention.loadError" /></p>
        : loading ? <p role="status"><FormattedMessage id="intervention.loading" /></p>
          : activities.length === 0 ? <p><FormattedMessage id="intervention.noActivities" /></p>
            : (
              <div ref={containerRef} id={checklistId} className="intervention-checklist" role="group" aria-label={t('intervention.checklist')} onFocus={onFocus} onBlur={onBlur}>
                {groups.map(({ activity, rows: activityRows, other }) => {
                  const equipment = equipmentById.get(str(activity.relationships.equipmentId) ?? '');
                  const installation = installationById.get(str(activity.relationships.installationId) ?? '');
                  const name = str(kindById.get(str(activity.relationships.activityId) ?? '')?.attributes.name) ?? t('intervention.activity');
                  const activityState = String(activity.attributes.state ?? '');
                  return (
                    <article key={activity.id} className="intervention-activity" aria-labelledby={`activity-${activity.id}`} data-activity={activity.id}>
                      <h3 id={`activity-${activity.id}`}>
                        <AppLink href={recordTabUrl('assignmentActivities', activity.id)}>{name}</AppLink>
                        {' – '}<FormattedMessage id="intervention.activityState" values={{ state: machineStateLabels.assignmentActivities[activityState] ?? activityState }} />
                      </h3>
                      {isExcused({ notExecutable: activity.attributes.notExecutable === true, notExecutableReason: str(activity.attributes.notExecutableReason) ?? null }) && (
                        <p className="intervention-not-executable" data-not-executable={activity.id}>
                          <FormattedMessage id="intervention.notExecutableLine" values={{ reason: String(activity.attributes.notExecutableReason) }} />
                        </p>
                      )}
                      {notExecutableOf === activity.id && editable && activityState === 'open' && (
                        <NotExecutableForm activity={activity} onSave={(reason) => saveNotExecutable(activity, reason)} onCancel={() => {
                          setNotExecutableOf(null);
                          focusRowOf(current?.key ?? '');
                        }} />
                      )}
                      <p className="intervention-subject">
                        {equipment ? (
                          <>
                          <AppLink href={recordTabUrl('equipments', equipment.id, equipment)}>
                            <FormattedMessage id="intervention.equipment" values={{ code: String(equipment.attributes.equipmentId ?? '') }} />
                            {str(equipment.attributes.serialNumber) && <>, <FormattedMessage id="intervention.serial" values={{ serial: String(equipment.attributes.serialNumber) }} /></>}
                          </AppLink>
                          {canPropose && <> · <AppLink href={proposeCorrectionUrl(equipment.id, assignment.id)} className="intervention-propose" data-propose={equipment.id}>{t('intervention.proposeCorrection')}</AppLink></>}
                          </>
                        ) : installation ? (
                          <AppLink href={recordTabUrl('installations', installation.id, installation)}>
                            <FormattedMessage id="intervention.installation" values={{ name: `${String(installation.attributes.code ?? '')} – ${String(installation.attributes.name ?? '')}` }} />
                          </AppLink>
                        ) : <FormattedMessage id="intervention.noSubject" />}
                      </p>
                      {!readsControls ? null : activityRows.length === 0 ? <p><FormattedMessage id="intervention.noControls" /></p> : (
                        <ul className="intervention-controls">
                          {activityRows.map((row) => (
                            <ControlRow
                              key={row.key}
                              row={row}
                              isCurrent={row.key === current?.key}
                              editable={editable && activityState === 'open'}
                              canAttach={canAttach && row.check !== undefined && ability.can('update', asSubject('checks', { ...row.check }), 'attributes.photos')}
                              canEditNote={canEditNote}
                              canRaise={canRaise}
                              anomalyOpen={anomalyRow === row.key}
                              onSaveNote={(text) => void saveNote(row, text)}
                              onRaise={(risk, description) => raise(row, risk, description)}
                              onCancelAnomaly={() => {
                                setAnomalyRow(null);
                                focusRowOf(row.key);
                              }}
                            />
                          ))}
                        </ul>
                      )}
                      {other.length > 0 && (
                        <>
                          <h4><FormattedMessage id="intervention.otherAnomalies" /></h4>
                          <ul>{other.map((anomaly) => <li key={anomaly.id}><AnomalyLine anomaly={anomaly} /></li>)}</ul>
                        </>
                      )}
                    </article>
                  );
                })}
              </div>
            )}
    </section>
  );
}

/** The holder the checklist's commands read their target from. */
const holding = (target: InterventionChecklistTarget) => ({ current: target });

const noteId = (key: string) => `intervention-note-${key}`;

interface ControlRowProps {
  row: Row;
  isCurrent: boolean;
  editable: boolean;
  canAttach: boolean;
  canEditNote: boolean;
  canRaise: boolean;
  anomalyOpen: boolean;
  onSaveNote(text: string): void;
  onRaise(risk: AnomalyRisk, description: string): Promise<void>;
  onCancelAnomaly(): void;
}

function ControlRow({ row, isCurrent, editable, canAttach, canEditNote, canRaise, anomalyOpen, onSaveNote, onRaise, onCancelAnomaly }: ControlRowProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const code = String(row.control.attributes.code ?? '');
  const name = String(row.control.attributes.name ?? '');
  const labelId = useId();
  const outcomeText = t(`intervention.outcome.${row.outcome}`);
  const storedNote = str(row.check?.attributes.notes) ?? '';
  const [note, setNote] = useState<string | null>(null);
  const photos = Array.isArray(row.check?.attributes.photos) ? row.check.attributes.photos : [];
  const assignmentId = str(row.activity.relationships.assignmentId);
  return (
    <li
      data-row={row.key}
      data-outcome={row.outcome}
      className={`intervention-control${isCurrent ? ' is-current' : ''}`}
      tabIndex={isCurrent ? 0 : -1}
      aria-labelledby={labelId}
      aria-current={isCurrent ? 'true' : undefined}
    >
      <div className="intervention-control-head" id={labelId}>
        <strong><FormattedMessage id="intervention.control" values={{ code, name }} /></strong>
        {row.control.attributes.isMandatory !== false && <span>(<FormattedMessage id="intervention.mandatory" />)</span>}
        <span className="intervention-outcome" data-outcome={row.outcome}>{outcomeText}</span>
      </div>
      <div className="intervention-control-body">
        {isCurrent && editable && (
          <>
            <CommandButton commandId="intervention.pass" label={t('intervention.outcome.passed')} />
            <CommandButton commandId="intervention.fail" label={t('intervention.outcome.failed')} />
            {canRaise && row.outcome === 'failed' && !anomalyOpen && !row.anomalies.some((a) => a.attributes.state === 'unresolved') && <CommandButton commandId="intervention.anomaly" label={t('intervention.raise')} />}
          </>
        )}
        <input
          id={noteId(row.key)}
          type="text"
          maxLength={5000}
          placeholder={t(canEditNote || !row.check ? 'intervention.notePlaceholder' : 'intervention.notePlaceholderWithOutcome')}
          aria-label={t('intervention.note', { code })}
          readOnly={!editable}
          value={note ?? storedNote}
          onChange={(event) => setNote(event.target.value)}
          onBlur={() => {
            if (note !== null) onSaveNote(note.trim());
            setNote(null);
          }}
        />
        {row.check ? (
          <Attachments type="checks" id={row.check.id} field="attributes.photos" label={t('intervention.photos', { code })} shape="ids" value={photos} readOnly={!editable || !canAttach}
            // Ctrl+U on the intervention adds a photo to the control under the cursor.
            attachKeyOf={isCurrent && assignmentId ? { type: 'assignments', id: assignmentId } : null}
            onChange={(value) => void records.update('checks', row.check!, { attributes: { photos: value } }).catch(() => undefined)} />
        ) : editable ? <span className="form-hint"><FormattedMessage id="intervention.photosAfterCheck" /></span> : null}
      </div>
      {row.anomalies.map((anomaly) => <p key={anomaly.id} className="intervention-anomaly" data-risk={String(anomaly.attributes.risk)}><AnomalyLine anomaly={anomaly} /></p>)}
      {anomalyOpen && editable && (
        <AnomalyForm code={code} name={name} isMandatory={row.control.attributes.isMandatory !== false} onRaise={onRaise} onCancel={onCancelAnomaly} />
      )}
    </li>
  );
}

/**
 * The anomaly a failed control raises: the technician's own description (empty, focused when the
 * form opens), the control it refers to shown beside it (never glued into the text), then its risk.
 */
function AnomalyForm({ code, name, isMandatory, onRaise, onCancel }: { code: string; name: string; isMandatory: boolean; onRaise(risk: AnomalyRisk, description: string): Promise<void>; onCancel(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [risk, setRisk] = useState<AnomalyRisk>(defaultAnomalyRisk({ isMandatory }));
  const [description, setDescription] = useState('');
  const { sending, send } = useSendOnce();
  const riskId = useId();
  // The form opens on a failed control: the description takes the focus, the keyboard goes on from there.
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => descriptionRef.current?.focus(), []);
  const descriptionId = useId();
  const referenceId = useId();
  return (
    <InlineForm className="intervention-anomaly-form" label={intl.formatMessage({ id: 'intervention.anomalyForm' }, { code })} onCancel={onCancel}>
      <label htmlFor={descriptionId}>{t('intervention.description')}</label>
      <textarea id={descriptionId} ref={descriptionRef} rows={2} maxLength={5000} value={description} aria-describedby={referenceId}
        onChange={(event) => setDescription(event.target.value)} />
      <span id={referenceId} className="intervention-anomaly-reference">{anomalyReference({ code, name })}</span>
      <label htmlFor={riskId}>{t('intervention.risk')}</label>
      <select id={riskId} value={risk} onChange={(event) => setRisk(event.target.value as AnomalyRisk)}>
        {anomalyRisks.map((value) => <option key={value} value={value}>{t(`intervention.risk.${value}`)}</option>)}
      </select>
      <button type="button" disabled={sending || description.trim() === ''} onClick={() => send(() => onRaise(risk, description))}>{t('intervention.raise')}</button>
      <button type="button" onClick={onCancel}>{t('intervention.cancelAnomaly')}</button>
    </InlineForm>
  );
}

function AnomalyLine({ anomaly }: { anomaly: Entity }) {
  const intl = useIntl();
  const risk = String(anomaly.attributes.risk ?? '');
  const state = String(anomaly.attributes.state ?? '');
  return (
    <AppLink href={recordTabUrl('anomalies', anomaly.id)}>
      <FormattedMessage id="intervention.anomalyLine" values={{
        risk: intl.formatMessage({ id: `intervention.risk.${risk}` }),
        description: String(anomaly.attributes.description ?? ''),
        state: machineStateLabels.anomalies[state] ?? state,
      }} />
    </AppLink>
  );
}

/**
 * Issue 22: an activity that cannot be done is marked «non eseguibile» with its reason (required;
 * the report prints it, and its controls no longer hold the closing back). Escape leaves it as it was.
 */
function NotExecutableForm({ activity, onSave, onCancel }: { activity: Entity; onSave(reason: string | null): Promise<void>; onCancel(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const marked = activity.attributes.notExecutable === true;
  const [reason, setReason] = useState(str(activity.attributes.notExecutableReason) ?? '');
  const { sending, send } = useSendOnce();
  const reasonId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);
  const save = (value: string | null) => send(() => onSave(value));
  return (
    <InlineForm className="intervention-not-executable-form" label={t('intervention.notExecutableForm')} onCancel={onCancel}>
      <label htmlFor={reasonId}>{t('intervention.notExecutableReason')}</label>
      <textarea id={reasonId} ref={reasonRef} rows={2} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
      <button type="button" disabled={sending || reason.trim() === ''} title={reason.trim() === '' ? t('intervention.notExecutableReasonRequired') : undefined}
        onClick={() => save(reason.trim())}>{t('intervention.notExecutableSave')}</button>
      {marked && <button type="button" disabled={sending} onClick={() => save(null)}>{t('intervention.notExecutableClear')}</button>}
      <button type="button" onClick={onCancel}>{t('intervention.cancelAnomaly')}</button>
    </InlineForm>
  );
}

/** A form opened inside a checklist row: a labelled group that Escape closes, leaving the row as it was. */
function InlineForm({ className, label, onCancel, children }: { className: string; label: string; onCancel(): void; children: ReactNode }) {
  return (
    <div className={className} role="group" aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}>
      {children}
    </div>
  );
}

/** One write at a time from an inline form; a failure is shown by the records layer and the form stays for another try. */
function useSendOnce(): { sending: boolean; send(write: () => Promise<void>): void } {
  const [sending, setSending] = useState(false);
  const send = (write: () => Promise<void>) => {
    if (sending) return;
    setSending(true);
    write().catch(() => setSending(false));
  };
  return { sending, send };
}
