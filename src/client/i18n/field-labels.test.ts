import { describe, expect, it } from 'vitest';
import labels from './messages/screens-labels.ts';
import { hasMessage, intl, messages } from './index.ts';

describe('field labels', () => {
  it('are not in the start-up catalogue, and join it (for intl and <IntlProvider>) when the formatters load', async () => {
    const ids = Object.keys(labels);
    expect(ids.length).toBeGreaterThan(400);
    expect(ids.filter((id) => hasMessage(id))).toEqual([]);

    const { fieldLabel, enumLabel } = await import('../forms/format.ts');
    expect(ids.filter((id) => !hasMessage(id))).toEqual([]);
    // The same object the provider was given at start now has them.
    expect(messages['form.field.customerId']).toBe(labels['form.field.customerId']);
    expect(fieldLabel('customerId')).toBe(labels['form.field.customerId']);
    expect(enumLabel('fire')).toBe(labels['form.enum.fire']);
    expect(intl.formatMessage({ id: 'form.field.businessName' })).toBe('Ragione sociale');
  });
});
