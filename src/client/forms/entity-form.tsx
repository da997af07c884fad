/**
 * The one form of every detail route: fields derived from the kind's zod schemas, Italian
 * validation inline, field-level abilities, save with the version it was based on (Ctrl/⌘+S;
 * a 409 shows what changed and lets the user reload or apply their changes on top), archive,
 * restore and delete (passphrase), and for kinds with a state machine the state and its
 * transition bar. The record is published to the palette so its commands act on it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { subject as asSubject } from '@casl/ability';
import type { Command } from '../../../commands/types.ts';
import { findKind } from '../../domain/kinds.ts';
import { entitySchema, readPath, writePath, type KindDefinition } from '../../domain/kind.ts';
import { machineStateLabels, type MachineType } from '../../domain/machines/index.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { useSession } from '../session/session.tsx';
import { confirmDelete } from '../shell/dialog.tsx';
import { usePublishDocument, useIsActiveTab, useTabDirty, useTabTitle, useOpenTab, useTabUrl } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { onEntityChanged, rememberServerActions, type EntityJson, type ServerAction } from '../screens/entity-events.ts';
import { kindSections, type FieldSpec } from './schema-fields.ts';
import { Field, type FieldAccess } from './field-input.tsx';
import type { AppAbility } from '../../domain/ability.ts';
import { applyMergePatch, mergePatch, pointerToPath } from '../../domain/merge-patch.ts';
import { frozenByState } from './kind-overrides.ts';
import { showConflict } from './conflict.tsx';
import { TransitionBar } from './transition-bar.tsx';
import { formatValue, fieldLabel, MONEY_FIELDS } from './format.ts';
import { recordTabUrl } from '../../domain/routes.ts';

export const entityKey = (type: string, id: string) => ['entity', type, id] as const;

interface Props {
  type: string;
  id: string;
  /** Only these dotted paths (a sub-page such as the customer's settings or commercial offer). */
  only?: string[] | undefined;
}

/** The id in a detail URL that means "a new one" (`/products/new`): ids are uuids, so it cannot clash. */
export const NEW_ID = 'new';

/** A new entity of a kind: every field with a schema default gets it, the rest stays empty. */
export function newEntity(kind: KindDefinition, preset: Record<string, string> = {}): EntityJson {
  const defaults = (schema: unknown) => {
    const shape = (schema as { shape?: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }> }).shape ?? {};
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const parsed = field.safeParse(undefined);
      if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
    }
    return out;
  };
  let entity: EntityJson = { id: NEW_ID, attributes: defaults(kind.attributes), metadata: defaults(kind.metadata), relationships: defaults(kind.relationships) };
  // Values the list it was created from was filtered by (a customer's equipments → that customer).
  for (const [path, value] of Object.entries(preset)) entity = writePath(entity, path, value);
  return entity;
}

export function EntityForm({ type, id, only }: Props) {
  const kind = findKind(type);
  const creating = id === NEW_ID;
  const query = useQuery({
    queryKey: entityKey(type, id),
    queryFn: ({ signal }) => api.get<{ data: EntityJson }>(`${type}/{id}`, { params: { id }, signal }).then((a) => a.data),
    enabled: Boolean(kind && id) && !creating,
  });
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onEntityChanged((changedType, entity) => {
        if (changedType === type && entity.id === id) queryClient.setQueryData(entityKey(type, id), entity);
      }),
    [queryClient, type, id],
  );
  if (!kind) return <p role="alert"><FormattedMessage id="screens.unknownKind" values={{ type }} /></p>;
  if (creating) return <LoadedForm kind={kind} base={newEntity(kind)} only={only} creating />;
  if (query.isPending) return <p role="status"><FormattedMessage id="screens.loading" /></p>;
  if (query.isError || !query.data) return <p role="alert"><FormattedMessage id="form.loadError" /></p>;
  return <LoadedForm kind={kind} base={query.data} only={only} />;
}

/**
 * Field-level abilities (SPEC §6): a field the user may not read is hidden, one they may not change
 * is read-only; the state changes only through its transitions. New records ask `create`.
 */
