import { describe, expect, it } from 'vitest';
import { findKind } from '../../domain/kinds.ts';
import { missingSchemaStatements, type SchemaCatalogue } from './ensure-schema.ts';
import { indexDefinitions, sortColumns, tableName } from './entity-sql.ts';
import type { KindDefinition } from '../../domain/kind.ts';

const groups = findKind('customerGroups')!;
const customers = findKind('customers')!;

/** The catalogue of a database that has everything `kinds` need. */
function completeCatalogue(kinds: KindDefinition[]): SchemaCatalogue {
  const catalogue: SchemaCatalogue = { columns: new Map(), indexes: new Set() };
  for (const kind of kinds) {
    catalogue.columns.set(tableName(kind), new Set(['id', 'attributes', ...sortColumns(kind).map((column) => column.name)]));
    for (const index of indexDefinitions(kind)) catalogue.indexes.add(index.name);
  }
  return catalogue;
}

describe('missingSchemaStatements', () => {
  it('asks for nothing when the catalogue has every table, sort column and index', () => {
    expect(missingSchemaStatements([groups, customers], completeCatalogue([groups, customers]))).toEqual([]);
  });

  it('creates a missing table with its sort columns, then its indexes', () => {
    const statements = missingSchemaStatements([groups], { columns: new Map(), indexes: new Set() });
    expect(statements[0]).toMatch(/^CREATE TABLE IF NOT EXISTS customer_groups \(\n {2}id uuid PRIMARY KEY,/);
    expect(statements[0]).toContain("s_attributes_name text GENERATED ALWAYS AS ((attributes ->> 'name')) STORED");
    expect(statements.slice(1)).toEqual(indexDefinitions(groups).map((index) => `CREATE INDEX IF NOT EXISTS ${index.name} ON customer_groups ${index.using}`));
  });

  it('adds a missing generated column before the index built on it, and touches nothing else', () => {
    const catalogue = completeCatalogue([groups, customers]);
    catalogue.columns.get('customers')!.delete('s_attributes_registry_city');
    catalogue.indexes.delete('customers_city_idx');
    catalogue.indexes.delete('customer_groups_code_idx');
    expect(missingSchemaStatements([groups, customers], catalogue)).toEqual([
      'CREATE INDEX IF NOT EXISTS customer_groups_code_idx ON customer_groups (s_attributes_code NULLS FIRST, id) INCLUDE (is_deleted, is_archived)',
      'ALTER TABLE customers ADD COLUMN IF NOT EXISTS s_attributes_registry_city text GENERATED ALWAYS AS ((attributes #>> \'{registry,city}\')) STORED',
      'CREATE INDEX IF NOT EXISTS customers_city_idx ON customers (s_attributes_registry_city NULLS FIRST, id) INCLUDE (is_deleted, is_archived)',
    ]);
  });

  it('compares names as PostgreSQL stores them, cut at 63 characters', () => {
    const long = { ...groups, type: `a${'b'.repeat(60)}` };
    const catalogue = completeCatalogue([long]);
    const cut = (set: Iterable<string>) => new Set([...set].map((name) => name.slice(0, 63)));
    const stored: SchemaCatalogue = {
      columns: new Map([...catalogue.columns].map(([table, columns]) => [table.slice(0, 63), cut(columns)])),
      indexes: cut(catalogue.indexes),
    };
    expect([...stored.indexes].some((name) => !catalogue.indexes.has(name))).toBe(true);
    expect(missingSchemaStatements([long], stored)).toEqual([]);
  });
});
