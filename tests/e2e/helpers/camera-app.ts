/**
 * The renderer built into a directory of the caller's own (the benchmarks: so parallel builds
 * of dist/ do not matter), and page scripts that count the camera streams a page opened.
 */
import { resolve } from 'node:path';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '../../..');

export async function buildRenderer(outDir: string): Promise<void> {
  await build({
    configFile: resolve(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
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
