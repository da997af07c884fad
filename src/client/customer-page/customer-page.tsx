/**
 * The customer page (`/customers/{id}`, `/detail`, `/settings`; SPEC §2/§3), a view over the record
 * controller inside the shared record frame: an overview of the figures the server derives (active
 * price list, agreements, office locations, deadlines, who created it), then one section per tab —
 * registry (fields following company or person), office locations, quotations, orders,
 * interventions, equipment and installations per module, deadlines, employees, files, contacts
 * (the CRM timeline, «Registra contatto» r t) and settings (additional fields, feature flags).
 * Sections are a tab list (← → Home End) and tab-scoped commands `s <letter>` (palette too); the
 * lists are the kinds' embedded grids, the files the shared files panel.
 */
import { Suspense, useCallback, useMemo, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { lazyComponent } from '../lazy-component.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActiveDocument, Command } from '../../../commands/types.ts';
import { formatSequence } from '../../../commands/keys.ts';
import type { AppAbility } from '../../domain/ability.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { registryFieldApplies } from '../../domain/entities/customer.ts';
import { ADDRESS_PARTS, REGISTRY_PARTS, addressLine } from '../../domain/address-line.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { equipmentModules } from '../../domain/enums.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { modulesAllowed, recordTabUrl } from '../../domain/routes.ts';
import { NEW_ID } from '../forms/entity-form.tsx';
import { useNewRecordPreset } from '../forms/editors/form-record.ts';
import { useEntityTitle } from '../forms/references.ts';
import { showConflict } from '../forms/conflict.tsx';
import { Field } from '../forms/field-input.tsx';
import { formatValue } from '../forms/format.ts';
import { RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { kindSections, type FieldSpec } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import customerMessages from '../i18n/messages/customers.ts';
import { kindModule } from '../kinds/index.ts';
import { EmbeddedGrid } from '../screens/grid-screen.tsx';
import { useSession } from '../session/session.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { useIsActiveTab, useTabUrl } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { pagePath } from '../workspace/workspace-state.ts';
import { joinTitle } from '../workspace/tab-label.ts';
import { focusFirstInvalid } from '../forms/focus-invalid.ts';
import { kindModules } from '../forms/allowed-options.ts';
import { injectStyles } from '../shell/inject-styles.ts';
import { SitesMap } from './sites-map.tsx';

addMessages(customerMessages);

/** The page's own styles (tabs, overview figures, timeline), injected with its chunk. */
const css = `
.customer-sections { display: flex; flex-wrap: wrap; gap: .25rem; margin: .75rem 0 .25rem; border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); }
.customer-sections [role=tab] { border: 0; border-bottom: 3px solid transparent; background: none; color: inherit; padding: .4rem .7rem; cursor: pointer; font: inherit; }
.customer-sections [role=tab][aria-selected=true] { border-bottom-color: var(--accent, Highlight); font-weight: 600; }
.customer-sections [role=tab]:focus-visible { outline: 2px solid var(--focus, Highlight); outline-offset: -2px; }
.customer-section { padding-top: .5rem; }
.customer-overview { gap: .75rem 2rem; }
.customer-overview .link-button { all: unset; cursor: pointer; color: var(--accent, LinkText); text-decoration: underline; }
.customer-overview .link-button:focus-visible { outline: 2px solid var(--focus, Highlight); }
.customer-timeline { list-style: none; padding: 0; margin: .75rem 0; border-left: 2px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); }
.customer-timeline li { padding: .35rem 0 .35rem .9rem; }
.customer-timeline li p { margin: .2rem 0 0; white-space: pre-wrap; }
.customer-timeline time { font-variant-numeric: tabular-nums; opacity: .8; }
`;
injectStyles('customer-page', css);

const RecordFiles = lazyComponent(async () => ({ default: (await import('../files/record-files.tsx')).recordFilesOf('customers') }));
const CustomerDocuments = lazyComponent(async () => ({ default: (await import('../files/customer-documents.tsx')).CustomerDocuments }));
const CustomerCompliance = lazyComponent(async () => ({ default: (await import('../training/customer-compliance.tsx')).CustomerCompliance }));

/** A section of the page: its key (`s <key>`), and for a list the kind listed and its filter on the customer. */
interface SectionDefinition {
  id: string;
  key: string;
  /** The kind listed in the section (its read ability decides whether the section is there). */
  kind?: string;
  /** The embedded grid's fixed filter field naming the customer (`customerId`, an office location's `parentId`). */
  filter?: string;
  /** The message id of its «Nuovo» when its rows are more than their kind («Nuova sede»). */
  createLabel?: string;
  /** The SPEC §6 subject a new row also needs, when the rows are a part of their kind (`customer location`). */
  createSubject?: string;
  /** Its rows are made elsewhere (imports, by the import screen): the grid offers no «Nuovo». */
  listOnly?: true;
  /** Shown under the section's grid (the employees' safety-role compliance). */
  below?: ComponentType<{ customerId: string }>;
  /** A field of the customer the section shows: left out for a reader who may not read it (a customer user: the contact log). */
  field?: string;
  /** The section configures the customer: only for who may change it (a customer user never sees it, not even greyed out). */
  configures?: boolean;
}

/** The sections in page order (SPEC §3 customer, issue 12 "Customer page"). */
export const customerSections: readonly SectionDefinition[] = [
  { id: 'overview', key: 'v' },
  { id: 'registry', key: 'n' },
  { id: 'locations', key: 's', kind: 'customers', filter: 'parentId', createLabel: 'customers.locations.new', createSubject: 'customer location' },
  { id: 'quotations', key: 'p', kind: 'quotations', filter: 'customerId' },
  { id: 'orders', key: 'o', kind: 'orders', filter: 'customerId' },
  { id: 'interventions', key: 'i', kind: 'assignments', filter: 'customerId' },
  { id: 'equipment', key: 't', kind: 'equipments' },
  { id: 'deadlines', key: 'c', kind: 'physicalActivities', filter: 'customerId' },
  { id: 'employees', key: 'd', kind: 'employees', filter: 'customerId', below: CustomerCompliance },
  { id: 'files', key: 'f' },
  { id: 'imports', key: 'r', kind: 'imports', filter: 'customerId', listOnly: true },
  { id: 'contacts', key: 'k', field: 'attributes.contacts' },
  { id: 'settings', key: 'm', configures: true },
];

/** Whether the section's grid offers «Nuovo»: the kind's create, and its part's where the rows are one («Nuova sede»). */
export function sectionCreates(section: SectionDefinition, ability: AppAbility): boolean {
  const listed = section.kind ? findKind(section.kind) : undefined;
  return Boolean(listed && !section.listOnly && ability.can('create', listed.subject) && (!section.createSubject || ability.can('create', section.createSubject)));
}

/**
 * Whether the reader gets the section at all (what it may not read is left out, never shown failing):
 * a list needs its kind readable within the user's modules (a fire-only user has no «Dipendenti»), a field section that field, the settings the right to change the customer.
 */
export function sectionReadable(section: SectionDefinition, { ability, allowedModules }: { ability: AppAbility; allowedModules: readonly string[] }, customerKind: Pick<KindDefinition, 'subject'>): boolean {
  const listed = section.kind ? findKind(section.kind) : undefined;
  if (listed && (!ability.can('read', listed.subject) || !modulesAllowed(kindModules(listed.type), allowedModules))) return false;
  if (section.field && !ability.can('read', customerKind.subject, section.field)) return false;
  return !section.configures || ability.can('update', customerKind.subject);
}

/** The section a route opens on: the registry for `/customers/{id}/detail`, the settings for `/settings`. */
export function sectionOfUrl(url: string): string {
  const path = pagePath(url);
  if (path.endsWith('/detail')) return 'registry';
  if (path.endsWith('/settings')) return 'settings';
  return 'overview';
}

/** Fields the registry section does not show: the timeline and the settings have their own sections. */
const OWN_SECTIONS = new Set(['attributes.contacts', 'metadata.additionalPEFields', 'metadata.featureFlags']);
const SETTINGS_PATHS = ['metadata.featureFlags', 'metadata.additionalPEFields'] as const;

/**
 * A new customer, or a new office location of one (`/customers/new?attributes.parentId=…`, the
 * office locations section's "Nuovo"): the registry as on the page (company or person fields),
 * titled with the customer it belongs to; once saved, the tab becomes its page.
 */
export function NewCustomer() {
  const [, replaceUrl] = useTabUrl();
  const preset = useNewRecordPreset();
  const formRef = useRef<HTMLDivElement>(null);
  const controller = useRecordController('customers', NEW_ID, {
    preset,
    resolveConflict: showConflict,
    onCreated: (created) => replaceUrl(recordTabUrl('customers', created.id, created)),
    // The keyboard user lands on the first invalid field.
    onInvalid: () => focusFirstInvalid(() => formRef.current),
  });
  return (
    <RecordLoader controller={controller}>
      {(record) => <div ref={formRef}><NewCustomerForm {...record} /></div>}
    </RecordLoader>
  );
}

function NewCustomerForm({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const parentId = readPath(draft, 'attributes.parentId');
  const parentName = useEntityTitle('customers', typeof parentId === 'string' ? parentId : undefined);
  const title = typeof parentId === 'string'
    ? intl.formatMessage({ id: 'customers.new.location' }, { parent: parentName || '…' })
    : intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular });
  const doc = useRecordDocument(kind, controller, stored, title);
  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="customer-page customer-new" toolbar={['record.save', 'record.discard']}>
      <Registry kind={kind} controller={controller} draft={draft} only={NEW_CUSTOMER_PATHS} />
    </RecordFrame>
  );
}

