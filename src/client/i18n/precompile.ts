/**
 * Build-time compilation of the message catalogues (build.mjs): every ICU message is parsed here,
 * once, into the AST react-intl formats directly, so the client bundle ships without the ICU parser
 * (build.mjs resolves `@formatjs/icu-messageformat-parser` to its `no-parser` build). Runs in Node,
 * never in the browser. Unit tests and the server keep the source strings, which react-intl parses.
 */
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The catalogue's messages as react-intl's pre-parsed form (what the parser would make of them at run time). */
export function compileMessages(messages: Record<string, string>, locale: string): Record<string, MessageFormatElement[]> {
  // The same options IntlMessageFormat passes when it parses a string message (the locale resolves `j` skeletons).
  const options = { locale: new Intl.Locale(locale) };
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message, options);
    } catch (error) {
      throw new Error(`message ${id}: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}

/**
 * The ES module source for a compiled catalogue (its default export). Plain texts, most of the
 * catalogue, are written as a call to a one-element literal helper rather than the full AST object,
 * which keeps the bundle about as small as the source strings.
 */
export function compiledCatalogueModule(messages: Record<string, string>, locale: string): string {
  const lines = Object.entries(compileMessages(messages, locale)).map(([id, ast]) => {
    // An empty message stays '' (react-intl treats it as missing, as it does the source string).
    if (messages[id] === '') return `  ${JSON.stringify(id)}: "",`;
    const only = ast.length === 1 ? ast[0] : undefined;
    const value = only?.type === TYPE.literal ? `literal(${JSON.stringify(only.value)})` : JSON.stringify(ast);
    return `  ${JSON.stringify(id)}: ${value},`;
  });
  return [`const literal = (value) => [{ type: ${TYPE.literal}, value }];`, 'export default {', ...lines, '};', ''].join('\n');
}

/**
 * The esbuild plugin of the client build: each catalogue (src/client/i18n/messages/*.ts, evaluated
 * here in Node) is replaced by its compiled module, and `@formatjs/icu-messageformat-parser` resolves
 * to its `no-parser` build — which throws if a string message ever reached it, instead of shipping
 * the parser for nothing.
 */
export const precompiledMessages: Plugin = {
  name: 'precompiled-messages',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]client[\\/]i18n[\\/]messages[\\/][^\\/]+\.ts$/ }, async (args) => {
      if (args.path.endsWith('.test.ts')) return undefined;
      const { default: catalogue } = (await import(pathToFileURL(args.path).href)) as { default: Record<string, string> };
      return { contents: compiledCatalogueModule(catalogue, 'it'), loader: 'js' };
    });
    build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, (args) =>
      build.resolve('@formatjs/icu-messageformat-parser/no-parser.js', { kind: args.kind, resolveDir: args.resolveDir }),
    );
  },
};
