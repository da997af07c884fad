/**
 * The intervention (`/planning/assignments/{id}/detail`, issue 11 "The intervention"), a view over
 * the record controller: the header (code, customer, office location, dates, the state with its
 * transition bar from the record frame), the operators (only staff, internal or external, allowed on the
 * intervention's module), and the activities, each with its equipment or installation and the
 * checklist of its family's controls (checklist.tsx). Closing with anomalies is the machine's
 * transition (`t i k`), refused by the server while no anomaly was found and required once one was
 * (src/domain/rules/intervention.ts). The report's preview is the document command (`r s`).
 * Issue 25: a save refused because an operator is not qualified offers an administrator «Assegna
 * comunque» with the reason (qualification-override.tsx), and the stored reason shows under the operators.
 */
import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels } from '../../domain/machines/index.ts';
import { operatorCandidatesQuery } from '../../domain/rules/intervention.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { enumLabel, formatValue } from '../forms/format.ts';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { useEntityTitle } from '../forms/references.ts';
import { kindSections } from '../forms/schema-fields.ts';
import { useSession } from '../session/session.tsx';
import { store } from '../store.ts';
import { useTabId } from '../workspace/tab-context.ts';
import { workspaceAtom } from '../workspace/workspace-state.ts';
import { addMessages } from '../i18n/index.ts';
import interventionMessages from '../i18n/messages/intervention.ts';
import { InterventionChecklist } from './checklist.tsx';
import { OfflineReadinessSlot } from '../offline/readiness-slot.tsx';
import { mayOverrideQualification, overrideReasonOf, updateWithQualificationOverride } from './qualification-override.tsx';
import { injectInterventionStyles } from './styles.ts';

addMessages(interventionMessages);
injectInterventionStyles();

/** Header fields: code and title, the customer and its office location, the dates, then the rest. */
const HEADER_PATHS = [
  'attributes.code', 'attributes.title', 'attributes.module', 'attributes.priority', 'relationships.customerId', 'relationships.officeLocationId',
  'attributes.plannedStartDateTime', 'attributes.plannedEndDateTime', 'attributes.actualStartDateTime', 'attributes.actualEndDateTime',
  'attributes.description', 'attributes.notes',
] as const;

/** The record commands of the toolbar, in order: save, discard, the report's preview (`r s`), history. */
const TOOLBAR = ['record.save', 'record.discard', 'document.print', 'record.history'] as const;

export function InterventionDetail({ id }: { id: string }) {
  const { identity } = useSession();
  const mayOverride = mayOverrideQualification(identity);
  // The save goes through the override (issue 25): its refusals, when not overridden, reach the controller as before
  // (the controller reads its options at the time of the save).
  const controller = useRecordController('assignments', id, {
    resolveConflict: showConflict,
    companion: { dirty: false, save: (base, patch) => updateWithQualificationOverride('assignments', base, patch, mayOverride, { silent: true }) },
  });
  // Closing the tab (after its unsaved-changes question) drops the kept draft; a reload never unmounts.
  const tabId = useTabId();
  const { forgetDraft } = controller;
  useEffect(() => () => {
    if (!store.get(workspaceAtom).tabs.some((tab) => tab.id === tabId)) forgetDraft();
  }, [tabId, forgetDraft]);
  return <RecordLoader controller={controller}>{(record) => <LoadedIntervention {...record} />}</RecordLoader>;
}

function LoadedIntervention({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const title = kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const { locked } = controller;

  return (
    <RecordFrame
      kind={kind}
      controller={controller}
      stored={stored}
      title={title}
      doc={doc}
      className="intervention-detail"
      toolbar={TOOLBAR}
      state={{ value: stored.attributes.state, label: formatValue(stored.attributes.state, 'enum', machineStateLabels.assignments) }}
    >
      <section className="form-section" aria-labelledby="intervention-header-title">
        <h2 id="intervention-header-title"><FormattedMessage id="intervention.header" /></h2>
        {/* Issue 25: whether this device keeps the intervention ready for work without a network (a technician's only). */}
        <OfflineReadinessSlot assignmentId={stored.id} />
        <RecordFields sections={sections} paths={HEADER_PATHS} draft={draft} setField={controller.setField} errors={controller.errors} access={controller.access} locked={locked} />
        <Operators controller={controller} draft={draft} stored={stored} />
      </section>
      <InterventionChecklist assignment={stored} />
    </RecordFrame>
  );
}

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The operators and the one in charge among them. The picker offers only staff (internal or external,
 * never customer users) allowed on the intervention's module (the users list's `filter[moduleName]`, SPEC §4 effective
 * modules: staff without modules may use them all).
 */
