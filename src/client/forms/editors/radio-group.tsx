/**
 * A group of radios (SPEC §5 "radios inherit group state"): the group is disabled, read-only,
 * required or invalid, and each radio is so with it — a disabled or read-only group leaves the tab
 * order, a read-only one keeps its choice whatever is clicked or pressed, a required one is required
 * by every radio (the browser's own rule for a radio group), an invalid one marks every radio.
 */
import { useId, type ReactNode } from 'react';

/** The state a group hands down to its radios. */
export interface RadioGroupState {
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  required?: boolean | undefined;
  invalid?: boolean | undefined;
}

/** The attributes of each radio of a group in `state` (pure: the component's rule, tested without a DOM). */
export function radioStateProps(state: RadioGroupState): { disabled?: true; required?: true; 'aria-invalid'?: true; 'aria-disabled'?: true; tabIndex?: -1 } {
  return {
    ...(state.disabled ? { disabled: true } : {}),
    ...(state.required ? { required: true } : {}),
    ...(state.invalid ? { 'aria-invalid': true } : {}),
    // A read-only radio is not disabled (its value is still the record's), but it cannot be chosen or reached by Tab.
    ...(state.readOnly && !state.disabled ? { 'aria-disabled': true, tabIndex: -1 } : {}),
  };
}

export interface RadioGroupProps<T extends string> extends RadioGroupState {
  /** The group's label (its legend). */
  label: ReactNode;
  /** Each choice: its label and, beside it, an optional hint («— one sheet per list»). */
  options: readonly { value: T; label: ReactNode; hint?: ReactNode }[];
  value: T | undefined;
  onChange(value: T): void;
  /** The id of the text that describes the group (its error message). */
  describedBy?: string | undefined;
  /** The radios' shared name; one of its own when not given. */
  name?: string;
  /** Classes of the group (besides `radio-group`) and of each choice's label (besides `radio-option`). */
  className?: string;
  optionClassName?: string;
  /** The dialog's first focus goes to the first radio (`data-autofocus`). */
  autoFocusFirst?: boolean;
}

export function RadioGroup<T extends string>({ label, options, value, onChange, describedBy, name, className, optionClassName, autoFocusFirst, ...state }: RadioGroupProps<T>) {
  const ownName = useId();
  const radio = radioStateProps(state);
  return (
    <fieldset
      className={className ? `radio-group ${className}` : 'radio-group'}
      role="radiogroup"
      disabled={state.disabled}
      aria-disabled={state.disabled || undefined}
      aria-readonly={state.readOnly || undefined}
      aria-required={state.required || undefined}
      aria-invalid={state.invalid || undefined}
      aria-describedby={describedBy}
    >
      <legend>{label}</legend>
      {options.map((option, index) => (
        <label key={option.value} className={optionClassName ? `radio-option ${optionClassName}` : 'radio-option'}>
          <input
            type="radio"
            name={name ?? ownName}
            value={option.value}
            checked={value === option.value}
            {...radio}
            {...(autoFocusFirst && index === 0 ? { 'data-autofocus': true } : {})}
            onChange={() => {
              if (!state.readOnly && !state.disabled) onChange(option.value);
            }}
            onClick={(event) => {
              // A read-only group keeps its choice: the browser would check the clicked radio before onChange.
              if (state.readOnly) event.preventDefault();
            }}
            onKeyDown={(event) => {
              if (state.readOnly && event.key.startsWith('Arrow')) event.preventDefault();
            }}
          />{' '}
          {option.label}
          {option.hint !== undefined && <small> — {option.hint}</small>}
        </label>
      ))}
    </fieldset>
  );
}
