// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RadioGroup, radioStateProps, type RadioGroupState } from './radio-group.tsx';

const options = [{ value: 'pdf', label: 'PDF' }, { value: 'csv', label: 'CSV' }] as const;

function group(state: RadioGroupState, onChange = vi.fn()) {
  render(<RadioGroup label="Formato" options={options} value="pdf" onChange={onChange} {...state} />);
  return { group: screen.getByRole('radiogroup', { name: 'Formato' }), radios: screen.getAllByRole('radio') as HTMLInputElement[], onChange };
}

afterEach(cleanup);

describe('radio group (SPEC §5 radios inherit group state)', () => {
  it('hands nothing down when the group is plain, and each state when it has it', () => {
    expect(radioStateProps({})).toEqual({});
    expect(radioStateProps({ disabled: true, required: true, invalid: true })).toEqual({ disabled: true, required: true, 'aria-invalid': true });
    expect(radioStateProps({ readOnly: true })).toEqual({ 'aria-disabled': true, tabIndex: -1 });
  });

  it('a plain group: radios enabled, in the tab order, a click chooses', () => {
    const { radios, onChange } = group({});
    for (const radio of radios) {
      expect(radio.disabled).toBe(false);
      expect(radio.required).toBe(false);
      expect(radio.tabIndex).toBe(0);
      expect(radio.getAttribute('aria-invalid')).toBeNull();
    }
    fireEvent.click(radios[1]!);
    expect(onChange).toHaveBeenCalledWith('csv');
  });

  it('a disabled group disables every radio', () => {
    const { group: box, radios } = group({ disabled: true });
    expect(box.getAttribute('aria-disabled')).toBe('true');
    for (const radio of radios) expect(radio.disabled).toBe(true);
  });

  it('a read-only group: its radios leave the tab order and keep the choice', () => {
    const { group: box, radios, onChange } = group({ readOnly: true });
    expect(box.getAttribute('aria-readonly')).toBe('true');
    for (const radio of radios) {
      expect(radio.tabIndex).toBe(-1);
      expect(radio.getAttribute('aria-disabled')).toBe('true');
      expect(radio.disabled).toBe(false);
    }
    fireEvent.click(radios[1]!);
    expect(onChange).not.toHaveBeenCalled();
    expect(radios[0]!.checked).toBe(true);
    expect(radios[1]!.checked).toBe(false);
  });

  it('a required, invalid group makes every radio required and invalid', () => {
    const { group: box, radios } = group({ required: true, invalid: true });
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    for (const radio of radios) {
      expect(radio.required).toBe(true);
      expect(radio.getAttribute('aria-invalid')).toBe('true');
    }
  });

  it('shows each choice’s hint and can give the first radio the dialog’s first focus', () => {
    render(
      <RadioGroup label="Formato" options={[{ value: 'xlsx', label: 'Excel', hint: 'un foglio' }, { value: 'csv', label: 'CSV' }]} value="csv" onChange={vi.fn()}
        optionClassName="export-format" autoFocusFirst />,
    );
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios[0]!.hasAttribute('data-autofocus')).toBe(true);
    expect(radios[1]!.hasAttribute('data-autofocus')).toBe(false);
    expect(radios[0]!.closest('label')!.className).toBe('radio-option export-format');
    expect(radios[0]!.closest('label')!.textContent).toContain('— un foglio');
    expect(radios[1]!.checked).toBe(true);
  });
});
