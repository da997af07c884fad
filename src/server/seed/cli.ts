/**
 * `npm run seed -- [--scale N] [--reset]`: loads the demo data into the configured database
 * (DATABASE_URL or PGlite under DATA_DIR). --reset empties every entity table first.
 * Also the server's seed thread on a first start (seed-thread.ts): then `workerData` names the
 * database and the scale, and the progress lines go to the server.
 */
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ServerSeedRequest } from './seed-thread.ts';
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

/** In the server's seed thread: its database and scale; a failure ends the thread with its error, for the server to report. */
async function seedForServer({ database: options, scale }: ServerSeedRequest) {
  const database = await openDatabase(options);
  try {
    await seedDemoData(database.db, { scale, log: (line) => parentPort!.postMessage(line) });
  } finally {
    await database.close();
  }
}

const serverSeed = isMainThread ? undefined : (workerData as Partial<ServerSeedRequest> | undefined);
if (serverSeed?.serverSeed) {
  await seedForServer(serverSeed as ServerSeedRequest);
} else {
  main().catch((error: unknown) => {
    console.error('Caricamento non riuscito:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
