/**
 * At most `concurrency` tasks at once and at most `queueLength` waiting: a task beyond that is not
 * taken (`run` answers null at once), so a burst of work never piles up memory or time behind it.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  readonly concurrency: number;
  readonly queueLength: number;

  constructor(options: { concurrency: number; queueLength: number }) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
    this.queueLength = Math.max(0, Math.floor(options.queueLength));
  }

  /** Tasks running now, and waiting for a turn. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** The task's result once it ran; null (without running it) when every slot and place in the queue is taken. */
  run<T>(task: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.concurrency && this.waiting.length >= this.queueLength) return null;
    return this.start(task);
  }

  private async start<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes to the next in line (which then runs without counting itself again), else frees.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
