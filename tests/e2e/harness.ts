/**
 * End-to-end harness (DESIGN §6.8): the real built server (`dist/server.js`, or `$DIST_DIR`) on a
 * free port with its own copy of a PGlite database seeded once per run (global-setup.ts), a real
 * Chromium through playwright-core, and sign-in through the real login page with the keyboard.
 *
 *   const server = await startServer();            // or startServer({ authDisabled: true })
 *   const browser = await launchBrowser();
 *   const page = await browser.newPage();
 *   await page.goto(`${server.url}/customers`);    // redirected to the login page
 *   await signIn(page, server, DEMO.admin);         // back on /customers, signed in
 *   …
 *   await browser.close(); await server.stop();
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, inject, type ProvidedContext } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type FileChooser, type LaunchOptions, type Locator, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { freePort } from '../support/free-port.ts';
import { CHROMIUM_ARGS, NO_OMNIBOX_POPUP, chromiumPath } from '../support/chromium.ts';
import { businessDay } from '../../src/domain/business-day.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Node 24 from the `node` devDependency; the system node may be older. */
export const NODE = path.join(ROOT, 'node_modules/.bin/node');
/** Small demo data: enough rows of every kind for the screens, seeded in seconds rather than a minute. */
export const E2E_SEED_SCALE = process.env.E2E_SEED_SCALE || '0.05';

export function distDir(): string {
  return path.resolve(ROOT, process.env.DIST_DIR || 'dist');
}

/** The demo users of the seed (src/server/seed/generators/demo-users.ts), all with the demo password. */
export const DEMO_PASSWORD = 'Demo-2026!';
export const DEMO = {
  admin: 'admin@demo.sicurezza.it',
  salesman: 'commerciale@demo.sicurezza.it',
  salesManager: 'responsabile.commerciale@demo.sicurezza.it',
  maintainer: 'manutentore@demo.sicurezza.it',
  planner: 'pianificatore@demo.sicurezza.it',
  operator: 'operatore@demo.sicurezza.it',
  external: 'esterno@demo.sicurezza.it',
  customer1: 'cliente1@demo.sicurezza.it',
  customer2: 'cliente2@demo.sicurezza.it',
} as const;

export interface TestServer {
  /** `http://localhost:PORT` (also the PUBLIC_URL, so the issuer and redirect URIs match what the browser sees). */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  /** `fetch` against the server's /api with an optional bearer token. */
  api(pathAndQuery: string, init?: RequestInit & { token?: string }): Promise<Response>;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** AUTH_DISABLED=1: /api runs as DEV_USER_EMAIL (admin by default) without a token, no sign-in. */
  authDisabled?: boolean;
  env?: Record<string, string | undefined>;
  /** Milliseconds to wait for /api/health (default 60 s). */
  startTimeoutMs?: number;
  /** A server of its own even without other settings (data no other file may have changed, its output). */
  own?: boolean;
}

function assertBuilt(): string {
  const server = path.join(distDir(), 'server.js');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(distDir(), 'public', 'index.html'))) {
    throw new Error(`End-to-end tests need a build: ${server} is missing. Run \`npm run test:e2e\` (it builds first) or \`npm run build\`.`);
  }
  return server;
}

