/** Debian's Chromium, headless, as the end-to-end tests and the browser benchmarks launch it. */
import fs from 'node:fs';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Chromium on this machine: CHROMIUM_PATH, else Debian's package. Never a downloaded browser. */
export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist. Point it at a Chromium or Chrome executable.`);
    return configured;
  }
  const found = CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      `No Chromium found (looked at ${CHROMIUM_CANDIDATES.join(', ')}). Install it (Debian: \`apt-get install chromium\`) or set CHROMIUM_PATH to a Chromium/Chrome executable.`,
    );
  }
  return found;
}

/**
 * What headless Chromium needs on a machine with no GPU, no sandbox and a closed network (nothing
 * fetched in the background).
 */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Chromium 156 builds its omnibox popup (a WebUI page, a dozen scripts) for every new tab, headless
 * too, on the page's cores: the benchmarks switch it off. A second `--disable-features` replaces
 * Playwright's own (the last one wins), so this one repeats Playwright's list (chromiumSwitches.ts:
 * beforeunload checks, paint holding, storage partitioning, background requests) before adding ours.
 */
export const NO_OMNIBOX_POPUP = `--disable-features=${[
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter',
  'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup',
].join(',')}`;
