// The journey guard's Italian scan (guard.ts, issue «Italian everywhere, enforced»): what it takes
// for a raw message id or a raw enum value, and what it must leave alone. No browser: the tokens
// as the page's text is cut.
import { describe, expect, it } from 'vitest';
import { RAW_ENUM_VALUES, rawReason } from './guard.ts';

describe('the Italian scan of the journey guard', () => {
  it('flags raw message ids and raw enum values', () => {
    for (const token of ['customers.command.section', 'form.field.x', 'workspace.tabs.label', 'kinds.links', 'form.enum.15d'])
      expect(rawReason(token), token).toBe('raw message id');
    for (const token of ['toCall', 'notInterested', 'closed-with-anomalies', 'to-be-approved', 'in-progress', 'fire', 'equip', 'edu', 'med', 'portal', 'sixMonthly', 'running'])
      expect(rawReason(token), token).toMatch(/^raw enum value/);
  });

  it('leaves e-mail addresses, URLs, file names, numbers, dates, codes, hosts and Italian words alone', () => {
    for (const token of ['mario.rossi@demo.it', 'demo.sicurezza.it', 'registro.xlsx', 'certificato.pdf', '12.5', '1.234,50', '28.11.2026', 'PRV-2026-00012',
      'example.com/x', 'Open', 'media', 'male', 'video', 'standard', 'base', 'kg', 'mq', 'sorveglianza', 'revisione', 'a'])
      expect(rawReason(token), token).toBeUndefined();
    expect([...RAW_ENUM_VALUES.keys()].filter((value) => !/^(?=[a-zA-Z-]{3,}$)[a-z][a-zA-Z]*(?:-[a-z]+)*$/.test(value))).toEqual([]);
  });
});
