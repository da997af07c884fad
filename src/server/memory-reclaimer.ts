/**
 * Giving memory back. V8 grows its heap under load and keeps the pages it freed: it hands them back
 * only in a memory-reducing collection, which its memory reducer starts when the process looks idle,
 * judged by an allocation rate it samples at collections. A server that falls quiet makes no more
 * collections, so the rate stays the one of the busy minute and the peak is kept for good (measured:
 * 260 MB for minutes after a burst of requests; 130 MB after one memory-reducing collection).
 *
 * So the process asks for that collection itself (`gc` with the `last-resort` flavour, as `npm start`
 * exposes it): when its resident set passes the budget (MEMORY_BUDGET_MB), and once when it has had no
 * request for a while after growing. Never more often than `minIntervalMs`, and a process whose live
 * memory is above the budget (PGlite's WebAssembly heap) is collected again only when it has grown
 * further, so that it never collects in a loop.
 */

export interface MemoryReclaimerOptions {
  /** The resident set above which a collection is made; 0 turns the reclaimer off. */
  budgetBytes: number;
  /** Without a request for this long, a process that grew since its last collection makes one. */
  idleMs: number;
  /** The least time between two collections. */
  minIntervalMs: number;
  /** Growth over the resident set left by the last collection that is worth another one. */
  growthBytes: number;
  rss(): number;
  /** One memory-reducing collection (synchronous). */
  collect(): void;
  now(): number;
  /** When the last request arrived. */
  lastRequestAt(): number;
  log(line: string): void;
}

export interface MemoryReclaimer {
  /** Collects if the budget is passed or the process is idle after growing; answers whether it did. */
  check(): boolean;
}

export function memoryReclaimer(options: MemoryReclaimerOptions): MemoryReclaimer {
  const { budgetBytes, idleMs, minIntervalMs, growthBytes } = options;
  let lastCollectionAt = -Infinity;
  // What a collection leaves (at first, the process as it starts serving): the floor growth is measured from.
  let leftByLast = options.rss();
  return {
    check() {
      if (budgetBytes <= 0) return false;
      const at = options.now();
      if (at - lastCollectionAt < minIntervalMs) return false;
      const size = options.rss();
      const grown = size > leftByLast + growthBytes;
      const overBudget = size > budgetBytes && grown;
      const idleAfterGrowth = at - options.lastRequestAt() >= idleMs && grown;
      if (!overBudget && !idleAfterGrowth) return false;
      const started = options.now();
      options.collect();
      lastCollectionAt = options.now();
      leftByLast = options.rss();
      options.log(`memoria: ${mb(size)} → ${mb(leftByLast)} MB (${overBudget ? 'oltre il limite' : 'a riposo'}, ${Math.round(lastCollectionAt - started)} ms)`);
      return true;
    },
  };
}

const mb = (bytes: number) => Math.round(bytes / 1048576);

type GcWithOptions = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Starts the reclaimer of this process (checked every second, off the event loop's count): `gc` must be
 * exposed (`--expose-gc`, as `npm start` runs the server), else nothing starts and the log says why.
 */
export function startMemoryReclaimer(
  settings: { budgetMb: number; lastRequestAt: () => number; log: (line: string) => void },
  everyMs = 1000,
): (() => void) | undefined {
  if (settings.budgetMb <= 0) return undefined;
  const gc = (globalThis as { gc?: GcWithOptions }).gc;
  if (!gc) {
    settings.log('MEMORY_BUDGET_MB ignorato: node è stato avviato senza --expose-gc (npm start lo usa)');
    return undefined;
  }
  const reclaimer = memoryReclaimer({
    budgetBytes: settings.budgetMb * 1048576,
    idleMs: 10_000,
    minIntervalMs: 5_000,
    growthBytes: 32 * 1048576,
    rss: () => process.memoryUsage.rss(),
    collect: () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }),
    now: () => performance.now(),
    lastRequestAt: settings.lastRequestAt,
    log: settings.log,
  });
  const timer = setInterval(() => reclaimer.check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