/**
 * What a new customer needs (the short «Nuovo cliente» form): its registry, kind, modules, e-invoicing
 * code and the commercial zone, payment and invoicing; the rest (agreements, ERP codes, groups,
 * contacts, settings) is completed on its page, which the tab becomes once it is saved.
 */
const NEW_CUSTOMER_PATHS: ReadonlySet<string> = new Set([
  'attributes.registry', 'metadata.type', 'attributes.allowedModules', 'attributes.sdiCode', 'attributes.origin',
  'relationships.commercialZoneId', 'relationships.paymentTermId', 'relationships.invoicingMethodId',
]);

export function CustomerPage({ id }: { id: string }) {
  const controller = useRecordController('customers', id, { resolveConflict: showConflict });
  return <RecordLoader controller={controller}>{(record) => <LoadedCustomer {...record} />}</RecordLoader>;
}

function LoadedCustomer({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const active = useIsActiveTab();
  const [url] = useTabUrl();
  const { ability, identity } = useSession();
  const title = kind.title(stored) || kind.label.singular;
  const sections = useMemo(
    () => customerSections.filter((section) => sectionReadable(section, { ability, allowedModules: identity.allowedModules }, kind)),
    [ability, identity.allowedModules, kind],
  );
  const [current, setCurrent] = useState(() => sectionOfUrl(url));
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const show = useCallback((section: string) => {
    setCurrent(section);
    // The keyboard follows: the section's tab takes the focus, Tab goes on into its content.
    setTimeout(() => tabRefs.current.get(section)?.focus(), 0);
  }, []);
  const sectionName = useCallback((section: string) => intl.formatMessage({ id: `customers.section.${section}` }), [intl]);

  // `s <letter>` opens a section from anywhere in the page (and from the palette).
  const commands = useMemo<Command[]>(() => sections.map((section) => ({
    id: `customer.section.${section.id}`,
    title: intl.formatMessage({ id: 'customers.command.section' }, { name: sectionName(section.id) }),
    group: { id: 'commands.group.record' },
    keys: [`s ${section.key}`],
    keywords: ['cliente', 'sezione', sectionName(section.id).toLowerCase()],
    run: () => show(section.id),
  })), [sections, sectionName, show, intl]);
  useScopedCommands('tab', commands, active);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = sections.length - 1;
    const to = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
        : event.key === 'Home' ? 0 : event.key === 'End' ? last : undefined;
    if (to === undefined) return;
    event.preventDefault();
    show(sections[to]!.id);
  };
  const shown = sections.some((section) => section.id === current) ? current : 'overview';
  // The tab says the section it shows before the customer («Sedi · Officine…», issue 23 «titles collide»); the overview is the customer.
  const doc = useRecordDocument(kind, controller, stored, shown === 'overview' ? title : joinTitle([sectionName(shown)], title));

  return (
    <RecordFrame
      kind={kind}
      controller={controller}
      stored={stored}
      title={title}
      doc={doc}
      className="customer-page"
      toolbar={['record.save', 'record.discard', 'record.archive', 'record.restore', 'record.action.logContact', 'record.history']}
      state={{ value: stored.metadata.type, label: formatValue(stored.metadata.type, 'enum') }}
      banners={controller.archived ? <p className="entity-form-banner" role="status"><FormattedMessage id="form.isArchived" /></p> : undefined}
    >
      <div className="customer-sections" role="tablist" aria-label={intl.formatMessage({ id: 'customers.page.sections' })} aria-describedby={`${stored.id}-sections-hint`}>
        {sections.map((section, index) => (
          <button
            key={section.id}
            ref={(element) => {
              if (element) tabRefs.current.set(section.id, element);
              else tabRefs.current.delete(section.id);
            }}
            type="button"
            role="tab"
            id={`${stored.id}-tab-${section.id}`}
            aria-controls={`${stored.id}-panel-${section.id}`}
            aria-selected={shown === section.id}
            aria-keyshortcuts={`s ${section.key}`}
            title={formatSequence(`s ${section.key}`)}
            tabIndex={shown === section.id ? 0 : -1}
            className={shown === section.id ? 'is-current' : undefined}
            onClick={() => show(section.id)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {sectionName(section.id)}
          </button>
        ))}
      </div>
      <p id={`${stored.id}-sections-hint`} className="form-hint"><FormattedMessage id="customers.page.sectionsHint" /></p>
      <section
        className="customer-section"
        role="tabpanel"
        id={`${stored.id}-panel-${shown}`}
        aria-labelledby={`${stored.id}-tab-${shown}`}
        data-section={shown}
      >
        <Section id={shown} kind={kind} controller={controller} stored={stored} draft={draft} doc={doc} show={show} />
      </section>
    </RecordFrame>
  );
}

interface SectionProps {
  id: string;
  kind: KindDefinition;
  controller: RecordController;
  stored: EntityJson;
  draft: EntityJson;
  doc: ActiveDocument;
  show(section: string): void;
}

function Section(props: SectionProps) {
  const { id, stored } = props;
  const { ability } = useSession();
  const intl = useIntl();
  const listed = customerSections.find((section) => section.id === id);
  if (listed?.kind && listed.filter) {
    const Below = listed.below;
    return (
      <>
        <SectionGrid type={listed.kind} fixed={{ [`filter[${listed.filter}]`]: stored.id }} creates={sectionCreates(listed, ability)}
          createLabel={listed.createLabel ? intl.formatMessage({ id: listed.createLabel }) : undefined} />
        {Below ? <Suspense fallback={null}><Below customerId={stored.id} /></Suspense> : null}
      </>
    );
  }
  switch (id) {
    case 'overview': return <Overview kind={props.kind} entity={stored} show={props.show} />;
    case 'registry': return <Registry {...props} />;
    case 'equipment': return <Equipment entity={stored} />;
    case 'files': return <Files id={stored.id} />;
    case 'contacts': return <Contacts {...props} />;
    case 'settings': return <Settings {...props} />;
    default: return null;
  }
}

/** A kind's rows that belong to the customer, in the embedded grid ("Nuovo" presets the customer). */
function SectionGrid({ type, fixed, label, createLabel, creates = true }: { type: string; fixed: Record<string, string>; label?: string; createLabel?: string | undefined; creates?: boolean }) {
  const kind = findKind(type);
  const name = label ?? kind?.label.plural ?? type;
  return <EmbeddedGrid key={`${type}:${JSON.stringify(fixed)}`} type={type} fixed={fixed} label={name} createLabel={createLabel} creates={creates} />;
}

/** SPEC §3 figures, as the server computed them on this read; each opens the section it counts. */
function Overview({ kind, entity, show }: { kind: KindDefinition; entity: EntityJson; show(section: string): void }) {
  const intl = useIntl();
  const { ability } = useSession();
  const meta = entity.metadata;
  const count = (key: string) => formatValue(Number(meta[key] ?? 0), 'number');
  const date = (key: string) => (typeof meta[key] === 'string' && meta[key] ? formatValue(meta[key], 'date') : intl.formatMessage({ id: 'customers.overview.none' }));
  const priceList = typeof meta.activePriceListName === 'string' && meta.activePriceListName
    ? intl.formatMessage({ id: 'customers.overview.priceListValue' }, { name: meta.activePriceListName, code: String(meta.priceListNr ?? '') })
    : intl.formatMessage({ id: 'customers.overview.noPriceList' });
  const rows: { figure: string; label: string; value: string; section?: string }[] = [
    { figure: 'priceList', label: 'customers.overview.priceList', value: priceList },
    { figure: 'priceListExpireDate', label: 'customers.overview.priceListExpiry', value: date('priceListExpireDate') },
    { figure: 'activeAgreementCount', label: 'customers.overview.activeAgreements', value: count('activeAgreementCount') },
    { figure: 'expiringAgreementCount', label: 'customers.overview.expiringAgreements', value: count('expiringAgreementCount') },
    { figure: 'officeLocationsCount', label: 'customers.overview.officeLocations', value: count('officeLocationsCount'), section: 'locations' },
    { figure: 'expiredPhysicalActivitiesCount', label: 'customers.overview.expiredDeadlines', value: count('expiredPhysicalActivitiesCount'), section: 'deadlines' },
    { figure: 'expiringPhysicalActivitiesCount', label: 'customers.overview.expiringDeadlines', value: count('expiringPhysicalActivitiesCount'), section: 'deadlines' },
    { figure: 'nextExpirePhysicalActivity', label: 'customers.overview.nextDeadline', value: date('nextExpirePhysicalActivity'), section: 'deadlines' },
    { figure: 'lastContact', label: 'customers.overview.lastContact', value: typeof meta.lastContact === 'string' ? formatValue(meta.lastContact, 'datetime') : intl.formatMessage({ id: 'customers.overview.noContact' }), section: 'contacts' },
    { figure: 'createdByName', label: 'customers.overview.createdBy', value: String(meta.createdByName ?? '') || '—' },
    { figure: 'dateTime', label: 'customers.overview.since', value: date('dateTime') },
    { figure: 'additionalFieldsLength', label: 'customers.overview.additionalFields', value: formatValue(Number(entity.relationships.additionalFieldsLength ?? 0), 'number') },
  ];
  // A figure the server left out is counted from rows this user may not read: no row for it.
  // The last contact is the staff's own (a customer user reads no contact log): shown only to who may read it.
  const sent = (figure: string) => Object.hasOwn(meta, figure === 'priceList' ? 'activePriceListName' : figure)
    || (figure === 'lastContact' && ability.can('read', kind.subject, 'metadata.lastContact')) || figure === 'createdByName'
    || (figure === 'additionalFieldsLength' && Object.hasOwn(entity.relationships, 'additionalFieldsLength'));
  return (
    <>
      <h2><FormattedMessage id="customers.overview.title" /></h2>
      <dl className="entity-summary customer-overview">
        {rows.filter((row) => sent(row.figure)).map((row) => (
          <div key={row.figure} data-figure={row.figure}>
            <dt><FormattedMessage id={row.label} /></dt>
            <dd>
              {row.section ? (
                <button type="button" className="link-button" onClick={() => show(row.section!)}
                  aria-label={`${intl.formatMessage({ id: row.label })}: ${row.value}. ${intl.formatMessage({ id: 'customers.overview.open' }, { name: intl.formatMessage({ id: `customers.section.${row.section}` }) })}`}>
                  {row.value}
                </button>
              ) : row.value}
            </dd>
          </div>
        ))}
      </dl>
      {/* A company's sites on a map (an office location has none of its own; none counted, nothing asked). */}
      {!entity.attributes.parentId && Number(meta.officeLocationsCount ?? 1) > 0 && <SitesMap customerId={entity.id} />}
    </>
  );
}

/**
 * The registry spec with only the fields of a person, or of a company (SPEC §5), and one address
 * input: its line «Indirizzo», never again as «Via» and «Numero civico» (withoutAddressParts).
 */
export function registrySpecFor(spec: FieldSpec, isPerson: boolean): FieldSpec {
  return withoutAddressParts({ ...spec, children: (spec.children ?? []).filter((child) => registryFieldApplies(child.name, isPerson)) });
}

/** The registry's parts of its address line (domain/address-line.ts): derived from «Indirizzo» when stored, not asked. */
const REGISTRY_ADDRESS_PARTS: ReadonlySet<string> = new Set(Object.values(REGISTRY_PARTS));
/** An address's parts of its line: derived from its «Indirizzo» (and its city for the complete one) when stored, not asked. */
const ADDRESS_LINE_PARTS: ReadonlySet<string> = new Set([...Object.values(ADDRESS_PARTS), 'completeAddress']);
/** The addresses of the registry: its registered office and its other addresses. */
const ADDRESS_FIELDS: ReadonlySet<string> = new Set(['attributes.registeredOffice', 'attributes.registry.addresses']);

/** `spec` (the registry, the registered office) without the address parts, at any depth: one address input each. */
export function withoutAddressParts(spec: FieldSpec): FieldSpec {
  if (!spec.children) return spec;
  const parts = spec.path === 'attributes.registry' ? REGISTRY_ADDRESS_PARTS : ADDRESS_FIELDS.has(spec.path) ? ADDRESS_LINE_PARTS : undefined;
  return { ...spec, children: spec.children.filter((child) => !parts?.has(child.name)).map(withoutAddressParts) };
}

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);
const empty = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** An address as shown: a stored one with no line but its parts (an older row, an import) reads its line from them. */
function addressShown(value: unknown, parts: typeof ADDRESS_PARTS | typeof REGISTRY_PARTS): unknown {
  if (!isRow(value) || !empty(value.address)) return value;
  const line = addressLine(value[parts.street], value[parts.number]);
  return line ? { ...value, address: line } : value;
}

