/**
 * A customer's folder tree (SPEC §3 node kinds, shown when the customer's `featureFlags.hasMediaTree`
 * is on): folders and files in an ARIA tree (arrows move, → opens, ← closes, Enter downloads a
 * file), and buttons that act on the chosen node: new folder, rename, move, upload files into it.
 * Writes go through the records provider like any record's; the server refuses a duplicate folder
 * name with the SPEC §5 message, shown here.
 */
import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Entity } from '../../domain/entity.ts';
import { intl, addMessages } from '../i18n/index.ts';
import fileMessages from '../i18n/messages/files.ts';
import { records, recordKey, typeKey } from '../data/index.ts';
import { ApiProblem } from '../api/http.ts';
import { problemText } from '../api/problem-alert.ts';
import { downloadMedia, startUpload } from './upload.ts';
import { asSubject } from '../../domain/ability.ts';
import { findKind } from '../../domain/kinds.ts';
import { useSession } from '../session/session.tsx';
import { formatBytes } from './attachments.tsx';
import { injectFileStyles } from './styles.ts';

addMessages(fileMessages);
injectFileStyles();

const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const parentOf = (node: Entity): string | null => (typeof node.attributes.parentId === 'string' ? node.attributes.parentId : null);
const isFolder = (node: Entity) => node.attributes.nodeKind === 'folder';
const nameOf = (node: Entity) => String(node.attributes.name ?? '');

interface Row {
  node: Entity;
  depth: number;
}

/** The visible rows: folders first then files, by name, children under their open folder. */
export function visibleRows(nodes: readonly Entity[], open: ReadonlySet<string>): Row[] {
  const children = new Map<string | null, Entity[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const node of nodes) {
    const parent = parentOf(node);
    const key = parent && ids.has(parent) ? parent : null;
    children.set(key, [...(children.get(key) ?? []), node]);
  }
  const order = (a: Entity, b: Entity) => Number(isFolder(b)) - Number(isFolder(a)) || nameOf(a).localeCompare(nameOf(b), 'it');
  const rows: Row[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const node of [...(children.get(parent) ?? [])].sort(order)) {
      rows.push({ node, depth });
      if (isFolder(node) && open.has(node.id)) walk(node.id, depth + 1);
    }
  };
  walk(null, 1);
  return rows;
}

/** The folders a node may move into: every folder but itself and those inside it. */
export function moveTargets(nodes: readonly Entity[], moving: Entity): Entity[] {
  const inside = new Set<string>([moving.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const node of nodes) {
      const parent = parentOf(node);
      if (parent && inside.has(parent) && !inside.has(node.id) && isFolder(moving)) {
        inside.add(node.id);
        grew = true;
      }
    }
  }
  return nodes.filter((n) => isFolder(n) && !inside.has(n.id) && n.id !== parentOf(moving)).sort((a, b) => nameOf(a).localeCompare(nameOf(b), 'it'));
}

type Editing = { mode: 'create' | 'rename'; name: string } | { mode: 'move'; target: string } | undefined;

