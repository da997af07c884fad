/**
 * `npm run backup` / `npm run restore` for the embedded database, as an operator runs them (the
 * CLI in a child process, DATA_DIR and BACKUP_DIR in the environment): backup → wipe → restore →
 * the data is back; a restore over existing data keeps it aside; both refuse while a server holds
 * the directory, and on PostgreSQL.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/server/data-dir-lock.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const TOOL = path.join(ROOT, 'src/server/tools/backup.ts');

async function run(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  delete clean.DATABASE_URL;
  try {
    const { stdout, stderr } = await promisify(execFile)(NODE, [TOOL, ...args], { cwd: ROOT, env: { ...clean, ...env } });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

async function rows(dataDir: string): Promise<string[]> {
  const db = await PGlite.create(dataDir);
  try {
    return (await db.query<{ name: string }>('SELECT name FROM customers ORDER BY name')).rows.map((r) => r.name);
  } finally {
    await db.close();
  }
}

describe('backup and restore of the embedded database', () => {
  let root: string;
  let dataDir: string;
  let backupDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
    dataDir = path.join(root, 'data');
    backupDir = path.join(root, 'backups');
    env = { DATA_DIR: dataDir };
    const db = await PGlite.create(dataDir);
    await db.exec("CREATE TABLE customers (name text); INSERT INTO customers VALUES ('Rossi Srl'), ('Bianchi SpA'), ('Città ☃');");
    await db.close();
  });

  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('backs up, and after the data directory is wiped restores the same data', async () => {
    const backup = await run(['backup'], env);
    expect(backup.code, backup.out).toBe(0);
    const file = /Backup completato: (\S+\.tar\.gz) \(/.exec(backup.out)?.[1];
    expect(file).toBeDefined();
    // By default beside DATA_DIR, never inside it (a dump takes the whole directory).
    expect(path.dirname(file!)).toBe(backupDir);
    expect(fs.readFileSync(file!).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(backup.out).toContain(`npm run restore -- ${file}`);

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restore = await run(['restore', file!], env);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('Ripristino completato');
    expect(await rows(dataDir)).toEqual(['Bianchi SpA', 'Città ☃', 'Rossi Srl']);
    // The lock the backup held while dumping is not restored with the data.
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('restores over existing data, keeping that data aside', async () => {
    const file = path.join(root, 'chosen.tar.gz');
    expect((await run(['backup', file], env)).code).toBe(0);
    const db = await PGlite.create(dataDir);
    await db.exec("DELETE FROM customers; INSERT INTO customers VALUES ('Dopo il backup')");
    await db.close();

    const restore = await run(['restore', file], env);
    expect(restore.code, restore.out).toBe(0);
    const previous = /I dati che c’erano prima sono in (\S+):/.exec(restore.out)?.[1];
    expect(previous).toMatch(/data\.before-restore-/);
    expect(await rows(dataDir)).toEqual(['Bianchi SpA', 'Città ☃', 'Rossi Srl']);
    expect(await rows(previous!)).toEqual(['Dopo il backup']);
  });

  it('refuses while a server runs on the directory, a file that is not a backup, a missing file, and PostgreSQL', async () => {
    const server = spawn(NODE, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const file = path.join(root, 'chosen.tar.gz');
    try {
      fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${server.pid}\n`);
      for (const args of [['backup'], ['restore', file]]) {
        const refused = await run(args, env);
        expect(refused.code).toBe(1);
        expect(refused.out).toContain(`✗ Il server (processo ${server.pid}) sta usando il database in ${dataDir}: fermarlo prima di`);
      }
    } finally {
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    expect(await rows(dataDir)).toEqual(['Bianchi SpA', 'Città ☃', 'Rossi Srl']);

    const notABackup = path.join(root, 'note.tar.gz');
    fs.writeFileSync(notABackup, 'non è un archivio');
    const bad = await run(['restore', notABackup], env);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`✗ Il file ${notABackup} non è un backup leggibile del database`);
    expect(await rows(dataDir)).toEqual(['Bianchi SpA', 'Città ☃', 'Rossi Srl']);

    expect((await run(['restore', path.join(root, 'assente.tar.gz')], env)).out).toContain('✗ File di backup non trovato');
    expect((await run(['restore'], env)).out).toContain('✗ Indicare il file da ripristinare');
    const inside = await run(['backup', path.join(dataDir, 'x.tar.gz')], env);
    expect(inside.out).toContain('Il backup non può stare dentro');
    const postgres = await run(['backup'], { ...env, DATABASE_URL: 'postgres://x@127.0.0.1:1/x' });
    expect(postgres.code).toBe(1);
    expect(postgres.out).toContain('Per PostgreSQL usare pg_dump e pg_restore');
  });
});
