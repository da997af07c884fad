import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { EndToEndInPathOrder } from './tests/e2e/sequencer.ts';

// Vitest runs one file at a time on two cores (its default is cores − 1). The unit, service and API
// tiers run two at a time there: a file of theirs waits on a database or imports for much of its
// time, and every file has its own database (a PGlite copy, or a schema of its own).
const TIER_WORKERS = Math.max(2, os.availableParallelism() - 1);

// The unit and service tiers run their files in worker threads of one process (`pool: 'threads'`)
// rather than child processes (vitest's default): no process to start and no module cache to warm per
// file. Quiet two-core machine, each tier alone: unit 169 → 124 s wall (CPU 314 → 226 s), service
// 67 → 51 s (CPU 97 → 69 s). Their files change no process-wide state (no env stubs, no chdir, no
// signal handlers; fake timers are per thread). The API tier stays in child processes: it needs
// `--expose-gc`, which a worker thread cannot be given, and it starts and signals servers.
//
// The service and API tiers share their modules between the files a worker runs (`isolate: false`):
// every file imports the whole server, and importing it again for each of 94 files was a third of the
// API tier's time (538 → 376 s, service 49 → 35 s, on a quiet two-core machine). Their files hold no
// state in modules: each builds its own app and database (setup.ts) and restores what it stubs. The unit
// tier stays isolated: its screens keep state in modules (5 failures without isolation, and no faster).
//
// Four tiers (DESIGN §6.8, §6.13): unit tests next to the code; service tests of the rules (the
// permission matrix among them) on a real database without HTTP; API tests of HTTP against a real
// database, both once on embedded PGlite and once on a PostgreSQL server when one is reachable;
// end-to-end tests that press real keys in a real Chromium against the real server.
export default defineConfig({
  test: {
    sequence: { sequencer: EndToEndInPathOrder },
    projects: [
      {
        test: {
          name: 'unit',
          pool: 'threads',
          include: ['src/**/*.test.{ts,tsx}', 'commands/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test-support/unit-setup.ts'],
          maxWorkers: TIER_WORKERS,
          // Above the screens' five-second waits (unit-setup.ts).
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'service',
          include: ['tests/service/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
          globalSetup: ['tests/service/global-setup.ts'],
          maxWorkers: TIER_WORKERS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/api/global-setup.ts'],
          maxWorkers: TIER_WORKERS,
          // As `npm start` runs the server: uploads collect their read buffers as they go (media/files.ts).
          execArgv: ['--expose-gc'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Seeds the template database once per run, and starts the server and the Chromium the files
          // share (tests/e2e/global-setup.ts); the files run in the order of their paths (sequencer.ts).
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The files share their imports (the harness, the domain modules they check against), as the
          // service and API tiers do: each file's state is its own server, browser contexts and data.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // `expect.poll` without its own limit waits up to 10 s for what the app shows (vitest's 1 s
          // fails on a loaded two-core machine); a test that fails still fails, only later.
          expect: { poll: { timeout: 10_000 } },
          // One browser and one server at a time: the machine has two cores, and the tier is CPU-bound
          // (twelve of its files took 274.5 s one at a time, 307.5 s two at a time, with a failure).
          fileParallelism: false,
          // No retry: a test that fails once fails the run (E2E_RETRY=N allows N, to tell a flake
          // from a break while investigating). The flakes found were product races, fixed: the
          // three-tab renewal (src/client/auth/renewal-handoff.ts), two deliveries in a row answered
          // 409 by the first's own write (src/client/data/records.ts, `ownSequence`).
          retry: Number(process.env.E2E_RETRY ?? 0),
        },
      },
    ],
  },
});
