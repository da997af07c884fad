/**
 * The palette's view: a modal dialog holding cmdk's combobox and list (DESIGN §4), our ranking
 * instead of cmdk's (`shouldFilter={false}`: score everything, render only the best). The dialog
 * is the native `<dialog>` (focus trap, Escape, top layer, named by its label) rather than cmdk's
 * Radix one, whose missing title and description break ARIA references. Shared by the app palette
 * and the benchmark. Shift+Enter runs an item on the other side of the split view.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { useModalDialog } from '../shell/ui-state.ts';
import { groupItems, rankItems, type PaletteItem } from './palette-items.ts';

export interface PaletteViewProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  items: readonly PaletteItem[];
  search: string;
  onSearchChange(search: string): void;
  label: string;
  placeholder: string;
  empty: ReactNode;
  /** Shown at the end of the list (record search in progress). */
  status?: ReactNode;
  footer?: ReactNode;
  limit?: number;
}

/**
 * `value`, a moment later: set by an ordinary update once the browser has painted. Not React's
 * deferred value: a deferred render is restarted by every urgent update, and on a busy page (the
 * screens' code loading after sign-in, on a slow machine) it was put off for over 15 s, leaving an
 * open palette with its field typed in and no list at all.
 */
function useAfterPaint<T>(value: T): T {
  const [later, setLater] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setLater(value), 0);
    return () => clearTimeout(timer);
  }, [value]);
  return later;
}

export function PaletteView({ open, onOpenChange, items, search, onSearchChange, label, placeholder, empty, status, footer, limit }: PaletteViewProps) {
  // Typing stays responsive; ranking follows a moment later when the list is long.
  const deferredSearch = useAfterPaint(search);
  // The dialog and its field paint first; the list fills in right after.
  const listReady = useAfterPaint(open);
  const ranked = useMemo(() => (listReady ? rankItems(items, deferredSearch, limit) : []), [listReady, items, deferredSearch, limit]);
  const groups = useMemo(() => groupItems(ranked), [ranked]);
  const [selected, setSelected] = useState('');
  const side = useRef<'right' | undefined>(undefined);
  const dialog = useRef<HTMLDialogElement>(null);
  // The field has the keyboard (React's autoFocus ran while the dialog was still closed).
  useModalDialog(dialog, open, (element) => element.querySelector<HTMLInputElement>('[cmdk-input]')?.focus());
  const firstEnabled = ranked.find((item) => !item.disabledReason)?.id ?? '';
  // Keep the highlighted item when it is still there, else the first one (cmdk does not re-select without its own filter).
  const value = ranked.some((item) => item.id === selected) ? selected : firstEnabled;

  return (
    <dialog
      ref={dialog}
      className="palette"
      role="dialog"
      aria-label={label}
      cmdk-dialog=""
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      {open && (
        <Command
          label={label}
          shouldFilter={false}
          loop
          value={value}
          onValueChange={setSelected}
          onKeyDown={(event) => {
            side.current = event.key === 'Enter' && event.shiftKey ? 'right' : undefined;
          }}
        >
          <Command.Input className="palette-input" value={search} onValueChange={onSearchChange} placeholder={placeholder} aria-label={label} />
          <Command.List className="palette-list" label={label}>
            {listReady && ranked.length === 0 && !status && <Command.Empty className="palette-empty">{empty}</Command.Empty>}
            {groups.map(([group, list]) => (
              <Command.Group key={group} heading={group} className="palette-group">
                {list.map((item) => (
                  <Command.Item
                    key={item.id}
                    value={item.id}
                    disabled={Boolean(item.disabledReason)}
                    className="palette-item"
                    onSelect={() => {
                      const options = side.current ? { side: side.current } : {};
                      side.current = undefined;
                      onOpenChange(false);
                      item.run(options);
                    }}
                  >
                    <span className="palette-item-title">{item.title}</span>
                    {item.detail && <span className="palette-item-detail">{item.detail}</span>}
                    {item.disabledReason && <span className="palette-item-reason">{item.disabledReason}</span>}
                    {item.shortcut && <kbd className="palette-item-keys">{item.shortcut}</kbd>}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
          </Command.List>
          <div className="palette-status" role="status">
            {status}
          </div>
          {footer && <div className="palette-footer">{footer}</div>}
        </Command>
      )}
    </dialog>
  );
}