/** The value a registry field shows (the registry, the registered office): each address with its line. */
export function addressValueShown(path: string, value: unknown): unknown {
  if (path === 'attributes.registeredOffice') return addressShown(value, ADDRESS_PARTS);
  if (path !== 'attributes.registry' || !isRow(value)) return value;
  const registry = addressShown(value, REGISTRY_PARTS) as Row;
  return Array.isArray(registry.addresses) ? { ...registry, addresses: registry.addresses.map((item) => addressShown(item, ADDRESS_PARTS)) } : registry;
}

/**
 * The hidden parts an edit of an address line drops: the server derives them again from the line it
 * stores (the customers' write hook), and a line emptied on an older row, whose line was shown from its
 * parts, stays empty instead of coming back from them.
 */
export function addressPartsDropped(path: string): string[] {
  if (path === 'attributes.registry.address') return Object.values(REGISTRY_PARTS).map((part) => `attributes.registry.${part}`);
  const at = /^(attributes\.registeredOffice|attributes\.registry\.addresses\.\d+)\.address$/.exec(path)?.[1];
  return at ? Object.values(ADDRESS_PARTS).map((part) => `${at}.${part}`) : [];
}

/**
 * The registry page's groups, in reading order: who the customer is, where its legal seat is, how it is
 * sold to, how it is invoiced and coded in the accounting system, what else is known. A field named in
 * no group goes last, under «Altro», so a new field is never lost.
 */
