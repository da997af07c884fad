/**
 * Backup and restore of the embedded database (PGlite under DATA_DIR), with PGlite's own archive
 * format (`dumpDataDir` / `loadDataDir`, a .tar.gz of the data directory):
 *
 *   npm run backup                 → BACKUP_DIR/backup-<UTC time>.tar.gz (default: `backups` beside DATA_DIR)
 *   npm run backup -- <file>       → that file
 *   npm run restore -- <file>      → DATA_DIR replaced by the archive; the previous data kept beside it
 *
 * PGlite does not lock its directory and two processes on it corrupt it, so both commands refuse
 * while a server runs on DATA_DIR (its server.pid) and hold the directory while they work. A
 * restore is unpacked and opened in a new directory first; DATA_DIR is swapped only once that
 * worked. Nothing is asked: the previous data is renamed, never deleted. For PostgreSQL
 * (DATABASE_URL) use pg_dump / pg_restore (README).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.ts';
import { claimDataDir, LOCK_FILE, runningServer } from '../data-dir-lock.ts';

/** A failure the command reports as one Italian line (exit 1), without a stack. */
export class BackupError extends Error {}

const stamp = (now: Date) => now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

function refuseWhileServed(dataDir: string, what: string) {
  const pid = runningServer(dataDir);
  if (pid !== undefined) throw new BackupError(`Il server (processo ${pid}) sta usando il database in ${dataDir}: fermarlo prima di ${what}.`);
}

/** Writes an archive of the database in `dataDir`; returns its path and size. */
export async function backupDataDir(dataDir: string, target: { dir: string; file?: string }, now = new Date()): Promise<{ file: string; bytes: number }> {
  if (!hasDatabase(dataDir)) throw new BackupError(`Nessun database in ${dataDir}: niente da salvare.`);
  refuseWhileServed(dataDir, 'il backup');
  const file = path.resolve(target.file ?? path.join(target.dir, `backup-${stamp(now)}.tar.gz`));
  if (file === dataDir || file.startsWith(`${dataDir}${path.sep}`)) {
    throw new BackupError(`Il backup non può stare dentro ${dataDir}: finirebbe nei backup successivi. Scegliere un altro percorso.`);
  }
  const release = claimDataDir(dataDir);
  try {
    const pglite = await PGlite.create(dataDir);
    let archive: Blob;
    try {
      archive = await pglite.dumpDataDir('gzip');
    } finally {
      await pglite.close();
    }
    const bytes = Buffer.from(await archive.arrayBuffer());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a half-written file never looks like a backup.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return { file, bytes: bytes.length };
  } finally {
    release();
  }
}

/** Replaces the database in `dataDir` with the archive; returns where the previous data was moved, if there was any. */
export async function restoreDataDir(dataDir: string, file: string, now = new Date()): Promise<{ previous: string | undefined }> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`File di backup non trovato: ${source}`);
  refuseWhileServed(dataDir, 'il ripristino');
  const staging = `${dataDir}.restore-${stamp(now)}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const archive = new File([fs.readFileSync(source)], path.basename(source), { type: 'application/x-gzip' });
    const pglite = await PGlite.create(staging, { loadDataDir: archive });
    try {
      // The archive opened as a database: it is one.
      await pglite.query('SELECT count(*) FROM pg_class');
    } finally {
      await pglite.close();
    }
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new BackupError(`Il file ${source} non è un backup leggibile del database: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The lock of the process that made the backup came along in the archive.
  fs.rmSync(path.join(staging, LOCK_FILE), { force: true });
  // Checked again: a server may have started while the archive was unpacked.
  refuseWhileServed(dataDir, 'il ripristino');
  let previous: string | undefined;
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    previous = `${dataDir}.before-restore-${stamp(now)}`;
    fs.renameSync(dataDir, previous);
  } else {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.renameSync(staging, dataDir);
  return { previous };
}

const kB = (bytes: number) => `${(bytes / 1024).toLocaleString('it-IT', { maximumFractionDigits: 0 })} kB`;

async function cli(args: string[]): Promise<void> {
  const [command, file] = args;
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL è impostato: questi comandi servono per il database incorporato (PGlite). Per PostgreSQL usare pg_dump e pg_restore (vedi README).');
  }
  if (command === 'backup') {
    console.log(`▸ Backup del database in ${config.dataDir}…`);
    const done = await backupDataDir(config.dataDir, { dir: config.backupDir, file });
    console.log(`▸ Backup completato: ${done.file} (${kB(done.bytes)})`);
    console.log(`  Per ripristinarlo, a server fermo: npm run restore -- ${done.file}`);
    return;
  }
  if (command === 'restore') {
    if (!file) throw new BackupError('Indicare il file da ripristinare: npm run restore -- <file.tar.gz>');
    console.log(`▸ Ripristino di ${path.resolve(file)} in ${config.dataDir}…`);
    const { previous } = await restoreDataDir(config.dataDir, file);
    console.log('▸ Ripristino completato: avviare il server con npm start');
    if (previous) console.log(`  I dati che c’erano prima sono in ${previous}: cancellarli quando non servono più.`);
    return;
  }
  throw new BackupError('Uso: npm run backup [-- <file.tar.gz>] oppure npm run restore -- <file.tar.gz>');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof BackupError ? `✗ ${error.message}` : `✗ Operazione non riuscita: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
