/**
 * The server as an operator runs it (`node src/server/main.ts` in a child process), for the tests of
 * processes: shutdown, WORKERS, several nodes on one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const MAIN = path.join(ROOT, 'src/server/main.ts');

/**
 * How long a test waits for a server process's own «ready» signal. A first start runs the migrations
 * from source (and, on PGlite, WebAssembly PostgreSQL): about 20 s on a quiet two-core machine, over 90 s
 * beside `bench:load` and another test run (a full run failed so). The wait ends at the signal, and at
 * once when the process exits, so the bound costs nothing when the start works.
 */
export const START_TIMEOUT_MS = 300_000;

/** A test that starts server processes: its starts' bound and a minute for its own work. */
export const PROCESS_TEST_TIMEOUT_MS = START_TIMEOUT_MS + 60_000;

export interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the output matches (or rejects after `timeoutMs`, or when the process exits first). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
}

/** Starts the server on `port` with `env` over a clean environment (the demo data at scale 0, sign-in off unless `AUTH_DISABLED` says otherwise). */
export function startServerProcess(env: Record<string, string>, port: number): Started {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_SCHEMA', 'OIDC_ISSUER', 'PUBLIC_URL', 'WORKERS', 'LOG_FORMAT', 'LOG_LEVEL', 'SHUTDOWN_TIMEOUT_SECONDS']) delete clean[name];
  const child = spawn(NODE, [MAIN], {
    cwd: ROOT,
    env: { ...clean, PORT: String(port), HOST: '127.0.0.1', SEED_SCALE: '0', AUTH_DISABLED: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let running = true;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => ((running = false), resolve(code))));
  return {
    child,
    port,
    output: () => output,
    exited,
    async waitFor(pattern, timeoutMs = START_TIMEOUT_MS) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = output.match(pattern);
        if (match) return match;
        if (!running) throw new Error(`exited before ${pattern}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

