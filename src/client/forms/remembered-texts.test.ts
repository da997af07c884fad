import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, rememberText } from './remembered-texts.ts';

describe('remembered textarea suggestions (SPEC §9)', () => {
  it('keeps the last five texts used, most recent first, without copies or blanks', () => {
    let list: string[] = [];
    for (const text of ['a', 'b', 'c', 'd', 'e', 'f']) list = rememberText(list, text);
    expect(list).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(list).toHaveLength(MAX_SUGGESTIONS);
    expect(rememberText(list, ' c ')).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(rememberText(list, '   ')).toEqual(list);
    expect(rememberText(list, 'x'.repeat(501))).toEqual(list);
  });
});