export function fieldAccess(ability: AppAbility, subjectType: string, entity: object, statePath: string | undefined, creating: boolean): FieldAccess {
  return {
    canRead: (path) => (creating ? ability.can('create', subjectType, path) || ability.can('read', subjectType, path) : ability.can('read', entity as Record<string, unknown>, path)),
    canEdit: (path) => (creating ? ability.can('create', subjectType, path) : path !== statePath && ability.can('update', entity as Record<string, unknown>, path)),
  };
}

/** The sections a client may write, as the strict schema expects them. */
function writable(kind: KindDefinition, entity: EntityJson) {
  const metaKeys = Object.keys((kind.metadata as unknown as { shape: Record<string, unknown> }).shape ?? {});
  return {
    attributes: entity.attributes,
    metadata: Object.fromEntries(metaKeys.filter((k) => k in entity.metadata).map((k) => [k, entity.metadata[k]])),
    relationships: entity.relationships,
  };
}

/** Zod issues of the draft by dotted path (first message per path). */
export function validationErrors(kind: KindDefinition, entity: EntityJson): Map<string, string> {
  const result = entitySchema(kind).safeParse(writable(kind, entity));
  const errors = new Map<string, string>();
  if (!result.success) for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!errors.has(path)) errors.set(path, issue.message);
  }
  return errors;
}

