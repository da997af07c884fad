/** `npm run docs`: regenerates the README reference sections from the domain. */
import fs from 'node:fs';
import { renderReadme } from '../../domain/docs/reference-docs.ts';

const file = new URL('../../../README.md', import.meta.url);
fs.writeFileSync(file, renderReadme(fs.readFileSync(file, 'utf8')));
console.log('README reference sections regenerated');
