/**
 * The quotation's lines, edited in place in a virtualized grid (only the rows in view are in the DOM,
 * so 500 lines type as fast as 5). Keys are scoped commands of the one registry (scope `grid`,
 * listening while the grid has focus and no cell is edited): arrows, Tab/Shift+Tab move, Enter or F2
 * edits, $mod+Enter adds a line below ($mod+Shift+Enter a section, $mod+Alt+Enter a note), $mod+d
 * duplicates, $mod+↑/↓ reorder, Delete removes (undo with `t z`), $mod+Shift+o marks it optional.
 * Enter on a read-only cell (net, margin, unit of measure…) does nothing.
 * In a cell: Enter keeps, Tab/Shift+Tab keep and edit the next/previous cell, Esc cancels, $mod+Enter
 * keeps and adds a line below ($mod+Shift+Enter a section, $mod+Alt+Enter a note), $mod+s keeps and
 * saves; no other key reaches the grid's or the workspace's shortcuts while a cell is open.
 * Mouse: a click picks a cell, a double click edits it.
 */
import { memo, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useVirtualizer } from '@tanstack/react-virtual';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command, CommandContext } from '../../../commands/types.ts';
import { formatItalianNumber, formatPercent, parseItalianDecimal } from '../../domain/rules/price-list-rows.ts';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { useEntityTitle } from '../forms/references.ts';
import { enumLabel, formatMoney } from '../forms/format.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import { activeTabAtom } from '../workspace/workspace-state.ts';
import { lineAmounts, type LineDraft, type NumberField } from './lines.ts';
import { lineDiscountText } from '../../domain/rules/pricing.ts';

export const ROW_HEIGHT = 32;

export const COLUMNS = [
  'product', 'description', 'unitOfMeasure', 'quantity', 'listPrice', 'unitPrice', 'discountPercent', 'net', 'costPrice', 'margin', 'marginPercent', 'supplier',
] as const;
export type Column = (typeof COLUMNS)[number];
const NUMBER_COLUMNS: readonly Column[] = ['quantity', 'listPrice', 'unitPrice', 'discountPercent', 'costPrice'];
const WIDTHS: Record<Column, string> = {
  product: 'minmax(10rem, 14rem)', description: 'minmax(12rem, 1fr)', unitOfMeasure: '4rem', quantity: '6rem', listPrice: '7rem', unitPrice: '8rem',
  discountPercent: '6rem', net: '8rem', costPrice: '7rem', margin: '7rem', marginPercent: '6rem', supplier: 'minmax(8rem, 12rem)',
};

interface Editing {
  row: number;
  column: Column;
  text: string;
  /** The text the cell had: Esc puts it back (numbers apply while typed, so the totals follow every key). */
  original: string;
}

export interface LinesGridActions {
  add(kind: LineDraft['kind'], after: number): void;
  duplicate(row: number): void;
  move(row: number, delta: -1 | 1): void;
  /** Removes the line; from a key, `ctx` offers the undo. */
  remove(row: number, ctx?: CommandContext): void;
  toggleOptional(row: number): void;
  setNumber(row: number, field: NumberField, value: number | undefined): void;
  setDescription(row: number, text: string): void;
  chooseProduct(row: number, productId: string | null): Promise<void>;
}

interface Props {
  lines: readonly LineDraft[];
  actions: LinesGridActions;
  locked: boolean;
  /** The unit price may be typed (SPEC §6 updateUnitNetPrice); otherwise it follows the list. */
  canEditPrice: boolean;
  /** Cost, margin and supplier may be read (staff); a customer's user does not get those columns. Default: yes. */
  showCosts?: boolean;
  /** Errors by line position (`lines.{i}.…` of the record's errors). */
  problems: ReadonlyMap<number, string>;
  /** Called with the grid's row to focus after an add (so the new line's product cell is edited). */
  handleRef: { current: { editProduct(row: number): void; focus(): void } | null };
}

function editableColumns(line: LineDraft | undefined, canEditPrice: boolean, showCosts = true): Column[] {
  if (!line) return [];
  if (line.kind !== 'product') return ['description'];
  return ['product', 'description', 'quantity', 'listPrice', ...(canEditPrice ? (['unitPrice'] as const) : []), 'discountPercent', ...(showCosts ? (['costPrice'] as const) : [])];
}