const REGISTRY_GROUPS: readonly { id: string; paths: readonly string[] }[] = [
  { id: 'identity', paths: ['metadata.type', 'attributes.allowedModules', 'attributes.registry', 'attributes.parentId'] },
  { id: 'registeredOffice', paths: ['relationships.registeredOfficeId', 'attributes.registeredOffice'] },
  {
    id: 'commercial',
    paths: [
      'attributes.origin', 'attributes.originDetail', 'relationships.commercialZoneId', 'relationships.customerGroupId', 'relationships.referentId',
      'metadata.referentName', 'attributes.commercialOfferType', 'attributes.commercialPercentage', 'attributes.maxDiscountPercent',
      'attributes.validityDateTimeStart', 'attributes.validityDateTimeEnd', 'attributes.rating', 'relationships.endCustomersIds',
    ],
  },
  {
    id: 'billing',
    paths: [
      'attributes.sdiCode', 'relationships.paymentTermId', 'relationships.invoicingMethodId', 'relationships.billingCustomerId',
      'metadata.activePriceListId', 'metadata.erpCode', 'metadata.erpPaymentTermCode', 'metadata.commercialZoneCode',
    ],
  },
  { id: 'more', paths: ['attributes.additionalInformations'] },
];

/** Object fields whose group's legend already says what they are: their own legend is not shown again. */
const GROUP_NAMED_FIELDS: ReadonlySet<string> = new Set(['attributes.registeredOffice', 'attributes.additionalInformations']);

