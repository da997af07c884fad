import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks, keeps at most `queueLength` waiting, and refuses the rest at once', async () => {
    const queue = new BoundedQueue({ concurrency: 1, queueLength: 1 });
    const gates = [deferred(), deferred()];
    const started: number[] = [];
    const first = queue.run(async () => { started.push(1); await gates[0]!.promise; return 'a'; });
    const second = queue.run(async () => { started.push(2); await gates[1]!.promise; return 'b'; });
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(queue.run(async () => 'c')).toBeNull();
    await Promise.resolve();
    expect(started).toEqual([1]);
    expect(queue.size).toEqual({ running: 1, waiting: 1 });
    gates[0]!.resolve();
    expect(await first).toBe('a');
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(queue.size).toEqual({ running: 1, waiting: 0 });
    // A place in the queue is free again.
    const third = queue.run(async () => 'c');
    expect(third).not.toBeNull();
    gates[1]!.resolve();
    expect(await second).toBe('b');
    expect(await third).toBe('c');
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of a task that fails; with no queue, only the running ones are taken', async () => {
    const queue = new BoundedQueue({ concurrency: 2, queueLength: 0 });
    const gate = deferred();
    const held = queue.run(() => gate.promise);
    const failing = queue.run(async () => { throw new Error('rotto'); });
    expect(queue.run(async () => 1)).toBeNull();
    await expect(failing).rejects.toThrow('rotto');
    expect(await queue.run(async () => 2)).toBe(2);
    gate.resolve();
    await held;
    expect(queue.size).toEqual({ running: 0, waiting: 0 });
  });
});
