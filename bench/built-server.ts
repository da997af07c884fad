/**
 * The build (`dist/server.js`, or `$DIST_DIR` as build.mjs and the end-to-end harness read it) started
 * for a benchmark in a data directory of its own, on `port` or a free one, with the environment given
 * (the database, the seed scale); ready once `/api/health` answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/free-port.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');

export async function startBuiltServer(options: { name: string; port?: number; env?: Record<string, string>; timeoutMs?: number }): Promise<{ url: string; stop(): Promise<void> }> {
  const server = path.join(path.resolve(ROOT, process.env.DIST_DIR || 'dist'), 'server.js');
  if (!fs.existsSync(server)) throw new Error(`${path.relative(ROOT, server)} is missing: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(NODE, [server], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: dataDir, SEED_SCALE: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const deadline = Date.now() + (options.timeoutMs ?? 120_000); ; ) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