export default function MediaTree({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const customer = useQuery({ queryKey: recordKey('customers', id), queryFn: ({ signal }) => records.get('customers', id, signal) });
  const enabled = isRecord(customer.data?.metadata.featureFlags) && customer.data.metadata.featureFlags.hasMediaTree === true;
  // Folders and uploads change the customer (the API asks `update` on it): who may not sees the tree without them.
  const { ability } = useSession();
  const writable = customer.data !== undefined && ability.can('update', asSubject(findKind('customers')?.subject ?? 'customer', { ...customer.data }));
  const nodes = useQuery({
    queryKey: [...typeKey('media'), 'tree', id],
    queryFn: ({ signal }) => records.list('media', { 'filter[customerId]': id, 'page[size]': 500, sort: 'name' }, signal),
    enabled,
  });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<string | undefined>();
  const [editing, setEditing] = useState<Editing>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const tree = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const all = useMemo(() => nodes.data?.data ?? [], [nodes.data]);
  const rows = useMemo(() => visibleRows(all, open), [all, open]);
  if (!enabled) return null;

  const chosen = all.find((n) => n.id === selected);
  // New folders and uploads go into the chosen folder, or beside the chosen file.
  const targetFolder = chosen ? (isFolder(chosen) ? chosen.id : parentOf(chosen)) : null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: typeKey('media') });
  const focusRow = (nodeId: string) => requestAnimationFrame(() => tree.current?.querySelector<HTMLElement>(`[data-node="${nodeId}"]`)?.focus());

  const run = async (write: () => Promise<Entity | void>) => {
    setBusy(true);
    setError(undefined);
    try {
      const entity = await write();
      setEditing(undefined);
      await refresh();
      if (entity) {
        setSelected(entity.id);
        focusRow(entity.id);
      }
    } catch (problem) {
      setError(problem instanceof ApiProblem ? problemText(problem) : problem instanceof Error ? problem.message : String(problem));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    if (editing.mode === 'create') {
      void run(() => records.create('media', { attributes: { nodeKind: 'folder', name: editing.name, ...(targetFolder ? { parentId: targetFolder } : {}) }, relationships: { customerId: id } }, { silent: true }));
      if (targetFolder) setOpen((set) => new Set([...set, targetFolder]));
    } else if (editing.mode === 'rename' && chosen) {
      void run(() => records.update('media', chosen, { attributes: { name: editing.name } }, { silent: true }));
    } else if (editing.mode === 'move' && chosen) {
      const parentId = editing.target === '' ? null : editing.target;
      void run(() => records.update('media', chosen, { attributes: { parentId } }, { silent: true }));
      if (parentId) setOpen((set) => new Set([...set, parentId]));
    }
  };

  const onKeyDown = (event: KeyboardEvent, row: Row, index: number) => {
    const move = (to: number) => {
      const next = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (!next) return;
      setSelected(next.node.id);
      focusRow(next.node.id);
    };
    const folder = isFolder(row.node);
    const toggle = (value: boolean) => setOpen((set) => (value ? new Set([...set, row.node.id]) : new Set([...set].filter((x) => x !== row.node.id))));
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(index + 1),
      ArrowUp: () => move(index - 1),
      Home: () => move(0),
      End: () => move(rows.length - 1),
      ArrowRight: () => (folder ? toggle(true) : undefined),
      ArrowLeft: () => {
        if (folder && open.has(row.node.id)) return toggle(false);
        const parent = parentOf(row.node);
        if (parent) move(rows.findIndex((r) => r.node.id === parent));
      },
      Enter: () => (folder ? toggle(!open.has(row.node.id)) : void downloadMedia(row.node.id, nameOf(row.node)).catch(() => undefined)),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const upload = (files: readonly File[]) => {
    for (const file of files) {
      const handle = startUpload(file, { customerId: id, parentId: targetFolder }, () => undefined);
      handle.done.then(() => refresh(), (problem: unknown) => setError(t('files.failed', { name: file.name, message: problem instanceof ApiProblem ? problemText(problem) : problem instanceof Error ? problem.message : String(problem) })));
    }
  };

  const focusIndex = Math.max(0, rows.findIndex((r) => r.node.id === selected));
  return (
    <section className="files-tree" aria-labelledby={`files-tree-${id}`}>
      <h2 id={`files-tree-${id}`}>{t('files.tree.title')}</h2>
      {writable && <div className="files-tree-actions" role="toolbar" aria-label={t('files.tree.actions')}>
        <button type="button" disabled={busy} onClick={() => setEditing({ mode: 'create', name: '' })}>{t('files.tree.newFolder')}</button>
        <button type="button" disabled={busy || !chosen} onClick={() => chosen && setEditing({ mode: 'rename', name: nameOf(chosen) })}>{t('files.tree.rename')}</button>
        <button type="button" disabled={busy || !chosen} onClick={() => chosen && setEditing({ mode: 'move', target: '' })}>{t('files.tree.move')}</button>
        <button type="button" disabled={busy} onClick={() => input.current?.click()}>{t('files.tree.upload')}</button>
        <input ref={input} type="file" hidden multiple onChange={(event) => { upload([...(event.target.files ?? [])]); event.target.value = ''; }} />
      </div>}
      {editing && (
        <form className="files-tree-edit" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && setEditing(undefined)}>
          {editing.mode === 'move' ? (
            <label>
              {t('files.tree.moveTo', { name: chosen ? nameOf(chosen) : '' })}
              <select autoFocus value={editing.target} onChange={(event) => setEditing({ mode: 'move', target: event.target.value })}>
                <option value="">{t('files.tree.root')}</option>
                {chosen && moveTargets(all, chosen).map((folder) => <option key={folder.id} value={folder.id}>{nameOf(folder)}</option>)}
              </select>
            </label>
          ) : (
            <label>
              {t(editing.mode === 'create' ? 'files.tree.folderName' : 'files.tree.newName')}
              <input autoFocus required maxLength={255} value={editing.name} onChange={(event) => setEditing({ mode: editing.mode, name: event.target.value })} />
            </label>
          )}
          <button type="submit" disabled={busy}>{t('files.tree.confirm')}</button>
          <button type="button" onClick={() => setEditing(undefined)}>{t('files.tree.cancel')}</button>
        </form>
      )}
      {error && <p className="files-error" role="alert">{error}</p>}
      {rows.length === 0 ? (
        <p className="files-empty">{nodes.isPending ? t('files.loading') : t('files.empty')}</p>
      ) : (
        <ul role="tree" ref={tree} aria-labelledby={`files-tree-${id}`} className="files-tree-list">
          {rows.map((row, index) => {
            const folder = isFolder(row.node);
            return (
              <li
                key={row.node.id}
                role="treeitem"
                data-node={row.node.id}
                aria-level={row.depth}
                aria-expanded={folder ? open.has(row.node.id) : undefined}
                aria-selected={row.node.id === selected}
                tabIndex={index === focusIndex ? 0 : -1}
                style={{ paddingInlineStart: `${row.depth - 1}rem` }}
                onClick={() => setSelected(row.node.id)}
                onFocus={() => setSelected(row.node.id)}
                onKeyDown={(event) => onKeyDown(event, row, index)}
              >
                <span aria-hidden="true">{folder ? (open.has(row.node.id) ? '▾ 📂' : '▸ 📁') : '📄'}</span> {nameOf(row.node)}
                {!folder && <span className="files-size"> {formatBytes(row.node.attributes.bytesCount)}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
