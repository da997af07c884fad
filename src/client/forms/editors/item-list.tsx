/**
 * A list of items inside a form (price-list rows, order lines, contacts, role rules): add, remove,
 * move up/down (buttons, or Alt+↑/↓ inside an item). Long lists are virtualized with
 * @tanstack/react-virtual: only the items near the view are in the DOM, and an item that takes the
 * focus is scrolled into view, so Tab walks the whole list with its neighbours rendered.
 */
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';

/** From this many items on, the list scrolls inside the form and renders only what is near the view. */
export const VIRTUAL_FROM = 25;
const ESTIMATED_ITEM_HEIGHT = 160;

/** `items` with the item at `from` moved to `to` (clamped): a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

interface ItemListProps<T> {
  /** Accessible name of the list (the field's label). */
  label: string;
  items: readonly T[];
  onChange(items: T[]): void;
  /** The fields of item `index`. */
  renderItem(item: T, index: number): ReactNode;
  /** A new empty item. */
  newItem(): T;
  readOnly: boolean;
  maxItems?: number | undefined;
  /** Name of one item for the add button ("Riga", "Regola"). */
  itemName?: string;
  /** The item's legend (`Voce 3`); `title` (a product name) is added after it when given. */
  itemTitle?(item: T, index: number): string | undefined;
}

export function ItemList<T>({ label, items, onChange, renderItem, newItem, readOnly, maxItems, itemName, itemTitle }: ItemListProps<T>) {
  const intl = useIntl();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  const virtual = items.length >= VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? items.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ITEM_HEIGHT,
    overscan: 3,
  });
  const full = maxItems !== undefined && items.length >= maxItems;

  const focusItem = (index: number) => {
    // After a move or an add, the keyboard follows the item (rendered once the virtualizer scrolled to it).
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    setTimeout(() => {
      const item = listRef.current?.querySelector<HTMLElement>(`[data-item-index="${index}"]`);
      (item?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea, button') ?? item)?.focus();
    }, 30);
  };
  const move = (from: number, to: number) => {
    onChange(moveItem(items, from, to));
    focusItem(Math.max(0, Math.min(items.length - 1, to)));
  };
  const add = () => {
    onChange([...items, newItem()]);
    focusItem(items.length);
  };

  const renderOne = (index: number, style?: CSSProperties, measure?: (el: HTMLElement | null) => void) => {
    const item = items[index] as T;
    const title = itemTitle?.(item, index);
    return (
      <li
        key={index}
        ref={measure}
        data-index={index}
        data-item-index={index}
        className="form-list-item"
        style={style}
        aria-setsize={items.length}
        aria-posinset={index + 1}
        onFocus={() => virtual && virtualizer.scrollToIndex(index, { align: 'auto' })}
        onKeyDown={(e) => {
          if (readOnly || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
          e.preventDefault();
          e.stopPropagation();
          move(index, index + (e.key === 'ArrowUp' ? -1 : 1));
        }}
      >
        <fieldset>
          <legend>
            {intl.formatMessage({ id: 'forms.list.itemOf' }, { n: index + 1, total: items.length })}
            {title ? ` · ${title}` : ''}
          </legend>
          {renderItem(item, index)}
          {!readOnly && (
            <div className="form-list-item-actions">
              <button type="button" disabled={index === 0} onClick={() => move(index, index - 1)} aria-keyshortcuts="Alt+ArrowUp">
                {intl.formatMessage({ id: 'forms.list.up' })}
              </button>
              <button type="button" disabled={index === items.length - 1} onClick={() => move(index, index + 1)} aria-keyshortcuts="Alt+ArrowDown">
                {intl.formatMessage({ id: 'forms.list.down' })}
              </button>
              <button
                type="button"
                className="form-list-remove"
                onClick={() => {
                  onChange(items.filter((_, i) => i !== index));
                  if (items.length > 1) focusItem(Math.min(index, items.length - 2));
                }}
              >
                {intl.formatMessage({ id: 'form.list.remove' })}
              </button>
            </div>
          )}
        </fieldset>
      </li>
    );
  };

  return (
    <div className="form-item-list">
      {virtual ? (
        <div ref={scrollRef} className="form-list-scroll" style={{ maxHeight: 520, overflow: 'auto' }} tabIndex={-1} aria-label={label} role="region">
          <ol ref={listRef} style={{ height: virtualizer.getTotalSize(), position: 'relative', listStyle: 'none', margin: 0, padding: 0 }}>
            {virtualizer.getVirtualItems().map((row) =>
              renderOne(row.index, { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }, virtualizer.measureElement),
            )}
          </ol>
        </div>
      ) : (
        <ol ref={listRef} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((_, index) => renderOne(index))}
        </ol>
      )}
      {!readOnly && !full && (
        <button type="button" className="form-list-add" onClick={add}>
          {intl.formatMessage({ id: 'form.list.add' }, { name: itemName ?? label })}
        </button>
      )}
    </div>
  );
}
