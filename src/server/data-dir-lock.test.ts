import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDataDir, LOCK_FILE, runningServer } from './data-dir-lock.ts';

describe('data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes this process id and removes it on release', () => {
    const release = claimDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    // This process is not "another server".
    expect(runningServer(dir)).toBeUndefined();
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while another live Node process holds it, and ignores a file left by a dead one', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, LOCK_FILE), `${child.pid}\n`);
      expect(runningServer(dir)).toBe(child.pid);
      expect(() => claimDataDir(dir)).toThrow(`un altro server (processo ${child.pid}) sta già usando il database in ${dir}`);
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    expect(runningServer(dir)).toBeUndefined();
    claimDataDir(dir)();
  });
});
