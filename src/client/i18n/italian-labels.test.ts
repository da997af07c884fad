/**
 * «Italian everywhere, enforced»: every field, enum value, grid column, record action, role term,
 * command and palette section the product can show has an Italian label. A missing one used to fail
 * nothing (`fieldLabel` falls back to the camelCase name, `enumLabel` to the raw value); here each
 * is listed by name, with where it was found, so the failure says what to add to which catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands, loadRecordCommands } from '../../../commands/registry.ts';
import { kindList, findKind } from '../../domain/kinds.ts';
import { abilityActions, assignmentAbilityActions, quotationAbilityActions } from '../../domain/enums.ts';
import { conditionOperators } from '../../domain/entities/roles.ts';
import { namedCharacteristics } from '../../domain/entities/equipments.ts';
import { roleCatalogue } from '../../domain/rules/role-rules.ts';
import { allFields, kindSections } from '../forms/schema-fields.ts';
import { kindColumns } from '../grid/columns.ts';
import { recordSearchKinds, transitionKeysOf } from '../kinds/index.ts';
import { addMessages, hasMessage } from './index.ts';
import roleMessages from './messages/roles.ts';
import formMessages from './messages/forms.ts';
// The field and enum names join the catalogue with the formatters, as in the app.
import './field-labels.ts';

addMessages(roleMessages);
addMessages(formMessages);

const root = path.resolve(import.meta.dirname, '../../..');

/** `[what is missing, where it was seen]` pairs grouped as `missing → [places]`, for a readable failure. */
function collect(): { add(id: string, where: string): void; result(): Record<string, string[]> } {
  const found = new Map<string, Set<string>>();
  return {
    add(id, where) {
      const places = found.get(id) ?? new Set<string>();
      places.add(where);
      found.set(id, places);
    },
    result: () => Object.fromEntries([...found].sort(([a], [b]) => a.localeCompare(b)).map(([id, places]) => [id, [...places].slice(0, 3)])),
  };
}

const fieldLabelled = (name: string, fieldPath: string) => hasMessage(`form.path.${fieldPath.replace(/\[\]/g, '')}`) || hasMessage(`form.field.${name}`);

/** A label that is an identifier, not words (`activePriceListId`, `manage`): what a missing message falls back to. */
const looksLikeKey = (text: string) => /^[a-z][a-zA-Z0-9]*$/.test(text) && /[A-Z]/.test(text);