/** The columns whose figures only staff may read (the API leaves them out for the others). */
const COST_COLUMNS: ReadonlySet<Column> = new Set(['costPrice', 'margin', 'marginPercent', 'supplier']);
/** What a customer's user sees: the cost columns are left out, not shown empty. */
const CUSTOMER_COLUMNS: readonly Column[] = COLUMNS.filter((column) => !COST_COLUMNS.has(column));
const templateOf = (columns: readonly Column[]) => `3rem ${columns.map((c) => WIDTHS[c]).join(' ')}`;
const LAYOUTS = {
  staff: { columns: COLUMNS as readonly Column[], template: templateOf(COLUMNS) },
  customer: { columns: CUSTOMER_COLUMNS, template: templateOf(CUSTOMER_COLUMNS) },
};

export function LinesGrid({ lines, actions, locked, canEditPrice, showCosts = true, problems, handleRef }: Props) {
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const [active, setActive] = useState({ row: 0, column: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const count = lines.length;
  const { columns, template } = LAYOUTS[showCosts ? 'staff' : 'customer'];
  const virtualizer = useVirtualizer({ count, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });

  useEffect(() => {
    setActive((a) => (a.row < count ? a : { ...a, row: Math.max(0, count - 1) }));
  }, [count]);

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);

  const go = (row: number, column = active.column) => {
    const next = Math.max(0, Math.min(count - 1, row));
    setActive({ row: next, column: Math.max(0, Math.min(columns.length - 1, column)) });
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const textOf = (line: LineDraft, column: Column): string => {
    if (column === 'description') return line.description;
    if (column === 'product') return '';
    const value = line[column as NumberField];
    return value === undefined ? '' : formatItalianNumber(value);
  };

  const startEdit = (row: number, column: Column) => {
    const line = lines[row];
    if (locked || !line) return;
    // A read-only cell (margin, net, unit of measure…) has no editor: Enter or a double click there does nothing.
    if (!editableColumns(line, canEditPrice, showCosts).includes(column)) return;
    const col = column;
    setActive({ row, column: columns.indexOf(col) });
    virtualizer.scrollToIndex(row, { align: 'auto' });
    const text = textOf(line, col);
    setEditing({ row, column: col, text, original: text });
  };

  /** Keeps what was typed when it is valid; false (the cell stays open) when it is not. */
  const commit = (edit: Editing): boolean => {
    if (edit.column === 'product') return true;
    if (edit.column === 'description') {
      if (edit.text !== lines[edit.row]?.description) actions.setDescription(edit.row, edit.text);
      return true;
    }
    const text = edit.text.trim().replace(/%$/, '').replace(/€/g, '').trim();
    const value = text === '' ? undefined : parseItalianDecimal(text);
    if (text !== '' && value === undefined) return false;
    if (value !== undefined && value < 0) return false;
    if (edit.column === 'quantity' && (value === undefined || value <= 0)) return false;
    if (edit.column === 'discountPercent' && value !== undefined && value > 100) return false;
    const field = edit.column as NumberField;
    if (lines[edit.row]?.[field] !== value) actions.setNumber(edit.row, field, value);
    return true;
  };

  const stepEdit = (edit: Editing, delta: 1 | -1) => {
    const editable = editableColumns(lines[edit.row], canEditPrice, showCosts);
    const at = editable.indexOf(edit.column) + delta;
    if (at >= 0 && at < editable.length) startEdit(edit.row, editable[at]!);
    else if (delta > 0 && edit.row + 1 < count) startEdit(edit.row + 1, editableColumns(lines[edit.row + 1], canEditPrice, showCosts)[0] ?? 'description');
    else if (delta < 0 && edit.row > 0) startEdit(edit.row - 1, editableColumns(lines[edit.row - 1], canEditPrice, showCosts).at(-1) ?? 'description');
    else {
      setEditing(null);
      focusGrid();
    }
  };

  const live = useRef<GridLive>({ go, startEdit, active, count, actions, locked, columns });
  live.current = { go, startEdit, active, count, actions, locked, columns };
  handleRef.current = {
    editProduct: (row) => {
      // The new line arrives with the next render: edit it then, with that render's lines.
      setTimeout(() => live.current.startEdit(row, 'product'), 0);
    },
    focus: focusGrid,
  };
  const gridCommands = useMemo(() => linesKeyCommands(live), []);
  const [focused, setFocused] = useState(false);
  const tabId = useContext(TabIdContext);
  const shownTabId = useAtomValue(activeTabAtom)?.id;
  useScopedCommands('grid', gridCommands, focused && editing === null && (tabId === undefined || tabId === shownTabId));

  // The rows' callbacks read this render's state through a ref, so they stay one object and a row
  // re-renders only when its own line, cell or edit changes (the edited row, not the 30 in view).
  const rowLive = useRef<RowHandlers | null>(null);
  const cancelled = useRef<Editing | null>(null);
  rowLive.current = {
    onEditText: (_row, text) => {
      if (!editing) return;
      const next = { ...editing, text };
      setEditing(next);
      // A valid number counts at once: totals, margin and the approval flag follow each key.
      if (NUMBER_COLUMNS.includes(next.column) && next.text.trim() !== '') commit(next);
    },
    onEditKey: (_row, key, shift) => {
      if (!editing) return;
      if (key === 'Escape') {
        if (NUMBER_COLUMNS.includes(editing.column)) commit({ ...editing, text: editing.original });
        // The focus leaving the input (to the grid) must not keep the text Esc dropped.
        cancelled.current = editing;
        setEditing(null);
        focusGrid();
      } else if (commit(editing)) {
        if (key === 'Tab') stepEdit(editing, shift ? -1 : 1);
        else {
          setEditing(null);
          focusGrid();
        }
      }
    },
    onEditBlur: () => {
      if (editing && editing === cancelled.current) return;
      if (editing && editing.column !== 'product' && commit(editing)) setEditing(null);
    },
    onAddFromCell: (_row, kind) => {
      if (!editing || locked) return;
      if (editing.column !== 'product' && !commit(editing)) return;
      setEditing(null);
      actions.add(kind, editing.row);
      // A product line opens its product cell (the editor's add); a section or a note is where the cursor goes.
      if (kind !== 'product') {
        setActive((a) => ({ ...a, row: editing.row + 1 }));
        focusGrid();
      }
    },
    onSaveFromCell: () => {
      if (!editing) return true;
      if (editing.column === 'product') return true;
      if (!commit(editing)) return false;
      setEditing(null);
      focusGrid();
      return true;
    },
    onChooseProduct: (row, productId) => {
      void actions.chooseProduct(row, productId).then(() => setTimeout(() => live.current.startEdit(row, 'quantity'), 0));
    },
    onPick: (row, column) => {
      setActive({ row, column });
      focusGrid();
    },
    onDoubleClick: (row, column) => startEdit(row, columns[column] ?? 'description'),
  };
  const handlers = useMemo<RowHandlers>(() => ({
    onEditText: (row, text) => rowLive.current?.onEditText(row, text),
    onEditKey: (row, key, shift) => rowLive.current?.onEditKey(row, key, shift),
    onEditBlur: (row) => rowLive.current?.onEditBlur(row),
    onAddFromCell: (row, kind) => rowLive.current?.onAddFromCell(row, kind),
    onSaveFromCell: (row) => rowLive.current?.onSaveFromCell(row) ?? true,
    onChooseProduct: (row, productId) => rowLive.current?.onChooseProduct(row, productId),
    onPick: (row, column) => rowLive.current?.onPick(row, column),
    onDoubleClick: (row, column) => rowLive.current?.onDoubleClick(row, column),
  }), []);

  const activeId = count > 0 ? `quotation-line-${active.row}` : undefined;
  return (
    <div className="data-grid quotation-lines">
      <div
        ref={scrollRef}
        role="grid"
        aria-label={intl.formatMessage({ id: 'quotationEditor.linesLabel' })}
        aria-rowcount={count + 1}
        aria-colcount={columns.length + 1}
        aria-activedescendant={activeId}
        aria-readonly={locked || undefined}
        tabIndex={0}
        className="data-grid-scroll"
        style={{ overflow: 'auto', height: 'min(60vh, 36rem)', position: 'relative', outline: 'none' }}
        onFocus={(event) => event.target === event.currentTarget && setFocused(true)}
        onBlur={(event) => event.target === event.currentTarget && setFocused(false)}
      >
        <div role="rowgroup" className="data-grid-head" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
          <div role="row" aria-rowindex={1} className="data-grid-row data-grid-header" style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT }}>
            <div role="columnheader" className="data-grid-cell data-grid-headcell"><FormattedMessage id="quotationEditor.col.position" /></div>
            {columns.map((column) => (
              <div key={column} role="columnheader" className="data-grid-cell data-grid-headcell"><FormattedMessage id={`quotationEditor.col.${column}`} /></div>
            ))}
          </div>
        </div>
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((virtual) => {
            const line = lines[virtual.index];
            if (!line) return null;
            const isActive = virtual.index === active.row;
            const rowEditing = editing && editing.row === virtual.index ? editing : null;
            return (
              <LineRow
                key={line.key}
                row={virtual.index}
                start={virtual.start}
                line={line}
                activeColumn={isActive ? active.column : -1}
                problem={problems.get(virtual.index)}
                editing={rowEditing}
                handlers={handlers}
                showCosts={showCosts}
              />
            );
          })}
        </div>
      </div>
      {count === 0 && <p className="data-grid-empty" role="status"><FormattedMessage id="quotationEditor.noLines" /></p>}
    </div>
  );
}

