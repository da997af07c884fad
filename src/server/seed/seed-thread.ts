/**
 * The first start's demo data, loaded in a worker thread of its own: faker, its locales and every row
 * the seed builds live in that thread's heap and are gone with it, so the API process serves with the
 * memory of one that found its database seeded (a seed in the process itself left it about 200 MB
 * larger for good). The thread is the seed command's own code (`cli.ts`; `seed.js` beside the
 * server's bundle), told by `workerData` to seed the server's database and pass its progress lines.
 */
import { Worker } from 'node:worker_threads';
import type { DatabaseOptions } from '../db/database.ts';

/** What the server hands the seed thread. */
export interface ServerSeedRequest {
  serverSeed: true;
  database: Pick<DatabaseOptions, 'url' | 'dataDir' | 'schema'>;
  scale: number;
}

/** The seed command beside this file (source), or beside the server's bundle (build.mjs builds it as `seed.js`). */
function seedCommandUrl(): URL {
  const here = import.meta.url;
  return /\.ts$/.test(new URL(here).pathname) ? new URL('./cli.ts', here) : new URL('./seed.js', here);
}

/**
 * Seeds the database `database` names in a worker thread, passing each progress line to `log`; resolves
 * when the thread has ended. An embedded database must be closed by the caller first (one owner at a time).
 */
export function seedInThread(request: Omit<ServerSeedRequest, 'serverSeed'>, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(seedCommandUrl(), { workerData: { serverSeed: true, ...request } satisfies ServerSeedRequest });
    let failure: unknown;
    worker.on('message', (line: unknown) => {
      if (typeof line === 'string') log(line);
    });
    worker.on('error', (error) => (failure = error));
    worker.on('exit', (code) => {
      if (failure !== undefined) reject(failure instanceof Error ? failure : new Error(String(failure)));
      else if (code !== 0) reject(new Error(`caricamento dei dati dimostrativi interrotto (codice ${code})`));
      else resolve();
    });
  });
}
