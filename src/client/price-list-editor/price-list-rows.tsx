/**
 * The rows of a price list (`attributes.items`), virtualized: only the rows in view are in the DOM,
 * so 10,000 rows scroll and edit as fast as 10. Each row shows the product's code and name, the
 * price, the discount and the net price; search and sort act on the view, never on the stored order.
 * Keys (when the grid has focus, scoped commands of the one dispatcher): arrows move, Shift+↑/↓
 * extend the selection, Space selects, Enter or F2 edits the price or discount cell (Enter keeps,
 * Esc cancels, Tab keeps and moves on), Esc clears the selection. Adding, the % change, removing,
 * search and CSV are the editor's commands (commands/price-lists.ts).
 */
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import { formatItalianNumber, formatPercent, parseItalianDecimal, type PriceListRow } from '../../domain/rules/price-list-rows.ts';
import { formatMoney } from '../forms/format.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { productInfo } from './product-catalogue.ts';

export const ROW_HEIGHT = 32;

/** Columns in order; only price and discount are edited in place (a product is changed by removing and adding). */
const COLUMNS = ['code', 'name', 'price', 'discountPercent', 'net', 'problem'] as const;
type Column = (typeof COLUMNS)[number];
const EDITABLE: readonly Column[] = ['price', 'discountPercent'];
const WIDTHS: Record<Column, string> = { code: '10rem', name: 'minmax(14rem, 1fr)', price: '8rem', discountPercent: '7rem', net: '8rem', problem: 'minmax(10rem, 16rem)' };
const TEMPLATE = `2.5rem ${COLUMNS.map((c) => WIDTHS[c]).join(' ')}`;

export type SortKey = 'code' | 'name' | 'price' | 'discountPercent';
export interface RowsSort {
  key: SortKey;
  descending: boolean;
}

/** The positions of `items` to show: those matching `search` (code or name), in `sort` order (else stored order). */
export function rowsView(items: readonly PriceListRow[], search: string, sort: RowsSort | null): number[] {
  const needle = search.trim().toLocaleLowerCase('it-IT');
  let view = items.map((_, index) => index);
  if (needle) {
    view = view.filter((index) => {
      const product = productInfo(items[index]!.productId);
      return product ? product.search.includes(needle) : false;
    });
  }
  if (sort) {
    const collator = collatorIt;
    const value = (index: number): string | number => {
      const item = items[index]!;
      if (sort.key === 'price') return item.price;
      if (sort.key === 'discountPercent') return item.discountPercent ?? 0;
      const product = productInfo(item.productId);
      return (sort.key === 'code' ? product?.code : product?.name) ?? '';
    };
    const keyed = view.map((index) => ({ index, value: value(index) }));
    keyed.sort((a, b) => {
      const order = typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : collator.compare(String(a.value), String(b.value));
      return (sort.descending ? -order : order) || a.index - b.index;
    });
    view = keyed.map((entry) => entry.index);
  }
  return view;
}

const collatorIt = new Intl.Collator('it-IT', { numeric: true, sensitivity: 'base' });

const netOf = (item: PriceListRow) => item.price - (item.price * (item.discountPercent ?? 0)) / 100;

interface Editing {
  index: number;
  column: Column;
  text: string;
}

export interface RowsHandle {
  /** Item positions the next bulk change or removal acts on: the selection when it holds the current row, else the current row. */
  chosen(): number[];
  clearSelection(): void;
  /** Shows the row of item `index` and edits its price. */
  editPrice(index: number): void;
  focus(): void;
}

interface Props {
  items: readonly PriceListRow[];
  view: readonly number[];
  onChange(items: PriceListRow[]): void;
  locked: boolean;
  /** Problems by item position (a repeated product, an invalid price): shown on the row. */
  problems: ReadonlyMap<number, string>;
  label: string;
  sort: RowsSort | null;
  onSort(sort: RowsSort | null): void;
  /** The selection changed (the editor's commands and buttons say how many rows they act on). */
  onSelectionChange(count: number): void;
  handleRef: { current: RowsHandle | null };
  /** Shown when no row is there (empty list, or nothing matches the search). */
  empty: ReactNode;
}