interface RowProps {
  row: number;
  start: number;
  line: LineDraft;
  activeColumn: number;
  problem: string | undefined;
  editing: Editing | null;
  handlers: RowHandlers;
  showCosts: boolean;
}

/** What a row reports, with its position (one stable object for every row). */
interface RowHandlers {
  onEditText(row: number, text: string): void;
  onEditKey(row: number, key: 'Enter' | 'Escape' | 'Tab', shift: boolean): void;
  /** Ctrl+Enter (a product line), Ctrl+Shift+Enter (a section), Ctrl+Alt+Enter (a note) in an open cell: keep it, add the line below. */
  onAddFromCell(row: number, kind: LineDraft['kind']): void;
  /** Ctrl+S in an open cell: keeps what was typed; false when it is not valid (the cell stays open, nothing is saved). */
  onSaveFromCell(row: number): boolean;
  onEditBlur(row: number): void;
  onChooseProduct(row: number, productId: string | null): void;
  onPick(row: number, column: number): void;
  onDoubleClick(row: number, column: number): void;
}



const LineRow = memo(function LineRow({ row, start, line, activeColumn, problem, editing, handlers, showCosts }: RowProps) {
  const intl = useIntl();
  const productTitle = useEntityTitle(line.productId ? 'products' : undefined, line.productId);
  const supplierTitle = useEntityTitle(line.supplierId ? 'suppliers' : undefined, line.supplierId);
  const amounts = lineAmounts(line);
  const money = (value: number | undefined) => (value === undefined ? '' : formatMoney(value));
  const isProduct = line.kind === 'product';
  const shown: Record<Column, string> = isProduct
    ? {
        product: productTitle,
        description: line.description,
        unitOfMeasure: line.unitOfMeasure ? enumLabel(line.unitOfMeasure) : '',
        quantity: formatItalianNumber(line.quantity),
        listPrice: money(line.listPrice),
        unitPrice: money(line.unitPrice),
        discountPercent: lineDiscountText(line),
        net: money(amounts?.netTotal),
        costPrice: money(line.costPrice),
        margin: money(amounts?.margin),
        marginPercent: amounts ? formatPercent(amounts.marginPercent) : '',
        supplier: supplierTitle,
      }
    : { product: intl.formatMessage({ id: `quotationEditor.kind.${line.kind}` }), description: line.description, unitOfMeasure: '', quantity: '', listPrice: '', unitPrice: '', discountPercent: '', net: '', costPrice: '', margin: '', marginPercent: '', supplier: '' };
  // Without the cost (left out by the API) a margin computed here would be the whole net: those columns are not drawn.
  const { columns, template } = LAYOUTS[showCosts ? 'staff' : 'customer'];
  const n = row + 1;
  const invalidEdit = editing !== null && NUMBER_COLUMNS.includes(editing.column) && editing.text.trim() !== '' && parseItalianDecimal(editing.text.trim().replace(/%$/, '')) === undefined;
  return (
    <div
      role="row"
      id={`quotation-line-${row}`}
      aria-rowindex={row + 2}
      aria-invalid={problem ? true : undefined}
      data-line={row}
      data-kind={line.kind}
      data-optional={line.isOptional || undefined}
      title={problem}
      className={`data-grid-row${activeColumn >= 0 ? ' is-active' : ''}${problem ? ' has-problem' : ''}${line.isOptional ? ' is-optional' : ''} quotation-line-${line.kind}`}
      style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT, position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${start}px)` }}
    >
      <div role="rowheader" className="data-grid-cell">{n}{line.isOptional ? ` (${intl.formatMessage({ id: 'quotationEditor.optional' })})` : ''}</div>
      {columns.map((column, i) => {
        const isEditing = editing?.column === column;
        const label = intl.formatMessage({ id: 'quotationEditor.cellOf' }, { column: intl.formatMessage({ id: `quotationEditor.col.${column}` }), n });
        return (
          <div
            key={column}
            role="gridcell"
            data-column={column}
            aria-selected={activeColumn === i ? true : undefined}
            className={`data-grid-cell${activeColumn === i ? ' is-active-cell' : ''}${column === 'discountPercent' && isProduct && !line.discountPercent && shown[column] ? ' is-hint' : ''}`}
            title={column === 'discountPercent' && isProduct && !line.discountPercent && shown[column] ? intl.formatMessage({ id: 'quotationEditor.offerHint.title' }) : undefined}
            onMouseDown={(event) => {
              if (isEditing) return;
              event.preventDefault();
              handlers.onPick(row, i);
            }}
            onDoubleClick={() => handlers.onDoubleClick(row, i)}
          >
            {isEditing && column === 'product' ? (
              <ProductCell
                label={label}
                value={line.productId}
                onChoose={(productId) => handlers.onChooseProduct(row, productId)}
                onCancel={() => handlers.onEditKey(row, 'Escape', false)}
                onAdd={(kind) => handlers.onAddFromCell(row, kind)}
              />
            ) : isEditing ? (
              <input
                autoFocus
                inputMode={column === 'description' ? 'text' : 'decimal'}
                autoComplete="off"
                aria-label={label}
                aria-invalid={invalidEdit || undefined}
                title={invalidEdit ? intl.formatMessage({ id: 'quotationEditor.invalidNumber' }) : undefined}
                value={editing.text}
                onChange={(event) => handlers.onEditText(row, event.target.value)}
                onFocus={(event) => event.target.select()}
                onBlur={() => handlers.onEditBlur(row)}
                onKeyDown={(event) => {
                  const added = addKindOf(event);
                  if (added) {
                    event.preventDefault();
                    event.stopPropagation();
                    handlers.onAddFromCell(row, added);
                  } else if (event.key === 'Enter' || event.key === 'Escape' || event.key === 'Tab') {
                    event.preventDefault();
                    event.stopPropagation();
                    handlers.onEditKey(row, event.key, event.shiftKey);
                  } else if (isSaveKey(event)) {
                    // The typed text is kept first, then Ctrl+S goes on to the editor's save; an invalid number stays open and is not saved.
                    if (!handlers.onSaveFromCell(row)) {
                      event.preventDefault();
                      event.stopPropagation();
                    }
                  } else isolateCellKey(event);
                }}
              />
            ) : shown[column]}
          </div>
        );
      })}
    </div>
  );
});

/** The line a key adds from an open cell, as the grid's own keys do: $mod+Enter a product line, $mod+Shift+Enter a section, $mod+Alt+Enter a note. */
export function addKindOf(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): LineDraft['kind'] | undefined {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return undefined;
  if (event.altKey) return 'note';
  return event.shiftKey ? 'section' : 'product';
}

const isSaveKey = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's';

/**
 * While a cell is edited its keys are the cell's: a modified key (Alt+r, Ctrl+D, Ctrl+K…) stops here
 * instead of reaching the shortcuts (plain keys in a field never do). The browser's own default
 * (Ctrl+C, Ctrl+V, Ctrl+A, Ctrl+Z) still applies: only the propagation stops.
 */
function isolateCellKey(event: { ctrlKey: boolean; metaKey: boolean; altKey: boolean; stopPropagation(): void }): void {
  if (event.ctrlKey || event.metaKey || event.altKey) event.stopPropagation();
}

/** The product picker of a cell: type a code or a name, ↑/↓ and Enter choose, Esc leaves the cell. */
function ProductCell({ label, value, onChoose, onCancel, onAdd }: { label: string; value: string | null; onChoose(id: string | null): void; onCancel(): void; onAdd(kind: LineDraft['kind']): void }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  return (
    <span
      ref={ref}
      className="quotation-line-product"
      // Before the picker's own Enter (which would choose the highlighted product): Ctrl+Enter leaves the cell and adds a line.
      onKeyDownCapture={(event) => {
        const added = addKindOf(event);
        if (!added) return;
        event.preventDefault();
        event.stopPropagation();
        onAdd(added);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        } else if (!isSaveKey(event)) isolateCellKey(event);
      }}
    >
      <ReferencePicker label={label} target="products" value={value} onChange={onChoose} />
    </span>
  );
}

interface GridLive {
  go(row: number, column?: number): void;
  startEdit(row: number, column: Column): void;
  active: { row: number; column: number };
  count: number;
  actions: LinesGridActions;
  locked: boolean;
  /** The columns drawn (a customer's user has no cost columns). */
  columns: readonly Column[];
}

/** The lines grid's keys (scope `grid`, listening while it has focus and no cell is edited). */
function linesKeyCommands(live: { current: GridLive }): Command[] {
  const group = { id: 'quotationEditor.key.group' };
  const c = (id: string, keys: string[], run: (g: GridLive, ctx: CommandContext) => void, when?: (g: GridLive) => boolean): Command => ({
    id: `quotationLines.${id}`,
    title: { id: `quotationEditor.key.${id}` },
    group,
    keys,
    scope: 'grid',
    run: (ctx) => run(live.current, ctx),
    ...(when ? { when: () => when(live.current) } : {}),
  });
  const hasRows = (g: GridLive) => g.count > 0;
  const editable = (g: GridLive) => !g.locked;
  const onRow = (g: GridLive) => !g.locked && g.count > 0;
  const column = (g: GridLive, delta: number) => {
    const at = g.active.column + delta;
    if (at >= g.columns.length && g.active.row + 1 < g.count) g.go(g.active.row + 1, 0);
    else if (at < 0 && g.active.row > 0) g.go(g.active.row - 1, g.columns.length - 1);
    else g.go(g.active.row, at);
  };
  return [
    c('down', ['ArrowDown'], (g) => g.go(g.active.row + 1), hasRows),
    c('up', ['ArrowUp'], (g) => g.go(g.active.row - 1), hasRows),
    c('right', ['ArrowRight', 'Tab'], (g) => column(g, 1), hasRows),
    c('left', ['ArrowLeft', 'Shift+Tab'], (g) => column(g, -1), hasRows),
    c('first', ['Home'], (g) => g.go(0), hasRows),
    c('last', ['End'], (g) => g.go(g.count - 1), hasRows),
    c('edit', ['Enter', 'F2'], (g) => g.startEdit(g.active.row, g.columns[g.active.column] ?? 'description'), onRow),
    c('add', ['$mod+Enter'], (g) => g.actions.add('product', g.count === 0 ? -1 : g.active.row), editable),
    c('addSection', ['$mod+Shift+Enter'], (g) => g.actions.add('section', g.count === 0 ? -1 : g.active.row), editable),
    c('addNote', ['$mod+Alt+Enter'], (g) => g.actions.add('note', g.count === 0 ? -1 : g.active.row), editable),
    c('duplicate', ['$mod+d'], (g) => g.actions.duplicate(g.active.row), onRow),
    c('moveUp', ['$mod+ArrowUp'], (g) => {
      g.actions.move(g.active.row, -1);
      g.go(g.active.row - 1);
    }, onRow),
    c('moveDown', ['$mod+ArrowDown'], (g) => {
      g.actions.move(g.active.row, 1);
      g.go(g.active.row + 1);
    }, onRow),
    c('remove', ['Delete'], (g, ctx) => g.actions.remove(g.active.row, ctx), onRow),
    c('optional', ['$mod+Shift+o'], (g) => g.actions.toggleOptional(g.active.row), onRow),
  ];
}
