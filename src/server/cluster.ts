/**
 * WORKERS=N: a node:cluster primary that forks N API processes sharing one port (the primary
 * accepts connections and hands them round-robin to the workers). The primary prepares the
 * database once (migrations, seed) before forking and serves nothing itself. A worker that dies
 * is started again after a pause that doubles on each quick death (1 s … 30 s) and resets once a
 * worker has stayed up for 30 s. SIGTERM/SIGINT reach every worker, which closes gracefully; the
 * primary exits when all have.
 */
import cluster, { type Worker } from 'node:cluster';

export const RESTART_DELAY_MS = { first: 1_000, max: 30_000, stableAfter: 30_000 } as const;

/** Delay before restarting a slot whose worker died after `failures` quick deaths in a row. */
export function restartDelay(failures: number): number {
  return Math.min(RESTART_DELAY_MS.max, RESTART_DELAY_MS.first * 2 ** failures);
}

export interface SupervisorOptions {
  workers: number;
  /** Environment of every worker, on top of the primary's. */
  env?: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Called once, when every worker has started listening. */
  onReady?: () => void;
}

export interface Supervisor {
  /** Asks every worker to close (SIGTERM) and resolves when all have exited; SIGKILL after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

export function superviseWorkers(options: SupervisorOptions): Supervisor {
  const slots = new Map<number, { slot: number; startedAt: number }>();
  const failures = new Array<number>(options.workers).fill(0);
  const pending = new Set<NodeJS.Timeout>();
  const listened = new Set<number>();
  let stopping = false;
  let ready = false;

  const fork = (slot: number) => {
    const worker = cluster.fork({ ...options.env, WORKER_SLOT: String(slot) });
    slots.set(worker.id, { slot, startedAt: Date.now() });
  };

  cluster.on('listening', (worker: Worker) => {
    const entry = slots.get(worker.id);
    if (!entry) return;
    listened.add(entry.slot);
    if (!ready && listened.size === options.workers) {
      ready = true;
      options.onReady?.();
    }
  });

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const entry = slots.get(worker.id);
    slots.delete(worker.id);
    if (!entry || stopping) return;
    const lived = Date.now() - entry.startedAt;
    if (lived >= RESTART_DELAY_MS.stableAfter) failures[entry.slot] = 0;
    const delay = restartDelay(failures[entry.slot]!);
    failures[entry.slot]! += 1;
    const reason = signal ? `segnale ${signal}` : `codice ${code}`;
    options.log(`Processo di lavoro ${worker.process.pid} terminato (${reason}): riavvio fra ${delay / 1000} s`);
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork(entry.slot);
    }, delay);
    pending.add(timer);
  });

  for (let slot = 0; slot < options.workers; slot++) fork(slot);

  return {
    async stop(timeoutMs) {
      stopping = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
      if (alive.length === 0) return;
      const exited = Promise.all(alive.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once('exit', () => resolve())))));
      for (const worker of alive) worker.process.kill('SIGTERM');
      const kill = setTimeout(() => {
        options.log('Processi di lavoro ancora attivi oltre il limite: terminati');
        for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
      }, timeoutMs);
      await exited;
      clearTimeout(kill);
    },
  };
}
