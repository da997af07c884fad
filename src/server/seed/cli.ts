/**
 * `npm run seed -- [--scale N] [--reset]`: loads the demo data into the configured database
 * (DATABASE_URL or PGlite under DATA_DIR). --reset empties every entity table first.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { tableName } from '../db/entity-sql.ts';
import { kindList } from '../../domain/kinds.ts';
import { isSeeded, seedDemoData } from './seed.ts';
import { DEMO_PASSWORD } from './generators/demo-users.ts';
import { setDemoPasswords } from './demo-passwords.ts';

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string' }, reset: { type: 'boolean', default: false } } });
  const config = loadConfig();
  const scale = values.scale === undefined ? config.seedScale : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error('--scale deve essere un numero positivo');
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrateToLatest(database);
    if (await isSeeded(database.db)) {
      if (!values.reset) {
        const changed = await setDemoPasswords(database.db, { overwrite: false });
        if (changed > 0) console.log(`▸ Password ${DEMO_PASSWORD} impostata per ${changed} utenti dimostrativi`);
        console.log('Il database contiene già i dati dimostrativi: usare --reset per ricaricarli.');
        return;
      }
      console.log('▸ Svuotamento delle tabelle…');
      const tables = kindList.map((kind) => tableName(kind)).join(', ');
      await sql.raw(`TRUNCATE ${tables}`).execute(database.db);
      await sql`DELETE FROM app_state WHERE key = 'seed'`.execute(database.db);
    }
    await seedDemoData(database.db, { scale, log: (line) => console.log(`▸ ${line}`) });
    console.log(`▸ Dati dimostrativi caricati; gli utenti dimostrativi accedono con la password ${DEMO_PASSWORD}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Caricamento non riuscito:', error instanceof Error ? error.message : error);
  process.exit(1);
});
