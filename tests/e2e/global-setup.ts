/**
 * Once per run: seeds one PGlite database (small scale) as a template, starts the server and the
 * Chromium that the files share, and stops them at the end.
 *
 * - A file that needs no settings of its own uses the shared server (harness.ts `startServer`): the
 *   files run one after the other in the order of their paths (sequencer.ts), each on the demo data as
 *   the files before it left it, as users share one deployment. A file that needs other settings, or
 *   data no other file changed (`own: true`), starts a server of its own on a copy of the template.
 * - Every file connects to the one Chromium (`launchBrowser`) and opens contexts of its own.
 *
 * A server and a browser started once instead of once per file: about 5 s less per file on two cores.
 * `E2E_SHARED=0` gives every file its own server and browser again (to tell an interaction between
 * files from a break).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { E2E_SEED_SCALE, e2eLaunchOptions, removeTemplates, seedTemplate, startOwnServer } from './harness.ts';

export default async function setup(project: TestProject) {
  project.provide('e2eSharedServerUrl', null);
  project.provide('e2eBrowserEndpoint', null);
  const shared = process.env.E2E_SHARED !== '0';
  const browser = shared ? await chromium.launchServer(e2eLaunchOptions()) : undefined;
  if (browser) project.provide('e2eBrowserEndpoint', browser.wsEndpoint());
  // Against a running server (E2E_SERVER_URL), no template is needed by the tests that use it.
  if (process.env.E2E_SERVER_URL) return () => browser?.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-template-'));
  const started = Date.now();
  await seedTemplate(dir);
  console.log(`E2E: demo data seeded at scale ${E2E_SEED_SCALE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('e2eTemplateDir', dir);
  const server = shared ? await startOwnServer({ template: dir }) : undefined;
  if (server) project.provide('e2eSharedServerUrl', server.url);
  return async () => {
    await server?.stop();
    await browser?.close();
    removeTemplates(dir);
  };
}