/** Seeds a PGlite data directory with `dist/seed.js` (used once per run by the global setup). */
export async function seedTemplate(dir: string, scale = E2E_SEED_SCALE): Promise<void> {
  assertBuilt();
  fs.mkdirSync(dir, { recursive: true });
  // The seed's reference day is the business day it starts on; kept beside the data (`seededDay`).
  const day = businessDay();
  const env = cleanEnv({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
  await promisify(execFile)(NODE, [path.join(distDir(), 'seed.js'), '--scale', String(scale)], { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 });
  fs.writeFileSync(seededDayFile(dir), day);
}

const seededDayFile = (dir: string) => path.join(dir, 'e2e-seeded-day');

/** The business day a template was seeded for (its interventions «today», its deadlines «in 30 days»). */
function seededDay(dir: string): string | undefined {
  try {
    return fs.readFileSync(seededDayFile(dir), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The run's template if it was seeded for today; after midnight in Rome (a run that crosses it), one
 * seeded for the new day, beside it and shared by the files that follow. The screens take «today» from
 * the clock, and so do the tests: on data seeded the day before, today's work is yesterday's.
 */
async function todaysTemplate(base: string): Promise<string> {
  const today = businessDay();
  if (seededDay(base) === today) return base;
  const dir = `${base}-${today}`;
  if (seededDay(dir) === today) return dir;
  const partial = `${dir}.${process.pid}`;
  const started = Date.now();
  await seedTemplate(partial);
  try {
    fs.renameSync(partial, dir);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true }); // another worker got there first: its copy is today's as well
  }
  console.log(`E2E: the business day changed since the run's demo data was seeded: seeded again for ${today} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return dir;
}

/** Removes a template and those seeded beside it for a later day (global-setup.ts, at the end of the run). */
export function removeTemplates(base: string): void {
  for (const name of fs.readdirSync(path.dirname(base))) {
    if (name === path.basename(base) || name.startsWith(`${path.basename(base)}-`)) fs.rmSync(path.join(path.dirname(base), name), { recursive: true, force: true });
  }
}

/** What the run's global setup provided (global-setup.ts); undefined outside a vitest run (a benchmark, the global setup itself). */
function providedByRun<K extends 'e2eTemplateDir' | 'e2eSharedServerUrl' | 'e2eBrowserEndpoint'>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

let lazyTemplate: Promise<string> | undefined;

/** The template seeded by global-setup.ts, or (file run without it) one seeded on first use. */
async function templateDir(): Promise<string> {
  const provided = providedByRun('e2eTemplateDir');
  if (provided && fs.existsSync(provided)) return todaysTemplate(provided);
  lazyTemplate ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-template-'));
    await seedTemplate(dir);
    process.once('exit', () => removeTemplates(dir));
    return dir;
  })();
  return todaysTemplate(await lazyTemplate);
}

/** The inherited environment without anything that would point the server elsewhere. */
function cleanEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_AUDIENCE', 'OIDC_SCOPE', 'OIDC_TOKEN_TYPE', 'AUTH_DISABLED', 'DEV_USER_EMAIL', 'PUBLIC_URL', 'PORT', 'DATA_DIR', 'SEED_SCALE']) {
    delete env[name];
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * `E2E_SERVER_URL` (e.g. `http://localhost:8080` of `npm start` in a fresh clone): the tests that need
 * no server settings of their own run against that running server and its demo data instead of one
 * started per file (to walk the journeys on a real deployment; its data is changed as a user would).
 */
export const EXTERNAL_SERVER_URL = process.env.E2E_SERVER_URL?.replace(/\/+$/, '') || undefined;

function externalServer(url: string): TestServer {
  return {
    url,
    port: Number(new URL(url).port || 80),
    dataDir: '',
    output: () => `(the server at ${url} runs outside the tests)`,
    api: (pathAndQuery, init = {}) => {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return fetch(`${url}/api${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`, { ...rest, headers });
    },
    stop: async () => undefined,
  };
}

/** What the global setup provides of the run's shared server (global-setup.ts), if it started one. */
function sharedServerUrl(): string | undefined {
  return EXTERNAL_SERVER_URL ?? providedByRun('e2eSharedServerUrl') ?? undefined;
}

/**
 * The run's shared server (or `E2E_SERVER_URL`'s) when the test needs no settings of its own; else a
 * server of its own on a fresh copy of the demo data (`own: true` asks for one without other settings).
 */
export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const shared = sharedServerUrl();
  if (shared && !options.authDisabled && !options.env && !options.own && !sharedServerSeededBeforeToday()) return externalServer(shared);
  return startOwnServer(options);
}

/** The run's shared server holds data seeded for an earlier day (the run crossed midnight in Rome): each file then starts its own on today's. */
function sharedServerSeededBeforeToday(): boolean {
  if (EXTERNAL_SERVER_URL) return false;
  const template = providedByRun('e2eTemplateDir');
  return template !== undefined && seededDay(template) !== businessDay();
}

/** A server of its own: the built server on a free port with a fresh copy of the demo data. */
export async function startOwnServer(options: StartServerOptions & { template?: string } = {}): Promise<TestServer> {
  const script = assertBuilt();
  const template = options.template ?? (await templateDir());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  fs.cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // No map tiles from the internet: the customer overviews' maps draw their markers on a plain background.
    MAP_TILE_URL: '',
    ...(options.authDisabled ? { AUTH_DISABLED: '1' } : {}),
    ...options.env,
  });

  let output = '';
  const child: ChildProcess = spawn(NODE, ['--expose-gc', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`The server exited before answering /api/health:\n${output}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health within the time limit:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    port,
    dataDir,
    output: () => output,
    api: (pathAndQuery, init = {}) => {
      const { token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return fetch(`http://127.0.0.1:${port}/api${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`, { ...rest, headers });
    },
    stop,
  };
}

/** A download's bytes, as Playwright streams them (whatever browser it came from). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** How the end-to-end tests launch Chromium (the run's shared one too, global-setup.ts). */
export const e2eLaunchOptions = (): LaunchOptions => ({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, NO_OMNIBOX_POPUP] });

/**
 * The run's Chromium (global-setup.ts), connected to: a file's contexts are its own (cookies, storage,
 * cache, service workers), and `close()` closes them and disconnects. With launch options, or without
 * the shared one, a Chromium of its own.
 */
export async function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  const endpoint = providedByRun('e2eBrowserEndpoint');
  if (endpoint && Object.keys(options).length === 0) return chromium.connect(endpoint);
  return chromium.launch({ ...e2eLaunchOptions(), ...options });
}

