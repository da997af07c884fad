import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { renderReadme } from './reference-docs.ts';

describe('README reference sections', () => {
  it('match the domain (run `npm run docs` after changing kinds or machines)', () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(renderReadme(readme)).toBe(readme);
  });
});
