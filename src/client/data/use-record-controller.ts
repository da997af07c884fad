/**
 * `useRecordController(type, id)`: everything a screen needs to show and edit one record, without
 * any markup (react-admin's `useEditController` is the model). It loads the record through the
 * provider, keeps the draft and its dirty state (a merge patch from the version it was based on),
 * validates with the kind's zod schema, saves with that version and runs the 409 flow, narrows
 * field abilities by the kind's state lock, keeps server field errors, keeps the draft in the tab's
 * storage (offered back after a reload or a crash), and decides what a newer version does to the
 * draft: taken when there is none, offered (reload / keep mine) when someone else changed the
 * record under it. `EntityForm` is one view over it; dedicated screens are others.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { subject as asSubject } from '@casl/ability';
import type { RecordHandle } from '../../../commands/types.ts';
import { versionOf, type Entity, type EntityJson } from '../../domain/entity.ts';
import { writePath, type KindDefinition } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { applyMergePatch, pointerToPath } from '../../domain/merge-patch.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { ApiProblem } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { problemText, showProblemAlert } from '../api/problem-alert.ts';
import { hasMessage, intl } from '../i18n/index.ts';
import { useSession } from '../session/session.tsx';
import { drafts, type StoredDraft } from './drafts.ts';
import { useLiveUpdates } from './live-updates.ts';
import {
  NEW_ID, draftPatch, fieldAccess, isFrozen, lockedAccess, modulePreset, newEntity, onNewerVersion, rebase, stateOf, validationErrors, visibleErrors, writable, type FieldAccess,
} from './record-state.ts';
import { actionsKey, historyKey, isOwnWrite, recordKey, records, type ServerAction } from './records.ts';

export type ConflictChoice = 'reload' | 'overwrite' | undefined;

/** The three versions the 409 view compares (writable sections only). */
export interface ConflictInput {
  kind: KindDefinition;
  base: ReturnType<typeof writable>;
  mine: ReturnType<typeof writable>;
  current: ReturnType<typeof writable>;
}

export interface RecordControllerOptions {
  /** Values a new record starts with (the filter of the list it was created from). */
  preset?: Record<string, unknown>;
  /** Asks the user what to do about a 409 (the form opens `conflict.tsx`); without it the draft is kept. */
  resolveConflict?(input: ConflictInput): Promise<ConflictChoice>;
  /** A new record was stored (the form turns its tab into the record's own). */
  onCreated?(entity: Entity): void;
  /** Saving found invalid fields (the form moves the focus to the first one). */
  onInvalid?(): void;
  /**
   * Rows edited with the record and saved with it in one write (a quotation's lines): `dirty` makes
   * the record dirty, and `save` replaces the update of a stored record (it gets the version the draft
   * is based on and the merge patch, maybe undefined, and answers the record as stored). Its 409 and
   * field errors (`/lines/2/attributes/quantity` → `lines.2.attributes.quantity`) go the usual way.
   */
  companion?: { dirty: boolean; save(base: EntityJson, patch: unknown): Promise<Entity> };
  /**
   * What a failed save of this draft says it failed at (a message id, SPEC §8), when the screen knows
   * better than the kind and operation (a price list saved without some of its products: «Errore
   * durante la rimozione del prodotto»); undefined leaves it to records.ts `failureOf`.
   */
  saveFailure?(loaded: EntityJson, draft: EntityJson): string | undefined;
}

const failureOption = (failure: string | undefined) => (failure ? { failure } : {});

export type SaveOutcome = 'saved' | 'created' | 'unchanged' | 'invalid' | 'conflict' | 'failed' | 'busy';

/** A newer version someone else stored while the record was open. */
export interface RemoteChange {
  version: string;
  at: string;
  by: string | null;
  /** The author's name from the record's history, once it is known. */
  byName: string | null;
  /** True while the user's draft is kept on the older version (the reload / keep mine offer). */
  pending: boolean;
}

export interface RecordController {
  kind: KindDefinition | undefined;
  status: 'unknown-kind' | 'loading' | 'error' | 'ready';
  /** Why the record could not be read (status `error`): the screen says it (a refusal, a 404), no alert. */
  error: unknown;
  creating: boolean;
  /** The stored version the draft is based on (what the header, state and banners show). */
  stored: EntityJson | undefined;
  draft: EntityJson | undefined;
  dirty: boolean;
  /** The merge patch a save would send. */
  patch: unknown;
  /** Errors to show now (touched fields, or all after a save attempt); `allErrors` has every one. */
  errors: Map<string, string>;
  allErrors: Map<string, string>;
  access: FieldAccess;
  state: string | undefined;
  frozen: boolean;
  deleted: boolean;
  archived: boolean;
  canUpdate: boolean;
  /** Nothing may be edited (deleted, or the role may not update). */
  locked: boolean;
  busy: boolean;
  setField(path: string, value: unknown): void;
  save(): Promise<SaveOutcome>;
  discard(): void;
  /** Drops the draft kept in the tab's storage (the screen was closed on purpose). */
  forgetDraft(): void;
  /** A draft of this record kept from before a reload, not applied yet. */
  restorable: { savedAt: string; restore(): void; drop(): void } | undefined;
  remote: (RemoteChange & { reload(): void; keepMine(): void; dismiss(): void }) | undefined;
  historyOpen: boolean;
  toggleHistory(): void;
  /** The server's view of this version's actions (kinds with a machine). */
  serverActions: ServerAction[] | undefined;
  /** What the record commands act on (`record.save`, `record.history`…). */
  handle: RecordHandle;
}

