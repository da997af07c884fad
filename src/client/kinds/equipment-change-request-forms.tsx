/**
 * Equipment change requests (issue 25) on screen:
 * - `NewChangeRequest` (`/equipmentChangeRequests/new?relationships.equipmentId=…`, opened by «Proponi una
 *   correzione dei dati di legge» on an equipment, `r q`): the legal fields to correct and a note; the
 *   values the technician sees now are kept as the request's base, with the equipment's version and the
 *   device's time. Ctrl+S (or «Salva» on a touch screen) sends it through the records layer, so offline it
 *   is queued under its own id. Opened from an intervention, it names it (read-only).
 * - `ChangeRequestValues` (under a request's form): base, proposed and current values side by side, the
 *   fields the equipment changed since the base marked (not, once approved, the values the approval
 *   wrote), and the equipment's version the technician saw as an Italian date-time; the office decides with «Approva» (`t m a`),
 *   «Approva comunque» (`t m c`) and «Respingi» (`t m r`), the machine's commands.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { changedSinceBase, legalEquipmentFields, legalValuesOf, proposedFields, type LegalEquipmentField, type LegalValues } from '../../domain/entities/equipment-change-requests.ts';
import { recordKey, records } from '../data/records.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { useNewRecordPreset } from '../forms/editors/form-record.ts';
import { NEW_ID } from '../forms/entity-form.tsx';
import { focusFirstInvalid } from '../forms/focus-invalid.ts';
import { fieldLabel, formatValue } from '../forms/format.ts';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import messages from '../i18n/messages/equipment-change-requests.ts';
import { sessionAtom } from '../session/session.tsx';
import { useTabUrl } from '../workspace/tab-context.ts';
import { injectChangeRequestStyles } from './equipment-change-request-styles.ts';

addMessages(messages);
injectChangeRequestStyles();

const NEW_REQUEST_PATHS = ['relationships.equipmentId', 'attributes.proposed', 'attributes.note'] as const;
/** The intervention the request was proposed from (the URL's preset): named, never chosen here. */
const FROM_INTERVENTION_PATHS = ['relationships.assignmentId'] as const;

/** A touch screen (no keyboard to press Ctrl+S on): the hint names the «Salva» button instead. */
const coarsePointer = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/**
 * The proposed fields to mark as changed since the base. While pending (or rejected) those the
 * equipment changed meanwhile; once approved, the approval itself wrote the proposed values, so a
 * field now holding the proposed value is not news — only one changed again after it.
 */
export function flaggedChanges(request: EntityJson, equipmentAttributes: Record<string, unknown>): LegalEquipmentField[] {
  const proposed = (request.attributes.proposed ?? {}) as LegalValues;
  const base = (request.attributes.base ?? {}) as LegalValues;
  const changed = changedSinceBase(proposed, base, equipmentAttributes);
  if (request.attributes.state !== 'approved') return changed;
  const now = legalValuesOf(equipmentAttributes);
  const wanted = (value: string | null | undefined) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return changed.filter((field) => now[field] !== wanted(proposed[field]));
}

/** The equipment's version the technician saw, as Italians read a moment (Europe/Rome), or nothing. */
export function equipmentVersionText(value: unknown): string {
  return typeof value === 'string' ? formatValue(value, 'datetime') : '';
}

/** A legal value as the screens show it: a day in Italian, an agent by its name, the text as it is. */
function shown(intl: IntlShape, field: LegalEquipmentField, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return intl.formatMessage({ id: 'changeRequests.values.empty' });
  if (field === 'agent') return intl.formatMessage({ id: `form.enum.${value}`, defaultMessage: value });
  return field === 'serialNumber' ? value : formatValue(value, 'date');
}

/** The equipment a request is about, read through the records layer (the device's copy offline). */
function useEquipment(id: unknown) {
  const equipmentId = typeof id === 'string' && id !== '' ? id : '';
  return useQuery({
    queryKey: recordKey('equipments', equipmentId),
    queryFn: ({ signal }) => records.get('equipments', equipmentId, signal),
    enabled: equipmentId !== '',
  });
}

export function NewChangeRequest() {
  const [, replaceUrl] = useTabUrl();
  const urlPreset = useNewRecordPreset();
  // Its author, as the server will set it: the request kept unsent on the device stays readable to who
  // proposed it (the technician reads the requests it made), instead of a form with nothing to show.
  const userId = useAtomValue(sessionAtom)?.identity.id;
  const preset = useMemo(() => (userId ? { ...urlPreset, 'relationships.requestedById': userId } : urlPreset), [urlPreset, userId]);
  const formRef = useRef<HTMLDivElement>(null);
  const controller = useRecordController('equipmentChangeRequests', NEW_ID, {
    preset,
    resolveConflict: showConflict,
    onCreated: (created) => replaceUrl(recordTabUrl('equipmentChangeRequests', created.id, created)),
    onInvalid: () => focusFirstInvalid(() => formRef.current),
  });
  return (
    <RecordLoader controller={controller}>
      {(record) => <div ref={formRef}><NewChangeRequestForm {...record} /></div>}
    </RecordLoader>
  );
}

