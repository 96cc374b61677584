/**
 * Starting and stopping a test's child process together with everything it started (npx → tsx
 * → node; a CLI → its workers), on every OS:
 * - POSIX: the child leads its own process group (`detached`), and the group is signalled:
 *   SIGTERM, then SIGKILL after a grace period, until no member is left.
 * - Windows has no process groups to signal (`process.kill(-pid)` throws there) and `detached`
 *   would open a console window: `taskkill /pid N /T /F` ends the tree, run by its absolute
 *   path so a `taskkill` in the current folder or on PATH is never the one started.
 * Only "no such process" counts as already gone; any other failure is thrown, so a test run
 * cannot leave processes behind without saying so.
 */
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { win32 } from 'node:path';

/** Spawn options that make `stopProcessTree` able to reach the child's own children. */
export const treeSpawnOptions = (
  platform: NodeJS.Platform = process.platform,
): Pick<SpawnOptions, 'detached' | 'windowsHide'> => ({
  detached: platform !== 'win32',
  windowsHide: true,
});

export type TreeChild = Pick<ChildProcess, 'pid' | 'exitCode' | 'signalCode' | 'once'>;

export interface StopOptions {
  /** How long the tree gets to end on SIGTERM before SIGKILL (POSIX). */
  graceMs?: number;
  platform?: NodeJS.Platform;
  /** Replaced in tests: process.kill and child_process.spawn. */
  kill?: (pid: number, signal: NodeJS.Signals | 0) => void;
  spawn?: (file: string, args: string[], options: SpawnOptions) => ChildProcess;
  env?: Record<string, string | undefined>;
}

/** The Windows taskkill command that ends `pid` and its descendants. */
export const taskkillCommand = (
  pid: number,
  env: Record<string, string | undefined> = process.env,
): { file: string; args: string[] } => ({
  file: win32.join(env.SystemRoot ?? 'C:\\Windows', 'System32', 'taskkill.exe'),
  args: ['/pid', String(pid), '/T', '/F'],
});

/** taskkill's exit code when the process does not exist (any more). */
const TASKKILL_NOT_FOUND = 128;

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

const exited = (child: TreeChild): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stopWindowsTree(child: TreeChild, pid: number, options: StopOptions) {
  const { file, args } = taskkillCommand(pid, options.env);
  const run = options.spawn ?? nodeSpawn;
  const killer = run(file, args, { windowsHide: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  killer.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    killer.once('error', reject);
    killer.once('exit', (status) => resolve(status));
  });
  if (code === TASKKILL_NOT_FOUND) return;
  if (code !== 0)
    throw new Error(`taskkill /pid ${pid} /T /F exited with ${code}: ${stderr.trim()}`);
  await exited(child);
}

async function stopPosixGroup(child: TreeChild, pid: number, options: StopOptions) {
  const kill = options.kill ?? ((target, signal) => process.kill(target, signal));
  /** Signals the whole group; false once no member is left. */
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      kill(-pid, name);
      return true;
    } catch (error) {
      if (errorCode(error) === 'ESRCH') return false;
      throw error;
    }
  };
  /** Waits up to `ms` for the group to empty; true when it did. */
  const emptied = async (ms: number): Promise<boolean> => {
    const until = Date.now() + ms;
    while (signal(0)) {
      if (Date.now() >= until) return false;
      await sleep(25);
    }
    return true;
  };
  if (!signal('SIGTERM')) return;
  if (await emptied(options.graceMs ?? 3000)) return exited(child);
  signal('SIGKILL');
  if (await emptied(5000)) return exited(child);
  throw new Error(`process group ${pid} is still running after SIGKILL`);
}

/** Ends `child` and every process it started; resolves once they are gone. */
export async function stopProcessTree(child: TreeChild, options: StopOptions = {}): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return; // never started
  return (options.platform ?? process.platform) === 'win32'
    ? stopWindowsTree(child, pid, options)
    : stopPosixGroup(child, pid, options);
}
