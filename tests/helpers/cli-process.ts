/**
 * Child processes that announce themselves with one JSON line on stdout (the sandbox CLI and
 * browser mode), and a client for browser mode's bridge: shared by the browser tests, the
 * camera tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { stopProcessTree, treeSpawnOptions } from './process-tree';
import {
  BRIDGE_SECRET_HEADER,
  BRIDGE_SESSION_PATH,
  BRIDGE_TOKEN_QUERY,
  bridgeCookieName,
  bridgeOperationPath,
} from '../../electron/shared/bridge-protocol';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Running<T> {
  info: T;
  pid: number;
  stop(): Promise<void>;
  /** The end of what it wrote to stderr (its log), for a failed test to show. */
  output(): string;
}

/**
 * Spawns a CLI (stopped with everything it started) and resolves with its first stdout line as
 * JSON (within `firstLineMs`: a sandbox seeding millions of devices takes a minute). `env` is
 * added to this process's environment for it.
 */
export async function startCli<T>(
  args: string[],
  what: string,
  firstLineMs = 30_000,
  env: Record<string, string> = {},
): Promise<Running<T>> {
  const child: ChildProcess = spawn(args[0] ?? '', args.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    ...treeSpawnOptions(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on(
    'data',
    (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-12_000)),
  );
  const stop = (): Promise<void> => stopProcessTree(child);
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(
      () => reject(new Error(`${what} printed nothing in ${firstLineMs / 1000} s:\n${stderr}`)),
      firstLineMs,
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
  return { info: JSON.parse(line) as T, pid: child.pid ?? -1, stop, output: () => stderr };
}

export interface BridgeClient {
  url: string;
  /**
   * Calls one contract operation over the bridge, as the renderer does; throws on failure.
   * The first call trades the URL's single-use token for the session cookie and secret, so a
   * client that calls must do so before a browser opens the URL, or adopt the browser's session.
   */
  call<T>(operation: string, input?: object): Promise<T>;
  /** Uses the session a browser holds (its cookie for the bridge and the secret its page stored). */
  useBrowserSession(cookies: readonly { name: string; value: string }[], secret: string): void;
}

export function bridgeClient(url: string): BridgeClient {
  const parsed = new URL(url);
  const token = parsed.searchParams.get(BRIDGE_TOKEN_QUERY) ?? '';
  let session: Promise<{ cookie: string; secret: string }> | null = null;
  const exchange = async () => {
    const res = await fetch(new URL(BRIDGE_SESSION_PATH, parsed.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (res.status !== 200) throw new Error(`the bridge refused its token (${res.status})`);
    const { secret } = (await res.json()) as { secret: string };
    return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', secret };
  };
  return {
    url,
    async call<T>(operation: string, input: object = {}): Promise<T> {
      session ??= exchange();
      const { cookie, secret } = await session;
      const res = await fetch(new URL(bridgeOperationPath(operation), parsed.origin), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          [BRIDGE_SECRET_HEADER]: secret,
        },
        body: JSON.stringify(input),
      });
      const envelope = (await res.json()) as
        { ok: true; value: T } | { ok: false; error: { message: string } } | { error: string };
      if (!('ok' in envelope)) throw new Error(`${operation}: ${res.status} ${envelope.error}`);
      if (!envelope.ok) throw new Error(`${operation}: ${envelope.error.message}`);
      return envelope.value;
    },
    useBrowserSession(cookies, secret) {
      const name = bridgeCookieName(parsed.port);
      const found = cookies.find((c) => c.name === name);
      if (!found) throw new Error(`the browser holds no ${name} cookie`);
      session = Promise.resolve({ cookie: `${name}=${found.value}`, secret });
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
