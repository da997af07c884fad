import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordIssues } from './passwords.ts';

describe('passwordIssues', () => {
  it('accepts a long enough password without the user’s name', () => {
    expect(passwordIssues('Cavallo-Batteria-9', 'mario.rossi@demo.it')).toEqual([]);
  });
  it('refuses short, overlong and personal passwords', () => {
    expect(passwordIssues('a'.repeat(PASSWORD_RULES.minLength.value - 1)).map((i) => i.code)).toEqual(['tooShort']);
    expect(passwordIssues('a'.repeat(PASSWORD_RULES.maxLength.value + 1)).map((i) => i.code)).toEqual(['tooLong']);
    expect(passwordIssues('Mario.Rossi-2026', 'mario.rossi@demo.it').map((i) => i.code)).toEqual(['personal']);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(passwordIssues('àèìòù€€€')).toEqual([]);
  });
});
