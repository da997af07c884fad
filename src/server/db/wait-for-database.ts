/**
 * Start-up against a database that is not up yet (started in the same compose file, a host reboot):
 * retry for a bounded time, saying so, then give up with a clear reason instead of a stack trace.
 */
import type { Database } from './database.ts';

/** Pause between attempts. */
const RETRY_EVERY_MS = 2_000;

export async function waitForDatabase(
  database: Pick<Database, 'ping'>,
  options: { waitMs: number; log: (line: string) => void; retryEveryMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const every = options.retryEveryMs ?? RETRY_EVERY_MS;
  const deadline = now() + options.waitMs;
  for (let attempt = 1; ; attempt++) {
    if (await database.ping()) return;
    const left = deadline - now();
    if (left <= 0) {
      throw new Error(`database non raggiungibile dopo ${Math.round(options.waitMs / 1000)} s (${attempt} ${attempt === 1 ? 'tentativo' : 'tentativi'}): verificare DATABASE_URL e che il server PostgreSQL sia avviato`);
    }
    options.log(`Database non raggiungibile, nuovo tentativo tra ${Math.ceil(Math.min(every, left) / 1000)} s…`);
    await sleep(Math.min(every, left));
  }
}