function LoadedForm({ kind, base, only, creating = false }: { kind: KindDefinition; base: EntityJson; only: string[] | undefined; creating?: boolean }) {
  const [, replaceUrl] = useTabUrl();
  const intl = useIntl();
  const { ability } = useSession();
  const openTab = useOpenTab();
  const active = useIsActiveTab();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<EntityJson>(base);
  const [loadedBase, setLoadedBase] = useState<EntityJson>(base);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverErrors, setServerErrors] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // An opened record takes the keyboard (heading focused: Tab goes to the first field, t … runs transitions).
  useEffect(() => {
    if (active && !formRef.current?.contains(document.activeElement)) headingRef.current?.focus({ preventScroll: true });
  }, [active]);

  const patch = useMemo(() => mergePatch(writable(kind, loadedBase), writable(kind, draft)), [kind, loadedBase, draft]);
  const dirty = patch !== undefined;

  // A newer version from outside (a transition, an undo): take it, keeping unsaved edits on top.
  useEffect(() => {
    if (base === loadedBase) return;
    setLoadedBase(base);
    setDraft((current) => {
      const mine = mergePatch(writable(kind, loadedBase), writable(kind, current));
      return mine ? applyMergePatch(base, mine) : base;
    });
  }, [base]);

  const sections = useMemo(() => kindSections(kind), [kind]);
  const statePath = kind.machine?.statePath;
  const stateLabels = kind.machine ? machineStateLabels[kind.type as MachineType] : undefined;
  const deleted = base.metadata.isDeleted === true;
  const entitySubject = useMemo(() => asSubject(kind.subject, { ...base } as Record<string, unknown>), [kind.subject, base]);
  const canUpdate = creating ? ability.can('create', kind.subject) : ability.can('update', entitySubject);
  const currentState = statePath ? String(readPath(base, statePath) ?? '') : undefined;
  const access = useMemo<FieldAccess>(() => {
    const byAbility = fieldAccess(ability, kind.subject, entitySubject, statePath, creating);
    return creating ? byAbility : { ...byAbility, canEdit: (path) => byAbility.canEdit(path) && !frozenByState(kind.type, currentState, path) };
  }, [ability, kind.subject, kind.type, entitySubject, statePath, creating, currentState]);
  const frozen = !creating && currentState !== undefined && frozenByState(kind.type, currentState, 'attributes.title');

  const errors = useMemo(() => {
    const all = validationErrors(kind, draft);
    for (const [path, message] of serverErrors) if (!all.has(path)) all.set(path, message);
    if (showAll) return all;
    return new Map([...all].filter(([path]) => [...touched].some((t) => path === t || path.startsWith(`${t}.`) || t.startsWith(`${path}.`))));
  }, [kind, draft, serverErrors, showAll, touched]);

  const onChange = useCallback((path: string, value: unknown) => {
    setDraft((d) => writePath(d, path, value));
    setTouched((t) => (t.has(path) ? t : new Set(t).add(path)));
    setServerErrors((e) => (e.has(path) ? new Map([...e].filter(([p]) => p !== path)) : e));
  }, []);

  const title = creating ? intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular }) : kind.title(base) || kind.label.singular;
  useTabTitle(title);
  useTabDirty(dirty);

  const actionsQuery = useQuery({
    queryKey: ['actions', kind.type, base.id, base.metadata.lastUpdatedDateTime],
    queryFn: ({ signal }) => api.get<{ data: ServerAction[] }>(`${kind.type}/{id}/actions`, { params: { id: base.id }, signal }).then((a) => a.data),
    enabled: Boolean(kind.machine) && !deleted && !creating,
  });
  if (actionsQuery.data) rememberServerActions(kind.type, base.id, base.metadata.lastUpdatedDateTime, actionsQuery.data);
  // The palette's document: a new object when the server's facts arrive, so it re-evaluates its commands.
  const doc = useMemo(() => ({ type: kind.type, id: base.id, entity: base }), [kind.type, base, actionsQuery.data]);
  usePublishDocument(creating ? undefined : doc);

  const accept = (entity: EntityJson) => {
    queryClient.setQueryData(entityKey(kind.type, entity.id), entity);
    setLoadedBase(entity);
    setDraft(entity);
    setTouched(new Set());
    setShowAll(false);
    setServerErrors(new Map());
  };

  const versionHeader = (entity: EntityJson) => ({ 'If-Match': `"${String(entity.metadata.lastUpdatedDateTime ?? '')}"` });

  const save = async (on: EntityJson = loadedBase, body: unknown = patch): Promise<void> => {
    if (busy) return;
    if (body === undefined && !creating) {
      pushAlert({ type: 'info', content: intl.formatMessage({ id: 'form.noChanges' }) });
      return;
    }
    const invalid = validationErrors(kind, draft);
    if (invalid.size > 0) {
      setShowAll(true);
      pushAlert({ type: 'warning', content: intl.formatMessage({ id: 'form.invalid' }, { count: invalid.size }) });
      // Focus the first invalid field so the keyboard user lands on it.
      setTimeout(() => (formRef.current?.querySelector('[aria-invalid="true"]') as HTMLElement | null)?.focus(), 0);
      return;
    }
    setBusy(true);
    try {
      if (creating) {
        const created = await api.post<{ data: EntityJson }>(kind.type, writable(kind, draft));
        queryClient.setQueryData(entityKey(kind.type, created.data.id), created.data);
        setTouched(new Set());
        setDraft(created.data);
        setLoadedBase(created.data);
        pushAlert({ type: 'success', content: intl.formatMessage({ id: 'form.created' }) });
        // The tab becomes the new record's own tab (its deep link).
        replaceUrl(recordTabUrl(kind.type, created.data.id, created.data));
        return;
      }
      const answer = await api.patch<{ data: EntityJson }>(`${kind.type}/{id}`, body, { params: { id: base.id }, headers: versionHeader(on) });
      accept(answer.data);
      pushAlert({ type: 'success', content: intl.formatMessage({ id: 'form.saved' }) });
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 409 && error.code === 'VERSION_CONFLICT') {
        await resolveConflict();
      } else if (error instanceof ApiProblem && error.errors.length > 0) {
        setServerErrors(new Map(error.errors.map((e) => [pointerToPath(e.pointer), e.message])));
        setShowAll(true);
        pushAlert({ type: 'danger', content: intl.formatMessage({ id: 'form.saveError' }) });
      } else if (!(error instanceof ApiProblem) || (error.status < 500 && error.status !== 403 && error.status !== 409)) {
        // 403/409/5xx are already shown by the HTTP client (SPEC §8).
        pushAlert({ type: 'danger', content: intl.formatMessage({ id: 'form.saveError' }) });
      }
    } finally {
      setBusy(false);
    }
  };

  const resolveConflict = async () => {
    const current = await api.get<{ data: EntityJson }>(`${kind.type}/{id}`, { params: { id: base.id } }).then((a) => a.data);
    const choice = await showConflict({ kind, base: writable(kind, loadedBase), mine: writable(kind, draft), current: writable(kind, current) });
    if (choice === 'reload') accept(current);
    else if (choice === 'overwrite') {
      queryClient.setQueryData(entityKey(kind.type, current.id), current);
      const mine = mergePatch(writable(kind, loadedBase), writable(kind, draft));
      setLoadedBase(current);
      setDraft(mine ? applyMergePatch(current, mine) : current);
      setBusy(false);
      await save(current, mine);
    }
  };

  const runAction = async (action: 'archive' | 'restore') => {
    try {
      const answer = await api.post<{ data: EntityJson }>(`${kind.type}/{id}/actions/{action}`, undefined, { params: { id: base.id, action }, headers: versionHeader(loadedBase) });
      accept(answer.data);
      pushAlert({ type: 'success', content: intl.formatMessage({ id: `form.${action}d` }) });
    } catch (error) {
      if (!(error instanceof ApiProblem) || (error.status < 500 && error.status !== 403 && error.status !== 409)) pushAlert({ type: 'danger', content: intl.formatMessage({ id: `form.${action}Error` }) });
    }
  };

  const remove = async () => {
    if (!(await confirmDelete(title))) return;
    try {
      const answer = await api.delete<{ data: EntityJson }>(`${kind.type}/{id}`, { params: { id: base.id }, headers: versionHeader(loadedBase) });
      accept(answer.data);
      pushAlert({ type: 'success', content: intl.formatMessage({ id: 'form.removed' }) });
    } catch (error) {
      if (!(error instanceof ApiProblem) || (error.status < 500 && error.status !== 403 && error.status !== 409)) pushAlert({ type: 'danger', content: intl.formatMessage({ id: 'form.removeError' }) });
    }
  };

  const duplicate = async () => {
    try {
      const answer = await api.post<{ data: EntityJson }>(`${kind.type}/{id}/actions/duplicate`, undefined, { params: { id: base.id }, headers: versionHeader(loadedBase) });
      pushAlert({ type: 'success', content: intl.formatMessage({ id: 'form.duplicated' }) });
      openTab(recordTabUrl(kind.type, answer.data.id, answer.data));
    } catch {
      // Shown by the HTTP client.
    }
  };

  const archived = base.metadata.isArchived === true;
  const canDelete = !creating && !deleted && ability.can('delete', entitySubject);
  const canDuplicate = !creating && kind.type === 'quotations' && ability.can('create', kind.subject);
  const live = useRef({ save, remove, runAction, duplicate });
  live.current = { save, remove, runAction, duplicate };
  const commands = useMemo<Command[]>(() => {
    const group = kind.label.singular;
    const list: Command[] = [
      { id: 'form.save', title: { id: 'form.save' }, group, keys: ['$mod+s'], run: () => live.current.save() },
    ];
    if (canDelete) list.push({ id: 'form.delete', title: { id: 'form.delete' }, group, run: () => live.current.remove() });
    if (kind.archivable && canUpdate && !deleted && !creating) {
      list.push(archived
        ? { id: 'form.restore', title: { id: 'form.restore' }, group, run: () => live.current.runAction('restore') }
        : { id: 'form.archive', title: { id: 'form.archive' }, group, run: () => live.current.runAction('archive') });
    }
    if (canDuplicate) list.push({ id: 'form.duplicate', title: { id: 'form.duplicate' }, group, run: () => live.current.duplicate() });
    return list;
  }, [kind, canDelete, canUpdate, deleted, archived, canDuplicate]);
  useScopedCommands('form', commands, active);

  const locked = deleted || !canUpdate;
  const shown = (fields: FieldSpec[]) => (only ? fields.filter((f) => only.some((p) => p === f.path || p.startsWith(`${f.path}.`))) : fields);
  const summary = derivedSummary(kind, base);

  return (
    <form
      ref={formRef}
      className={`entity-form${deleted ? ' is-deleted' : ''}`}
      noValidate
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      onKeyDown={(e) => {
        // Esc leaves a field for the form itself, where the tab's shortcuts (t p e…) work again.
        const target = e.target as HTMLElement;
        if (e.key === 'Escape' && !e.defaultPrevented && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && target.getAttribute('aria-expanded') !== 'true') {
          e.preventDefault();
          headingRef.current?.focus();
        }
      }}
    >
      <header className="entity-form-header">
        <h1 ref={headingRef} tabIndex={-1}>
          <span className="entity-form-kind">{kind.label.singular}</span> {title}
          {dirty && <span className="entity-form-dirty" title={intl.formatMessage({ id: 'form.dirty' })}> ●</span>}
        </h1>
        {statePath && (
          <p className="entity-state" data-state={String(readPath(base, statePath))}>
            <FormattedMessage id="screens.state" />: <strong>{formatValue(readPath(base, statePath), 'enum', stateLabels)}</strong>
          </p>
        )}
        {deleted && <p className="entity-form-banner" role="status"><FormattedMessage id="form.isDeleted" /></p>}
        {archived && <p className="entity-form-banner" role="status"><FormattedMessage id="form.isArchived" /></p>}
        {frozen && !deleted && (
          <p className="entity-form-banner" role="status">
            <FormattedMessage id="form.frozen" values={{ state: formatValue(currentState, 'enum', stateLabels) }} />
          </p>
        )}
        {kind.machine && !deleted && !creating && <TransitionBar type={kind.type as MachineType} entity={base} />}
        <div className="entity-form-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'form.actions' })}>
          <button type="submit" disabled={locked || busy} aria-keyshortcuts="Control+S">
            <FormattedMessage id="form.save" /> <kbd>Ctrl+S</kbd>
          </button>
          {dirty && (
            <button type="button" onClick={() => accept(loadedBase)}>
              <FormattedMessage id="form.discard" />
            </button>
          )}
          {kind.archivable && canUpdate && !deleted && !creating && (
            <button type="button" onClick={() => void runAction(archived ? 'restore' : 'archive')}>
              <FormattedMessage id={archived ? 'form.restore' : 'form.archive'} />
            </button>
          )}
          {canDuplicate && !deleted && (
            <button type="button" onClick={() => void duplicate()}><FormattedMessage id="form.duplicate" /></button>
          )}
          {canDelete && (
            <button type="button" className="danger" onClick={() => void remove()}><FormattedMessage id="form.delete" /></button>
          )}
        </div>
      </header>
      {summary.length > 0 && !only && !creating && (
        <dl className="entity-summary">
          {summary.map(([label, value]) => (
            <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
          ))}
        </dl>
      )}
      {(['attributes', 'metadata', 'relationships'] as const).map((section) => {
        const fields = shown(sections[section]);
        if (fields.length === 0) return null;
        return (
          <section key={section} className={`form-section form-section-${section}`} aria-labelledby={`${base.id}-${section}`}>
            <h2 id={`${base.id}-${section}`}><FormattedMessage id={`form.section.${section}`} /></h2>
            <div className="form-fields">
              {fields.map((field) => (
                <Field
                  key={field.path}
                  spec={field}
                  path={field.path}
                  value={readPath(draft, field.path)}
                  onChange={onChange}
                  errors={errors}
                  access={access}
                  locked={locked}
                  stateLabels={field.path === statePath ? stateLabels : undefined}
                />
              ))}
            </div>
          </section>
        );
      })}
      {!creating && <footer className="entity-form-meta">
        <FormattedMessage
          id="form.meta"
          values={{ created: formatValue(base.metadata.createdDateTime, 'datetime'), updated: formatValue(base.metadata.lastUpdatedDateTime, 'datetime') }}
        />
      </footer>}
    </form>
  );
}

/** Values the server derives (totals, counts, names): shown read-only above the fields. */
function derivedSummary(kind: KindDefinition, entity: EntityJson): [string, string][] {
  const writableMeta = new Set(Object.keys((kind.metadata as unknown as { shape: Record<string, unknown> }).shape ?? {}));
  const common = new Set(['createdDateTime', 'lastUpdatedDateTime', 'deletedDateTime', 'createdBy', 'lastUpdatedBy', 'deletedBy', 'isDeleted', 'isArchived']);
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(entity.metadata)) {
    if (writableMeta.has(key) || common.has(key) || value === null || value === undefined || typeof value === 'object') continue;
    if (/Ids?$|Impersonator$/.test(key)) continue;
    const kindOfValue = MONEY_FIELDS.has(key) ? 'money' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : /Date/.test(key) ? 'date' : 'text';
    out.push([fieldLabel(key), formatValue(value, kindOfValue) + (key === 'discountPercent' ? ' %' : '')]);
  }
  return out;
}