/** The registry's fields by group (see REGISTRY_GROUPS); exported for its test. */
export function registryGroups<F extends { path: string }>(fields: readonly F[]): { id: string; fields: F[] }[] {
  const named = new Set(REGISTRY_GROUPS.flatMap((group) => group.paths));
  const groups = REGISTRY_GROUPS.map((group) => ({ id: group.id, fields: group.paths.flatMap((path) => fields.filter((field) => field.path === path)) }));
  return [...groups, { id: 'other', fields: fields.filter((field) => !named.has(field.path)) }].filter((group) => group.fields.length > 0);
}

function Registry({ kind, controller, draft, only }: Pick<SectionProps, 'kind' | 'controller' | 'draft'> & { only?: ReadonlySet<string> }) {
  const sections = useMemo(() => kindSections(kind), [kind]);
  const setField = useCallback((path: string, value: unknown) => {
    controller.setField(path, value);
    for (const part of addressPartsDropped(path)) controller.setField(part, undefined);
  }, [controller]);
  const isPerson = readPath(draft, 'attributes.registry.isPerson') === true;
  const fields = (['attributes', 'metadata', 'relationships'] as const).flatMap((section) => sections[section].filter((field) => !OWN_SECTIONS.has(field.path) && (!only || only.has(field.path))));
  const groups = registryGroups(fields);
  return (
    <>
      <p className="form-hint" role="status"><FormattedMessage id={isPerson ? 'customers.registry.kindPerson' : 'customers.registry.kindCompany'} /></p>
      {groups.map((group) => (
        <fieldset key={group.id} className="customer-registry-group">
          <legend><FormattedMessage id={`customers.registry.group.${group.id}`} /></legend>
          <div className="form-fields">
            {group.fields.map((field) => {
              const spec = field.path === 'attributes.registry' ? registrySpecFor(field, isPerson) : withoutAddressParts(field);
              return <Field key={field.path} spec={spec} path={spec.path} value={addressValueShown(spec.path, readPath(draft, spec.path))} onChange={setField} errors={controller.errors} access={controller.access} locked={controller.locked} namedByGroup={GROUP_NAMED_FIELDS.has(field.path)} />;
            })}
          </div>
        </fieldset>
      ))}
    </>
  );
}

