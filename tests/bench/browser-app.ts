/**
 * The real app in browser mode for the browser benchmarks: electron/web/cli.ts run by Node
 * itself (`node --import tsx`, not the tsx launcher, so the child's pid is the core process
 * whose memory we read) plus Debian's Chromium, restricted to loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import {
  BRIDGE_TOKEN_HEADER,
  BRIDGE_TOKEN_QUERY,
  bridgeOperationPath,
} from '../../electron/web/bridge-protocol';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;

export interface CoreProcess {
  /** The page address, with the bridge token. */
  url: string;
  pid: number;
  call(operation: string, input?: object): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startCoreProcess(options: {
  rendererDir: string;
  dataDir: string;
}): Promise<CoreProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'electron/web/cli.ts',
      '--port',
      '0',
      '--data-dir',
      options.dataDir,
      '--renderer',
      options.rendererDir,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const stdout = child.stdout;
  if (!stdout || child.pid === undefined) throw new Error('browser mode did not start');
  const pid = child.pid;
  const firstLine = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`browser mode printed no address in time: ${stderr}`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: stdout }).once('line', (line) => {
      clearTimeout(timer);
      ok(line);
    });
    child.once('exit', (code) => fail(new Error(`browser mode exited (${code}): ${stderr}`)));
  });
  const { url } = JSON.parse(firstLine) as { url: string };
  const parsed = new URL(url);
  const token = parsed.searchParams.get(BRIDGE_TOKEN_QUERY) ?? '';
  return {
    url,
    pid,
    async call(operation, input = {}) {
      const res = await fetch(new URL(bridgeOperationPath(operation), parsed.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token },
        body: JSON.stringify(input),
      });
      const envelope = (await res.json()) as {
        ok: boolean;
        value?: unknown;
        error?: { message: string };
      };
      if (!envelope.ok) throw new Error(`${operation}: ${envelope.error?.message ?? 'failed'}`);
      return envelope.value;
    },
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          ok();
        });
        child.kill('SIGTERM');
      }),
  };
}

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
