/**
 * Connection hygiene: a client may not hold a connection, or many, for nothing. Slow headers are
 * cut by Node's `headersTimeout`; a body that does not arrive within HTTP_BODY_TIMEOUT_SECONDS of
 * its headers gets 408 and its connection is closed; an idle kept-alive connection goes after
 * HTTP_KEEP_ALIVE_TIMEOUT_SECONDS and any connection with no byte moving after
 * HTTP_IDLE_TIMEOUT_SECONDS. Upload links (the signed PUT of media, large and legitimately long)
 * are not bound by the body timeout: they are cut when no byte arrives for UPLOAD_IDLE_TIMEOUT_SECONDS.
 * One address may hold MAX_CONNECTIONS_PER_ADDRESS connections (trusted proxies exempt), the
 * process MAX_CONNECTIONS.
 *
 * The body timeout is ours rather than Node's `requestTimeout`: Node's applies to every request
 * alike (an upload link could not be spared) and is checked on a sweep, so it cuts late.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { HttpLimits } from '../config.ts';
import { Problem, type ProblemCode } from './problems.ts';
import { plainAddress, proxyMatcher } from './proxies.ts';

/** Fastify's (and through it Node's) server options for these limits. */
export function serverTimeouts(limits: HttpLimits): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  return {
    // No byte in or out for this long: the socket is closed (event streams send a heartbeat every 20 s).
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // The body timeout is enforced per request below (upload links have their own); Node's would cut them too.
    requestTimeout: 0,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the headers deadline on this sweep (30 s by default): often enough to cut near the deadline.
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

/** Whether a request announces a body (RFC 9112 §6.3: Transfer-Encoding or a non-zero Content-Length). */
export function announcesBody(request: IncomingMessage): boolean {
  return request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
}

/** Whether part of the request's body has not arrived yet (an answer sent now must close the connection). */
export function bodyPending(request: IncomingMessage): boolean {
  return announcesBody(request) && !request.complete;
}

/** Writes a problem+json answer straight on the socket (when `canAnswer`: no answer on it is half-written) and closes it. */
export function answerAndClose(socket: Socket, code: ProblemCode, canAnswer: boolean): void {
  if (socket.writable && canAnswer) {
    const problem = new Problem(code);
    const body = JSON.stringify(problem.toBody());
    socket.write(
      `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n`
        + `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export interface ConnectionGuardOptions {
  limits: HttpLimits;
  trustedProxies: readonly string[];
  /** Requests whose body streams for as long as bytes keep coming (upload links). */
  isStreamedBody(request: IncomingMessage): boolean;
  log: { warn(object: object, message: string): void };
}

/** Refused connections are logged at most once a minute, with how many, not one line each. */
const REFUSAL_LOG_MS = 60_000;

/** Installs the per-address cap, the process cap and the body timeouts on the app's HTTP server. */
export function guardConnections(app: FastifyInstance, options: ConnectionGuardOptions): void {
  const { limits } = options;
  const server = app.server;
  // Answered before its body arrived (refused unauthenticated, unknown route…): the rest is not waited for, the connection goes.
  app.addHook('onSend', async (request, reply) => {
    if (bodyPending(request.raw)) reply.header('Connection', 'close');
  });

  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;

  const trusted = proxyMatcher(options.trustedProxies);
  const perAddress = new Map<string, number>();
  let refused = 0;
  let refusalLogged = 0;
  server.on('connection', (socket: Socket) => {
    if (limits.maxConnectionsPerAddress === 0 || !socket.remoteAddress) return;
    const address = plainAddress(socket.remoteAddress);
    if (trusted(address)) return;
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      refused += 1;
      if (Date.now() - refusalLogged >= REFUSAL_LOG_MS) {
        options.log.warn({ address, refused, limit: limits.maxConnectionsPerAddress }, 'connessioni rifiutate: troppe dallo stesso indirizzo');
        refusalLogged = Date.now();
        refused = 0;
      }
      return;
    }
    perAddress.set(address, open + 1);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!announcesBody(request) || request.complete) return;
    const socket = request.socket;
    // Answers written past Fastify (the provider at /oidc refuses an oversized body at once) close the
    // connection too when the body is still coming: Node would otherwise read it to the end, for as long as it drips.
    response.once('finish', () => {
      if (bodyPending(request)) socket.destroySoon();
    });
    if (options.isStreamedBody(request)) {
      // While the body streams, the socket's idle timeout is the upload's; then the usual one again.
      socket.setTimeout(limits.uploadIdleTimeoutMs);
      request.once('end', () => socket.setTimeout(limits.idleTimeoutMs));
      return;
    }
    const timer = setTimeout(() => {
      // A body fully received but not read yet is the server's delay, not the client's.
      if (request.complete || socket.destroyed) return;
      answerAndClose(socket, 'REQUEST_TIMEOUT', !response.headersSent);
    }, limits.bodyTimeoutMs);
    timer.unref();
    const clear = () => {
      clearTimeout(timer);
      socket.off('close', clear);
    };
    request.once('end', clear);
    request.once('close', clear);
    socket.once('close', clear);
  });
}

/**
 * Fastify's `clientErrorHandler`: what Node refuses before a request exists (headers too slow, a
 * malformed request) is answered as problem+json too, then the connection is closed. A connection
 * that has already carried an answer is just closed (Node cannot say whether one is half-written).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  answerAndClose(socket, error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'REQUEST_TIMEOUT' : 'BAD_REQUEST', socket.bytesWritten === 0);
}