/**
 * Signs in on the real login page of the embedded provider using only the keyboard: waits for the
 * page (after a navigation that needed sign-in), types the e-mail in the focused field, Tab to the
 * password, Enter to submit, then waits until the browser is back in the app with a token. If the
 * provider still has a session for this browser (no login page), it returns once back in the app.
 */
export async function signIn(page: Page, server: Pick<TestServer, 'url'>, email: string, password = DEMO_PASSWORD): Promise<void> {
  const origin = new URL(server.url).origin;
  const inApp = (url: URL) => url.origin === origin && !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/');
  const hasUser = () => Object.keys(localStorage).some((key) => key.startsWith('oidc.user:'));
  const login = page.locator('input#login');
  const shown = await Promise.race([
    login.waitFor({ state: 'visible', timeout: 60_000 }).then(() => 'login' as const),
    page
      .waitForURL(inApp, { timeout: 60_000 })
      .then(() => page.waitForFunction(hasUser, undefined, { timeout: 60_000 }))
      .then(() => 'signed-in' as const)
      // A navigation on the way to the login page may interrupt this check: then the login page decides.
      .catch(() => new Promise<never>(() => undefined)),
  ]);
  if (shown === 'signed-in') return;
  // The login field has autofocus; make sure of it without a click (keyboard only).
  if (!(await login.evaluate((element) => element === document.activeElement))) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(inApp, { timeout: 30_000 });
  await page.waitForFunction(hasUser, undefined, { timeout: 30_000 });
}

/** The user oidc-client-ts keeps in localStorage (`oidc.user:<authority>:<client>`), parsed. */
export async function storedUser(page: Page): Promise<{ key: string; user: { access_token: string; refresh_token?: string; id_token?: string; expires_at?: number; profile: Record<string, unknown> } } | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? { key, user: JSON.parse(localStorage.getItem(key) ?? 'null') } : null;
  });
}

/** A record as the API answers it (`data` of a JSON:API document), read loosely by the tests. */
export interface Entity { id: string; attributes: Record<string, any>; metadata: Record<string, any>; relationships: Record<string, any> }

