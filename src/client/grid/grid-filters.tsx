/**
 * The grid's toolbar: full-text search (debounced into the URL), the SPEC §7 filters of the kind
 * (derived from its list fields: yes/no, enum choices, date and number ranges, references, plus
 * the customer, user and deadline extras), archived/deleted toggles and the column chooser.
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { KindDefinition } from '../../domain/kind.ts';
import { modules } from '../../domain/enums.ts';
import { EXACT_TOTAL_LIMIT } from '../../domain/records.ts';
import type { GridColumn } from './columns.ts';
import { TITLE_COLUMN } from './columns.ts';
import type { ArchivedFilter, GridState } from './grid-state.ts';
import { enumLabel, fieldLabel } from '../forms/format.ts';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { useUserSetting } from '../settings/index.ts';
// Extra filters the SPEC lists that are not plain list fields come from the kind's module.
import { extraFiltersOf } from '../kinds/index.ts';
import { DateInput } from '../forms/editors/date-input.tsx';
import { findKind } from '../../domain/kinds.ts';
import { useSession } from '../session/session.tsx';
import { allowedOptions, fieldAllowed } from '../forms/allowed-options.ts';

interface Props {
  kind: KindDefinition;
  state: GridState;
  onChange(state: GridState): void;
  /** Filters fixed by the route: not offered. */
  fixedKeys: ReadonlySet<string>;
  /** Their values (`filter[module]` → `fire`), which narrow what the other filters offer. */
  fixed?: Readonly<Record<string, string>>;
  allColumns: GridColumn[];
  visibleIds: string[];
  onColumnsChange(ids: string[]): void;
  total: number;
  /** The total is the database's estimate (more than EXACT_TOTAL_LIMIT rows): shown as "più di …". */
  totalIsEstimate?: boolean;
  loading: boolean;
  selectedCount: number;
  onCreate?: (() => void) | undefined;
  /** The «Nuovo» button's text (the grid's create command's title). */
  createTitle: string;
  onOpenSelected(): void;
}

