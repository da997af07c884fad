/**
 * The virtualized grid of every list route: server pages (use-grid-pages), sort by header,
 * filters, full-text, archived/deleted, remembered columns, and the whole view in the tab URL.
 * Only the rows in view are in the DOM (role=row with aria-rowindex), however long the list.
 * Keys (when the grid has focus): ↑/↓ or j/k move, Enter opens the row's tab, Space or x select,
 * Shift+↑/↓ extend the selection, Home/End, PageUp/PageDown.
 */
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { cellValue, defaultColumnIds, kindColumns, TITLE_COLUMN, titleColumnLabel, withDrawnIds, type GridColumn } from './columns.ts';
import { gridQuery, gridUrl, parseGridState, sortDirection, toggleSort, type GridState } from './grid-state.ts';
import { useGridPages } from './use-grid-pages.ts';
import { activeGroupFields, effectiveSort, startsGroup } from './grid-groups.ts';
import { fieldLabel as fieldName, formatValue } from '../forms/format.ts';
import { useEntityTitle } from '../forms/references.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { GridFilters } from './grid-filters.tsx';
import type { Command, CommandContext } from '../../../commands/types.ts';
import { onCommandsChanged, rowCommands as registeredRowCommands } from '../../../commands/registry.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { runSelectionAction } from '../../../commands/records.ts';
import { useSession } from '../session/session.tsx';
import { kindModule } from '../kinds/index.ts';
import { businessDay } from '../../domain/business-day.ts';
import { pushAlert } from '../alerts/alerts.ts';
import { useListExport } from '../export/list-export.tsx';

/** A row's height: 44 px on a touch screen (targets of at least 44 px, issue 25), 34 px otherwise; public/app.css matches it. */
export const ROW_HEIGHT = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches ? 44 : 34;

export interface DataGridProps {
  type: string;
  /** The tab URL (its query is the grid state). */
  url: string;
  /** Replaces the tab URL when the view changes. */
  onUrlChange(url: string): void;
  /** Filters fixed by the route (`filter[customerId]` of a customer's equipments). */
  fixed?: Record<string, string>;
  /** Opens a row's tab. */
  openTab(url: string, options?: { background?: boolean; title?: string }): void;
  /** The user's remembered columns for this grid, and how to remember new ones. */
  rememberedColumns?: string[] | undefined;
  onColumnsChange?(ids: string[]): void;
  /** Accessible name. */
  label: string;
  /** Whether the grid takes focus on mount (the tab's main grid). */
  autoFocus?: boolean;
  /** Offered when the user may create one of this kind. */
  onCreate?(): void;
  /** What «Nuovo» says when the grid's rows are more than their kind (a customer's office locations: «Nuova sede»). */
  createLabel?: string | undefined;
  /** Columns shown when neither the URL nor the user chose (a child grid's own); else the kind's defaults. */
  defaultColumns?: string[] | undefined;
  /**
   * The URL of the tab the grid is shown in: «Esporta» (Alt+E, the palette) downloads the grid's view
   * while it is shown there (issue 27). A list route's grid and a grid inside a record (a customer's
   * equipment) both give it; a grid in a dialog or a picker does not.
   */
  exportTabUrl?: string | undefined;
}

export function DataGrid(props: DataGridProps) {
  const kind = findKind(props.type);
  if (!kind) return <p role="alert"><FormattedMessage id="screens.unknownKind" values={{ type: props.type }} /></p>;
  return <KindGrid {...props} kind={kind} />;
}