function NewChangeRequestForm({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular });
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const equipment = useEquipment(draft.relationships.equipmentId);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const { setField } = controller;
  // What the technician sees now is the request's base: the office is told if the equipment changes before it decides.
  const seen = equipment.data;
  // Taken once, when the equipment is first read: the device's time of the proposal (offline it may reach the server hours later).
  const based = useRef(false);
  useEffect(() => {
    if (!seen || based.current) return;
    based.current = true;
    setField('attributes.base', legalValuesOf(seen.attributes));
    setField('attributes.equipmentVersion', seen.metadata.lastUpdatedDateTime ?? null);
    setField('attributes.requestedDateTime', new Date().toISOString());
    fieldsRef.current?.querySelector<HTMLElement>('fieldset input, fieldset select')?.focus();
  }, [seen, setField]);
  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="change-request-new" toolbar={['record.save', 'record.discard']}>
      <p className="form-hint">
        <FormattedMessage id="changeRequests.new.hint" />{' '}
        <FormattedMessage id={coarsePointer() ? 'changeRequests.new.saveTouch' : 'changeRequests.new.saveKeys'} />
      </p>
      {!draft.relationships.equipmentId && <p role="alert"><FormattedMessage id="changeRequests.new.equipmentMissing" /></p>}
      {seen && <ValuesTable equipment={seen} />}
      <div ref={fieldsRef}>
        <RecordFields sections={sections} paths={NEW_REQUEST_PATHS} draft={draft} setField={setField} errors={controller.errors} access={controller.access} locked={controller.locked} />
        {typeof draft.relationships.assignmentId === 'string' && draft.relationships.assignmentId !== '' && (
          <RecordFields sections={sections} paths={FROM_INTERVENTION_PATHS} draft={draft} setField={setField} errors={controller.errors} access={controller.access} locked />
        )}
      </div>
    </RecordFrame>
  );
}

/** Under a stored request: base, proposed and current values side by side. */
export function ChangeRequestValues({ id }: { id: string }) {
  const request = useQuery({ queryKey: recordKey('equipmentChangeRequests', id), queryFn: ({ signal }) => records.get('equipmentChangeRequests', id, signal) });
  const equipment = useEquipment(request.data?.relationships.equipmentId);
  if (!request.data) return null;
  if (equipment.isError) {
    return <p role="alert"><FormattedMessage id="changeRequests.values.unreadable" values={{ reason: String((equipment.error as Error).message) }} /></p>;
  }
  if (!equipment.data) return <p role="status"><FormattedMessage id="changeRequests.values.loading" /></p>;
  return <ValuesTable equipment={equipment.data} request={request.data} />;
}

/** The legal fields of an equipment: what it holds now and, for a request, what was seen and what is proposed. */
function ValuesTable({ equipment, request }: { equipment: EntityJson; request?: EntityJson }) {
  const intl = useIntl();
  const current = legalValuesOf(equipment.attributes);
  const proposed = (request?.attributes.proposed ?? {}) as LegalValues;
  const base = (request?.attributes.base ?? {}) as LegalValues;
  const asked = new Set(proposedFields(proposed));
  const changed = new Set(request ? flaggedChanges(request, equipment.attributes) : []);
  const fields = legalEquipmentFields.filter((field) => field !== 'agent' || equipment.attributes.module === 'fire');
  const version = equipmentVersionText(request?.attributes.equipmentVersion);
  // On a phone the table becomes one block per field, each value under its column's name.
  const column = {
    base: intl.formatMessage({ id: 'changeRequests.values.base' }),
    proposed: intl.formatMessage({ id: 'changeRequests.values.proposed' }),
    current: intl.formatMessage({ id: 'changeRequests.values.current' }),
  };
  return (
    <section className="change-request-values" aria-labelledby="change-request-values-title">
      <h2 id="change-request-values-title"><FormattedMessage id="changeRequests.values.title" /></h2>
      <table>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="changeRequests.values.field" /></th>
            {request && <th scope="col"><FormattedMessage id="changeRequests.values.base" /></th>}
            {request && <th scope="col"><FormattedMessage id="changeRequests.values.proposed" /></th>}
            <th scope="col"><FormattedMessage id="changeRequests.values.current" /></th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field} className={asked.has(field) ? 'is-proposed' : undefined}>
              <th scope="row"><FormattedMessage id={`form.field.${field}`} /></th>
              {request && <td data-label={column.base}>{asked.has(field) ? shown(intl, field, base[field]) : intl.formatMessage({ id: 'changeRequests.values.notProposed' })}</td>}
              {request && <td data-label={column.proposed}>{asked.has(field) ? <strong>{shown(intl, field, proposed[field])}</strong> : intl.formatMessage({ id: 'changeRequests.values.empty' })}</td>}
              <td data-label={column.current}>
                {shown(intl, field, current[field])}
                {changed.has(field) && <> <em>(<FormattedMessage id="changeRequests.values.changed" />)</em></>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {version !== '' && (
        <dl className="change-request-facts">
          <div><dt>{fieldLabel('equipmentVersion')}</dt><dd>{version}</dd></div>
        </dl>
      )}
    </section>
  );
}
