/**
 * Shared pieces of the storage and sync integration tests (tests/integration/store, sync):
 * a sandbox that can go down and come back on the same port with its state, a core signed in
 * to it, a core in a child process that can be SIGKILLed, and small waits and counts.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
} from '../../electron/sandbox/index';
import type { RequestLogEntry } from '../../electron/sandbox/types';
import type { LocationView as Location } from '../../electron/shared';
import { afterAll, beforeAll } from 'vitest';
import { startCoreHarness, type CoreHarness } from './core-harness';
import type { ChildPlan } from './core-child';

const ROOT = join(import.meta.dirname, '..', '..');

/** A sandbox that keeps its state and port across close/restart, and its request log too. */
export interface SandboxHost {
  readonly sandbox: RunningSandbox;
  readonly baseUrl: string;
  readonly up: boolean;
  /** Every request of every incarnation so far. */
  requests(): RequestLogEntry[];
  down(): Promise<void>;
  back(extra?: Partial<SandboxOptions>): Promise<void>;
  close(): Promise<void>;
}

export async function hostSandbox(
  dataFile: string,
  options: Partial<SandboxOptions> = {},
): Promise<SandboxHost> {
  let sandbox = await startSandbox({ port: 0, dataFile, ...options });
  const port = Number(new URL(sandbox.baseUrl).port);
  const earlier: RequestLogEntry[] = [];
  let up = true;
  const host: SandboxHost = {
    get sandbox() {
      return sandbox;
    },
    baseUrl: sandbox.baseUrl,
    get up() {
      return up;
    },
    requests: () => [...earlier, ...(up ? sandbox.requestLog() : [])],
    async down() {
      if (!up) return;
      await sandbox.close();
      earlier.push(...sandbox.requestLog());
      up = false;
    },
    async back(extra = {}) {
      if (up) return;
      sandbox = await startSandbox({ ...options, ...extra, port, dataFile });
      up = true;
    },
    close: () => host.down(),
  };
  return host;
}

/** The user with exactly one organization: signing in needs no organization choice. */
export const singleOrgUser = (sandbox: RunningSandbox) =>
  sandbox.users.find((u) => u.organizations.length === 1) ?? sandbox.users[0]!;

/** Signs in and waits for the first sync (lists downloaded). */
export async function signInAndSync(harness: CoreHarness, sandbox: RunningSandbox): Promise<void> {
  await harness.call('signIn', {
    baseUrl: sandbox.baseUrl,
    apiKey: singleOrgUser(sandbox).api_key,
  });
  await harness.call('syncNow');
  // The run started by sign-in may have been joined before its lists; make sure they are in.
  const devices = await harness.call('queryDevices', { view: 'all', offset: 0, limit: 1 });
  if (devices.total === 0) await harness.call('syncNow');
}

/**
 * The common world of a test file: a sandbox that keeps its port across stop/start, and a core
 * whose data folder is `core/` beside the sandbox's file in `root`; set up before the file's
 * tests (then `ready`: by default signed in and synced), torn down after them.
 */
export interface SandboxWorld {
  /** Set in beforeAll. */
  root: string;
  host: SandboxHost;
  harness: CoreHarness;
}

export function useSandboxWorld(
  prefix: string,
  ready: (world: SandboxWorld) => Promise<void> = (world) =>
    signInAndSync(world.harness, world.host.sandbox),
): SandboxWorld {
  const world = {} as SandboxWorld;
  beforeAll(async () => {
    world.root = await mkdtemp(join(tmpdir(), prefix));
    world.host = await hostSandbox(join(world.root, 'sandbox.json'));
    world.harness = await startCoreHarness({ dataDir: join(world.root, 'core') });
    await ready(world);
  }, 60_000);
  afterAll(async () => {
    await world.harness?.close();
    await world.host?.close();
    if (world.root) await rm(world.root, { recursive: true, force: true });
  });
  return world;
}

/** The work.db of the (only) account scope under a core's data dir. */
export async function workDbPath(dataDir: string): Promise<string> {
  const accounts = join(dataDir, 'accounts');
  for (const dir of await readdir(accounts)) return join(accounts, dir, 'work.db');
  throw new Error('no account dir');
}

