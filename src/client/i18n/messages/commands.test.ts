import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands, loadRecordCommands } from '../../../../commands/registry.ts';
import { transitionKeysOf } from '../../kinds/index.ts';
import { hasMessage } from '../index.ts';

const commandsDir = path.resolve(import.meta.dirname, '../../../../commands');

describe('command texts', () => {
  it('every command title and group given as a message id has its Italian text', async () => {
    await loadRecordCommands(transitionKeysOf);
    const missing = commands.flatMap((command) => [command.title, command.group]).filter((text) => typeof text !== 'string' && !hasMessage(String(text.id)));
    expect(missing).toEqual([]);
  });

  it('every message id the commands format (ctx.ui.t, descriptors) exists', () => {
    const ids = new Set<string>();
    for (const file of fs.readdirSync(commandsDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = fs.readFileSync(path.join(commandsDir, file), 'utf8');
      for (const match of source.matchAll(/'((?:commands|workspace|grid)\.[A-Za-z.]+)'/g)) ids.add(match[1]!);
    }
    expect(ids.size).toBeGreaterThan(20);
    expect([...ids].filter((id) => !hasMessage(id))).toEqual([]);
  });
});
