/**
 * Entry point of a document render worker (node:worker_threads, started by render-pool.ts): takes
 * `{ id, job }` messages, answers `{ id, ok: true, bytes }` (the PDF, transferred) or
 * `{ id, ok: false, failure }`, after `{ ready: true }` once its modules and fonts are loaded. One job at a
 * time; the pool stops the thread when a job runs too long.
 * Bundled on its own as dist/document-worker.js (build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import Mustache from 'mustache';
import { preparePdf } from './pdf.ts';
import { failureOf, renderDocument, type RenderJob } from './render-job.ts';

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (render-pool.ts)');

// Every draft previewed is a new template text: mustache's cache would only grow.
Mustache.templateCache = undefined;

port.on('message', (message: { id: number; job: RenderJob }) => {
  renderDocument(message.job).then(
    (bytes) => port.postMessage({ id: message.id, ok: true, bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => port.postMessage({ id: message.id, ok: false, failure: failureOf(error) }),
  );
});
// Modules and fonts loaded: a job's time limit starts now, not while the thread was starting. A
// failure here is the first job's to report (it loads them again).
const ready = () => port.postMessage({ ready: true });
preparePdf().then(ready, ready);
