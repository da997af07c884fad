/**
 * Documents are rendered off the event loop: a few worker threads (node:worker_threads) run
 * render-job.ts, so the API keeps answering while a large PDF is laid out. The data is read on the
 * main thread (the database stays there) and posted with the template.
 *
 * - `workers` threads, started on first use and kept; each takes one job at a time.
 * - At most `queue` jobs wait for a free thread; one more is refused at once (503 DOCUMENT_RENDER_BUSY),
 *   and a job still waiting after `timeoutMs` is refused the same way: the wait never adds more than
 *   the time limit to a request.
 * - A job running longer than `timeoutMs` has its thread terminated (422 DOCUMENT_RENDER_TIMEOUT);
 *   a fresh thread takes the next job. A thread out of memory ends its job as DOCUMENT_TOO_LARGE.
 *
 * The worker's entry is `render-worker.ts` beside this file when running from the sources (Node 24
 * strips the types), `document-worker.js` beside the bundle (build.mjs builds it as its own entry).
 */
import { Worker } from 'node:worker_threads';
import { Problem } from '../http/problems.ts';
import type { RenderFailure, RenderJob } from './render-job.ts';

export interface RenderPoolOptions {
  workers: number;
  queue: number;
  timeoutMs: number;
  /** Heap of each worker (MB): a render that needs more ends as DOCUMENT_TOO_LARGE, the API's heap untouched. */
  maxHeapMb?: number;
  /** Where unexpected failures are reported (a worker that could not start, a crash). */
  log?: (message: string, error?: unknown) => void;
  /** The worker's entry; by default the one beside this module (sources) or beside the bundle. */
  workerUrl?: URL;
}

/** Seconds a client is asked to wait after DOCUMENT_RENDER_BUSY. */
export const RENDER_BUSY_RETRY_AFTER_SECONDS = 5;

interface Task {
  id: number;
  job: RenderJob;
  /** Where a template error points (`/attributes/body`, `/body`). */
  pointer: string;
  resolve: (bytes: Buffer) => void;
  reject: (error: unknown) => void;
  /** While waiting for a thread: the timer that gives up. */
  waiting?: NodeJS.Timeout;
}

interface Slot {
  worker?: Worker;
  /** The worker has loaded its modules (its first message). */
  ready?: boolean;
  task?: Task;
  timer?: NodeJS.Timeout;
}

type WorkerAnswer = { ready: true } | { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; failure: RenderFailure };

/** Longest a new worker may take to load its modules before it counts as broken. */
const WORKER_START_TIMEOUT_MS = 30_000;

export function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  return /\.ts$/.test(new URL(here).pathname) ? new URL('./render-worker.ts', here) : new URL('./document-worker.js', here);
}

/** The API's answer for a render that failed in its worker. */
export function renderProblem(failure: RenderFailure, templatePointer: string): Problem {
  switch (failure.kind) {
    case 'template':
      return new Problem('TEMPLATE_INVALID', {
        message: `Il modello contiene errori: ${failure.issues.map((issue) => issue.message).join('; ')}`,
        errors: failure.issues.map((issue) => ({ pointer: templatePointer, code: issue.code, message: issue.message })),
      });
    case 'tooLarge': {
      const limit = new Intl.NumberFormat('it-IT').format(failure.limit);
      const what = failure.unit === 'rows' ? `il limite di ${limit} righe` : failure.unit === 'pages' ? `il limite di ${limit} pagine` : `la memoria consentita (${limit} MB)`;
      return new Problem('DOCUMENT_TOO_LARGE', {
        message: `Il documento supererebbe ${what}: riduci i dati da stampare o semplifica il modello`,
        extensions: { limit: failure.limit, unit: failure.unit },
      });
    }
    case 'failed':
      return new Problem('INTERNAL_ERROR');
  }
}

export class RenderPool {
  private readonly options: RenderPoolOptions;
  private readonly slots: Slot[];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly heapMb: number;

  constructor(options: RenderPoolOptions) {
    this.options = options;
    this.heapMb = options.maxHeapMb ?? 512;
    this.slots = Array.from({ length: Math.max(1, options.workers) }, () => ({}));
  }

