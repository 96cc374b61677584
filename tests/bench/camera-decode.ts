/**
 * Figure 5: time the decoder worker spends per 1280×720 camera frame showing a Code 128 label,
 * in Chromium with a fake camera playing a generated .y4m. The number is the worker's own
 * decodeMs (frame → pixels → zxing), reported by CameraScanner's onFrameDecoded through the
 * camera harness page (tests/fixtures/camera), which runs under the app's strict CSP.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderBarcodeFrames } from '../e2e/helpers/camera-barcode-frames';
import { launchWithCamera } from '../e2e/helpers/camera-browser';
import { buildHarness, serveStatic } from '../e2e/helpers/camera-harness';
import { writeY4m } from '../e2e/helpers/camera-y4m';
import { atMost, type Figure } from './results';
import { median, p95 } from './stats';

const SERIAL = 'FTC-7BENCH42';
const WANTED_FRAMES = 60;
const BUDGET_MS = 25_000;

export async function benchCameraDecode(): Promise<Figure[]> {
  const work = await mkdtemp(join(tmpdir(), 'fi-bench-camera-'));
  const video = join(work, 'code128.y4m');
  await writeY4m(
    video,
    await renderBarcodeFrames(SERIAL, { format: 'Code128', width: 1280, height: 720 }),
  );
  const site = join(work, 'site');
  await buildHarness(site);
  const server = await serveStatic(site);
  const browser = await launchWithCamera(video);
  try {
    const context = await browser.newContext();
    // Loopback only: anything else is refused, as the app must work without internet.
    await context.route('**/*', (route) =>
      new URL(route.request().url()).hostname === '127.0.0.1'
        ? route.continue()
        : route.abort('internetdisconnected'),
    );
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Open camera' }).click();

    const deadline = Date.now() + BUDGET_MS;
    let times: number[] = [];
    while (Date.now() < deadline && times.length < WANTED_FRAMES) {
      await page.waitForTimeout(500);
      times = JSON.parse((await page.getByLabel('Decode times').textContent()) ?? '[]') as number[];
    }
    const detections = await page
      .getByRole('list', { name: 'Detections' })
      .getByRole('listitem')
      .allTextContents();
    const size = await page.evaluate(() => {
      const v = document.querySelector('video');
      return v ? `${v.videoWidth}×${v.videoHeight}` : 'no video element';
    });
    if (times.length === 0) throw new Error('the scanner decoded no frames');
    const read = detections.some((d) => d.startsWith(SERIAL));
    return [
      atMost(
        'camera-decode-median',
        'camera decode, Code 128 in a 1280×720 frame, median',
        median(times),
        'ms',
        30,
        {
          note: `${times.length} frames of ${size}; p95 ${p95(times).toFixed(1)} ms; label ${read ? 'read' : 'NOT read'} (${detections.join(', ') || 'no detections'})`,
        },
      ),
    ];
  } finally {
    await browser.close();
    await server.close();
    await rm(work, { recursive: true, force: true });
  }
}
