import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findKind, kindList } from '../../domain/kinds.ts';
import { actionImplementationErrors, assertActionImplementations, defineKindHooks, hooksOf, type KindHooksModule } from '../resources/hooks.ts';
import { kindHooks, kindHooksTable, kindModules } from './index.ts';

describe('the kinds’ server hooks (src/server/kinds/index.ts)', () => {
  it('a type declared twice throws, naming it; distinct types make one entry each', () => {
    const run = async () => undefined;
    expect(() => kindHooksTable([defineKindHooks('orders', { afterWrite: run }), defineKindHooks('customers', {}), defineKindHooks('orders', {})])).toThrow(/«orders» dichiarati due volte/);
    const table = kindHooksTable([defineKindHooks('orders', { afterWrite: run }), defineKindHooks('customers', {})]);
    expect(Object.keys(table).sort()).toEqual(['customers', 'orders']);
    expect(hooksOf(table, 'orders').afterWrite).toBe(run);
    expect(hooksOf(table, 'quotations')).toEqual({});
  });

  it('every type in the table is a kind registered in src/domain/kinds.ts, declared once', () => {
    expect(Object.keys(kindHooks).filter((type) => !findKind(type))).toEqual([]);
    expect(Object.keys(kindHooks)).toHaveLength(kindModules.length);
  });

  it('each file of the folder is named after the one type whose hooks it declares, and is listed', async () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'));
    for (const file of files) {
      const type = file.slice(0, -'.ts'.length);
      const exported = Object.values((await import(`./${file}`)) as Record<string, unknown>).filter(
        (value): value is KindHooksModule => typeof value === 'object' && value !== null && 'type' in value && 'hooks' in value,
      );
      expect(exported.map((module) => module.type), file).toEqual([type]);
      expect(kindModules, file).toContain(exported[0]);
    }
    expect(files).toHaveLength(kindModules.length);
  });

  it('custom actions: each declared action (src/domain) has an implementation here and each implementation is declared', () => {
    expect(actionImplementationErrors(kindList, kindHooks)).toEqual([]);
    expect(() => assertActionImplementations(kindList, kindHooks)).not.toThrow();
    for (const kind of kindList) {
      expect(Object.keys(hooksOf(kindHooks, kind.type).actions ?? {}).sort(), kind.type).toEqual(Object.keys(kind.actions ?? {}).sort());
    }
  });
});
