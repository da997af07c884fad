// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { injectStyles } from './inject-styles.ts';

it('adds a screen’s styles once, however often its code asks', () => {
  injectStyles('board', '.a { color: red; }');
  injectStyles('board', '.a { color: red; }');
  injectStyles('files', '.b { color: blue; }');
  expect([...document.head.querySelectorAll('style')].map((style) => style.dataset.styles)).toEqual(['board', 'files']);
});
