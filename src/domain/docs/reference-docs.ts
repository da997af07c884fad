/**
 * Reference sections of the README generated from the domain itself (kinds, list fields, state
 * machines), so the documentation cannot drift from the code: `npm run docs` rewrites them and a
 * unit test fails when the README is stale.
 */
import { kindList } from '../kinds.ts';
import { machines, machineStateLabels } from '../machines/index.ts';
import { machineTable } from '../machines/describe.ts';
import type { StateMachine } from '../machine.ts';

/** Table of every API type: label, CASL subject, archive, state machine, list fields. */
export function kindsTable(): string {
  const rows = kindList.map((kind) => {
    const fields = Object.entries(kind.fields)
      .map(([name, field]) => `${name}${field.sortable ? '↕' : ''}${field.range ? '…' : ''}`)
      .join(', ');
    const machine = kind.machine ? `\`${kind.machine.statePath}\`` : '—';
    return `| \`${kind.type}\` | ${kind.label.plural} | ${kind.subject} | ${kind.archivable ? 'sì' : '—'} | ${machine} | ${fields || '—'} |`;
  });
  return [
    '| type | Italiano | subject (CASL) | archive | state | list fields (↕ sortable, … from/to) |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function machineTables(): string {
  return Object.entries(machines)
    .map(([type, machine]) => {
      const labels = (machineStateLabels as Record<string, Record<string, string>>)[type] ?? {};
      return `#### \`${type}\` (\`${(machine as StateMachine).statePath}\`, initial \`${(machine as StateMachine).initial}\`)\n\n${machineTable(machine as never, labels as never)}`;
    })
    .join('\n\n');
}

export const generatedSections: Record<string, () => string> = {
  kinds: kindsTable,
  machines: machineTables,
};

/** Replaces every `<!-- generated:NAME -->…<!-- /generated:NAME -->` block with fresh content. */
export function renderReadme(readme: string): string {
  let text = readme;
  for (const [name, render] of Object.entries(generatedSections)) {
    const pattern = new RegExp(`(<!-- generated:${name} -->\\n)[\\s\\S]*?(<!-- /generated:${name} -->)`);
    if (!pattern.test(text)) throw new Error(`README has no generated:${name} section`);
    text = text.replace(pattern, (_match, open: string, close: string) => `${open}${render()}\n${close}`);
  }
  return text;
}
