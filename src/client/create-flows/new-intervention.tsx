/**
 * «Nuovo intervento» (`/planning/assignments/new`, `n` on the interventions grid, the palette): the
 * customer first (its picker has the focus), the site, the module, what and when; no code (the server
 * numbers every intervention in one series, INT-YYYY-NNNNN) and no state (a new one is open). Ctrl+S
 * stores it and the tab becomes the intervention's page, where its operators and activities are added.
 */
import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { useNewRecordPreset } from '../forms/editors/form-record.ts';
import { NEW_ID } from '../forms/entity-form.tsx';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import createMessages from '../i18n/messages/create-flows.ts';
import { useTabUrl } from '../workspace/tab-context.ts';
import { focusFirstInvalid } from '../forms/focus-invalid.ts';

addMessages(createMessages);

/** What a new intervention needs, customer first; no code, no state, no operators yet (the page adds them). */
export const NEW_INTERVENTION_PATHS = [
  'relationships.customerId', 'relationships.officeLocationId', 'attributes.module', 'attributes.title',
  'attributes.plannedStartDateTime', 'attributes.plannedEndDateTime', 'attributes.priority', 'attributes.description', 'attributes.notes',
] as const;

export function NewIntervention() {
  const [, replaceUrl] = useTabUrl();
  const preset = useNewRecordPreset();
  const formRef = useRef<HTMLDivElement>(null);
  const controller = useRecordController('assignments', NEW_ID, {
    preset,
    resolveConflict: showConflict,
    onCreated: (created) => replaceUrl(recordTabUrl('assignments', created.id, created)),
    onInvalid: () => focusFirstInvalid(() => formRef.current),
  });
  return (
    <RecordLoader controller={controller}>
      {(record) => <div ref={formRef}><NewInterventionForm {...record} /></div>}
    </RecordLoader>
  );
}

function NewInterventionForm({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular });
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const fieldsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    fieldsRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="intervention-new" toolbar={['record.save', 'record.discard']}>
      <p className="form-hint"><FormattedMessage id="createFlows.intervention.hint" /></p>
      <div ref={fieldsRef}>
        <RecordFields sections={sections} paths={NEW_INTERVENTION_PATHS} draft={draft} setField={controller.setField} errors={controller.errors} access={controller.access} locked={controller.locked} />
      </div>
    </RecordFrame>
  );
}
