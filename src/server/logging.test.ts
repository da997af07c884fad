import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { prettyLine, RequestLog } from './logging.ts';

describe('prettyLine', () => {
  it('writes level names in Italian with the message, and the stack for errors', () => {
    const time = Date.UTC(2026, 0, 1, 9, 5, 7);
    expect(prettyLine(JSON.stringify({ level: 30, time, msg: 'In ascolto su http://127.0.0.1:8080' }))).toMatch(/^\d\d:\d\d:\d\d INFO +In ascolto su http:\/\/127\.0\.0\.1:8080\n$/);
    const warn = prettyLine(JSON.stringify({ level: 40, time, msg: 'database unavailable', reqId: 'req-7', reason: 'Connection terminated' }));
    expect(warn).toContain('AVVISO  database unavailable [richiesta req-7]: Connection terminated');
    const error = prettyLine(JSON.stringify({ level: 50, time, msg: 'request failed', err: { message: 'boom', stack: 'Error: boom\n    at x.ts:1' } }));
    expect(error).toContain('ERRORE  request failed\n  Error: boom\n      at x.ts:1\n');
  });

  it('passes through a line that is not JSON', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});

describe('RequestLog', () => {
  async function logged(level: 'debug' | 'info', loggerLevel: string) {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({ logger: { level: loggerLevel, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } }, logController: new RequestLog(level) });
    app.get('/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/x?y=1' });
    await app.close();
    return lines.filter((line) => (line.req as { url?: string } | undefined)?.url === '/x?y=1');
  }

  it('writes one line per request at its level, without the "incoming request" line', async () => {
    const lines = await logged('info', 'info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/x 200 \(\d+ ms\)$/), res: { statusCode: 200 } });
  });

  it('keeps request lines out of an info console when they are at debug', async () => {
    expect(await logged('debug', 'info')).toHaveLength(0);
    expect(await logged('debug', 'debug')).toHaveLength(1);
  });
});
