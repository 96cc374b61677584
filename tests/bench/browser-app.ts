/**
 * The real app in browser mode for the browser benchmarks: electron/web/cli.ts bundled the
 * way the shipped core is (one JS build, no TypeScript loader) and run by Node itself, so the
 * child's pid is the core process whose memory we read; plus Debian's Chromium, restricted to
 * loopback.
 */
import { readFile, rm } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { DISABLED_CHROMIUM_FEATURES } from '../../electron/main/chromium-switches';
import { bundleCli, bundleDir } from '../helpers/cli-bundle';
import { bridgeTimingArgs } from './bridge-timing';
import { bridgeClient, startCli, type BrowserMode } from '../helpers/cli-process';

export type CoreProcess = BrowserMode;

const BUNDLE_DIR = bundleDir('field-installer-bench');

let bundled: Promise<string> | null = null;

/** Browser mode, bundled (once per run), run by Node itself: its pid is the core process. */
export async function startCoreProcess(options: {
  rendererDir: string;
  dataDir: string;
  /** Where the core writes each bridge request's own timing (bridge-timing.ts). */
  timingFile?: string;
}): Promise<CoreProcess & { startMs: number }> {
  bundled ??= bundleCli('electron/web/cli.ts', BUNDLE_DIR, 'core-cli.mjs');
  const entry = await bundled;
  // Spawn → first stdout line: the core opened its databases and the bridge listens.
  const t0 = performance.now();
  const app = await startCli<{ url: string }>(
    [
      process.execPath,
      ...(options.timingFile ? bridgeTimingArgs(options.timingFile) : []),
      entry,
      '--port',
      '0',
      '--data-dir',
      options.dataDir,
      '--renderer',
      options.rendererDir,
    ],
    'bundled browser mode',
  );
  const startMs = performance.now() - t0;
  return { ...bridgeClient(app.info.url), pid: app.pid, startMs, stop: () => app.stop() };
}

/** Removes the bundled core (call once, after the last core process stopped). */
export async function removeCoreBundle(): Promise<void> {
  bundled = null;
  await rm(BUNDLE_DIR, { recursive: true, force: true });
}

/** Resident memory of a process in MB, from /proc (Linux only, as on the build machines). */
export async function residentMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--enable-precise-memory-info',
  '--js-flags=--expose-gc',
];

/**
 * This Chromium plays the app's window (Electron cannot start here), so it runs with the
 * window's Chromium settings (electron/main/chromium-switches.ts). Chromium reads only the last
 * --disable-features it is given and Playwright passes its own list, so the app's features are
 * added to Playwright's list (read from a first launch) instead of replacing it.
 */
export async function launchChromium(): Promise<Browser> {
  const options = { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS };
  const first = await chromium.launchServer(options);
  const theirs = first.process().spawnargs.find((arg) => arg.startsWith('--disable-features='));
  await first.close();
  const merged = [theirs?.slice('--disable-features='.length), ...DISABLED_CHROMIUM_FEATURES]
    .filter((part) => part !== undefined && part !== '')
    .join(',');
  return chromium.launch({
    ...options,
    ignoreDefaultArgs: theirs ? [theirs] : [],
    args: [...CHROMIUM_ARGS, `--disable-features=${merged}`],
  });
}

/**
 * A fresh browser context (its own storage, its own init scripts). No request interception
 * (it would add latency to the very loads being timed): the page only talks to its own
 * 127.0.0.1 origin (the bridge's CSP says connect-src 'self'), and the flags above stop
 * Chromium's own background traffic.
 */
export const newAppContext = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1280, height: 800 } });
