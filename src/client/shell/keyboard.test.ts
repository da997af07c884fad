// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../commands/types.ts';
import { activatesOnEnter, findKeyMatch, isTypingTarget } from './keyboard.ts';

const command = (id: string, keys: string[], scope?: Command['scope']): Command => ({ id, title: id, group: 'g', keys, ...(scope ? { scope } : {}), run: () => undefined });
const press = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean; metaKey: boolean }> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
const all = new Set(['global', 'tab', 'grid', 'form', 'dialog'] as const);

describe('key dispatch', () => {
  const commands = [command('nav.q', ['g q']), command('grid.down', ['j', 'ArrowDown'], 'grid'), command('global.j', ['j']), command('form.save', ['$mod+s'], 'form')];

  it('runs the innermost active scope when a key is bound in several', () => {
    expect(findKeyMatch(commands, [press('j')], all).full?.id).toBe('grid.down');
    expect(findKeyMatch(commands, [press('j')], new Set(['global'] as const)).full?.id).toBe('global.j');
  });

  it('waits for the rest of a sequence', () => {
    expect(findKeyMatch(commands, [press('g')], all)).toEqual({ full: undefined, partial: true });
    expect(findKeyMatch(commands, [press('g'), press('q')], all).full?.id).toBe('nav.q');
  });

  it('ignores scopes that are not active', () => {
    expect(findKeyMatch(commands, [press('s', { ctrlKey: true })], new Set(['global', 'grid'] as const)).full).toBeUndefined();
  });

  it('treats text fields as typing and leaves Enter/Space to buttons and links', () => {
    const input = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const button = document.createElement('button');
    const div = document.createElement('div');
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(isTypingTarget(div)).toBe(false);
    expect(activatesOnEnter(button)).toBe(true);
    expect(activatesOnEnter(checkbox)).toBe(true);
    expect(activatesOnEnter(div)).toBe(false);
  });
});
