import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes what could end a text or a quoted attribute, and leaves the rest as it is', () => {
    expect(escapeHtml(`<b title="x">Rossi & Figli 'srl'</b>` + '`')).toBe('&#60;b title=&#34;x&#34;&#62;Rossi &#38; Figli &#39;srl&#39;&#60;/b&#62;&#96;');
    expect(escapeHtml('08:00 INT-000123 · Cliente – àè')).toBe('08:00 INT-000123 · Cliente – àè');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });
});
