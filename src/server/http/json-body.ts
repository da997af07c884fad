/**
 * Limits every JSON body must respect before any rule sees it: a bounded nesting depth (deeper
 * documents would exhaust the stack of merge-patch and validation) and text PostgreSQL can store
 * (no NUL character, no unpaired UTF-16 surrogate), in keys as in values. Iterative, so hostile
 * input cannot overflow the checker itself.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldError } from './problems.ts';

export const MAX_JSON_DEPTH = 32;

/** Text PostgreSQL can store and compare: no NUL character, no unpaired UTF-16 surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first problem of a parsed JSON body, as a field error; undefined when it is fine. */
export function jsonBodyError(body: unknown): FieldError | undefined {
  const stack: { value: unknown; pointer: string; depth: number }[] = [{ value: body, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, pointer, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { pointer, code: 'invalidCharacters', message: 'Il testo contiene caratteri non ammessi' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return { pointer, code: 'tooDeep', message: `Struttura troppo annidata (massimo ${MAX_JSON_DEPTH} livelli)` };
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, child] of entries) {
      const childPointer = `${pointer}/${escapePointer(key)}`;
      if (!isStorableText(key)) return { pointer: childPointer, code: 'invalidCharacters', message: 'Il nome di un campo contiene caratteri non ammessi' };
      stack.push({ value: child, pointer: childPointer, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * application/json and application/merge-patch+json, parsed by Fastify's own parser (prototype
 * poisoning refused), except that an empty body is no body: many HTTP clients send
 * `Content-Type: application/json` on every request, DELETE and body-less actions included. A
 * route that needs a body then answers 422 ("Atteso un oggetto JSON"), not 400 INVALID_JSON.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const parser: typeof parse = (request, body, done) => {
    if (body === '' || (Buffer.isBuffer(body) && body.length === 0)) return done(null, undefined);
    return parse(request, body, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, parser);
}
