/**
 * DESIGN §6.11: what is specific to one kind lives in its module here, never in a `type === …`
 * branch of generic client code. A grep over `src/client` (tests and this folder aside) for a
 * comparison or a `case` with the API type of a kind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindList } from '../../domain/kinds.ts';

const CLIENT = path.resolve(import.meta.dirname, '..');
const KINDS = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === KINDS ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Names of what holds a kind's API type in generic code: `type`, `spec.type`, `kind.type`, `target`, `entity`. */
const KIND_HOLDER = /(?:type|target|kind|entity)$/i;

/** `spec.type === 'quotations'`, `'orders' !== target`, `case 'customers':` for every kind's API type. */
export function kindBranches(source: string, types: readonly string[]): string[] {
  const names = types.join('|');
  const left = new RegExp(`([\\w.$]+)\\s*[!=]==\\s*(['"\`])(?:${names})\\2`, 'g');
  const right = new RegExp(`(['"\`])(?:${names})\\1\\s*[!=]==\\s*([\\w.$]+)`, 'g');
  const caseLabel = new RegExp(`\\bcase\\s+(['"\`])(?:${names})\\1\\s*:`);
  return source.split('\n').flatMap((line, index) => {
    const holders = [...[...line.matchAll(left)].map((m) => m[1]!), ...[...line.matchAll(right)].map((m) => m[2]!)];
    const branches = holders.some((holder) => KIND_HOLDER.test(holder)) || caseLabel.test(line);
    return branches ? [`${index + 1}: ${line.trim()}`] : [];
  });
}

describe('no kind branches in generic client code', () => {
  const types = kindList.map((kind) => kind.type);

  it('finds the branches it is meant to find', () => {
    expect(kindBranches("if (spec.type === 'orders' && id === NEW_ID) return;", types)).toHaveLength(1);
    expect(kindBranches("const x = 'priceLists' !== target;", types)).toHaveLength(1);
    expect(kindBranches("columns.filter((c) => c.kind === 'reference' && c.target === 'customers')", types)).toHaveLength(1);
    expect(kindBranches('  case "customers":', types)).toHaveLength(1);
    expect(kindBranches("if (params.type === 'person') x(); grid('customers');", types)).toEqual([]);
    // A wizard step that happens to share a kind's name is not a kind.
    expect(kindBranches("{STEPS[step] === 'activities' && (", types)).toEqual([]);
  });

  it('finds none under src/client outside src/client/kinds', () => {
    const found = sourceFiles(CLIENT).flatMap((file) => kindBranches(fs.readFileSync(file, 'utf8'), types).map((hit) => `${path.relative(CLIENT, file)}:${hit}`));
    expect(found).toEqual([]);
  });
});
