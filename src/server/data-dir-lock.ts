/**
 * The embedded database belongs to one process: PGlite opens a data directory without locking it,
 * and a second process on the same files corrupts them. The server writes its PID into
 * `DATA_DIR/server.pid` while it runs; a second server, `npm run backup` and `npm run restore`
 * read it and refuse while that process lives. A file left by a crashed server is ignored.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'server.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A PID reused after a crash by something that is not Node is not our server (Linux tells us; elsewhere assume it is).
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/** The PID of a live server on this data directory other than this process, if any. */
export function runningServer(dataDir: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(text.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  return isAlive(pid) ? pid : undefined;
}

/** Claims the data directory for this process; throws (in Italian) when a live server holds it. Returns the release. */
export function claimDataDir(dataDir: string): () => void {
  const other = runningServer(dataDir);
  if (other !== undefined) {
    throw new Error(`un altro server (processo ${other}) sta già usando il database in ${dataDir}: fermarlo prima, o usare un altro DATA_DIR`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone.
    }
  };
}
