/**
 * The real app in browser mode for camera tests: the renderer built into a directory of the
 * test's own (so parallel builds of dist/ do not matter) and `electron/web/cli.ts` serving it.
 */
import { resolve } from 'node:path';
import { build } from 'vite';
import { startBrowserMode as startCli, type BrowserMode } from '../../helpers/cli-process';

export type { BrowserMode };

const ROOT = resolve(import.meta.dirname, '../../..');

export async function buildRenderer(outDir: string): Promise<void> {
  await build({
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

/** The real app in browser mode serving a renderer built by buildRenderer. */
export const startBrowserMode = (options: {
  rendererDir: string;
  dataDir: string;
}): Promise<BrowserMode> => startCli(options);

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
