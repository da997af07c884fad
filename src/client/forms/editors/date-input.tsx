/**
 * The one date field of the app (issue 23): a text field that reads and takes «gg/mm/aaaa» (with
 * «hh:mm» for a date-time) whatever the browser's language, ↑/↓ a day (Shift: a month), and a
 * calendar button that opens the browser's own picker for the mouse. The value is the API's:
 * `YYYY-MM-DD`, or an ISO instant with `withTime`.
 */
import { useRef, type InputHTMLAttributes, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { businessDay } from '../../../domain/business-day.ts';
import { dateText, dateTimeText, parseItalianDate, parseItalianDateTime, stepDate } from './dates.ts';
import { useTypedText } from './use-typed-text.ts';
import { injectEditorStyles } from './editor-styles.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & { 'data-autofocus'?: boolean };

interface Props extends InputProps {
  value: unknown;
  /** The parsed value: `YYYY-MM-DD` / ISO instant, undefined when emptied, or the typed text when it is not a date. */
  onValue(value: string | undefined): void;
  withTime?: boolean;
  /** The text field (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLInputElement>;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function DateInput({ value, onValue, withTime = false, ref, ...input }: Props) {
  injectEditorStyles();
  const intl = useIntl();
  const picker = useRef<HTMLInputElement>(null);
  const shown = withTime ? dateTimeText(value) : dateText(value);
  const { text, setText, onFocus, onBlur } = useTypedText(shown);
  const parse = withTime ? parseItalianDateTime : parseItalianDate;
  const readOnly = Boolean(input.readOnly || input.disabled);

  const step = (direction: 1 | -1, byMonth: boolean) => {
    const current = typeof value === 'string' ? value : undefined;
    if (!withTime) {
      const next = stepDate(current?.slice(0, 10), direction, businessDay(), byMonth);
      setText(dateText(next));
      onValue(next);
      return;
    }
    const base = current && !Number.isNaN(new Date(current).getTime()) ? new Date(current) : new Date();
    const day = stepDate(`${base.getFullYear()}-${pad(base.getMonth() + 1)}-${pad(base.getDate())}`, direction, businessDay(), byMonth);
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const next = new Date(y, m - 1, d, base.getHours(), base.getMinutes()).toISOString();
    setText(dateTimeText(next));
    onValue(next);
  };

  // The browser's picker speaks the browser's language; it only fills the field, which shows gg/mm/aaaa.
  const pickerValue = withTime
    ? (() => {
        const d = typeof value === 'string' ? new Date(value) : undefined;
        return d && !Number.isNaN(d.getTime()) ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
      })()
    : typeof value === 'string' ? value.slice(0, 10) : '';

  return (
    <span className="date-input">
      <input
        {...input}
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={intl.formatMessage({ id: withTime ? 'form.dateTime.placeholder' : 'form.date.placeholder' })}
        value={text}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={(e) => {
          setText(e.target.value);
          onValue(parse(e.target.value));
        }}
        onKeyDown={(e) => {
          input.onKeyDown?.(e);
          if (e.defaultPrevented || readOnly || e.altKey || e.ctrlKey || e.metaKey) return;
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            step(e.key === 'ArrowUp' ? 1 : -1, e.shiftKey);
          }
        }}
      />
      {!readOnly && (
        <>
          <button
            type="button"
            className="date-input-calendar"
            tabIndex={-1}
            aria-label={intl.formatMessage({ id: 'form.date.calendar' })}
            title={intl.formatMessage({ id: 'form.date.calendar' })}
            onClick={() => picker.current?.showPicker?.()}
          >
            <span aria-hidden="true">▦</span>
          </button>
          <input
            ref={picker}
            className="date-input-native"
            type={withTime ? 'datetime-local' : 'date'}
            tabIndex={-1}
            aria-hidden="true"
            aria-label={intl.formatMessage({ id: 'form.date.calendar' })}
            value={pickerValue}
            onChange={(e) => {
              const picked = e.target.value;
              if (!picked) return;
              onValue(withTime ? new Date(picked).toISOString() : picked);
            }}
          />
        </>
      )}
    </span>
  );
}
