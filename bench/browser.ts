/**
 * What the Chromium benchmarks share: the bench page built with esbuild as the product's client is
 * (production React, minified, messages precompiled), Debian's Chromium launched headless, and frame timing helpers.
 */
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath, NO_OMNIBOX_POPUP } from '../tests/support/chromium.ts';
import { precompiledMessages } from '../src/client/i18n/precompile.ts';

/**
 * Headless Chromium. `unthrottled`: frames as soon as they are ready (no 60 Hz wait), so a figure is
 * the work, not the vsync phase.
 */
export function launchChromium(options: { unthrottled?: boolean } = {}): Promise<Browser> {
  const args = [...CHROMIUM_ARGS, NO_OMNIBOX_POPUP, '--disable-background-timer-throttling'];
  if (options.unthrottled) args.push('--disable-gpu-vsync', '--disable-frame-rate-limit');
  return chromium.launch({ executablePath: chromiumPath(), args });
}

/** Builds `bench/<name>/<entry>` (page.tsx by default) into `bench/<name>/results/<entry>.js` and answers the script. */
export async function buildBenchPage(name: string, entry = 'page.tsx'): Promise<string> {
  const dir = path.resolve('bench', name, 'results');
  const output = entry.replace(/\.tsx?$/, '');
  fs.mkdirSync(dir, { recursive: true });
  await esbuild.build({
    entryPoints: { [output]: path.join('bench', name, entry) },
    outdir: dir,
    bundle: true,
    format: 'esm',
    minify: process.env.BENCH_MINIFY !== 'false',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    // As the product's build (build.mjs): messages pre-parsed, none parsed in the page.
    plugins: [precompiledMessages],
  });
  return fs.readFileSync(path.join(dir, `${output}.js`), 'utf8');
}

/**
 * Scrolls `selector` by `speed` px a frame for `frames` frames; answers the time between frames and
 * the most rows (`[role=row]`) the scroller held at once.
 */
export function scrollFrames(tab: Page, selector: string, frames: number, speed: number): Promise<{ deltas: number[]; maxRows: number }> {
  return tab.evaluate(
    ({ selector, frames, speed }) =>
      new Promise<{ deltas: number[]; maxRows: number }>((resolve) => {
        const el = document.querySelector(selector) as HTMLElement;
        const deltas: number[] = [];
        let maxRows = 0;
        let last = performance.now();
        let n = 0;
        const step = (now: number) => {
          deltas.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, el.querySelectorAll('[role=row]').length);
          if (++n >= frames) return resolve({ deltas: deltas.slice(1), maxRows });
          el.scrollTop += speed;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
    { selector, frames, speed },
  );
}

/** The demo administrator, as the benchmarks sign in. */
export const DEMO_ADMIN = { email: 'admin@demo.sicurezza.it', password: 'Demo-2026!' };

/** Signs in on the server's real login page from `/dashboard` and waits for the dashboard. */
export async function signInOnLoginPage(page: Page, url: string, user: { email: string; password: string } = DEMO_ADMIN): Promise<void> {
  await page.goto(`${url}/dashboard`, { timeout: 120_000 });
  await page.locator('input#login').waitFor({ timeout: 120_000 });
  await page.locator('input#login').fill(user.email);
  await page.locator('input#password').fill(user.password);
  await page.keyboard.press('Enter');
  await page.locator('.screen-dashboard').waitFor({ timeout: 120_000 });
}

/** The signed-in user's current access token, as the app keeps it. */
export function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
}