describe('Italian labels of every kind', () => {
  it('every field of every kind’s schema has a label (form.path.* or form.field.*)', () => {
    const missing = collect();
    for (const kind of kindList) {
      const sections = kindSections(kind);
      for (const field of allFields([...sections.attributes, ...sections.metadata, ...sections.relationships])) {
        if (!fieldLabelled(field.name, field.path)) missing.add(`form.field.${field.name}`, `${kind.type}:${field.path}`);
      }
    }
    expect(missing.result()).toEqual({});
  });

  it('every enum value of every kind’s schema has a label (form.enum.*), kind names by the kind’s own label', () => {
    const missing = collect();
    for (const kind of kindList) {
      const sections = kindSections(kind);
      for (const field of allFields([...sections.attributes, ...sections.metadata, ...sections.relationships])) {
        for (const option of field.options ?? []) {
          // A `…Type` naming a kind (a media's owner) shows the kind's label (field-input.tsx `optionLabel`).
          if (field.name.endsWith('Type') && findKind(option)) continue;
          if (!hasMessage(`form.enum.${option}`)) missing.add(`form.enum.${option}`, `${kind.type}:${field.path}`);
        }
      }
    }
    expect(missing.result()).toEqual({});
  });

  it('every grid column of every kind (list fields, schema fields, derived metadata) has a header', () => {
    const missing = collect();
    for (const kind of kindList) {
      for (const column of kindColumns(kind)) {
        if (column.id === 'title') continue;
        if (!hasMessage(`form.field.${column.id}`)) missing.add(`form.field.${column.id}`, `${kind.type}:${column.path}`);
      }
    }
    expect(missing.result()).toEqual({});
  });

  it('every kind has Italian names and every record action an Italian label', () => {
    const bad: string[] = [];
    for (const kind of kindList) {
      if (!kind.label.singular.trim() || !kind.label.plural.trim() || looksLikeKey(kind.label.singular) || looksLikeKey(kind.label.plural)) bad.push(`${kind.type}: label`);
      for (const [name, action] of Object.entries(kind.actions ?? {})) {
        if (!action.label.trim() || action.label === name || looksLikeKey(action.label)) bad.push(`${kind.type}.actions.${name}: «${action.label}»`);
      }
      for (const state of kind.machine?.states ?? []) {
        if (!hasMessage(`form.enum.${state}`)) bad.push(`form.enum.${state} (${kind.type} state)`);
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('Italian labels of the command registry and the palette', () => {
  // Titles and sections given as message ids are checked by messages/commands.test.ts; here, those given as text.
  it('every command given its title or palette section as text (a record action’s label) has words, not a key', async () => {
    await loadRecordCommands(transitionKeysOf);
    const bad: string[] = [];
    for (const command of commands) {
      for (const [part, text] of [['title', command.title], ['group', command.group]] as const) {
        if (typeof text === 'string' && (!text.trim() || looksLikeKey(text))) bad.push(`${command.id} ${part}: «${text}»`);
      }
    }
    expect(commands.length).toBeGreaterThan(50);
    expect(bad).toEqual([]);
  });

  it('every kind the palette searches has its section name (workspace.palette.kind.*)', () => {
    expect(recordSearchKinds.length).toBeGreaterThan(0);
    expect(recordSearchKinds.map(([type]) => `workspace.palette.kind.${type}`).filter((id) => !hasMessage(id))).toEqual([]);
  });
});

describe('Italian terms of the role and rule editors', () => {
  const catalogue = roleCatalogue(kindList);
  const actions = [...new Set([...abilityActions, ...quotationAbilityActions, ...assignmentAbilityActions, ...catalogue.actions])];

  it('every action a role may grant is a verb in the grants table and a name in the rule editor', () => {
    expect(actions.filter((action) => !hasMessage(`roles.verb.${action}`)).map((action) => `roles.verb.${action}`)).toEqual([]);
    expect(actions.filter((action) => !hasMessage(`forms.rule.action.${action}`)).map((action) => `forms.rule.action.${action}`)).toEqual([]);
  });

  it('every subject a role may name has its Italian name', () => {
    expect([...catalogue.subjects].filter((subject) => !hasMessage(`roles.subject.${subject}`)).map((subject) => `roles.subject.${subject}`)).toEqual([]);
  });

  it('every condition operator reads in words, in the table and in the editor', () => {
    const tableIds = [...conditionOperators].map((op) => (op === '$exists' ? 'roles.op.exists' : `roles.op.${op}`));
    expect(tableIds.filter((id) => !hasMessage(id))).toEqual([]);
    expect([...conditionOperators].map((op) => `forms.rule.op.${op}`).filter((id) => !hasMessage(id))).toEqual([]);
  });
});

describe('Italian names of the demo data’s keys', () => {
  /** The keys of one object literal of a seed generator (`const name … = { … };`), read from its source. */
  function seedBlock(file: string, name: string): string {
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const start = source.indexOf(`const ${name}`);
    expect(start, `${name} in ${file}`).toBeGreaterThan(-1);
    return source.slice(start, source.indexOf('\n};', start));
  }

  it('every characteristic key of the equipment families (caricaLitri, agenteEstinguente…) is a named one, with a field label', () => {
    const block = seedBlock('src/server/seed/generators/equipment.ts', 'fireCharacteristics');
    const keys = new Set([...block.matchAll(/[{,]\s*([a-z][A-Za-z0-9]*):/g)].map((match) => match[1]!));
    // An explicit agent (maintenance-rules.ts `agentOf`) is a characteristic too.
    keys.add('agent');
    expect(keys.size).toBeGreaterThan(10);
    // The forms show a named characteristic by its label, not as a key (defect 1 of walk 23: `caricaLitri`).
    const named = new Set<string>(namedCharacteristics);
    expect([...keys].filter((key) => !named.has(key))).toEqual([]);
    expect([...named].filter((key) => !hasMessage(`form.field.${key}`)).map((key) => `form.field.${key}`)).toEqual([]);
  });

  it('every context table of the demo data (canaliAcquisizione…) has its Italian name', () => {
    const block = seedBlock('src/server/seed/generators/reference.ts', 'contextTableRows');
    const tables = [...block.matchAll(/^\s+([a-z][A-Za-z0-9]*): \[/gm)].map((match) => match[1]!);
    expect(tables.length).toBeGreaterThan(3);
    expect(tables.filter((table) => !hasMessage(`form.enum.${table}`)).map((table) => `form.enum.${table}`)).toEqual([]);
  });
});
