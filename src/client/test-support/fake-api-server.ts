/**
 * A local HTTP server standing in for the API in jsdom tests of screens, with the app's API client
 * pointed at it: each request comes with its path and its body as text, and `send` answers JSON or
 * problem+json. Written once for the screens' tests (the record controller, the record gate, the
 * intervention's qualification override).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApi } from '../api/client.ts';

export interface FakeRequest {
  method: string;
  /** The path without its query (`/api/reminders/r1`). */
  path: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (JSON text, or empty). */
  text: string;
}

export type Send = (status: number, body: unknown, type?: string) => void;

export interface FakeApi {
  close(): Promise<void>;
}

/** Listens on a free local port and configures the API client to it (`client`: more of the client's options). */
export async function startFakeApi(handle: (request: FakeRequest, send: Send) => void, client: Record<string, unknown> = {}): Promise<FakeApi> {
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const send: Send = (status, body, type = 'application/json') => {
        res.writeHead(status, { 'Content-Type': type });
        res.end(JSON.stringify(body));
      };
      const url = req.url ?? '';
      handle({ method: req.method ?? 'GET', path: url.split('?')[0]!, url, headers: req.headers, text }, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, ...client } as never);
  return {
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
