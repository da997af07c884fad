/** `npm start`: open the database (PGlite under DATA_DIR, or DATABASE_URL), migrate, seed once, serve. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { buildApp } from './app.ts';
import { isSeeded, seedDemoData } from './seed/seed.ts';
import { demoUserLines, formatDemoUsers, setDemoPasswords } from './seed/demo-passwords.ts';

const step = (text: string) => console.log(`▸ ${text}`);

async function main() {
  const config = loadConfig();
  step(config.databaseUrl ? `Database PostgreSQL: ${redact(config.databaseUrl)}` : `Database PGlite incorporato in ${config.dataDir}`);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const applied = await migrateToLatest(database, { log: (line) => step(`Schema: ${line}`) });
  step(applied.length > 0 ? `Migrazioni applicate: ${applied.join(', ')}` : 'Schema del database aggiornato');
  if (!(await isSeeded(database.db))) {
    step(`Caricamento dei dati dimostrativi (scala ${config.seedScale})…`);
    await seedDemoData(database.db, { scale: config.seedScale, log: (line) => step(line) });
  }
  // A database seeded before the embedded sign-in existed gets the demo passwords now.
  if (config.oidc.embedded) await setDemoPasswords(database.db, { overwrite: false });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const app = await buildApp({ database, config, publicDir: path.join(here, 'public') });
  const shutdown = async (signal: string) => {
    step(`${signal}: chiusura in corso`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (config.authDisabled) step(`ATTENZIONE: AUTH_DISABLED=1, le richieste /api girano come ${config.devUserEmail}`);
  if (config.oidc.embedded && !config.authDisabled) {
    step(`Accesso con il provider OpenID incorporato (${config.oidc.issuer}); utenti dimostrativi:`);
    console.log(formatDemoUsers(await demoUserLines(database.db)));
  } else if (!config.authDisabled) {
    step(`Accesso con l’emittente OpenID esterno ${config.oidc.issuer} (client ${config.oidc.clientId})`);
  }
  step(`Pronto su ${config.publicUrl}`);
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

main().catch((error: unknown) => {
  console.error('Avvio non riuscito:', error instanceof Error ? error.message : error);
  process.exit(1);
});