export async function uninstalledSerials(harness: CoreHarness, count: number): Promise<string[]> {
  const serials: string[] = [];
  for (let offset = 0; serials.length < count; offset += 500) {
    const window = await harness.call('queryDevices', { view: 'uninstalled', offset, limit: 500 });
    if (window.rows.length === 0) break;
    serials.push(...window.rows.map((d) => d.serial));
  }
  if (serials.length < count)
    throw new Error(`only ${serials.length} uninstalled devices, wanted ${count}`);
  return serials.slice(0, count);
}

export async function serverLocations(harness: CoreHarness): Promise<Location[]> {
  const locations = (await harness.call('listLocations')).value.filter(
    (l) => !l.id.startsWith('local-'),
  );
  if (locations.length < 2) throw new Error('the sandbox should have several locations');
  return locations;
}

export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  deadlineMs: number,
  what: string,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + deadlineMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(
        `timed out after ${deadlineMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Requests that changed something: successful POSTs of `op` for a serial. */
export const applied = (
  log: readonly RequestLogEntry[],
  serial: string,
  op: 'install' | 'uninstall',
): number =>
  log.filter(
    (r) =>
      r.method === 'POST' &&
      r.path.split('?')[0] === `/v1/devices/${serial}/${op}` &&
      r.status >= 200 &&
      r.status < 300,
  ).length;

export const devicePageRequests = (log: readonly RequestLogEntry[]): RequestLogEntry[] =>
  log.filter((r) => r.method === 'GET' && /^\/v1\/devices\?/.test(r.path));

// ---------------------------------------------------------------- the core in a child process

let bundled: Promise<string> | null = null;

/**
 * tests/helpers/core-child.ts bundled once per test worker: a child then starts in a few
 * hundred milliseconds instead of a second under tsx, which is what makes 100+ kills affordable.
 * Packages stay external and resolve from node_modules (the bundle lives under it).
 */
function coreChildScript(): Promise<string> {
  bundled ??= (async () => {
    const dir = join(ROOT, 'node_modules', '.cache', 'field-installer-tests');
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, `core-child-${process.pid}.mjs`);
    await build({
      entryPoints: [join(ROOT, 'tests', 'helpers', 'core-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile,
      logLevel: 'warning',
    });
    return outfile;
  })();
  return bundled;
}

interface ChildLine {
  ready?: true;
  ack?: number;
  fail?: number;
  status?: 'queued' | 'done';
  serial?: string;
  kind?: string;
  code?: string;
  finished?: true;
  /** The core's error (kind, code, params), or `{kind: 'thrown', message}`. */
  startError?: { kind: string; code?: string; params?: Record<string, unknown>; message?: string };
}

export interface ChildRun {
  lines: ChildLine[];
  /** Resolves at the first line matching. */
  waitLine(match: (line: ChildLine) => boolean, timeoutMs?: number): Promise<ChildLine>;
  kill(signal?: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

export async function runCoreChild(plan: ChildPlan): Promise<ChildRun> {
  const script = await coreChildScript();
  const child = spawn(process.execPath, [script, JSON.stringify(plan)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: ChildLine[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  createInterface({ input: child.stdout }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text) as ChildLine);
    } catch {
      stderr += `\n(stdout) ${text}`;
    }
    for (const wake of waiters) wake();
  });
  let gone = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      gone = true;
      for (const wake of waiters) wake();
      resolve({ code, signal });
    }),
  );
  return {
    lines,
    stderr: () => stderr,
    exited,
    kill(signal = 'SIGKILL') {
      if (!gone) child.kill(signal);
    },
    waitLine(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(match);
          if (found) {
            cleanup();
            resolve(found);
          } else if (gone) {
            cleanup();
            reject(
              new Error(
                `core child exited without the expected line; lines: ${JSON.stringify(lines)}\n${stderr}`,
              ),
            );
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `core child: no expected line in ${timeoutMs} ms; lines: ${JSON.stringify(lines)}\n${stderr}`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