/** Whether the locator's element has the keyboard focus (a `pressUntil` condition). */
export const isFocused = (locator: Locator) => () => locator.evaluate((element) => element === document.activeElement);

/** A server, a browser and one context signed in by keyboard: how most e2e files start. */
export interface SignedInSession {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The signed-in user's access token, for API calls that prepare or check what the page does. */
  token: string;
  close(): Promise<void>;
}

export interface SignedInSessionOptions {
  /** Demo user to sign in as (default the administrator). */
  email?: string;
  /** App path opened before signing in (default `/dashboard`). */
  path?: string;
  viewport?: { width: number; height: number };
  /** More options of the browser context (a phone: `{ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }`). */
  contextOptions?: BrowserContextOptions;
  server?: StartServerOptions;
}

export async function signedInSession(options: SignedInSessionOptions = {}): Promise<SignedInSession> {
  const server = await startServer(options.server);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext({ locale: 'it-IT', viewport: options.viewport ?? { width: 1400, height: 900 }, ...options.contextOptions });
    const page = await context.newPage();
    // File choosers are intercepted from the start: Playwright turns interception on asynchronously
    // when the first 'filechooser' listener is added, so a key press sent right after
    // `waitForEvent('filechooser')` could open the chooser before it was on, and no event came (seen
    // once in about twelve runs of sales-flow's Ctrl+U).
    page.on('filechooser', () => undefined);
    // Only the first answer is awaited: the app redirects on to the sign-in page, which signIn waits for
    // (a full "load" of the app's bundle can take over 30 s on a loaded two-core machine).
    await page.goto(`${server.url}${options.path ?? '/dashboard'}`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(page, server, options.email ?? DEMO.admin);
    const token = (await storedUser(page))!.user.access_token;
    const opened = browser;
    return {
      server, browser: opened, context, page, token,
      async close() {
        // `E2E_SCREENSHOT_DIR`: the screen the test ended on, one PNG per session (for review).
        const shots = process.env.E2E_SCREENSHOT_DIR;
        if (shots && !page.isClosed()) {
          fs.mkdirSync(shots, { recursive: true });
          const name = path.basename(expect.getState().testPath ?? 'session', '.test.ts');
          await page.screenshot({ path: path.join(shots, `${name}-${Date.now()}.png`) }).catch(() => undefined);
        }
        await context.close();
        await opened.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}

/** Moves the keyboard focus out of any field (shortcuts without a modifier never fire while typing). */
export async function focusOutOfFields(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Presses keys one after the other, as a user types a sequence (`r`, `c`). */
export async function pressKeys(page: Page, ...keys: string[]): Promise<void> {
  for (const key of keys) await page.keyboard.press(key);
}

/**
 * Presses `keys` out of any field until `reached` holds (polled up to 7.5 s after each try, at most
 * `attempts` tries), for keys that only open or show something (`r s`, `s d`, Alt+R): pressing them
 * again does no harm. A record's keys act once the screen has published the record as the tab's
 * document, in an effect after the page is drawn: on a busy machine a key sent right after the page
 * shows can find nothing to act on, and a user who sees nothing happen presses again.
 */
export async function pressKeysUntil(page: Page, keys: readonly string[], reached: () => Promise<boolean>, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await focusOutOfFields(page);
    await pressKeys(page, ...keys);
    const deadline = Date.now() + 7_500;
    while (Date.now() < deadline) {
      if (await reached().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (attempt >= attempts) throw new Error(`${keys.join(' ')}: nothing happened in ${attempts} tries`);
  }
}

/** Whether the page shows `pathname`: a `pressKeysUntil` condition. */
export const isAtPath = (page: Page, pathname: string) => async () => new URL(page.url()).pathname === pathname;

/** Whether the customer page's section of keys `s <key>` is the one shown: a `pressKeysUntil` condition. */
export const isCustomerSection = (page: Page, key: string) => async () =>
  (await page.locator(`.customer-page:visible [role=tab][aria-keyshortcuts="s ${key}"]`).first().getAttribute('aria-selected')) === 'true';

/**
 * Presses `key` (Ctrl+U) until the page opens a file chooser, and gives it `files`. The key opens the
 * picker of an editor that registers itself once the record is the tab's focused one: on a busy
 * machine its panel can be drawn first, and a user who sees no picker presses again.
 */
export async function chooseFilesByKey(page: Page, key: string, files: Parameters<FileChooser['setFiles']>[0], attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForEvent('filechooser', { timeout: 8_000 }).catch(() => undefined);
    await page.keyboard.press(key);
    const opened = await chooser;
    if (opened) return opened.setFiles(files);
    if (attempt >= attempts) throw new Error(`${key} opened no file chooser in ${attempts} tries`);
  }
}

/**
 * Waits until the open record offers the command (its button in the transition bar shown and enabled:
 * the server's answer for the saved version has arrived), then presses its keys out of any field, as a
 * user who sees the button light up does.
 */
export async function pressWhenOffered(page: Page, commandId: string, ...keys: string[]): Promise<void> {
  const button = page.locator(`[data-command="${commandId}"]:visible`).first();
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  // A transition's id names its kind (`transition.assignments.start`): its keys act on that published record.
  await pressOnRecord(page, `${commandId.split('.')[1]}/`, ...keys);
}

/**
 * Presses a record's keys (`r d`, `t i r`) out of any field once the shown tab has published a record
 * whose `type/id` starts with `record` (`quotations/`, `anomalies/<id>`): the panel's `data-document`
 * (tab-panel.tsx). The keys act on the published record, which a screen publishes in an effect after
 * it is drawn: on a busy machine a key sent as soon as the page shows could find nothing to act on.
 */
export async function pressOnRecord(page: Page, record: string, ...keys: string[]): Promise<void> {
  await page.locator(`.tab-panel:visible[data-document^="${record}"]`).first().waitFor({ timeout: 15_000 });
  await focusOutOfFields(page);
  await pressKeys(page, ...keys);
}

/** The code of the board card the keyboard cursor is on (the grid's `aria-activedescendant`), or null. */
export const activeCardCode = (page: Page) =>
  page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-activedescendant') ?? '')?.getAttribute('data-code') ?? null);

/** A token of another demo user, signed in through the same provider in a browser context of its own (closed after). */
export async function signedInToken(session: Pick<SignedInSession, 'browser' | 'server'>, email: string): Promise<string> {
  const context = await session.browser.newContext({ locale: 'it-IT' });
  try {
    const page = await context.newPage();
    await page.goto(`${session.server.url}/dashboard`, { waitUntil: 'commit', timeout: 60_000 });
    await signIn(page, session.server, email);
    return (await storedUser(page))!.user.access_token;
  } finally {
    await context.close();
  }
}

/** The `data` of a GET on the API (`/orders/…`) with the signed-in user's token; anything but 200 fails the test with the body. */
export async function apiData<T>(server: Pick<TestServer, 'api'>, token: string, pathAndQuery: string): Promise<T> {
  const response = await server.api(pathAndQuery, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The `data` of a POST creating a record (`/assignments`) with the signed-in user's token; anything but 201 fails the test with the body. */
export async function apiCreated<T>(server: Pick<TestServer, 'api'>, token: string, type: string, body: unknown): Promise<T> {
  const response = await server.api(`/${type}`, { token, method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateDir: string;
    /** The server the run's files share (global-setup.ts), or null when each file starts its own. */
    e2eSharedServerUrl: string | null;
    /** The run's Chromium (`launchServer`), which every file connects to, or null. */
    e2eBrowserEndpoint: string | null;
  }
}

/**
 * Ctrl+K, types `text`, moves with the arrows to the first item that contains `item` (its whole text,
 * or only its title with `{ title: true }`), presses Enter (or `key`, Shift+Enter for a new tab): how a user opens a record, a screen or a
 * saved view from the palette.
 */
export async function openFromPalette(page: Page, text: string, item: string | RegExp = text, options: { title?: boolean; key?: string } = {}): Promise<void> {
  const palette = page.locator('[cmdk-dialog]');
  await page.keyboard.press('Control+k');
  await palette.waitFor({ state: 'visible' });
  // Typed once the field has the keyboard, and checked: keys pressed before it had it would be lost.
  const field = palette.locator('[cmdk-input]');
  await expect.poll(() => field.evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);
  await page.keyboard.type(text, { delay: 20 });
  await expect.poll(() => field.inputValue(), { timeout: 5_000 }).toBe(text);
  // The records of the typed text, every kind's (they arrive kind by kind, each in its place): an item
  // chosen earlier could be another kind's, or an earlier term's, that the first answers put first.
  await palette.getByText('Ricerca dei record…').waitFor({ state: 'hidden', timeout: 30_000 });
  // A disabled item (a command not possible now, listed with its reason) is never the one chosen.
  const items = palette.locator('[cmdk-item]:not([data-disabled="true"])');
  const target = (options.title ? items.filter({ has: page.locator('.palette-item-title', { hasText: item }) }) : items.filter({ hasText: item })).first();
  await target.waitFor({ state: 'visible', timeout: 15_000 }).catch(async (error: Error) => {
    // What the palette held instead: its field, its first items and where the keyboard was.
    const seen = await page.evaluate(() => ({
      field: document.querySelector<HTMLInputElement>('[cmdk-input]')?.value,
      items: [...document.querySelectorAll('[cmdk-item]')].slice(0, 8).map((item) => item.textContent),
      focus: document.activeElement?.outerHTML.slice(0, 120),
      url: location.href,
      controlled: navigator.serviceWorker?.controller?.scriptURL ?? null,
    }));
    error.message += `\npalette: ${JSON.stringify(seen)}`;
    throw error;
  });
  for (let i = 0; i < 40 && (await target.getAttribute('data-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press(options.key ?? 'Enter');
  await palette.waitFor({ state: 'hidden' });
}

/** An amount as the app shows it (EUR, two decimals, Italian), with any kind of space made plain. */
export const euro = (amount: number): string => plainSpaces(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount));

/** Text with non-breaking and other spaces made plain, trimmed (for comparing formatted amounts). */
export const plainSpaces = (text: string | null | undefined): string => (text ?? '').replace(/\s/g, ' ').trim();

/**
 * In the quotation editor's lines grid (focused, on the line to add below): Ctrl+Enter adds a line,
 * the product is chosen by typing its code and Enter, the quantity typed in the cell that opens next
 * and kept with Enter; waits until the line is priced.
 */
export async function addQuotationLineByCode(page: Page, grid: Locator, code: string, quantity: number, lineIndex: number): Promise<void> {
  await page.keyboard.press('Control+Enter');
  const picker = grid.getByRole('combobox');
  await picker.waitFor();
  // Type only once the new line's picker has the focus (it opens a frame after the line is added).
  await expect.poll(() => picker.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type(code, { delay: 15 });
  const option = page.getByRole('option', { name: new RegExp(code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
  await option.waitFor({ timeout: 10_000 });
  // Enter takes the highlighted option: wait for the answer to the whole code (its option first).
  const highlighted = () => picker.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '');
  await expect.poll(highlighted, { timeout: 10_000 }).toContain(code);
  await page.keyboard.press('Enter');
  await grid.getByRole('textbox', { name: /^Quantità della riga/ }).waitFor();
  await page.keyboard.type(String(quantity));
  await page.keyboard.press('Enter');
  const row = grid.locator(`[data-line="${lineIndex}"]`);
  await expect.poll(() => row.locator('[data-column="unitPrice"]').textContent()).not.toBe('');
  await expect.poll(() => row.locator('[data-column="quantity"]').textContent()).toBe(String(quantity));
}

/** Presses `key` until `reached` says the focus is where it should be (at most `limit` times). */
export async function pressUntil(page: Page, key: string, reached: () => Promise<boolean>, limit = 200): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await reached()) return;
    await page.keyboard.press(key);
  }
  expect(await reached()).toBe(true);
}

/**
 * In a reference picker's open suggestions: ↓ until `option` is the highlighted one (`aria-selected`),
 * then Enter. Checked before every key: suggestions that answer late (a search of a shorter prefix,
 * typed slower than the debounce on a loaded machine) replace the list and its highlight.
 */
export async function chooseSuggestion(page: Page, option: Locator): Promise<void> {
  await option.waitFor({ timeout: 15_000 });
  await pressUntil(page, 'ArrowDown', async () => (await option.getAttribute('aria-selected')) === 'true', 40);
  await page.keyboard.press('Enter');
}

/**
 * The order wizard that «Crea ordine» (r o) opens on an accepted quotation, filled from it, walked to
 * the end by keys: Tab to its button, Enter on each of the five steps; waits for the order it opens.
 */
export async function finishOrderWizard(page: Page): Promise<void> {
  const wizard = page.locator('.order-wizard:visible');
  await wizard.getByText('Dal preventivo').waitFor({ timeout: 15_000 });
  await pressUntil(page, 'Tab', () => page.evaluate(() => document.activeElement?.matches('.order-wizard button[type=submit]') ?? false), 80);
  for (let step = 2; step <= 5; step++) {
    await page.keyboard.press('Enter');
    await wizard.locator('[aria-current=step]', { hasText: `${step}.` }).waitFor();
  }
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => /^\/marketing\/orders\/detail\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: 20_000 });
}

/**
 * "Registra consegna" (r c) on the open order: the quantity typed for its first line, Enter; when it
 * is above what was ordered, the SPEC §5 question is answered yes by keyboard. Waits for the dialog
 * to have finished closing first (a closing dialog still holds the keys).
 */
export async function recordDelivery(page: Page, quantity: number, options: { confirmExcess?: boolean } = {}): Promise<void> {
  await expect.poll(() => page.locator('dialog[open], [role=dialog][aria-modal="true"], [role=alertdialog]:visible').count(), { timeout: 10_000 }).toBe(0);
  // The command is offered once the server's actions for this version of the order are in (after a
  // transition they are fetched again): its toolbar button says so, as the user would see.
  const offered = page.locator('.pane:not([hidden])').getByRole('button', { name: /^Registra consegna/ }).first();
  await expect.poll(() => offered.isEnabled(), { timeout: 15_000 }).toBe(true);
  await focusOutOfFields(page);
  await pressKeys(page, 'r', 'c');
  const dialog = page.getByRole('dialog', { name: 'Registra consegna' });
  // The first line's quantity has the focus as the dialog shows.
  await expect.poll(() => dialog.getByRole('textbox').first().evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.type(String(quantity).replace('.', ','));
  await page.keyboard.press('Enter');
  if (!options.confirmExcess) return;
  const question = page.getByRole('alertdialog');
  await question.getByText(/supera la quantità ordinata/).waitFor();
  const confirm = question.getByRole('button', { name: 'Sì, aggiorna la quantità ordinata' });
  await pressUntil(page, 'Tab', () => confirm.evaluate((button) => button === document.activeElement), 5);
  await page.keyboard.press('Enter');
}

/**
 * axe on the page once its animations and transitions have finished: a dialog fading in, or a row
 * flashing after an update, has the contrast of its half-way opacity (seen as colour-contrast
 * findings that came and went between runs).
 */
export async function settledAxe(page: Page): Promise<AxeBuilder> {
  // Finite ones only (a spinner loops for ever), and never more than 2 s.
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  // Only violations are read: axe then skips the selectors and markup of what passed (its documented
  // performance option), most of its time on a large page. Run in the page itself (`legacyMode`): the
  // default runs it in parts and finishes in a blank tab it opens for every analysis, a renderer started
  // and closed each time; the app has no frames from other origins for the parts to be needed.
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
}
