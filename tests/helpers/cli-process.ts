/**
 * Child processes that announce themselves with one JSON line on stdout (the sandbox CLI and
 * browser mode), and a client for browser mode's bridge: shared by the browser tests, the
 * camera tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import {
  BRIDGE_TOKEN_HEADER,
  BRIDGE_TOKEN_QUERY,
  bridgeOperationPath,
} from '../../electron/web/bridge-protocol';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Running<T> {
  info: T;
  pid: number;
  stop(): Promise<void>;
}

/** Spawns a CLI in its own process group and resolves with its first stdout line as JSON. */
export async function startCli<T>(args: string[], what: string): Promise<Running<T>> {
  const child: ChildProcess = spawn(args[0] ?? '', args.slice(1), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone in the meantime
      }
    }, 3000);
    await exited;
    clearTimeout(timer);
  };
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(
      () => reject(new Error(`${what} printed nothing in 30 s:\n${stderr}`)),
      30_000,
    );
    lines.once('line', (first) => {
      clearTimeout(timer);
      resolve(first);
    });
    child.once('exit', (code) =>
      reject(new Error(`${what} exited (${code}) before its first line:\n${stderr}`)),
    );
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { info: JSON.parse(line) as T, pid: child.pid ?? -1, stop };
}

export interface BridgeClient {
  url: string;
  /** Calls one contract operation over the bridge, as the renderer does; throws on failure. */
  call<T>(operation: string, input?: object): Promise<T>;
}

export function bridgeClient(url: string): BridgeClient {
  const parsed = new URL(url);
  const token = parsed.searchParams.get(BRIDGE_TOKEN_QUERY) ?? '';
  return {
    url,
    async call<T>(operation: string, input: object = {}): Promise<T> {
      const res = await fetch(new URL(bridgeOperationPath(operation), parsed.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: token },
        body: JSON.stringify(input),
      });
      const envelope = (await res.json()) as
        { ok: true; value: T } | { ok: false; error: { message: string } };
      if (!envelope.ok) throw new Error(`${operation}: ${envelope.error.message}`);
      return envelope.value;
    },
  };
}

export interface BrowserMode extends BridgeClient {
  pid: number;
  stop(): Promise<void>;
}

/** `electron/web/cli.ts` under tsx on a free port (the benchmarks run a bundled build). */
export async function startBrowserMode(options: {
  dataDir: string;
  rendererDir?: string;
}): Promise<BrowserMode> {
  const app = await startCli<{ url: string }>(
    [
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      'electron/web/cli.ts',
      '--port',
      '0',
      '--data-dir',
      options.dataDir,
      ...(options.rendererDir ? ['--renderer', options.rendererDir] : []),
    ],
    'browser mode',
  );
  return { ...bridgeClient(app.info.url), pid: app.pid, stop: app.stop };
}
