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