function KindGrid({ kind, url, onUrlChange, fixed = {}, openTab, rememberedColumns, onColumnsChange, label, autoFocus, onCreate, defaultColumns, createLabel, exportTabUrl }: DataGridProps & { kind: KindDefinition }) {
  const intl = useIntl();
  const { groupBy, rowTone, gridCells, selectionRefusal, listColumns } = kindModule(kind.type);
  const defaultSort = kind.defaultOrder;
  const state = useMemo(() => {
    const parsed = parseGridState(url);
    return { ...parsed, sort: effectiveSort(parsed.sort, defaultSort) };
  }, [url, defaultSort]);
  const groupFields = useMemo(() => activeGroupFields(state.sort, groupBy), [state.sort, groupBy]);
  // A column of a field the user may never read (a customer user: the commercial ones) is not offered (SPEC §6 field abilities).
  const { ability: fieldAbility } = useSession();
  const allColumns = useMemo(() => withDrawnColumns(kindColumns(kind), gridCells).filter((column) => !column.path || fieldAbility.can('read', kind.subject, column.path)), [kind, gridCells, fieldAbility]);
  const fixedKeys = useMemo(() => new Set(Object.keys(fixed).map((k) => k.replace(/^filter\[|\]$/g, ''))), [fixed]);
  // The columns a kind draws itself (gridCells) are among its defaults, right after the title (what the row is, then that).
  const kindDefaults = useMemo(() => {
    const [title, ...rest] = defaultColumnIds(kind);
    return withDrawnIds([title!, ...(listColumns ?? rest)], gridCells)!;
  }, [kind, gridCells, listColumns]);
  const visibleIds = state.cols ?? rememberedColumns ?? withDrawnIds(defaultColumns, gridCells) ?? kindDefaults;
  const columns = useMemo(() => {
    const byId = new Map(allColumns.map((c) => [c.id, c]));
    const chosen = visibleIds.map((id) => byId.get(id)).filter((c): c is GridColumn => Boolean(c));
    // The title holds the row link: always there, always first, after the columns that group the rows.
    const grouping = groupFields.map((id) => byId.get(id)).filter((c): c is GridColumn => Boolean(c));
    const rest = chosen.filter((c) => c.id !== TITLE_COLUMN && !groupFields.includes(c.id));
    return [...grouping, byId.get(TITLE_COLUMN)!, ...rest];
  }, [allColumns, visibleIds, groupFields]);

  const setState = useCallback((next: GridState) => onUrlChange(gridUrl(url, next)), [onUrlChange, url]);

  const scrollRef = useRef<HTMLDivElement | null>(null);
  const gridRef = useRef<HTMLDivElement | null>(null);
  // The grid with its filters and toolbar: working anywhere in it makes it the one Alt+E exports.
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [range, setRange] = useState<[number, number]>([0, 40]);
  const pages = useGridPages(kind.type, state, fixed, range[0], range[1]);
  const total = pages.total;
  // The file holds what the grid shows: its query and its visible columns (not those a kind draws itself, which no field holds).
  useListExport(exportTabUrl, {
    kind, query: { ...Object.fromEntries(gridQuery(state)), ...fixed }, columns: columns.filter((c) => c.id === TITLE_COLUMN || c.path).map((c) => c.id),
    total, totalIsEstimate: Boolean(pages.totalIsEstimate), label,
  }, rootRef);

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    onChange: (v) => {
      const items = v.getVirtualItems();
      const first = items[0]?.index ?? 0;
      const last = items[items.length - 1]?.index ?? 0;
      setRange((r) => (r[0] === first && r[1] === last ? r : [first, last]));
    },
  });

  const [active, setActive] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef(0);
  // The rows shown change with the query, not with the visible columns.
  const viewKey = useMemo(() => JSON.stringify(gridQuery(state)), [state]);
  useEffect(() => {
    // A new view starts at the top with nothing selected.
    setActive(0);
    setSelected(new Set());
    virtualizer.scrollToIndex(0);
  }, [viewKey, virtualizer]);
  useEffect(() => {
    if (autoFocus) gridRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  const move = (index: number, extend: boolean) => {
    const next = Math.max(0, Math.min(total - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    if (extend) {
      const [a, b] = anchor.current < next ? [anchor.current, next] : [next, anchor.current];
      const ids = new Set<string>();
      for (let i = a; i <= b; i++) {
        const row = pages.row(i);
        if (row) ids.add(row.id);
      }
      setSelected(ids);
    } else anchor.current = next;
  };

  const toggleSelected = (index: number) => {
    const row = pages.row(index);
    if (!row) return;
    anchor.current = index;
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(row.id)) next.delete(row.id);
      else next.add(row.id);
      return next;
    });
  };

  // Declared custom actions that also run on a selection (the deadlines' "Crea intervento"): a button
  // and a key of the grid each; they act on the selected rows, or on the active row when none is.
  const { ability } = useSession();
  const selectionActions = useMemo(
    () => Object.entries(kind.actions ?? {}).filter(([, definition]) => definition.selection && ability.can(definition.ability, kind.subject)),
    [kind, ability],
  );
  const runSelection = (name: string) => {
    const rows: EntityJson[] = [];
    if (selected.size === 0) {
      const row = pages.row(active);
      if (row) rows.push(row);
    }
    for (let i = 0; i < total && rows.length < selected.size; i++) {
      const row = pages.row(i);
      if (row && selected.has(row.id)) rows.push(row);
    }
    // Rows the action does not apply to (a deadline already planned) are left out, and the user is told why.
    const refusals = [...new Set(rows.map((row) => selectionRefusal?.(name, row)).filter((reason): reason is string => Boolean(reason)))];
    const applicable = selectionRefusal ? rows.filter((row) => !selectionRefusal(name, row)) : rows;
    if (refusals.length > 0) pushAlert({ type: 'warning', content: refusals.join(' ') });
    const ctx = getCommandContext();
    if (ctx && applicable.length > 0) void runSelectionAction(ctx, kind.type, name, applicable).then(() => setSelected(new Set()));
  };
  /** Why the action's button is off for the active row (nothing selected), or undefined. */
  const activeRefusal = (name: string) => {
    const row = selected.size === 0 ? pages.row(active) : undefined;
    return row ? selectionRefusal?.(name, row) : undefined;
  };
  const today = businessDay();
  const groupColumns = columns.filter((c) => groupFields.includes(c.id));
  const groupKeyAt = (index: number) => {
    const row = pages.row(index);
    return row ? groupColumns.map((c) => JSON.stringify(cellValue(row, c) ?? null)).join('|') : undefined;
  };

  const open = (index: number, background = false) => {
    const row = pages.row(index);
    if (row) openTab(recordTabUrl(kind.type, row.id, row), tabOptions(row, background));
  };
  // The record's name on its tab at once: a tab opened in the background is not shown, so its screen has not named it yet.
  const tabOptions = (row: EntityJson, background: boolean) => {
    const title = kind.title(row);
    return title ? { background, title } : { background };
  };

  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
  // The grid's keys are commands of the one dispatcher (scope `grid`, listening while the grid itself
  // has focus: a header button or link keeps its keys), so the shortcut overlay lists them too.
  const [focused, setFocused] = useState(false);
  const live = useRef<GridActions>(null!);
  live.current = { move, open, toggleSelected, clearSelection: () => setSelected(new Set()), active, total, pageRows, selectedCount: selected.size, create: onCreate, runSelection, row: (index) => pages.row(index) };
  // `n` creates (the "Nuovo" button's key) when the grid offers it.
  const canCreate = Boolean(onCreate);
  const createTitle = createLabel ?? intl.formatMessage({ id: 'grid.new' }, { kind: kind.label.singular });
  // Commands acting on the row under the cursor (the users grid's "act as"), seeing it as `ctx.activeRow`.
  const rowCommands = useSyncExternalStore(onCommandsChanged, () => registeredRowCommands);
  const gridCommands = useMemo(() => {
    const keys = gridKeyCommands(live);
    const withRow = (ctx: CommandContext): CommandContext => {
      const row = live.current.row(live.current.active);
      return row ? { ...ctx, activeRow: { type: kind.type, entity: row } } : ctx;
    };
    const onRow = rowCommands.map((command): Command => ({
      ...command,
      when: (ctx) => (command.when ? command.when(withRow(ctx)) : true),
      run: (ctx) => command.run(withRow(ctx)),
    }));
    const actions = selectionActions.map(([name, definition]): Command => ({
      id: `grid.action.${name}`,
      title: definition.label,
      group: { id: 'grid.cmd.group' },
      ...(definition.key ? { keys: [definition.key] } : {}),
      scope: 'grid',
      when: () => live.current.total > 0,
      run: () => live.current.runSelection(name),
    }));
    const all = [...keys, ...actions, ...onRow];
    if (!canCreate) return all;
    return [...all, { id: 'grid.new', title: createTitle, group: { id: 'grid.cmd.group' }, keys: ['n'], scope: 'grid', run: () => live.current.create?.() } satisfies Command];
  }, [canCreate, createTitle, selectionActions, rowCommands, kind.type]);
  // A hidden tab keeps its grid mounted, focus and all: only the grid of the tab shown listens.
  const tabId = useContext(TabIdContext);
  const shownTabId = useAtomValue(activeTabAtom)?.id;
  useScopedCommands('grid', gridCommands, focused && (tabId === undefined || tabId === shownTabId));

  const items = virtualizer.getVirtualItems();
  const template = columns.map((c) => `${c.width}px`).join(' ');
  const totalWidth = columns.reduce((sum, c) => sum + c.width, 0);
  const activeId = `${kind.type}-row-${active}`;

  return (
    <div className="data-grid" ref={rootRef}>
      <GridFilters
        kind={kind}
        state={state}
        onChange={setState}
        fixedKeys={fixedKeys}
        fixed={fixed}
        allColumns={allColumns}
        visibleIds={columns.map((c) => c.id)}
        onColumnsChange={(ids) => {
          onColumnsChange?.(ids);
          setState({ ...state, cols: ids });
        }}
        total={total}
        totalIsEstimate={pages.totalIsEstimate}
        loading={pages.loading}
        selectedCount={selected.size}
        onCreate={onCreate}
        createTitle={createTitle}
        onOpenSelected={() => {
          // Background tabs: the grid keeps the focus, each selected record gets its tab.
          for (let i = 0; i < total; i++) {
            const row = pages.row(i);
            if (row && selected.has(row.id)) openTab(recordTabUrl(kind.type, row.id, row), tabOptions(row, true));
          }
        }}
      />
      {selectionActions.length > 0 && (
        <div className="data-grid-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'grid.selectionActions' })}>
          {selectionActions.map(([name, definition]) => {
            const reason = activeRefusal(name);
            return (
              <span key={name} className="data-grid-action">
                <button type="button" disabled={total === 0 || reason !== undefined} aria-keyshortcuts={definition.key} onClick={() => runSelection(name)} title={reason} aria-describedby={reason ? `${kind.type}-${name}-reason` : undefined}>
                  {definition.label}
                  {selected.size > 0 && ` (${selected.size})`}
                </button>
                {reason && <span id={`${kind.type}-${name}-reason`} className="data-grid-action-reason"> {reason}</span>}
              </span>
            );
          })}
        </div>
      )}
      {total === 0 && !pages.loading && (
        <p className="data-grid-empty" role="status">{intl.formatMessage({ id: pages.error ? 'grid.error' : 'grid.empty' })}</p>
      )}
      <div className="data-grid-table">
        <div
          ref={(el) => {
            // One element is the grid, its focus target and the scroller (axe: a scrollable region must be focusable).
            gridRef.current = el;
            scrollRef.current = el;
          }}
          role="grid"
          aria-label={label}
          aria-rowcount={total + 1}
          aria-colcount={columns.length}
          aria-multiselectable="true"
          aria-busy={pages.loading}
          aria-activedescendant={total > 0 ? activeId : undefined}
          tabIndex={0}
          className="data-grid-scroll"
          style={{ overflow: 'auto', height: '100%', position: 'relative', outline: 'none' }}
          onFocus={(e) => e.target === e.currentTarget && setFocused(true)}
          onBlur={(e) => e.target === e.currentTarget && setFocused(false)}
        >
          <div role="rowgroup" className="data-grid-head" style={{ position: 'sticky', top: 0, zIndex: 1, width: totalWidth }}>
            <div role="row" aria-rowindex={1} className="data-grid-row data-grid-header" style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT }}>
              {columns.map((column, i) => (
                <HeaderCell key={column.id} kind={kind} column={column} index={i} sort={state.sort} onSort={(additive) => setState({ ...state, sort: toggleSort(state.sort, column.id, additive) })} />
              ))}
            </div>
          </div>
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), width: totalWidth, position: 'relative' }}>
            {items.map((item) => (
              <GridRow
                key={item.index}
                id={`${kind.type}-row-${item.index}`}
                index={item.index}
                start={item.start}
                row={pages.row(item.index)}
                kind={kind}
                columns={columns}
                template={template}
                active={item.index === active}
                selected={Boolean(pages.row(item.index) && selected.has(pages.row(item.index)!.id))}
                tone={rowTone && pages.row(item.index) ? rowTone(pages.row(item.index)!, today) : undefined}
                cells={gridCells}
                groupFields={groupFields}
                groupStart={groupFields.length > 0 && startsGroup(groupKeyAt, item.index)}
                onOpen={openTab}
                onActivate={setActive}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

interface GridActions {
  move(index: number, extend: boolean): void;
  open(index: number): void;
  toggleSelected(index: number): void;
  clearSelection(): void;
  create: (() => void) | undefined;
  runSelection(name: string): void;
  /** The loaded row at `index`, if its page is here. */
  row(index: number): EntityJson | undefined;
  active: number;
  total: number;
  pageRows: number;
  selectedCount: number;
}

/** ↑/↓ or j/k move, Shift extends the selection (also with PageUp/PageDown/Home/End), Enter opens, Space or x selects, Esc clears. */
function gridKeyCommands(live: { current: GridActions }): Command[] {
  const group = { id: 'grid.cmd.group' };
  const c = (id: string, keys: string[], run: (g: GridActions) => void, when?: (g: GridActions) => boolean): Command => ({
    id: `grid.${id}`,
    title: { id: `grid.cmd.${id}` },
    group,
    keys,
    scope: 'grid',
    run: () => run(live.current),
    ...(when ? { when: () => when(live.current) } : {}),
  });
  return [
    c('down', ['ArrowDown', 'j'], (g) => g.move(g.active + 1, false)),
    c('up', ['ArrowUp', 'k'], (g) => g.move(g.active - 1, false)),
    c('extendDown', ['Shift+ArrowDown', 'Shift+j'], (g) => g.move(g.active + 1, true)),
    c('extendUp', ['Shift+ArrowUp', 'Shift+k'], (g) => g.move(g.active - 1, true)),
    c('pageDown', ['PageDown'], (g) => g.move(g.active + g.pageRows, false)),
    c('pageUp', ['PageUp'], (g) => g.move(g.active - g.pageRows, false)),
    c('extendPageDown', ['Shift+PageDown'], (g) => g.move(g.active + g.pageRows, true)),
    c('extendPageUp', ['Shift+PageUp'], (g) => g.move(g.active - g.pageRows, true)),
    c('first', ['Home'], (g) => g.move(0, false)),
    c('last', ['End'], (g) => g.move(g.total - 1, false)),
    c('extendFirst', ['Shift+Home'], (g) => g.move(0, true)),
    c('extendLast', ['Shift+End'], (g) => g.move(g.total - 1, true)),
    c('open', ['Enter'], (g) => g.open(g.active)),
    c('select', ['Space', 'x'], (g) => g.toggleSelected(g.active)),
    c('clearSelection', ['Escape'], (g) => g.clearSelection(), (g) => g.selectedCount > 0),
  ];
}

function HeaderCell({ kind, column, index, sort, onSort }: { kind: KindDefinition; column: GridColumn; index: number; sort: string[]; onSort(additive: boolean): void }) {
  const intl = useIntl();
  const name = column.id === TITLE_COLUMN ? titleColumnLabel(kind) : columnLabel(column);
  const direction = column.sortable ? sortDirection(sort, column.id) : undefined;
  return (
    <div role="columnheader" aria-colindex={index + 1} aria-sort={direction} className="data-grid-cell data-grid-headcell">
      {column.sortable ? (
        <button type="button" tabIndex={-1} onClick={(e) => onSort(e.shiftKey)} title={intl.formatMessage({ id: 'grid.sortHint' })}>
          {name}
          <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
        </button>
      ) : (
        name
      )}
    </div>
  );
}

/** Columns a kind draws itself that are no field of it (an equipment's next deadline): shown, not sorted nor filtered. */
function withDrawnColumns(columns: GridColumn[], cells: Readonly<Record<string, unknown>> | undefined): GridColumn[] {
  const own = Object.keys(cells ?? {}).filter((id) => !columns.some((column) => column.id === id));
  if (own.length === 0) return columns;
  return [...columns, ...own.map((id): GridColumn => ({ id, path: '', kind: 'text', sortable: false, range: false, fieldType: 'none', width: 200 }))];
}

export function columnLabel(column: GridColumn): string {
  return fieldName(column.id);
}


interface GridRowProps {
  id: string;
  index: number;
  start: number;
  row: EntityJson | undefined;
  kind: KindDefinition;
  columns: GridColumn[];
  template: string;
  active: boolean;
  selected: boolean;
  /** What the row's colour says (the kind's `rowTone`: a deadline overdue or expiring). */
  tone?: string | undefined;
  /** The columns the kind draws itself (its module's gridCells). */
  cells?: Readonly<Record<string, ComponentType<{ row: EntityJson }>>> | undefined;
  /** The columns that group the rows (not repeated inside a group), and whether this row starts one. */
  groupFields: readonly string[];
  groupStart: boolean;
  onOpen(url: string, options?: { background?: boolean }): void;
  onActivate(index: number): void;
}

const GridRow = memo(function GridRow({ id, index, start, row, kind, columns, template, active, selected, tone, cells, groupFields, groupStart, onOpen, onActivate }: GridRowProps) {
  const style = { display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT, position: 'absolute' as const, top: 0, left: 0, right: 0, transform: `translateY(${start}px)` };
  if (!row) {
    return (
      <div role="row" id={id} aria-rowindex={index + 2} aria-busy="true" className="data-grid-row data-grid-loading" style={style}>
        <div role="gridcell" className="data-grid-cell">…</div>
      </div>
    );
  }
  const href = recordTabUrl(kind.type, row.id, row);
  const onLink = (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/⌘/Shift/middle click: the browser opens a real tab on the deep link.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen(href);
  };
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-active={active || undefined}
      data-tone={tone}
      className={`data-grid-row${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}${row.metadata.isDeleted ? ' is-deleted' : ''}${tone ? ` is-${tone}` : ''}${groupStart ? ' is-group-start' : ''}`}
      style={style}
      onMouseDown={() => onActivate(index)}
      onDoubleClick={() => onOpen(href)}
    >
      {columns.map((column, i) => (
        // Inside a group its values are not repeated on screen; a screen reader still reads them on every row.
        <div role="gridcell" key={column.id} aria-colindex={i + 1} className={`data-grid-cell cell-${column.kind}${!groupStart && groupFields.includes(column.id) ? ' is-repeat' : ''}`}>
          {cells?.[column.id] ? (
            <CustomCell component={cells[column.id]!} row={row} />
          ) : column.id === TITLE_COLUMN ? (
            <a href={href} tabIndex={-1} onClick={onLink} onAuxClick={(e) => e.stopPropagation()}>
              {kind.title(row) || row.id}
            </a>
          ) : column.kind === 'reference' ? (
            <ReferenceCell target={column.target} value={cellValue(row, column)} />
          ) : (
            formatValue(cellValue(row, column), column.kind === 'title' ? 'text' : column.kind, column.stateLabels)
          )}
        </div>
      ))}
    </div>
  );
});

function CustomCell({ component: Cell, row }: { component: ComponentType<{ row: EntityJson }>; row: EntityJson }) {
  return <Cell row={row} />;
}

function ReferenceCell({ target, value }: { target: string | undefined; value: unknown }) {
  const ids = Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [];
  return (
    <>
      {ids.slice(0, 3).map((id, i) => (
        <span key={id}>
          {i > 0 && ', '}
          <ReferenceName target={target} id={id} />
        </span>
      ))}
      {ids.length > 3 && ` +${ids.length - 3}`}
    </>
  );
}

function ReferenceName({ target, id }: { target: string | undefined; id: string }) {
  const title = useEntityTitle(target, id);
  return <>{title || (target ? '…' : id)}</>;
}