interface EditState {
  key: string;
  loaded: EntityJson;
  draft: EntityJson;
  touched: ReadonlySet<string>;
  showAll: boolean;
  serverErrors: Map<string, string>;
  restorable: StoredDraft | undefined;
  remote: RemoteChange | undefined;
  /** The newer version held back while the user decides (reload / keep mine). */
  pending: EntityJson | undefined;
}

const noAccess: FieldAccess = { canRead: () => false, canEdit: () => false };

function initialEdit(key: string, entity: EntityJson, restorable: StoredDraft | undefined): EditState {
  return { key, loaded: entity, draft: entity, touched: new Set(), showAll: false, serverErrors: new Map(), restorable, remote: undefined, pending: undefined };
}

const accepted = (e: EditState, entity: EntityJson): EditState => ({ ...initialEdit(e.key, entity, undefined) });

const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

export function useRecordController(type: string, id: string, options: RecordControllerOptions = {}): RecordController {
  const kind = findKind(type);
  const creating = id === NEW_ID;
  const { identity, ability } = useSession();
  useLiveUpdates();
  const query = useQuery({
    queryKey: recordKey(type, id),
    // Silent: a record that cannot be read says why on its own page (RecordProblem), once.
    queryFn: ({ signal }) => records.get(type, id, signal, { silent: true }),
    enabled: Boolean(kind && id) && !creating,
  });
  // The preset is compared by value: a new object with the same values is the same new record.
  const presetKey = JSON.stringify(options.preset ?? {});
  // A user limited to one module starts on it; what the list it was created from was filtered by comes over it.
  const modules = identity.allowedModules.join(',');
  const fresh = useMemo(
    () => (creating && kind ? newEntity(kind, { ...modulePreset(kind, modules ? modules.split(',') : []), ...(JSON.parse(presetKey) as Record<string, unknown>) }) : undefined),
    [creating, kind, presetKey, modules],
  );
  const stored: EntityJson | undefined = creating ? fresh : query.data;

  // The edit state belongs to one record: a new key (another record in the same component) starts over.
  const key = `${type}/${id}`;
  const [editState, setEdit] = useState<EditState | undefined>(undefined);
  let edit = editState;
  if (stored && (!edit || edit.key !== key)) {
    edit = initialEdit(key, stored, drafts().load(type, id));
    setEdit(edit);
  } else if (edit && edit.key !== key) {
    // Another record is loading: never show the previous one's draft under its id.
    edit = undefined;
  }

  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  // A newer stored version (a write elsewhere, heard through the live stream or refetched).
  useEffect(() => {
    if (!kind || !stored || creating) return;
    setEdit((e) => {
      if (!e || e.key !== key) return e;
      const decision = onNewerVersion({
        loaded: e.loaded,
        newer: stored,
        dirty: draftPatch(kind, e.loaded, e.draft) !== undefined,
        me: identity.id,
        ownWrite: isOwnWrite(type, stored.id, versionOf(stored)),
      });
      const remote = (pending: boolean): RemoteChange => ({
        version: versionOf(stored),
        at: String(stored.metadata.lastUpdatedDateTime ?? ''),
        by: typeof stored.metadata.lastUpdatedBy === 'string' ? stored.metadata.lastUpdatedBy : null,
        byName: null,
        pending,
      });
      switch (decision.kind) {
        case 'none':
          return e.pending ? { ...e, pending: undefined, remote: undefined } : e;
        case 'take':
          return { ...e, loaded: stored, draft: stored, serverErrors: new Map(), pending: undefined, remote: decision.byOther ? remote(false) : undefined };
        case 'rebase':
          return { ...e, loaded: stored, draft: rebase(kind, e.loaded, e.draft, stored), pending: undefined };
        case 'offer':
          return { ...e, pending: stored, remote: remote(true) };
        case 'derived':
          // Only what differs between two reads of one version changes: the user's own edits stay.
          return {
            ...e,
            loaded: { ...e.loaded, metadata: { ...e.loaded.metadata, ...decision.metadata } },
            draft: { ...e.draft, metadata: { ...e.draft.metadata, ...decision.metadata } },
          };
      }
    });
  }, [kind, stored, creating, key, type, identity.id]);

  // The draft is kept in the tab's storage while it differs from its version (not while a kept one is offered).
  useEffect(() => {
    if (!kind || !edit || edit.restorable) return;
    drafts().save(type, id, writable(kind, edit.loaded), writable(kind, edit.draft), creating ? '' : versionOf(edit.loaded));
  }, [kind, edit, type, id, creating]);

  const history = useQuery({
    queryKey: historyKey(type, id),
    queryFn: ({ signal }) => records.history(type, id, signal),
    enabled: Boolean(kind && edit?.remote) && !creating,
  });

  const loaded = edit?.loaded;
  const deleted = loaded?.metadata.isDeleted === true;
  const version = loaded ? versionOf(loaded) : '';
  const actions = useQuery({
    queryKey: actionsKey(type, id, version),
    queryFn: ({ signal }) => records.actions(type, id, signal),
    enabled: Boolean(kind?.machine && loaded) && !deleted && !creating,
  });

  const entitySubject = useMemo(() => (kind && loaded ? asSubject(kind.subject, { ...loaded } as Record<string, unknown>) : undefined), [kind, loaded]);
  const state = kind && loaded ? stateOf(kind, loaded) : undefined;
  const canUpdate = Boolean(kind && (creating ? ability.can('create', kind.subject) : entitySubject && ability.can('update', entitySubject)));
  const access = useMemo<FieldAccess>(() => {
    if (!kind || !entitySubject) return noAccess;
    return lockedAccess(kind, fieldAccess(ability, kind.subject, entitySubject, kind.machine?.statePath, creating), state, creating);
  }, [ability, kind, entitySubject, creating, state]);

  const patch = useMemo(() => (kind && edit ? draftPatch(kind, edit.loaded, edit.draft) : undefined), [kind, edit]);
  const dirty = patch !== undefined || Boolean(options.companion?.dirty);
  const allErrors = useMemo(() => {
    if (!kind || !edit) return new Map<string, string>();
    const all = validationErrors(kind, edit.draft);
    for (const [path, message] of edit.serverErrors) if (!all.has(path)) all.set(path, message);
    return all;
  }, [kind, edit]);
  const errors = useMemo(() => (edit ? visibleErrors(allErrors, edit.touched, edit.showAll) : allErrors), [allErrors, edit]);

  const setField = useCallback((path: string, value: unknown) => {
    setEdit((e) => e && {
      ...e,
      draft: writePath(e.draft, path, value),
      touched: e.touched.has(path) ? e.touched : new Set(e.touched).add(path),
      serverErrors: e.serverErrors.has(path) ? new Map([...e.serverErrors].filter(([p]) => p !== path)) : e.serverErrors,
    });
  }, []);

  // Callbacks read the latest state through a ref, so the handle stays one object while typing.
  const live = useRef({ edit, kind, creating, options, stored });
  useLayoutEffect(() => {
    live.current = { edit, kind, creating, options, stored };
  });

  const accept = useCallback((entity: EntityJson) => {
    drafts().clear(type, id);
    setEdit((e) => e && accepted(e, entity));
  }, [type, id]);

  const save = useCallback(async (): Promise<SaveOutcome> => {
    const { edit: e, kind: k, creating: isNew, options: opts } = live.current;
    if (!e || !k) return 'failed';
    if (busyRef.current) return 'busy';
    const body = draftPatch(k, e.loaded, e.draft);
    if (body === undefined && !isNew && !opts.companion?.dirty) {
      pushAlert({ type: 'info', content: t('form.noChanges') });
      return 'unchanged';
    }
    const invalid = validationErrors(k, e.draft);
    if (invalid.size > 0) {
      setEdit((s) => s && { ...s, showAll: true });
      pushAlert({ type: 'warning', content: t('form.invalid', { count: invalid.size }) });
      opts.onInvalid?.();
      return 'invalid';
    }
    busyRef.current = true;
    setBusy(true);
    try {
      if (isNew) {
        const created = await records.create(type, writable(k, e.draft), { silent: true, ...failureOption(opts.saveFailure?.(e.loaded, e.draft)) });
        drafts().clear(type, id);
        setEdit((s) => s && accepted(s, created));
        pushAlert({ type: 'success', content: t('form.created') });
        opts.onCreated?.(created);
        return 'created';
      }
      const saved = opts.companion ? await opts.companion.save(e.loaded, body) : await records.update(type, e.loaded, body, { silent: true, ...failureOption(opts.saveFailure?.(e.loaded, e.draft)) });
      accept(saved);
      pushAlert({ type: 'success', content: t('form.saved') });
      return 'saved';
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 409 && error.code === 'VERSION_CONFLICT') return await conflict(e, k, opts);
      if (error instanceof ApiProblem && error.errors.length > 0) {
        setEdit((s) => s && { ...s, showAll: true, serverErrors: new Map(error.errors.map((x) => [pointerToPath(x.pointer), x.message])) });
        // Beside the fields, and in words: an error of a field the screen does not show is not lost.
        // Titled with what failed when the request said (SPEC §8 «Errore durante la creazione del dipendente»).
        pushAlert({ type: 'danger', title: t(error.failure && hasMessage(error.failure) ? error.failure : 'form.saveError'), content: problemText(error) });
      } else if (error instanceof ApiProblem) {
        showProblemAlert(error);
      } else {
        pushAlert({ type: 'danger', content: t('form.saveError') });
      }
      return 'failed';
    } finally {
      busyRef.current = false;
      setBusy(false);
    }

    /** 409: someone saved since this version; show both sides, then reload or put the draft on top. */
    async function conflict(e: EditState, k: KindDefinition, opts: RecordControllerOptions): Promise<SaveOutcome> {
      let current: Entity;
      try {
        current = await records.get(type, id);
      } catch {
        // The record could not be read back (the HTTP client said why): the draft stays as it is.
        return 'failed';
      }
      const choice = await opts.resolveConflict?.({ kind: k, base: writable(k, e.loaded), mine: writable(k, e.draft), current: writable(k, current) });
      if (choice === 'reload') {
        accept(current);
        queryClient.setQueryData(recordKey(type, id), current);
        return 'conflict';
      }
      if (choice !== 'overwrite') return 'conflict';
      const moved = { ...e, loaded: current, draft: rebase(k, e.loaded, e.draft, current), pending: undefined, remote: undefined };
      setEdit(moved);
      queryClient.setQueryData(recordKey(type, id), current);
      live.current = { ...live.current, edit: moved };
      busyRef.current = false;
      return save();
    }
  }, [type, id, accept]);

  const discard = useCallback(() => {
    const { edit: e, stored: s } = live.current;
    if (e) accept(e.pending ?? s ?? e.loaded);
  }, [accept]);

  const toggleHistory = useCallback(() => setHistoryOpen((open) => !open), []);
  const forgetDraft = useCallback(() => drafts().clear(type, id), [type, id]);

  const handle = useMemo<RecordHandle>(() => ({
    dirty,
    creating,
    save: async () => void (await save()),
    discard,
    toggleHistory,
  }), [dirty, creating, save, discard, toggleHistory]);

  const restorable = useMemo(() => {
    const kept = edit?.restorable;
    if (!kept) return undefined;
    return {
      savedAt: kept.savedAt,
      restore: () => setEdit((e) => e && { ...e, draft: applyMergePatch(e.loaded, kept.patch), restorable: undefined }),
      drop: () => {
        drafts().clear(type, id);
        setEdit((e) => e && { ...e, restorable: undefined });
      },
    };
  }, [edit?.restorable, type, id]);

  const remoteState = edit?.remote;
  const byName = useMemo(() => {
    if (!remoteState || !history.data) return null;
    const entry = history.data.find((h) => h.version === remoteState.version) ?? history.data.find((h) => h.by === remoteState.by);
    return entry?.byName ?? null;
  }, [remoteState, history.data]);
  const remote = useMemo(() => {
    if (!remoteState) return undefined;
    return {
      ...remoteState,
      byName,
      reload: () => setEdit((e) => e && (e.pending ? accepted(e, e.pending) : { ...e, remote: undefined })),
      // The draft moves onto the newer version: the next save is checked against that one.
      keepMine: () => setEdit((e) => (e && kind && e.pending ? { ...e, loaded: e.pending, draft: rebase(kind, e.loaded, e.draft, e.pending), pending: undefined, remote: undefined } : e)),
      dismiss: () => setEdit((e) => e && { ...e, remote: undefined }),
    };
  }, [remoteState, byName, kind]);

  const status: RecordController['status'] = !kind ? 'unknown-kind' : edit ? 'ready' : query.isError ? 'error' : 'loading';

  return {
    kind,
    status,
    error: status === 'error' ? query.error : undefined,
    creating,
    stored: loaded,
    draft: edit?.draft,
    dirty,
    patch,
    errors,
    allErrors,
    access,
    state,
    frozen: kind ? isFrozen(kind, state, creating) : false,
    deleted,
    archived: loaded?.metadata.isArchived === true,
    canUpdate,
    locked: deleted || !canUpdate,
    busy,
    setField,
    save,
    discard,
    forgetDraft,
    restorable,
    remote,
    historyOpen,
    toggleHistory,
    serverActions: actions.data,
    handle,
  };
}
