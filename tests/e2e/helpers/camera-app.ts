/**
 * The real app in browser mode for camera tests: the renderer built into a directory of the
 * test's own (so parallel builds of dist/ do not matter) and `electron/web/cli.ts` serving it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { build } from 'vite';
import {
  BRIDGE_TOKEN_HEADER,
  BRIDGE_TOKEN_QUERY,
  bridgeOperationPath,
} from '../../../electron/web/bridge-protocol';

const ROOT = resolve(import.meta.dirname, '../../..');

export async function buildRenderer(outDir: string): Promise<void> {
  await build({
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

export interface BrowserModeApp {
  url: string;
  /** Calls one contract operation over the bridge, as the renderer does. */
  call<T>(operation: string, input?: object): Promise<T>;
  stop(): Promise<void>;
}

export async function startBrowserMode(options: {
  rendererDir: string;
  dataDir: string;
}): Promise<BrowserModeApp> {
  const child: ChildProcess = spawn(
    resolve(ROOT, 'node_modules/.bin/tsx'),
    [
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
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout from browser mode');
  const firstLine = await new Promise<string>((ok, fail) => {
    const lines = createInterface({ input: stdout });
    lines.once('line', ok);
    child.once('exit', (code) => fail(new Error(`browser mode exited (${code}): ${stderr}`)));
  });
  const { url } = JSON.parse(firstLine) as { url: string };
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
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/** Page script (a string: tests are type-checked without DOM types) that keeps every camera
 * stream so a test can count live tracks after the scanner is gone. */
export const TRACK_STREAMS = `(() => {
  const media = navigator.mediaDevices;
  const original = media.getUserMedia.bind(media);
  window.__cameraStreams = [];
  media.getUserMedia = async (c) => { const s = await original(c); window.__cameraStreams.push(s); return s; };
})()`;
export const LIVE_TRACKS = `window.__cameraStreams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length`;
export const STREAMS_OPENED = `window.__cameraStreams.length`;