export function PriceListRows({ items, view, onChange, locked, problems, label, sort, onSort, onSelectionChange, handleRef, empty }: Props) {
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [active, setActive] = useState({ row: 0, column: 2 });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const anchor = useRef(0);
  const count = view.length;

  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10 });

  useEffect(() => onSelectionChange(selected.size), [selected, onSelectionChange]);
  // Rows removed or filtered away: the current row stays within the view, the selection within the list.
  useEffect(() => {
    setActive((a) => (a.row < count ? a : { ...a, row: Math.max(0, count - 1) }));
    setSelected((s) => ([...s].every((index) => index < items.length) ? s : new Set([...s].filter((index) => index < items.length))));
  }, [count, items.length]);

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);

  const move = (row: number, extend: boolean) => {
    const next = Math.max(0, Math.min(count - 1, row));
    setActive((a) => ({ ...a, row: next }));
    virtualizer.scrollToIndex(next, { align: 'auto' });
    if (extend) {
      const [from, to] = anchor.current < next ? [anchor.current, next] : [next, anchor.current];
      setSelected(new Set(view.slice(from, to + 1)));
    } else anchor.current = next;
  };

  const startEdit = (row: number, column: Column) => {
    if (locked || row >= count) return;
    const col = EDITABLE.includes(column) ? column : 'price';
    const index = view[row]!;
    const item = items[index]!;
    const value = col === 'price' ? item.price : item.discountPercent;
    setActive({ row, column: COLUMNS.indexOf(col) });
    virtualizer.scrollToIndex(row, { align: 'auto' });
    setEditing({ index, column: col, text: value === undefined ? '' : formatItalianNumber(value) });
  };

  /** Keeps the typed value when it is a valid number (else says so and stays in the cell). */
  const commit = (edit: Editing): boolean => {
    const text = edit.text.trim();
    const value = text === '' && edit.column === 'discountPercent' ? undefined : parseItalianDecimal(text.replace(/%$/, ''));
    const invalid = text !== '' && value === undefined
      || (edit.column === 'price' && (value === undefined || value < 0))
      || (edit.column === 'discountPercent' && value !== undefined && (value < 0 || value > 100));
    if (invalid) return false;
    const item = items[edit.index];
    if (!item) return true;
    const nextItem: PriceListRow = edit.column === 'price' ? { ...item, price: Math.round(value! * 100) / 100 } : { ...item, discountPercent: value || undefined };
    if (nextItem.price !== item.price || nextItem.discountPercent !== item.discountPercent) {
      onChange(items.map((it, i) => (i === edit.index ? nextItem : it)));
    }
    return true;
  };

  const toggle = (row: number) => {
    const index = view[row];
    if (index === undefined) return;
    anchor.current = row;
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  };

  handleRef.current = {
    // The selection when the current row is in it, else the current row alone: a key never acts on rows the user has moved away from.
    chosen: () => {
      const current = view[active.row];
      if (current === undefined) return [];
      return selected.has(current) ? [...selected].sort((a, b) => a - b) : [current];
    },
    clearSelection: () => setSelected(new Set()),
    editPrice: (index) => {
      const row = view.indexOf(index);
      if (row >= 0) startEdit(row, 'price');
    },
    focus: focusGrid,
  };

  const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
  const moveColumn = (delta: number) => setActive((a) => ({ ...a, column: Math.max(1, Math.min(COLUMNS.length, a.column + delta)) }));
  const actions: RowsActions = { move, moveColumn, startEdit, toggle, active, pageRows, count, selectedCount: selected.size, clear: () => setSelected(new Set()) };
  const live = useRef(actions);
  live.current = actions;
  const gridCommands = useMemo(() => rowsKeyCommands(live), []);
  const [focused, setFocused] = useState(false);
  const tabId = useContext(TabIdContext);
  const shownTabId = useAtomValue(activeTabAtom)?.id;
  useScopedCommands('grid', gridCommands, focused && editing === null && (tabId === undefined || tabId === shownTabId));

  const header = (column: Column, text: string) => {
    const sortable = column === 'code' || column === 'name' || column === 'price' || column === 'discountPercent';
    const direction = sortable && sort?.key === column ? (sort.descending ? 'descending' : 'ascending') : undefined;
    return (
      <div key={column} role="columnheader" aria-sort={direction} className="data-grid-cell data-grid-headcell">
        {sortable ? (
          <button type="button" tabIndex={-1} onClick={() => onSort(direction === 'descending' ? null : { key: column, descending: direction === 'ascending' })}>
            {text}<span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
          </button>
        ) : text}
      </div>
    );
  };

  const activeId = count > 0 ? `price-list-row-${active.row}` : undefined;
  return (
    <div className="data-grid price-list-rows">
      {count === 0 && <p className="data-grid-empty" role="status">{empty}</p>}
      <div className="data-grid-table">
        <div
          ref={scrollRef}
          role="grid"
          aria-label={label}
          aria-rowcount={count + 1}
          aria-colcount={COLUMNS.length + 1}
          aria-multiselectable="true"
          aria-activedescendant={activeId}
          tabIndex={0}
          className="data-grid-scroll"
          style={{ overflow: 'auto', height: 'min(60vh, 32rem)', position: 'relative', outline: 'none' }}
          onFocus={(event) => event.target === event.currentTarget && setFocused(true)}
          onBlur={(event) => event.target === event.currentTarget && setFocused(false)}
        >
          <div role="rowgroup" className="data-grid-head" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
            <div role="row" aria-rowindex={1} className="data-grid-row data-grid-header" style={{ display: 'grid', gridTemplateColumns: TEMPLATE, height: ROW_HEIGHT }}>
              <div role="columnheader" className="data-grid-cell data-grid-headcell"><span className="sr-only"><FormattedMessage id="priceLists.rows.selected" /></span></div>
              {header('code', intl.formatMessage({ id: 'priceLists.rows.code' }))}
              {header('name', intl.formatMessage({ id: 'priceLists.rows.name' }))}
              {header('price', intl.formatMessage({ id: 'priceLists.rows.price' }))}
              {header('discountPercent', intl.formatMessage({ id: 'priceLists.rows.discount' }))}
              {header('net', intl.formatMessage({ id: 'priceLists.rows.net' }))}
              {header('problem', intl.formatMessage({ id: 'priceLists.rows.problem' }))}
            </div>
          </div>
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const index = view[virtual.index]!;
              const item = items[index];
              if (!item) return null;
              const isActive = virtual.index === active.row;
              return (
                <Row
                  key={virtual.index}
                  row={virtual.index}
                  index={index}
                  start={virtual.start}
                  item={item}
                  active={isActive}
                  activeColumn={isActive ? active.column : -1}
                  selected={selected.has(index)}
                  problem={problems.get(index)}
                  editing={editing && editing.index === index ? editing : null}
                  onEditText={(text) => setEditing((e) => e && { ...e, text })}
                  onEditKey={(key) => {
                    if (!editing) return;
                    if (key === 'Escape') {
                      setEditing(null);
                      focusGrid();
                    } else if (commit(editing)) {
                      setEditing(null);
                      if (key === 'Tab') {
                        const next = editing.column === 'price' ? 'discountPercent' : 'price';
                        setTimeout(() => startEdit(active.row, next), 0);
                      } else focusGrid();
                    }
                  }}
                  onEditBlur={() => {
                    if (editing && commit(editing)) setEditing(null);
                  }}
                  onPick={(column) => {
                    setActive({ row: virtual.index, column });
                    anchor.current = virtual.index;
                    focusGrid();
                  }}
                  onDoubleClick={(column) => startEdit(virtual.index, COLUMNS[column - 1] ?? 'price')}
                  intlInvalid={intl.formatMessage({ id: 'priceLists.rows.invalidNumber' })}
                />
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  row: number;
  index: number;
  start: number;
  item: PriceListRow;
  active: boolean;
  activeColumn: number;
  selected: boolean;
  problem: string | undefined;
  editing: Editing | null;
  onEditText(text: string): void;
  onEditKey(key: 'Enter' | 'Escape' | 'Tab'): void;
  onEditBlur(): void;
  onPick(column: number): void;
  onDoubleClick(column: number): void;
  intlInvalid: string;
}

const Row = memo(function Row({ row, index, start, item, active, activeColumn, selected, problem, editing, onEditText, onEditKey, onEditBlur, onPick, onDoubleClick, intlInvalid }: RowProps) {
  const product = productInfo(item.productId);
  const cells: Record<Column, string> = {
    code: product?.code ?? '…',
    name: product?.name ?? '…',
    price: formatMoney(item.price),
    discountPercent: item.discountPercent ? formatPercent(item.discountPercent) : '',
    net: formatMoney(netOf(item)),
    problem: problem ?? '',
  };
  const invalidEdit = editing !== null && editing.text.trim() !== '' && parseItalianDecimal(editing.text.replace(/%$/, '')) === undefined;
  return (
    <div
      role="row"
      id={`price-list-row-${row}`}
      aria-rowindex={row + 2}
      aria-selected={selected}
      aria-invalid={problem ? true : undefined}
      data-item={index}
      className={`data-grid-row${active ? ' is-active' : ''}${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}`}
      style={{ display: 'grid', gridTemplateColumns: TEMPLATE, height: ROW_HEIGHT, position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${start}px)` }}
    >
      <div role="gridcell" className="data-grid-cell" aria-label={selected ? '✓' : undefined}>{selected ? '✓' : ''}</div>
      {COLUMNS.map((column, i) => {
        const isEditing = editing?.column === column;
        return (
          <div
            key={column}
            role="gridcell"
            data-column={column}
            aria-selected={active && activeColumn === i + 1 ? true : undefined}
            className={`data-grid-cell${active && activeColumn === i + 1 ? ' is-active-cell' : ''}${column === 'problem' && problem ? ' form-error' : ''}`}
            onMouseDown={(event) => {
              if (isEditing) return;
              event.preventDefault();
              onPick(i + 1);
            }}
            onDoubleClick={() => onDoubleClick(i + 1)}
          >
            {isEditing ? (
              <input
                autoFocus
                inputMode="decimal"
                autoComplete="off"
                aria-label={column === 'price' ? `Prezzo di ${cells.code}` : `Sconto % di ${cells.code}`}
                aria-invalid={invalidEdit || undefined}
                title={invalidEdit ? intlInvalid : undefined}
                value={editing.text}
                onChange={(event) => onEditText(event.target.value)}
                onBlur={onEditBlur}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === 'Escape' || event.key === 'Tab') {
                    event.preventDefault();
                    event.stopPropagation();
                    onEditKey(event.key);
                  }
                }}
              />
            ) : cells[column]}
          </div>
        );
      })}
    </div>
  );
});

interface RowsActions {
  move(row: number, extend: boolean): void;
  moveColumn(delta: number): void;
  startEdit(row: number, column: Column): void;
  toggle(row: number): void;
  clear(): void;
  active: { row: number; column: number };
  pageRows: number;
  count: number;
  selectedCount: number;
}

/** The rows grid's own keys (scope `grid`, listening while it has focus and no cell is edited). */
function rowsKeyCommands(live: { current: RowsActions }): Command[] {
  const group = { id: 'grid.cmd.group' };
  const c = (id: string, keys: string[], run: (g: RowsActions) => void, when?: (g: RowsActions) => boolean): Command => ({
    id: `priceListRows.${id}`,
    title: { id: `priceLists.key.${id}` },
    group,
    keys,
    scope: 'grid',
    run: () => run(live.current),
    ...(when ? { when: () => when(live.current) } : {}),
  });
  return [
    c('down', ['ArrowDown'], (g) => g.move(g.active.row + 1, false)),
    c('up', ['ArrowUp'], (g) => g.move(g.active.row - 1, false)),
    c('right', ['ArrowRight'], (g) => g.moveColumn(1)),
    c('left', ['ArrowLeft'], (g) => g.moveColumn(-1)),
    c('extendDown', ['Shift+ArrowDown'], (g) => g.move(g.active.row + 1, true)),
    c('extendUp', ['Shift+ArrowUp'], (g) => g.move(g.active.row - 1, true)),
    c('pageDown', ['PageDown'], (g) => g.move(g.active.row + g.pageRows, false)),
    c('pageUp', ['PageUp'], (g) => g.move(g.active.row - g.pageRows, false)),
    c('first', ['Home'], (g) => g.move(0, false)),
    c('last', ['End'], (g) => g.move(g.count - 1, false)),
    c('edit', ['Enter', 'F2'], (g) => g.startEdit(g.active.row, COLUMNS[g.active.column - 1] ?? 'price'), (g) => g.count > 0),
    c('select', ['Space'], (g) => g.toggle(g.active.row), (g) => g.count > 0),
    c('clearSelection', ['Escape'], (g) => g.clear(), (g) => g.selectedCount > 0),
  ];
}