function FieldOf({ spec, controller, draft, namedByGroup }: { spec: FieldSpec; controller: RecordController; draft: EntityJson; namedByGroup?: boolean }) {
  return <Field spec={spec} path={spec.path} value={readPath(draft, spec.path)} onChange={controller.setField} errors={controller.errors} access={controller.access} locked={controller.locked} namedByGroup={namedByGroup} />;
}

/** Equipment and installations of one of the customer's field modules at a time. */
function Equipment({ entity }: { entity: EntityJson }) {
  const intl = useIntl();
  const { ability, identity } = useSession();
  const own = kindModule('customers').paramValues?.('moduleName', equipmentModules, entity) ?? equipmentModules;
  const allowed = identity.allowedModules;
  const modules = own.filter((module) => allowed.length === 0 || (allowed as readonly string[]).includes(module));
  const [module, setModule] = useState(modules[0]);
  if (!module) return <p><FormattedMessage id="customers.equipment.noModule" /></p>;
  const fixed = { 'filter[customerId]': entity.id, 'filter[module]': module };
  const installations = findKind('installations');
  return (
    <>
      <div className="form-field form-field-enum">
        <label htmlFor={`${entity.id}-module`}><FormattedMessage id="customers.equipment.module" /></label>
        <select id={`${entity.id}-module`} value={module} onChange={(event) => setModule(event.target.value)}>
          {modules.map((value) => <option key={value} value={value}>{formatValue(value, 'enum')}</option>)}
        </select>
      </div>
      <CommandButton commandId="record.import" />
      <h3><FormattedMessage id="customers.equipment.equipments" /></h3>
      <SectionGrid type="equipments" fixed={fixed} label={intl.formatMessage({ id: 'customers.equipment.equipments' })} />
      {installations && ability.can('read', installations.subject) && (
        <>
          <h3><FormattedMessage id="customers.equipment.installations" /></h3>
          <SectionGrid type="installations" fixed={fixed} label={intl.formatMessage({ id: 'customers.equipment.installations' })} />
        </>
      )}
    </>
  );
}

