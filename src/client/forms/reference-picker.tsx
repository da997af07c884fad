/**
 * Picks one entity of another kind by typing part of its name (the API full-text filter),
 * showing the chosen one's title: a combobox with a listbox (↑/↓, Enter, Esc).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { searchEntities, useEntityTitle } from './references.ts';

interface Props {
  label: string;
  target: string;
  value: string | null;
  onChange(id: string | null): void;
  readOnly?: boolean;
  invalid?: boolean;
  describedBy?: string;
  id?: string;
  required?: boolean;
  /** Extra list filters (office locations of one customer, services only). */
  filter?: Record<string, string> | undefined;
}

export function ReferencePicker({ label, target, value, onChange, readOnly, invalid, describedBy, id, required, filter }: Props) {
  const intl = useIntl();
  const ownId = useId();
  const inputId = id ?? ownId;
  const listId = `${inputId}-list`;
  const title = useEntityTitle(target, value);
  const [text, setText] = useState<string | null>(null);
  const [options, setOptions] = useState<{ id: string; title: string }[]>([]);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A blur just before the picker goes (its form closed, a test's screen torn down) resets nothing once it has.
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  // A stable dependency for the filter object (callers pass a new literal each render).
  const filterKey = JSON.stringify(filter ?? {});

  useEffect(() => {
    if (text === null) return;
    // Only the answer to what is typed now counts: an earlier search answering late is dropped.
    let current = true;
    const timer = setTimeout(() => {
      searchEntities(target, text, 20, JSON.parse(filterKey) as Record<string, string>).then((found) => {
        if (!current) return;
        setOptions(rankByTyped(found, text));
        setHighlight(0);
        setOpen(true);
      }, () => current && setOptions([]));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, target, filterKey]);

  const choose = (option: { id: string } | null) => {
    onChange(option?.id ?? null);
    setText(null);
    setOpen(false);
  };

  return (
    <span className="reference-picker">
      <label htmlFor={inputId}>{label}{required && <span aria-hidden="true"> *</span>}</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        aria-activedescendant={open && options[highlight] ? `${listId}-${highlight}` : undefined}
        readOnly={readOnly}
        tabIndex={readOnly ? -1 : undefined}
        placeholder={intl.formatMessage({ id: 'form.reference.placeholder' })}
        value={text ?? (value ? title || '…' : '')}
        onChange={(e) => setText(e.target.value)}
        onFocus={(event) => {
          // Back before the blur's reset ran (a command that refocuses the picker): what is typed now stays.
          clearTimeout(blurTimer.current);
          if (!readOnly && text === null && !focusReturnedByDialog(event.currentTarget, event.relatedTarget)) setText('');
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => { setOpen(false); setText(null); }, 150);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && open) { e.preventDefault(); setHighlight((h) => Math.min(options.length - 1, h + 1)); }
          else if (e.key === 'ArrowUp' && open) { e.preventDefault(); setHighlight((h) => Math.max(0, h - 1)); }
          else if (e.key === 'Enter' && open && options[highlight]) { e.preventDefault(); choose(options[highlight]!); }
          else if (e.key === 'Escape' && open) { e.preventDefault(); e.stopPropagation(); setOpen(false); }
          else if ((e.key === 'Backspace' || e.key === 'Delete') && text === '' && value && !required) choose(null);
        }}
      />
      {open && (
        <ul role="listbox" id={listId} className="reference-picker-list">
          {options.length === 0 && <li role="option" aria-selected="false" aria-disabled="true">{intl.formatMessage({ id: 'form.reference.none' })}</li>}
          {options.map((option, i) => (
            <li key={option.id} id={`${listId}-${i}`} role="option" aria-selected={i === highlight} onMouseDown={(e) => { e.preventDefault(); choose(option); }}>
              {option.title}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}

/**
 * Focus given back by a dialog that closed (a native `<dialog>` returns it to where it was, the palette
 * too): the user did not come to the field, so its list stays shut («Assegna comunque» after a save
 * reopened the operators' list). Tabbing between the fields of one dialog is coming to the field.
 */
export function focusReturnedByDialog(field: Element, from: EventTarget | null): boolean {
  const dialog = from instanceof Element ? from.closest('dialog, [role=dialog], [role=alertdialog]') : null;
  return dialog !== null && !dialog.contains(field);
}

/** Options whose title starts with what was typed first (a product's code typed whole is the one meant), the rest in the search's order. */
export function rankByTyped<T extends { title: string }>(options: readonly T[], typed: string): T[] {
  const wanted = typed.trim().toLocaleLowerCase('it');
  if (!wanted) return [...options];
  const starts = (option: T) => option.title.toLocaleLowerCase('it').startsWith(wanted);
  return [...options.filter(starts), ...options.filter((option) => !starts(option))];
}
