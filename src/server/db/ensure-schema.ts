/**
 * The schema step, run after the migrations at every start: it brings the entity tables in line with
 * the kind registry as it is now. A kind added later gets its table, a field made sortable its
 * generated column, a new list field its index. It only ever adds (never drops or rewrites what
 * exists), and when nothing is missing it costs one catalogue query.
 */
import { sql, type Kysely } from 'kysely';
import type { KindDefinition } from '../../domain/kind.ts';
import { kindList } from '../../domain/kinds.ts';
import type { Database, DatabaseSchema } from './database.ts';
import { createTableSql, indexDefinitions, sortColumns, tableName } from './entity-sql.ts';

/** What the working schema holds: tables with their columns, and index names. */
export interface SchemaCatalogue {
  columns: Map<string, Set<string>>;
  indexes: Set<string>;
}

/** PostgreSQL cuts identifiers at 63 bytes (NAMEDATALEN - 1); the catalogue holds the cut name. */
const stored = (identifier: string) => identifier.slice(0, 63);

/** Tables, their columns and the index names of the working schema (`current_schema()`), in one query. */
export async function readCatalogue(db: Kysely<DatabaseSchema>): Promise<SchemaCatalogue> {
  const { rows } = await sql<{ kind: 'r' | 'i'; relation: string; col: string | null }>`
    SELECT c.relkind::text AS kind, c.relname AS relation, a.attname AS col
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_catalog.pg_attribute a ON c.relkind = 'r' AND a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i')`.execute(db);
  const catalogue: SchemaCatalogue = { columns: new Map(), indexes: new Set() };
  for (const row of rows) {
    if (row.kind === 'i') {
      catalogue.indexes.add(row.relation);
      continue;
    }
    let columns = catalogue.columns.get(row.relation);
    if (!columns) catalogue.columns.set(row.relation, (columns = new Set()));
    if (row.col) columns.add(row.col);
  }
  return catalogue;
}

/**
 * The statements that add what the registry needs and the catalogue lacks, in an order that works:
 * a table before its indexes, a generated column before the index on it. Empty when all is there.
 */
export function missingSchemaStatements(kinds: readonly KindDefinition[], catalogue: SchemaCatalogue): string[] {
  const statements: string[] = [];
  for (const kind of kinds) {
    const table = tableName(kind);
    const columns = catalogue.columns.get(stored(table));
    if (!columns) {
      statements.push(createTableSql(kind));
    } else {
      for (const column of sortColumns(kind)) {
        if (!columns.has(stored(column.name))) statements.push(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column.definition}`);
      }
    }
    for (const index of indexDefinitions(kind)) {
      if (!catalogue.indexes.has(stored(index.name))) statements.push(`CREATE INDEX IF NOT EXISTS ${index.name} ON ${table} ${index.using}`);
    }
  }
  return statements;
}

/** Key of the advisory lock that keeps two processes starting together from adding the same objects at once. */
const LOCK_KEY = 'ensure-schema';

/**
 * Adds the missing tables, sort columns and indexes of `kinds` (the registry by default) and
 * returns the statements it ran. Several processes may start on one database at the same time:
 * the work runs in one transaction under an advisory lock (per schema), re-reading the catalogue
 * once the lock is held, so the second process finds nothing left to do.
 */
export async function ensureSchema(
  database: Pick<Database, 'db'>,
  options: { kinds?: readonly KindDefinition[]; log?: (line: string) => void } = {},
): Promise<string[]> {
  const kinds = options.kinds ?? kindList;
  if (missingSchemaStatements(kinds, await readCatalogue(database.db)).length === 0) return [];
  return database.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ${`:${LOCK_KEY}`}))`.execute(trx);
    const statements = missingSchemaStatements(kinds, await readCatalogue(trx));
    for (const statement of statements) {
      options.log?.(statement.split('\n')[0]!.replace(/ \($/, ''));
      try {
        await sql.raw(statement).execute(trx);
      } catch (error) {
        // Start-up stops here: say which statement, so the operator can fix the data (a value a new
        // generated column cannot cast, say) and start again. Nothing of this run is kept.
        throw new Error(`Aggiornamento dello schema non riuscito (${statement.split('\n')[0]}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }
    return statements;
  });
}
