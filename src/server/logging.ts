/**
 * The server's log: readable lines on a console (LOG_FORMAT=pretty, the default) or one JSON object
 * a line for a log collector (LOG_FORMAT=json). One line per finished request — at `debug` when
 * pretty, so `npm start` shows progress and errors only; at `info` as JSON, the access log of a
 * deployment. Fastify's own "incoming request" line is never written.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.ts';

type Level = 'debug' | 'info';

/** Fastify's request logging with one line per request, at the level the format asks for. */
export class RequestLog extends LogController {
  private readonly level: Level;

  constructor(level: Level) {
    super();
    this.level = level;
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const path = request.url.split('?')[0];
    reply.log[this.level](
      { req: { method: request.method, url: request.url }, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
      `${request.method} ${path} ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`,
    );
  }
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACCIA', 20: 'DEBUG', 30: 'INFO', 40: 'AVVISO', 50: 'ERRORE', 60: 'FATALE' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string; stack?: string; code?: string };
  [key: string]: unknown;
}

/** One pino JSON line as a readable console line: time, level, message, the error's stack for errors. */
export function prettyLine(json: string): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = record.level ?? 30;
  const time = new Date(record.time ?? Date.now()).toLocaleTimeString('it-IT', { hour12: false });
  const name = LEVEL_NAMES[level] ?? String(level);
  let line = `${time} ${name.padEnd(7)} ${record.msg ?? ''}`;
  if (record.reqId && level >= 40) line += ` [richiesta ${record.reqId}]`;
  if (typeof record.reason === 'string') line += `: ${record.reason}`;
  if (record.err) {
    const detail = level >= 50 && record.err.stack ? record.err.stack : (record.err.message ?? '');
    if (detail) line += `\n  ${detail.replace(/\n/g, '\n  ')}`;
  }
  return `${line}\n`;
}

/** Fastify's logger and log controller for this configuration. */
export function loggingOptions(config: Pick<ServerConfig, 'logLevel' | 'logFormat'>): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const logController = new RequestLog(config.logFormat === 'json' ? 'info' : 'debug');
  if (config.logFormat === 'json') return { logger: { level: config.logLevel }, logController };
  const stream = {
    write(json: string) {
      const line = prettyLine(json);
      // Warnings and errors on stderr, as a console user expects; the rest on stdout.
      if (/^\S+ (AVVISO|ERRORE|FATALE)/.test(line)) process.stderr.write(line);
      else process.stdout.write(line);
    },
  };
  return { logger: { level: config.logLevel, stream }, logController };
}
