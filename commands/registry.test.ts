import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from './types.ts';
import * as registry from './registry.ts';

const { assertValidCommands, commandProblems } = registry;
// The transition keys are the client kind modules' (checked with them: src/client/kinds/kinds.test.ts); here, keys of commands/ alone.
await registry.loadRecordCommands(() => undefined);
const commands = registry.commands;

const command = (id: string, keys: string[], scope?: Command['scope']): Command => ({ id, title: id, group: 'g', keys, ...(scope ? { scope } : {}), run: () => undefined });

describe('command registry', () => {
  it('the product registry is valid (no clash, no reserved key, unique ids), transitions and record commands included', () => {
    expect(commandProblems(commands)).toEqual([]);
    for (const id of ['record.save', 'record.delete', 'record.history', 'record.action.duplicate', 'record.action.deliver', 'transition.quotations.emit', 'undo.last']) {
      expect(commands.some((c) => c.id === id), id).toBe(true);
    }
    expect(commands.some((c) => c.id.startsWith('nav.'))).toBe(true);
    expect(commands.length).toBeGreaterThan(100);
  });

  it('two commands on one key in one scope is an error', () => {
    expect(() => assertValidCommands([command('a', ['Alt+w']), command('b', ['Alt+W'])])).toThrow(/Key clash/);
    expect(() => assertValidCommands([command('a', ['$mod+k']), command('b', ['Control+k'])])).toThrow(/Key clash/);
  });

  it('the same key in two scopes is allowed (the inner one wins)', () => {
    expect(commandProblems([command('a', ['j']), command('b', ['j'], 'grid')])).toEqual([]);
  });

  it('a key that starts another sequence in the same scope is an error', () => {
    expect(commandProblems([command('a', ['g']), command('b', ['g q'])])[0]).toMatch(/starts/);
  });

  it('browser-reserved keys and duplicate ids are refused', () => {
    expect(commandProblems([command('a', ['Control+w'])])[0]).toMatch(/reserved/);
    expect(commandProblems([command('a', []), command('a', [])])[0]).toMatch(/Duplicate/);
  });

  it('every SPEC §2 route without an id is a palette command, with variants per value', () => {
    const ids = new Set(commands.map((c) => c.id));
    for (const id of ['nav.Dashboard', 'nav.MarketingQuotations', 'nav.CustomersType.company', 'nav.CustomersType.person', 'nav.Calendar.fire', 'nav.TemplateDoc.courseCertificate', 'nav.TrainingRooms', 'nav.UserSettings']) {
      expect(ids.has(id), id).toBe(true);
    }
    expect(ids.has('nav.MarketingQuotationsDetail')).toBe(false);
    expect(commands.find((c) => c.id === 'nav.MarketingQuotations')?.keys).toEqual(['g q']);
  });

  it('commands/ imports nothing of the client: only its own files and src/domain', () => {
    const dir = import.meta.dirname;
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const source = fs.readFileSync(path.join(dir, file), 'utf8');
      const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
      for (const target of imports.filter((name) => name.startsWith('.'))) {
        const resolved = path.relative(path.resolve(dir, '..'), path.resolve(dir, target));
        expect(resolved.startsWith('commands/') || resolved.startsWith('src/domain/'), `${file} imports ${target}`).toBe(true);
      }
    }
  });
});
