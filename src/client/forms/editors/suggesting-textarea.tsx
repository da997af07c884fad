/**
 * SPEC §9 textarea: 20 columns (where the layout does not set its width), 2 rows, soft wrap, and up
 * to 5 texts used before in this field (per field path, `remembered-texts.ts`) offered under it
 * while it is empty and focused, most recent first, each with «Rimuovi suggerimento». A text is
 * remembered when the field is left with it. By keyboard: ArrowDown from the empty textarea goes
 * into the list, ArrowUp/ArrowDown move in it (up from the first returns to the textarea), Enter
 * takes the suggestion, Delete removes it, Escape returns to the textarea.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useRememberedTexts } from '../remembered-texts.ts';

/** SPEC §9 defaults. */
export const TEXTAREA_COLS = 20;
export const TEXTAREA_ROWS = 2;
export const TEXTAREA_WRAP = 'soft';

export interface SuggestingTextareaProps {
  /** The field's shared attributes (id, name, aria-*, readOnly, tabIndex). */
  common: Record<string, unknown>;
  /** The field path the suggestions are remembered by. */
  path: string;
  readOnly: boolean;
  maxLength: number | undefined;
  minLength: number | undefined;
  text: string;
  onText(text: string): void;
}

export function SuggestingTextarea({ common, path, readOnly, maxLength, minLength, text, onText }: SuggestingTextareaProps) {
  const intl = useIntl();
  const { suggestions, remember, remove } = useRememberedTexts(path);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = !readOnly && open && text === '' && suggestions.length > 0;

  const textarea = () => box.current?.querySelector('textarea');
  const choices = () => [...(box.current?.querySelectorAll<HTMLButtonElement>('.form-suggestion') ?? [])];
  const focusChoice = (index: number) => {
    const list = choices();
    if (index < 0 || list.length === 0) textarea()?.focus();
    else list[Math.min(index, list.length - 1)]!.focus();
  };

  // After a removal the focus goes to the suggestion now at its place (the textarea when none is left).
  const focusAfterRemoval = useRef<number | undefined>(undefined);
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === undefined) return;
    focusAfterRemoval.current = undefined;
    focusChoice(suggestions.length === 0 ? -1 : Math.min(index, suggestions.length - 1));
  });
  const removeAt = (index: number, suggestion: string) => {
    focusAfterRemoval.current = index;
    remove(suggestion);
  };

  const onChoiceKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, suggestion: string) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusChoice(event.key === 'ArrowDown' ? Math.min(index + 1, suggestions.length - 1) : index - 1);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      removeAt(index, suggestion);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      textarea()?.focus();
    }
  };

  return (
    <div className="form-textarea" ref={box}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setOpen(false);
        if (!readOnly) remember(text);
      }}>
      <textarea {...common} rows={TEXTAREA_ROWS} cols={TEXTAREA_COLS} wrap={TEXTAREA_WRAP} maxLength={maxLength} minLength={minLength} value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(event) => {
          if (shown && event.key === 'ArrowDown') {
            event.preventDefault();
            focusChoice(0);
          }
        }}
        aria-controls={shown ? listId : undefined} />
      {shown && (
        <ul id={listId} className="form-suggestions" aria-label={intl.formatMessage({ id: 'form.suggestions' })}>
          {suggestions.map((suggestion, index) => (
            <li key={suggestion}>
              <button type="button" className="form-suggestion" onKeyDown={(event) => onChoiceKey(event, index, suggestion)}
                onClick={() => {
                  onText(suggestion);
                  textarea()?.focus();
                }}>{suggestion}</button>
              <button type="button" className="form-suggestion-remove" aria-label={intl.formatMessage({ id: 'form.suggestions.remove' }, { text: suggestion })}
                title={intl.formatMessage({ id: 'form.suggestions.removeTitle' })}
                onClick={() => removeAt(index, suggestion)}>×</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
