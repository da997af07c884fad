/**
 * The 409 dialog: somebody saved the record since this tab loaded it. Shows, field by field, what
 * they changed and what the user changed (both marked where they collide), and lets the user
 * reload the current version or apply their own changes on top of it.
 */
import { useIntl } from 'react-intl';
import { intl } from '../i18n/index.ts';
import { openDialog } from '../shell/dialog.tsx';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import type { ConflictChoice, ConflictInput } from '../data/use-record-controller.ts';
import { changedPaths } from '../../domain/merge-patch.ts';
import { RecordValue, changeLabel } from './history-panel.tsx';

export type { ConflictChoice };

interface Sections { attributes: unknown; metadata: unknown; relationships: unknown }

export interface ConflictRow { path: string; theirs: boolean; mine: boolean; current: unknown; wanted: unknown }

/** Fields changed on the server and/or by the user since `base`. */
export function conflictRows(base: Sections, mine: Sections, current: Sections): ConflictRow[] {
  const theirs = new Set(changedPaths(base, current));
  const ours = new Set(changedPaths(base, mine));
  return [...new Set([...theirs, ...ours])].map((path) => ({
    path, theirs: theirs.has(path), mine: ours.has(path), current: readPath(current, path), wanted: readPath(mine, path),
  }));
}

/** The record controller's `resolveConflict`: what the user chose (undefined: keep editing). */
export function showConflict({ kind, base, mine, current }: ConflictInput): Promise<ConflictChoice> {
  const rows = conflictRows(base, mine, current);
  return openDialog<ConflictChoice>({
    title: intl.formatMessage({ id: 'form.conflict.title' }),
    size: 'lg',
    role: 'alertdialog',
    render: (close) => <ConflictBody kind={kind} rows={rows} close={close} />,
  });
}

function ConflictBody({ kind, rows, close }: { kind: KindDefinition; rows: ConflictRow[]; close(choice?: ConflictChoice): void }) {
  const t = useIntl();
  return (
    <div className="conflict">
      <p>{t.formatMessage({ id: 'form.conflict.text' })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.formatMessage({ id: 'form.conflict.field' })}</th>
            <th scope="col">{t.formatMessage({ id: 'form.conflict.current' })}</th>
            <th scope="col">{t.formatMessage({ id: 'form.conflict.mine' })}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} className={row.theirs && row.mine ? 'is-collision' : undefined}>
              <th scope="row">{changeLabel(row.path).label}</th>
              <td><RecordValue kind={kind} path={row.path} value={row.current} />{row.theirs && <em> ({t.formatMessage({ id: 'form.conflict.changedByOthers' })})</em>}</td>
              <td>{row.mine ? <RecordValue kind={kind} path={row.path} value={row.wanted} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" onClick={() => close('reload')}>{t.formatMessage({ id: 'form.conflict.reload' })}</button>
        <button type="button" onClick={() => close('overwrite')}>{t.formatMessage({ id: 'form.conflict.overwrite' })}</button>
        <button type="button" onClick={() => close(undefined)}>{t.formatMessage({ id: 'form.conflict.cancel' })}</button>
      </div>
    </div>
  );
}
