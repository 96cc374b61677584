/**
 * The real app in browser mode for the browser benchmarks: electron/web/cli.ts run by Node
 * itself (`node --import tsx`, not the tsx launcher, so the child's pid is the core process
 * whose memory we read) plus Debian's Chromium, restricted to loopback.
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startBrowserMode, type BrowserMode } from '../helpers/cli-process';

export type CoreProcess = BrowserMode;

/** Browser mode run by Node itself, so its pid is the core process whose memory we read. */
export const startCoreProcess = (options: {
  rendererDir: string;
  dataDir: string;
}): Promise<CoreProcess> => startBrowserMode({ ...options, launcher: 'node' });

/** Resident memory of a process in MB, from /proc (Linux only, as on the build machines). */
export async function residentMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export async function launchChromium(): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      '--enable-precise-memory-info',
      '--js-flags=--expose-gc',
    ],
  });
  // No request interception (it would add latency to the very loads being timed): the page
  // only talks to its own 127.0.0.1 origin (the bridge's CSP says connect-src 'self'), and
  // the flags above stop Chromium's own background traffic.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return { browser, context };
}
