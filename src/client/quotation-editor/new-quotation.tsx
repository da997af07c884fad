/**
 * «Nuovo preventivo» (`/marketing/quotations/detail/new`, `n` on the quotations grid, the palette):
 * the customer first (its picker has the focus), the writing date today (the business day in
 * Europe/Rome), the header fields a new draft needs, no state and no revision number (the server
 * starts every quotation in draft, revision 0). The lines grid is there at once: Ctrl+Enter (or the
 * button) stores the draft and opens its editor with the first line's product cell open; Ctrl+S stores
 * the draft as it is. Either way the tab becomes the quotation's own.
 */
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import type { EntityJson } from '../../domain/entity.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { businessDay } from '../../domain/business-day.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { useNewRecordPreset } from '../forms/editors/form-record.ts';
import { NEW_ID } from '../forms/entity-form.tsx';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import editorMessages from '../i18n/messages/quotation-editor.ts';
import { useSession } from '../session/session.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { useIsActiveTab, useTabUrl } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { openFirstLine } from './first-line.ts';
import { LinesGrid, type LinesGridActions } from './lines-grid.tsx';
import { focusFirstInvalid } from '../forms/focus-invalid.ts';

addMessages(editorMessages);

/** The header of a new quotation, customer first; no state, no revision, no code (the server numbers it). */
export const NEW_QUOTATION_PATHS = [
  'relationships.customerId', 'attributes.title', 'relationships.officeLocationId', 'attributes.module', 'relationships.commercialUserId',
  'attributes.date', 'attributes.validity', 'attributes.expiryDate', 'relationships.paymentTermId', 'attributes.paymentMethod',
  'attributes.notes', 'attributes.commercialNotes',
] as const;

export function NewQuotation() {
  const [, replaceUrl] = useTabUrl();
  const urlPreset = useNewRecordPreset();
  const { identity } = useSession();
  // Today in Rome, and the salesman who writes it as the one responsible; what the URL presets (a customer's page) wins.
  const preset = useMemo(() => ({
    'attributes.date': businessDay(),
    ...(identity.isSalesman ? { 'relationships.commercialUserId': identity.id } : {}),
    ...urlPreset,
  }), [identity.id, identity.isSalesman, urlPreset]);
  const firstLine = useRef(false);
  const formRef = useRef<HTMLDivElement>(null);
  const controller = useRecordController('quotations', NEW_ID, {
    preset,
    resolveConflict: showConflict,
    onCreated: (created) => {
      if (firstLine.current) openFirstLine(created.id);
      replaceUrl(recordTabUrl('quotations', created.id, created));
    },
    // The keyboard user lands on the first invalid field (the customer, when none was chosen).
    onInvalid: () => focusFirstInvalid(() => formRef.current),
  });
  return (
    <RecordLoader controller={controller}>
      {(record) => (
        <div ref={formRef}>
          <NewQuotationForm {...record} onFirstLine={() => {
            firstLine.current = true;
            void record.controller.save().then((outcome) => {
              if (outcome !== 'created') firstLine.current = false;
            });
          }} />
        </div>
      )}
    </RecordLoader>
  );
}

function NewQuotationForm({ kind, controller, stored, draft, onFirstLine }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson; onFirstLine(): void }) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular });
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const headerRef = useRef<HTMLDivElement>(null);
  // The customer comes first: its picker has the focus.
  useEffect(() => {
    headerRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);
  const gridRef = useRef<{ editProduct(row: number): void; focus(): void } | null>(null);
  const start = useRef(onFirstLine);
  useLayoutEffect(() => {
    start.current = onFirstLine;
  });
  const actions = useMemo<LinesGridActions>(() => ({
    // The first line stores the draft; its editor opens with that line.
    add: () => start.current(),
    duplicate: () => undefined,
    move: () => undefined,
    remove: () => undefined,
    toggleOptional: () => undefined,
    setNumber: () => undefined,
    setDescription: () => undefined,
    chooseProduct: async () => undefined,
  }), []);
  const setField = controller.setField;
  // From any field: Ctrl+Enter starts the lines (the draft is stored first), Alt+R goes to the lines.
  const active = useIsActiveTab();
  const tabCommands = useMemo<Command[]>(() => [{
    id: 'quotationNew.firstLine',
    title: { id: 'quotationEditor.key.add' },
    group: { id: 'quotationEditor.key.group' },
    keys: ['$mod+Enter'],
    scope: 'tab',
    run: () => start.current(),
  }, {
    id: 'quotationNew.focusLines',
    title: { id: 'quotationEditor.key.focusLines' },
    group: { id: 'quotationEditor.key.group' },
    keys: ['Alt+r'],
    scope: 'tab',
    run: () => gridRef.current?.focus(),
  }], []);
  useScopedCommands('tab', tabCommands, active);
  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="quotation-editor quotation-new" toolbar={['record.save', 'record.discard']}>
      <section className="form-section" aria-labelledby="quotation-header-title">
        <h2 id="quotation-header-title"><FormattedMessage id="quotationEditor.header" /></h2>
        <div ref={headerRef}>
          <RecordFields sections={sections} paths={NEW_QUOTATION_PATHS} draft={draft} setField={setField} errors={controller.errors} access={controller.access} locked={controller.locked} />
        </div>
      </section>
      <section className="form-section quotation-lines-section" aria-labelledby="quotation-lines-title">
        <h2 id="quotation-lines-title"><FormattedMessage id="quotationEditor.lines" /></h2>
        <p className="form-hint"><FormattedMessage id="quotationEditor.new.linesHint" /></p>
        <LinesGrid lines={[]} actions={actions} locked={controller.locked || controller.busy} canEditPrice={false} problems={new Map()} handleRef={gridRef} />
        <div className="entity-form-actions quotation-lines-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'quotationEditor.lineActions' })}>
          <CommandButton commandId="quotationLines.add" document={doc} />
        </div>
      </section>
    </RecordFrame>
  );
}