  /** Jobs running and waiting (tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.filter((slot) => slot.task).length, waiting: this.waiting.length };
  }

  /**
   * The PDF of `job`; rejects with a Problem: TEMPLATE_INVALID (its errors at `templatePointer`),
   * DOCUMENT_TOO_LARGE, DOCUMENT_RENDER_TIMEOUT, DOCUMENT_RENDER_BUSY.
   */
  render(job: RenderJob, templatePointer = '/attributes/body'): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Problem('SERVICE_UNAVAILABLE'));
    const free = this.slots.some((slot) => !slot.task);
    if (!free && this.waiting.length >= this.options.queue) return Promise.reject(busy());
    return new Promise<Buffer>((resolve, reject) => {
      const task: Task = { id: this.nextId++, job, pointer: templatePointer, resolve, reject };
      task.waiting = setTimeout(() => {
        const at = this.waiting.indexOf(task);
        if (at === -1) return;
        this.waiting.splice(at, 1);
        reject(busy());
      }, this.options.timeoutMs);
      this.waiting.push(task);
      this.pump();
    });
  }

  /** Stops every thread; jobs still waiting or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) {
      clearTimeout(task.waiting);
      task.reject(new Problem('SERVICE_UNAVAILABLE'));
    }
    await Promise.all(this.slots.map((slot) => {
      const { worker, task } = slot;
      this.release(slot);
      slot.worker = undefined;
      task?.reject(new Problem('SERVICE_UNAVAILABLE'));
      return worker?.terminate();
    }));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.task || this.closed) continue;
      const task = this.waiting.shift();
      if (!task) return;
      clearTimeout(task.waiting);
      this.start(slot, task);
    }
  }

  private start(slot: Slot, task: Task): void {
    let worker: Worker;
    try {
      worker = slot.worker ?? this.spawn(slot);
    } catch (error) {
      this.options.log?.('avvio del processo di generazione dei documenti non riuscito', error);
      task.reject(new Problem('INTERNAL_ERROR'));
      return;
    }
    slot.task = task;
    worker.postMessage({ id: task.id, job: task.job });
    if (slot.ready) this.arm(slot, task);
    else {
      slot.timer = setTimeout(() => {
        if (slot.task !== task) return;
        this.options.log?.(`il processo di generazione dei documenti non si è avviato entro ${WORKER_START_TIMEOUT_MS / 1000} s`);
        this.discard(slot);
        task.reject(new Problem('INTERNAL_ERROR'));
        this.pump();
      }, WORKER_START_TIMEOUT_MS);
    }
  }

  /** The running job's time limit, from when its worker is ready. */
  private arm(slot: Slot, task: Task): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      if (slot.task !== task) return;
      // A render past its time: the thread is stopped (nothing else stops a synchronous layout).
      this.discard(slot);
      task.reject(new Problem('DOCUMENT_RENDER_TIMEOUT', {
        message: `La generazione del documento ha superato ${new Intl.NumberFormat('it-IT').format(this.options.timeoutMs / 1000)} s ed è stata interrotta: riduci i dati da stampare o semplifica il modello`,
        extensions: { timeoutMs: this.options.timeoutMs },
      }));
      this.pump();
    }, this.options.timeoutMs);
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.options.workerUrl ?? defaultWorkerUrl(), {
      name: 'document-render',
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    // An idle thread never keeps the process alive (tests, shutdown).
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      if ('ready' in answer) {
        slot.ready = true;
        if (task) this.arm(slot, task);
        return;
      }
      if (!task || task.id !== answer.id) return;
      this.release(slot);
      if (answer.ok) task.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      else {
        if (answer.failure.kind === 'failed') this.options.log?.(`generazione del documento non riuscita: ${answer.failure.message}`);
        task.reject(renderProblem(answer.failure, task.pointer));
      }
      this.pump();
    });
    const lost = (error?: unknown) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      this.discard(slot);
      if (task) {
        const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        if (!outOfMemory) this.options.log?.('processo di generazione dei documenti interrotto', error);
        task.reject(outOfMemory ? renderProblem({ kind: 'tooLarge', unit: 'memory', limit: this.heapMb }, task.pointer) : new Problem('INTERNAL_ERROR'));
      }
      this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`uscito con codice ${code}`)));
    slot.worker = worker;
    slot.ready = false;
    return worker;
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
  }

  /** Frees the slot and stops its thread; the next job starts a new one. */
  private discard(slot: Slot): void {
    const worker = slot.worker;
    this.release(slot);
    slot.worker = undefined;
    void worker?.terminate();
  }
}

function busy(): Problem {
  return new Problem('DOCUMENT_RENDER_BUSY', { extensions: { retryAfterSeconds: RENDER_BUSY_RETRY_AFTER_SECONDS } });
}

/** A document to print, without the limits (the renderer applies its own). */
export type DocumentJob = Omit<RenderJob, 'maxRows' | 'maxPages'>;

/**
 * What prints documents for a process: one pool of worker threads within the configured limits,
 * shared by the document routes and the actions that store documents (a course's certificates).
 */
export interface DocumentRenderer {
  /** The PDF of `job`; rejects as `RenderPool.render` does. */
  render(job: DocumentJob, templatePointer?: string): Promise<Buffer>;
  close(): Promise<void>;
}

export function documentRenderer(limits: { workers: number; queue: number; renderTimeoutMs: number; maxRows: number; maxPages: number }, log?: RenderPoolOptions['log']): DocumentRenderer {
  const pool = new RenderPool({ workers: limits.workers, queue: limits.queue, timeoutMs: limits.renderTimeoutMs, ...(log ? { log } : {}) });
  return {
    render: (job, templatePointer) => pool.render({ ...job, maxRows: limits.maxRows, maxPages: limits.maxPages }, templatePointer),
    close: () => pool.close(),
  };
}
