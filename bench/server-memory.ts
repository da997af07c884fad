/**
 * The resident memory of a server's processes, for the benchmarks that start one: the command
 * `npm start` runs (its environment and Node flags, read from package.json, on a build directory of
 * choice), the process and its cluster workers, and their VmRSS from /proc (Linux only: elsewhere
 * the figures are absent).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`'s command (or `script`, written the same way: `VAR=value … node flags… dist/server.js`) as
 * environment and Node arguments, with `dist/` replaced by `distDir` (relative to the root).
 */
export function startCommand(root: string, distDir = 'dist', script?: string): { env: Record<string, string>; nodeArgs: string[] } {
  script ??= (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
  const words = script.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  if (nodeAt < 0) throw new Error(`npm start does not run node: ${script}`);
  const env = Object.fromEntries(words.slice(0, nodeAt).map((word) => word.split('=', 2) as [string, string]));
  const nodeArgs = words.slice(nodeAt + 1).map((word) => (word.startsWith('dist/') ? path.join(distDir, word.slice('dist/'.length)) : word));
  return { env, nodeArgs };
}

/** VmRSS of a process in MB, or undefined when it is gone (or not on Linux). */
export function rssMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** The process and its descendants (a cluster primary and its workers). */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) children.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    return [pid];
  }
  return [pid, ...children.flatMap(processTree)];
}

export interface ProcessRss {
  pid: number;
  /** VmRSS before the load, after the server answered and idled. */
  idle?: number;
  /** Highest VmRSS sampled during the load. */
  peak?: number;
  /** VmRSS when the load ended. */
  end?: number;
}

/** Samples the VmRSS of a server's processes every `intervalMs` while a load runs. */
export class RssSampler {
  private readonly figures = new Map<number, ProcessRss>();
  private timer: NodeJS.Timeout | undefined;
  private readonly rootPid: number;

  constructor(rootPid: number) {
    this.rootPid = rootPid;
  }

  /** Records every process's idle figure. */
  idle(): void {
    for (const pid of processTree(this.rootPid)) this.figures.set(pid, { pid, idle: rssMb(pid) });
  }

  start(intervalMs = 200): void {
    const sample = () => {
      for (const pid of processTree(this.rootPid)) {
        const rss = rssMb(pid);
        if (rss === undefined) continue;
        const figure = this.figures.get(pid) ?? { pid };
        figure.peak = Math.max(figure.peak ?? 0, rss);
        this.figures.set(pid, figure);
      }
    };
    sample();
    this.timer = setInterval(sample, intervalMs);
  }

  stop(): ProcessRss[] {
    clearInterval(this.timer);
    for (const figure of this.figures.values()) {
      figure.end = rssMb(figure.pid);
      if (figure.end !== undefined) figure.peak = Math.max(figure.peak ?? 0, figure.end);
    }
    return [...this.figures.values()];
  }
}

/** `12345 idle 140 / peak 210 / end 190 MB`, per process, the first being the one started. */
export function formatRss(figures: ProcessRss[]): string {
  const mb = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(0));
  return figures.map((f) => `${f.pid} ${mb(f.idle)} / ${mb(f.peak)} / ${mb(f.end)}`).join('; ');
}