function Files({ id }: { id: string }) {
  return (
    <Suspense fallback={<p role="status"><FormattedMessage id="screens.loading" /></p>}>
      <h2><FormattedMessage id="customers.files.title" /></h2>
      <RecordFiles id={id} />
      <CustomerDocuments customerId={id} />
    </Suspense>
  );
}

interface ContactEntry {
  dateTime: string;
  type: string;
  kind: string;
  lastReply?: string;
  notes?: string;
}

/** The CRM timeline, newest first; «Registra contatto» (r t) adds to it. */
function Contacts({ stored, doc }: SectionProps) {
  const intl = useIntl();
  const contacts = [...((stored.attributes.contacts as ContactEntry[] | undefined) ?? [])].sort((a, b) => b.dateTime.localeCompare(a.dateTime));
  return (
    <>
      <h2><FormattedMessage id="customers.contacts.timeline" /></h2>
      <p className="form-hint"><FormattedMessage id="customers.contacts.hint" /></p>
      <CommandButton commandId="record.action.logContact" document={doc} />
      {contacts.length === 0 ? (
        <p><FormattedMessage id="customers.contacts.none" /></p>
      ) : (
        <ol className="customer-timeline" aria-label={intl.formatMessage({ id: 'customers.contacts.timeline' })}>
          {contacts.map((contact, index) => (
            <li key={`${contact.dateTime}-${index}`} data-type={contact.type}>
              <time dateTime={contact.dateTime}>{formatValue(contact.dateTime, 'datetime')}</time>{' '}
              <strong>
                <FormattedMessage id="customers.contacts.entry" values={{ type: formatValue(contact.type, 'enum'), kind: formatValue(contact.kind, 'enum') }} />
              </strong>
              {contact.lastReply && <> · <FormattedMessage id="customers.contacts.reply" values={{ reply: formatValue(contact.lastReply, 'enum') }} /></>}
              {contact.notes && <p>{contact.notes}</p>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Feature flags and the additional fields of the customer's equipment (SPEC §3 settings). */
function Settings({ kind, controller, draft }: SectionProps) {
  const sections = useMemo(() => kindSections(kind), [kind]);
  const fields = SETTINGS_PATHS.map((path) => sections.metadata.find((field) => field.path === path)).filter((field): field is FieldSpec => field !== undefined);
  return (
    <>
      <h2><FormattedMessage id="customers.section.settings" /></h2>
      <div className="form-fields">
        {fields.map((field) => <FieldOf key={field.path} spec={field} controller={controller} draft={draft} />)}
      </div>
    </>
  );
}
