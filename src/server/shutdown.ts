/**
 * Graceful shutdown (SIGTERM from an orchestrator, Ctrl+C on a console): stop accepting
 * connections, let in-flight requests finish for at most `timeoutMs` (open event streams are
 * ended by their own preClose hook, idle keep-alive connections are closed at once, requests that
 * arrive on a kept-alive connection meanwhile get 503, a connection is closed once its request is
 * answered), then cut what is left, close the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.ts';

export interface GracefulCloseOptions {
  timeoutMs: number;
  log: (line: string) => void;
}

/** Closes the app, then the database; true when every request finished within the bound. */
export async function closeGracefully(app: FastifyInstance, database: Pick<Database, 'close'>, options: GracefulCloseOptions): Promise<boolean> {
  let clean = true;
  const cut = setTimeout(() => {
    clean = false;
    options.log(`Richieste ancora in corso dopo ${options.timeoutMs / 1000} s: chiudo le connessioni rimaste`);
    app.server.closeAllConnections();
  }, options.timeoutMs);
  // close() drops the connections idle at that moment; one that finishes its request later stays
  // open as keep-alive (until its client lets go) unless it is dropped as soon as it goes idle.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    clearInterval(sweep);
  }
  await database.close();
  return clean;
}

/**
 * Runs `stop` once on the first of `signals` (default SIGTERM and SIGINT), or when the returned
 * function is called. A repeated SIGTERM is ignored; a second Ctrl+C quits at once. Whatever
 * happens, the process is gone `graceMs` after the first signal.
 */
export function onShutdownSignals(
  stop: (signal: string) => Promise<number>,
  options: { graceMs: number; log: (line: string) => void; signals?: NodeJS.Signals[] },
): (reason: string) => void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) {
      if (signal === 'SIGINT') {
        options.log('Secondo Ctrl+C: uscita immediata');
        process.exit(130);
      }
      return;
    }
    stopping = true;
    setTimeout(() => {
      options.log('La chiusura non è terminata in tempo: uscita forzata');
      process.exit(1);
    }, options.graceMs).unref();
    stop(signal).then(
      (code) => process.exit(code),
      (error: unknown) => {
        options.log(`Chiusura non riuscita: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, handle);
  return handle;
}