function Operators({ controller, draft, stored }: { controller: RecordController; draft: EntityJson; stored: EntityJson }) {
  const intl = useIntl();
  const module = typeof draft.attributes.module === 'string' ? draft.attributes.module : '';
  const operatorIds = idsOf(draft.relationships.operatorIds);
  const inCharge = typeof draft.relationships.operatorInChargeId === 'string' ? draft.relationships.operatorInChargeId : '';
  const { ability } = useSession();
  const readOnly = controller.locked || !controller.access.canEdit('relationships.operatorIds');
  // Choosing a new operator means reading the users (a technician may not: they keep the team they were given).
  const canPick = ability.can('read', 'user');
  const inChargeReadOnly = controller.locked || !controller.access.canEdit('relationships.operatorInChargeId');
  const filter = useMemo(() => operatorCandidatesQuery(module), [module]);
  // The server names the operator it refuses (`/relationships/operatorIds/1`, issue 25 the qualification): said here too.
  const operatorsError = controller.errors.get('relationships.operatorIds')
    ?? [...controller.errors].find(([path]) => path.startsWith('relationships.operatorIds.'))?.[1];
  // Issue 25: the reason an administrator let a technician in without the qualification, for who may read it.
  const overrideReason = controller.access.canRead('attributes.qualificationOverrideReason') ? overrideReasonOf(stored) : undefined;
  const inChargeError = controller.errors.get('relationships.operatorInChargeId');
  const setOperators = (next: string[]) => {
    controller.setField('relationships.operatorIds', next);
    // The one in charge is one of the operators (SPEC §5): removing them clears it.
    if (inCharge && !next.includes(inCharge)) controller.setField('relationships.operatorInChargeId', null);
  };
  return (
    <fieldset className="intervention-operators">
      <legend><FormattedMessage id="intervention.operators" /></legend>
      <p className="form-hint"><FormattedMessage id="intervention.operatorsHint" values={{ module: module ? enumLabel(module) : '—' }} /></p>
      {operatorIds.length === 0 ? (
        <p><FormattedMessage id="intervention.noOperators" /></p>
      ) : (
        <ul className="form-chips">
          {operatorIds.map((operatorId) => (
            <OperatorChip key={operatorId} id={operatorId} readOnly={readOnly} onRemove={() => setOperators(operatorIds.filter((x) => x !== operatorId))} />
          ))}
        </ul>
      )}
      {!readOnly && canPick && (
        <ReferencePicker label={intl.formatMessage({ id: 'intervention.addOperator' })} target="users" value={null} filter={filter}
          onChange={(value) => value && !operatorIds.includes(value) && setOperators([...operatorIds, value])} />
      )}
      {operatorsError && <p className="form-error" role="alert">{operatorsError}</p>}
      {overrideReason && <p className="intervention-override"><FormattedMessage id="intervention.overrideLine" values={{ reason: overrideReason }} /></p>}
      <label className="intervention-in-charge">
        <FormattedMessage id="intervention.inCharge" />{' '}
        <select value={inCharge} disabled={inChargeReadOnly} aria-invalid={inChargeError ? true : undefined}
          onChange={(event) => controller.setField('relationships.operatorInChargeId', event.target.value || null)}>
          <option value="">{intl.formatMessage({ id: 'intervention.inChargeNone' })}</option>
          {operatorIds.map((operatorId) => <OperatorOption key={operatorId} id={operatorId} />)}
        </select>
      </label>
      {inChargeError && <p className="form-error" role="alert">{inChargeError}</p>}
    </fieldset>
  );
}

/**
 * An operator's name: the signed-in user's own at once; for staff, from the users or the staff names
 * (`useEntityTitle`); a neutral word for a reader who is not staff (a customer user).
 */
function useOperatorName(id: string): string {
  const intl = useIntl();
  const { identity, ability } = useSession();
  const title = useEntityTitle('users', id);
  const namesStaff = ability.can('read', 'user') || identity.userType === 'siv' || identity.userType === 'external';
  if (id === identity.id) return identity.displayName;
  return (namesStaff && title) || intl.formatMessage({ id: 'intervention.operatorHidden' });
}

function OperatorChip({ id, readOnly, onRemove }: { id: string; readOnly: boolean; onRemove(): void }) {
  const intl = useIntl();
  const name = useOperatorName(id);
  return (
    <li>
      {name}
      {!readOnly && <button type="button" aria-label={intl.formatMessage({ id: 'intervention.removeOperator' }, { name })} onClick={onRemove}>×</button>}
    </li>
  );
}

function OperatorOption({ id }: { id: string }) {
  const name = useOperatorName(id);
  return <option value={id}>{name}</option>;
}
