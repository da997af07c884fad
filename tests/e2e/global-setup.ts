/**
 * Seeds one PGlite database per run (small scale) as a template; every `startServer()` copies it,
 * so each test file gets a fresh database without paying for the seed again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_SEED_SCALE, seedTemplate } from './harness.ts';

export default async function setup(project: TestProject) {
  // Against a running server (E2E_SERVER_URL), no template is needed by the tests that use it.
  if (process.env.E2E_SERVER_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-template-'));
  const started = Date.now();
  await seedTemplate(dir);
  console.log(`E2E: demo data seeded at scale ${E2E_SEED_SCALE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('e2eTemplateDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
