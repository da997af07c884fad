/**
 * Slow bodies against a running server (security hardening: connection hygiene). Opens `--sockets`
 * connections that each announce a body (`Content-Length: 1000000`, or the length a target names
 * after a colon) and then send one byte every `--drip-seconds`, spread over `--addresses` loopback
 * source addresses (127.0.1.x: several clients, each under MAX_CONNECTIONS_PER_ADDRESS), in turn to
 * each target: an /api route (no token: refused before the body is read), `/oidc/token` (handed to
 * oidc-provider, which reads the body itself) and the sign-in form (anonymous by nature, under its
 * 16 KB limit: the server's body timeout must cut it). Meanwhile a probe
 * from another address (`--probe-address`, 127.0.0.2: as a load balancer would) calls `GET /api/health/live` on a new
 * connection every 200 ms. Prints the liveness latency and, per target, how and when the slow
 * connections ended.
 *
 *   npm start   # in another terminal (PORT=8080)
 *   node bench/slow-bodies/run.ts [--url http://localhost:8080] [--sockets 200] [--addresses 4]
 *                                 [--drip-seconds 20] [--deadline-seconds 90]
 *
 * Linux (the whole 127.0.0.0/8 answers on loopback); against another host, `--probe-address ''` and
 * `--addresses` sources this machine has.
 */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    sockets: { type: 'string', default: '200' },
    addresses: { type: 'string', default: '4' },
    'drip-seconds': { type: 'string', default: '20' },
    'deadline-seconds': { type: 'string', default: '90' },
    'probe-address': { type: 'string', default: '127.0.0.2' },
    targets: { type: 'string', default: '/api/customers,/oidc/token,/oidc/interaction/bench/login:16000' },
  },
});
const base = new URL(values.url);
const host = base.hostname === 'localhost' ? '127.0.0.1' : base.hostname;
const port = Number(base.port || 80);
const count = Number(values.sockets);
const addresses = Number(values.addresses);
const dripMs = Number(values['drip-seconds']) * 1000;
const deadlineMs = Number(values['deadline-seconds']) * 1000;
/** `path[:announced length]`. */
const targets = values.targets.split(',').map((t) => t.trim()).filter(Boolean);
const announced = (target: string) => Number(/:(\d+)$/.exec(target)?.[1] ?? 1_000_000);
const pathOf = (target: string) => target.replace(/:\d+$/, '');

interface Slow {
  target: string;
  source: string;
  openedAt: number;
  /** ms from connect to close, once closed. */
  cutAfter?: number;
  /** The status line of what the server answered before closing, if anything. */
  status?: string;
  refused: boolean;
}

const sourceOf = (i: number) => `127.0.1.${(i % Math.max(1, addresses)) + 1}`;

function openSlow(i: number): Promise<Slow> {
  const target = targets[i % targets.length]!;
  const slow: Slow = { target, source: sourceOf(i), openedAt: Date.now(), refused: false };
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, localAddress: slow.source });
    let received = '';
    let drip: NodeJS.Timeout | undefined;
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      slow.openedAt = Date.now();
      const type = target.startsWith('/oidc') ? 'application/x-www-form-urlencoded' : 'application/json';
      socket.write(`POST ${pathOf(target)} HTTP/1.1\r\nHost: ${base.host}\r\nContent-Type: ${type}\r\nContent-Length: ${announced(target)}\r\n\r\n`);
      socket.write(type.includes('json') ? '{' : 'g');
      drip = setInterval(() => socket.writable && socket.write(' '), dripMs);
      resolve(slow);
    });
    socket.once('close', () => {
      clearInterval(drip);
      slow.cutAfter = Date.now() - slow.openedAt;
      slow.status = received.split('\r\n')[0] || undefined;
      // Closed before a single byte came back, within moments of connecting: refused at the door.
      slow.refused = !received && slow.cutAfter < 100;
      resolve(slow);
    });
  });
}

/** One liveness call on a fresh connection from the probe's address: its latency (ms), or NaN when it failed. */
function probe(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      { host, port, path: '/api/health/live', agent: false, localAddress: values['probe-address'] || undefined, timeout: 5_000 },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : Number.NaN));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(Number.NaN));
    request.end();
  });
}

const quantile = (sorted: number[], q: number) => (sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`);
const s = (value: number) => (Number.isNaN(value) ? '–' : `${(value / 1000).toFixed(1)} s`);

async function main() {
  const baseline: number[] = [];
  for (let i = 0; i < 10; i++) baseline.push(await probe());

  const started = Date.now();
  const slows = await Promise.all(Array.from({ length: count }, (_, i) => openSlow(i)));
  const opened = Date.now() - started;

  const latencies: number[] = [];
  let failures = 0;
  while (Date.now() - started < deadlineMs && slows.some((slow) => slow.cutAfter === undefined)) {
    const latency = await probe();
    if (Number.isNaN(latency)) failures += 1;
    else latencies.push(latency);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const sortedBaseline = baseline.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`slow bodies: ${count} connections from ${addresses} address(es) to ${base.origin} (opened in ${opened} ms), one byte every ${dripMs / 1000} s; ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}`);
  console.log(`liveness before: p50 ${ms(quantile(sortedBaseline, 0.5))}; during: ${sorted.length} calls, p50 ${ms(quantile(sorted, 0.5))}, p95 ${ms(quantile(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? Number.NaN)}, failed ${failures}`);
  console.log('');
  console.log('| target | connections | refused at connect | answered | cut after (min / p50 / max) | still open at the deadline |');
  console.log('|---|---|---|---|---|---|');
  for (const target of targets) {
    const mine = slows.filter((slow) => slow.target === target);
    const refused = mine.filter((slow) => slow.refused).length;
    const cut = mine.filter((slow) => slow.cutAfter !== undefined && !slow.refused).map((slow) => slow.cutAfter!).sort((a, b) => a - b);
    const statuses = new Map<string, number>();
    for (const slow of mine) if (slow.status) statuses.set(slow.status.replace(/^HTTP\/1\.1 /, ''), (statuses.get(slow.status.replace(/^HTTP\/1\.1 /, '')) ?? 0) + 1);
    const answered = [...statuses].map(([status, n]) => `${n} × ${status}`).join(', ') || '–';
    const open = mine.filter((slow) => slow.cutAfter === undefined).length;
    console.log(`| ${pathOf(target)} (${announced(target)} B announced) | ${mine.length} | ${refused} | ${answered} | ${s(quantile(cut, 0))} / ${s(quantile(cut, 0.5))} / ${s(cut.at(-1) ?? Number.NaN)} | ${open} |`);
  }
  process.exit(0);
}

await main();