export function GridFilters({ kind, state, onChange, fixedKeys, fixed = {}, allColumns, visibleIds, onColumnsChange, total, totalIsEstimate, loading, selectedCount, onCreate, createTitle, onOpenSelected }: Props) {
  const intl = useIntl();
  const { ability, identity } = useSession();
  const optionsUser = { ability, allowedModules: identity.allowedModules };
  const [showFilters, setShowFilters] = useUserSetting('hasFilters', false);
  const [text, setText] = useState(state.q);
  const [showColumns, setShowColumns] = useState(false);
  const lastQ = useRef(state.q);
  useEffect(() => {
    // The URL changed from elsewhere (a link, back): show its text.
    if (state.q !== lastQ.current) setText(state.q);
    lastQ.current = state.q;
  }, [state.q]);
  // Typing (not a new URL) starts the debounce; the grid's state is read when it fires.
  const typedQuery = useEffectEvent((typed: string) => (typed === state.q ? undefined : () => {
    lastQ.current = typed;
    onChange({ ...state, q: typed });
  }));
  useEffect(() => {
    const commit = typedQuery(text);
    if (!commit) return;
    const timer = setTimeout(commit, 300);
    return () => clearTimeout(timer);
  }, [text]);

  // Columns that are not list fields (`fieldType: 'none'`) are shown only: the API filters list fields.
  // A filter of other modules' things (a deadline's «Corso», «Dipendente» for a fire-only user) is not offered (SPEC §6).
  const filterColumns = allColumns.filter((c) => c.id !== TITLE_COLUMN && c.fieldType !== 'none' && !fixedKeys.has(c.id) && c.id !== 'createdDateTime' && fieldAllowed(c, optionsUser));
  const activeCount = Object.keys(state.filter).length + Object.keys(state.from).length + Object.keys(state.to).length + Object.keys(state.have).length;
  const searchId = useId();

  return (
    <div className="data-grid-toolbar">
      <div className="data-grid-toolbar-row">
        <label htmlFor={searchId} className="visually-hidden"><FormattedMessage id="grid.search" /></label>
        <input
          id={searchId}
          type="search"
          className="data-grid-search"
          placeholder={intl.formatMessage({ id: 'grid.search.placeholder' })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              // From the search box straight into the rows.
              e.preventDefault();
              (e.currentTarget.closest('.data-grid')?.querySelector('[role=grid]') as HTMLElement | null)?.focus();
            }
          }}
        />
        <button type="button" aria-expanded={showFilters} onClick={() => setShowFilters(!showFilters)}>
          <FormattedMessage id="grid.filters" values={{ count: activeCount }} />
        </button>
        {kind.archivable && (
          <label>
            <FormattedMessage id="grid.archived" />{' '}
            <select value={state.archived} onChange={(e) => onChange({ ...state, archived: e.target.value as ArchivedFilter })}>
              <option value="false">{intl.formatMessage({ id: 'grid.archived.false' })}</option>
              <option value="true">{intl.formatMessage({ id: 'grid.archived.true' })}</option>
              <option value="all">{intl.formatMessage({ id: 'grid.archived.all' })}</option>
            </select>
          </label>
        )}
        <label>
          <input type="checkbox" checked={state.deleted} onChange={(e) => onChange({ ...state, deleted: e.target.checked })} /> <FormattedMessage id="grid.deleted" />
        </label>
        <button type="button" aria-expanded={showColumns} onClick={() => setShowColumns(!showColumns)}>
          <FormattedMessage id="grid.columns" />
        </button>
        {onCreate && (
          <button type="button" onClick={onCreate}>
            {createTitle}
          </button>
        )}
        {selectedCount > 0 && (
          <button type="button" onClick={onOpenSelected}>
            <FormattedMessage id="grid.openSelected" values={{ count: selectedCount }} />
          </button>
        )}
        <span className="data-grid-count" role="status" aria-live="polite">
          {loading
            ? intl.formatMessage({ id: 'screens.loading' })
            : totalIsEstimate
              ? intl.formatMessage({ id: 'grid.countAbove' }, { count: EXACT_TOTAL_LIMIT })
              : intl.formatMessage({ id: 'grid.count' }, { count: total })}
          {selectedCount > 0 && ` · ${intl.formatMessage({ id: 'grid.selected' }, { count: selectedCount })}`}
        </span>
        {(activeCount > 0 || state.q || state.sort.length > 0) && (
          <button type="button" onClick={() => { setText(''); onChange({ ...state, filter: {}, from: {}, to: {}, has: {}, have: {}, q: '', sort: [] }); }}>
            <FormattedMessage id="grid.reset" />
          </button>
        )}
      </div>
      {showColumns && (
        <fieldset className="data-grid-columns">
          <legend><FormattedMessage id="grid.columns.legend" /></legend>
          {allColumns.filter((c) => c.id !== TITLE_COLUMN).map((column) => (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={visibleIds.includes(column.id)}
                onChange={(e) => onColumnsChange(e.target.checked ? [...visibleIds, column.id] : visibleIds.filter((id) => id !== column.id))}
              />{' '}
              {fieldLabel(column.id)}
            </label>
          ))}
        </fieldset>
      )}
      {showFilters && (
        <div className="data-grid-filters" role="group" aria-label={intl.formatMessage({ id: 'grid.filters.legend' })}>
          {filterColumns.map((column) => (
            <ColumnFilter key={column.id} column={column} state={state} onChange={onChange} />
          ))}
          {extraFiltersOf(kind.type).map((extra) => {
            const value = state[extra.group][extra.name] ?? '';
            const set = (v: string) => {
              const group = { ...state[extra.group] };
              if (v) group[extra.name] = v;
              else delete group[extra.name];
              onChange({ ...state, [extra.group]: group });
            };
            if (extra.kind === 'reference' && extra.target) {
              const filters = { ...fixedFilterValues(fixed), ...state.filter };
              return (
                <div key={extra.name} className="data-grid-filter">
                  <ReferencePicker label={intl.formatMessage({ id: `grid.extra.${extra.name}` })} target={extra.target} value={value || null}
                    filter={extra.pickerFilter?.(filters)} onChange={(id) => set(id ?? '')} />
                </div>
              );
            }
            return (
              <label key={extra.name} className="data-grid-filter">
                <span>{intl.formatMessage({ id: `grid.extra.${extra.name}` })}</span>
                <select value={value} onChange={(e) => set(e.target.value)}>
                  <option value="">{intl.formatMessage({ id: 'grid.any' })}</option>
                  {extra.kind === 'boolean' ? (
                    <>
                      <option value="true">{intl.formatMessage({ id: 'form.yes' })}</option>
                      <option value="false">{intl.formatMessage({ id: 'form.no' })}</option>
                    </>
                  ) : (
                    (extra.kind === 'options' ? (extra.options ?? []) : allowedOptions('module', modules, optionsUser, value)).map((m) => <option key={m} value={m}>{enumLabel(m)}</option>)
                  )}
                </select>
              </label>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** `{ 'filter[module]': 'fire' }` → `{ module: 'fire' }`: the route's fixed filters by field name. */
function fixedFilterValues(fixed: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fixed).flatMap(([key, value]) => {
    const name = /^filter\[(.+)\]$/.exec(key)?.[1];
    return name ? [[name, value]] : [];
  }));
}

function ColumnFilter({ column, state, onChange }: { column: GridColumn; state: GridState; onChange(state: GridState): void }) {
  const intl = useIntl();
  const { ability, identity } = useSession();
  // SPEC §6: only the user's modules' filters and choices (no «Formazione», no «Corso» for a fire-only user).
  const optionsUser = { ability, allowedModules: identity.allowedModules };
  const label = fieldLabel(column.id);
  const setIn = (group: 'filter' | 'from' | 'to', value: string) => {
    const next = { ...state[group] };
    if (value) next[column.id] = value;
    else delete next[column.id];
    onChange({ ...state, [group]: next });
  };
  if (column.range && (column.fieldType === 'date' || column.fieldType === 'number')) {
    // A date bound reaches the view (and its URL) once it is a whole date: «28/11» while typing filters nothing yet.
    const bound = (group: 'from' | 'to') => column.fieldType === 'date'
      ? <DateInput value={state[group][column.id] ?? ''} onValue={(next) => setIn(group, next && /^\d{4}-\d{2}-\d{2}$/.test(next) ? next : '')} />
      : <input type="number" value={state[group][column.id] ?? ''} onChange={(e) => setIn(group, e.target.value)} />;
    return (
      <fieldset className="data-grid-filter data-grid-range">
        <legend>{label}</legend>
        <label>{intl.formatMessage({ id: 'grid.from' })} {bound('from')}</label>
        <label>{intl.formatMessage({ id: 'grid.to' })} {bound('to')}</label>
      </fieldset>
    );
  }
  if (column.fieldType === 'boolean' || column.options || column.stateLabels) {
    const options = column.fieldType === 'boolean' ? ['true', 'false'] : allowedOptions(column.path, column.options ?? Object.keys(column.stateLabels ?? {}), optionsUser, state.filter[column.id]);
    return (
      <label className="data-grid-filter">
        <span>{label}</span>
        <select value={state.filter[column.id] ?? ''} onChange={(e) => setIn('filter', e.target.value)}>
          <option value="">{intl.formatMessage({ id: 'grid.any' })}</option>
          {options.map((o) => (
            <option key={o} value={o}>
              {column.fieldType === 'boolean' ? intl.formatMessage({ id: o === 'true' ? 'form.yes' : 'form.no' }) : enumLabel(o, column.stateLabels)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if ((column.fieldType === 'uuid' || column.fieldType === 'uuidArray') && column.target) {
    // A filter by records the user may not read would only search to be refused (a planner and the equipment types).
    const target = findKind(column.target);
    if (target && !ability.can('read', target.subject)) return null;
    return (
      <div className="data-grid-filter">
        <ReferencePicker label={label} target={column.target} value={state.filter[column.id] ?? null} onChange={(id) => setIn('filter', id ?? '')} />
      </div>
    );
  }
  if (column.fieldType === 'text') {
    return (
      <label className="data-grid-filter">
        <span>{label}</span>
        <input type="text" defaultValue={state.filter[column.id] ?? ''} onBlur={(e) => setIn('filter', e.target.value.trim())} onKeyDown={(e) => e.key === 'Enter' && setIn('filter', e.currentTarget.value.trim())} />
      </label>
    );
  }
  return null;
}
