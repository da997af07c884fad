import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createIntl, createIntlCache } from 'react-intl';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { compileMessages, compiledCatalogueModule } from './precompile.ts';

const messagesDir = path.resolve(import.meta.dirname, 'messages');
const catalogueFiles = fs.readdirSync(messagesDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

async function loadCatalogue(file: string): Promise<Record<string, string>> {
  return ((await import(pathToFileURL(path.join(messagesDir, file)).href)) as { default: Record<string, string> }).default;
}

type Values = Record<string, unknown>;

/** Values for every argument of a message: numbers where it counts, a tag as a function, text otherwise. */
function valuesFor(ast: MessageFormatElement[], count: number, values: Values = {}): Values {
  for (const element of ast) {
    switch (element.type) {
      case TYPE.argument:
        values[element.value] ??= `«${element.value}»`;
        break;
      case TYPE.number:
      case TYPE.plural:
        values[element.value] = count;
        if (element.type === TYPE.plural) for (const option of Object.values(element.options)) valuesFor(option.value, count, values);
        break;
      case TYPE.date:
      case TYPE.time:
        values[element.value] = Date.UTC(2026, 10, 23, 17, 5);
        break;
      case TYPE.select:
        values[element.value] = Object.keys(element.options).find((key) => key !== 'other') ?? 'other';
        for (const option of Object.values(element.options)) valuesFor(option.value, count, values);
        break;
      case TYPE.tag:
        values[element.value] = (chunks: unknown[]) => `<${element.value}>${chunks.join('')}</${element.value}>`;
        valuesFor(element.children, count, values);
        break;
    }
  }
  return values;
}

describe('precompiled messages', () => {
  const parser = IntlMessageFormat.__parse;
  afterEach(() => {
    IntlMessageFormat.__parse = parser;
  });

  it('reads every catalogue of the client', () => {
    expect(catalogueFiles).toEqual(expect.arrayContaining(['auth.ts', 'problems.ts', 'workspace.ts', 'screens.ts', 'screens-labels.ts']));
  });

  it.each(catalogueFiles)('%s formats without the parser exactly as its source strings do', async (file) => {
    const source = await loadCatalogue(file);
    const compiled = compileMessages(source, 'it');
    expect(Object.keys(compiled)).toEqual(Object.keys(source));
    const sourceErrors: unknown[] = [];
    const sourceIntl = createIntl({ locale: 'it', defaultLocale: 'it', messages: source, onError: (error) => sourceErrors.push(error) }, createIntlCache());
    const expected = Object.entries(source).flatMap(([id, text]) =>
      [1, 2].map((count) => sourceIntl.formatMessage({ id }, valuesFor(parse(text), count) as never)),
    );
    expect(sourceErrors).toEqual([]);

    // What the bundle has: no parser at all (build.mjs resolves it to `no-parser`), so a string message would fail.
    IntlMessageFormat.__parse = undefined as unknown as typeof parser;
    const errors: unknown[] = [];
    const compiledIntl = createIntl({ locale: 'it', defaultLocale: 'it', messages: compiled, onError: (error) => errors.push(error) }, createIntlCache());
    const actual = Object.entries(source).flatMap(([id, text]) =>
      [1, 2].map((count) => compiledIntl.formatMessage({ id }, valuesFor(parse(text), count) as never)),
    );
    expect(errors).toEqual([]);
    expect(actual).toEqual(expected);
  });

  it('a broken message fails the build with its id', () => {
    expect(() => compileMessages({ 'grid.count': '{count, plural, one {# riga}' }, 'it')).toThrow(/grid\.count/);
  });

  it('the module source is the compiled catalogue, plain texts written compactly', async () => {
    const source = { 'a.plain': 'Cerca', 'a.quote': 'L\'indirizzo {url}', 'a.count': '{count, plural, one {# riga} other {# righe}}', 'a.empty': '' };
    const module = compiledCatalogueModule(source, 'it');
    expect(module).toContain('"a.plain": literal("Cerca")');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'precompile-')), 'catalogue.mjs');
    fs.writeFileSync(file, module);
    const { default: loaded } = (await import(pathToFileURL(file).href)) as { default: Record<string, unknown> };
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(loaded).toEqual({ ...compileMessages(source, 'it'), 'a.empty': '' });
  });
});
