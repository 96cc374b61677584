/**
 * Camera scanning in real Chromium, fed by a generated .y4m "camera" showing a barcode.
 *
 * App test: browser mode (electron/web/cli.ts) in training mode; the Scan screen's "Use camera"
 * reads a sandbox device's label and opens that device.
 *
 * Harness tests: tests/fixtures/camera (a page mounting CameraScanner) built with Vite and served
 * from 127.0.0.1 with the app's strict CSP, every non-loopback request blocked. They prove the
 * worker + self-hosted wasm decode Code 128 and QR, that the decoder loads only when the camera
 * opens, and that leaving releases the camera. They also print the decode time per frame.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { BRIDGE_SECRET_STORAGE_KEY } from '../../electron/shared/bridge-protocol';
import { bridgeClient } from '../helpers/cli-process';
import { expect, test } from './fixtures';
import { startTraining } from './helpers';
import { LIVE_TRACKS, STREAMS_OPENED, TRACK_STREAMS } from './helpers/camera-app';
import { launchWithCamera } from './helpers/camera-browser';
import { renderBarcodeFrames, type BarcodeVideoOptions } from './helpers/camera-barcode-frames';
import { buildHarness, serveStatic, type StaticServer } from './helpers/camera-harness';
import { writeY4m } from './helpers/camera-y4m';

const CODE128_SERIAL = 'FTC-1234ABCD';
const QR_PAYLOAD = 'https://example.com/d/FTC-5678EFGH';

test.describe('camera scanner harness', () => {
  let workDir = '';
  let server: StaticServer;
  const videos: Record<'code128' | 'qr', string> = { code128: '', qr: '' };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    workDir = await mkdtemp(join(tmpdir(), 'camera-scan-'));
    const video = async (name: string, text: string, options: BarcodeVideoOptions) => {
      const file = join(workDir, `${name}.y4m`);
      await writeY4m(file, await renderBarcodeFrames(text, options));
      return file;
    };
    [videos.code128, videos.qr] = await Promise.all([
      video('code128', CODE128_SERIAL, { format: 'Code128' }),
      video('qr', QR_PAYLOAD, { format: 'QRCode' }),
    ]);
    const site = join(workDir, 'site');
    await buildHarness(site);
    server = await serveStatic(site);
  });

  test.afterAll(async () => {
    await server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  interface Watch {
    blocked: string[];
    requested: string[];
    problems: string[];
  }

  /** Blocks everything that is not 127.0.0.1 (the app must work offline) and records it all. */
  async function openHarness(
    browser: Browser,
    { failWasm = false } = {},
  ): Promise<{ page: Page; watch: Watch }> {
    const context = await browser.newContext();
    const watch: Watch = { blocked: [], requested: [], problems: [] };
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (failWasm && url.pathname.endsWith('.wasm'))
        return route.fulfill({ status: 404, body: 'gone' });
      if (url.hostname === '127.0.0.1') return route.continue();
      watch.blocked.push(url.href);
      return route.abort('internetdisconnected');
    });
    context.on('request', (r) => watch.requested.push(new URL(r.url()).pathname));
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') watch.problems.push(m.text());
    });
    page.on('pageerror', (e) => watch.problems.push(e.message));
    await page.goto(server.url);
    return { page, watch };
  }

  async function decodeTimes(page: Page): Promise<number[]> {
    const text = await page.getByLabel('Decode times').textContent();
    return JSON.parse(text ?? '[]') as number[];
  }

  function report(label: string, times: number[]): void {
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    const line = `${label}: ${times.length} frames, decode ms per frame: ${times.join(', ')} (median ${median})`;
    // Printed for the benchmark log, and kept in the report as an annotation.
    process.stdout.write(`[camera-scan] ${line}\n`);
    test.info().annotations.push({ type: 'decode-ms', description: line });
  }

  test('reads a Code 128 serial from the camera once, offline, and releases the camera on Stop', async () => {
    const browser = await launchWithCamera(videos.code128);
    try {
      const { page, watch } = await openHarness(browser);
      const loadedBeforeOpen = [...watch.requested];
      expect(loadedBeforeOpen.some((p) => /decode-worker|zxing_reader|CameraScanner/.test(p))).toBe(
        false,
      );

      await page.getByRole('button', { name: 'Open camera' }).click();
      await expect(page.getByLabel('Camera preview')).toBeVisible();
      const detections = page.getByRole('list', { name: 'Detections' }).getByRole('listitem');
      await expect(detections).toHaveText([`${CODE128_SERIAL} (Code128)`], { timeout: 20_000 });
      await expect(page.getByRole('status').filter({ hasText: 'Read' })).toHaveText(
        `Read ${CODE128_SERIAL}`,
      );

      // The label stays in view; repeats are debounced into the one detection.
      await page.waitForTimeout(1_500);
      await expect(detections).toHaveCount(1);
      expect(watch.requested.some((p) => /zxing_reader-.*\.wasm$/.test(p))).toBe(true);

      await page.getByRole('button', { name: 'Stop camera' }).click();
      await expect(page.getByLabel('Camera preview')).toHaveCount(0);
      await expect(page.getByText('Live camera tracks: 0')).toBeVisible();
      await expect(page.getByText('Decoder workers running: 0')).toBeVisible();
      await expect(page.getByText('Streams opened: 1')).toBeVisible();

      report('Code 128', await decodeTimes(page));
      expect(watch.blocked).toEqual([]);
      expect(watch.problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('reads a QR code carrying a URL and releases the camera when the screen is left', async () => {
    const browser = await launchWithCamera(videos.qr);
    try {
      const { page, watch } = await openHarness(browser);
      await page.getByRole('button', { name: 'Open camera' }).click();
      const detections = page.getByRole('list', { name: 'Detections' }).getByRole('listitem');
      await expect(detections).toHaveText([`${QR_PAYLOAD} (QRCode)`], { timeout: 20_000 });
      // The raw text goes to the screen; the status shows the serial it carries.
      await expect(page.getByRole('status').filter({ hasText: 'Read' })).toHaveText(
        'Read FTC-5678EFGH',
      );
      await expect(page.getByText('Live camera tracks: 1')).toBeVisible();

      // Leaving the screen without pressing Stop must still release the camera and the worker.
      await page.getByRole('button', { name: 'Leave screen' }).click();
      await expect(page.getByText('Live camera tracks: 0')).toBeVisible();
      await expect(page.getByText('Decoder workers running: 0')).toBeVisible();

      report('QR code', await decodeTimes(page));
      expect(watch.blocked).toEqual([]);
      expect(watch.problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('says in words what to do when the decoder cannot load', async () => {
    const browser = await launchWithCamera(videos.code128);
    try {
      const { page } = await openHarness(browser, { failWasm: true });
      await page.getByRole('button', { name: 'Open camera' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The barcode reader could not start.');
      await expect(alert).toContainText('Use the handheld scanner or type the serial number.');
      await expect(
        page.getByRole('list', { name: 'Detections' }).getByRole('listitem'),
      ).toHaveCount(0);
      await page.getByRole('button', { name: 'Stop camera' }).click();
      await expect(page.getByText('Live camera tracks: 0')).toBeVisible();
      await expect(page.getByText('Decoder workers running: 0')).toBeVisible();
    } finally {
      await browser.close();
    }
  });

  test('explains a blocked camera permission and offers Try again', async () => {
    const browser = await launchWithCamera(videos.code128, { grantCamera: false });
    try {
      const { page } = await openHarness(browser);
      await page.getByRole('button', { name: 'Open camera' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Camera access is blocked.');
      await expect(alert).toContainText('type the serial number');
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(page.getByText('Streams opened: 0')).toBeVisible();
      await page.getByRole('button', { name: 'Stop camera' }).click();
      await expect(page.getByText('Decoder workers running: 0')).toBeVisible();
    } finally {
      await browser.close();
    }
  });
});

test.describe('camera scanning in the app (browser mode, training mode)', () => {
  test('Use camera reads a sandbox device label and opens that device', async ({
    web,
    cameraBrowser,
    cameraVideo,
  }) => {
    // Chromium opens the fake camera file only when a page starts capture, so the label can be
    // printed after sign-in, once the sandbox has told us which serials exist.
    const context = await cameraBrowser.newContext();
    await context.addInitScript(TRACK_STREAMS);
    const page = await context.newPage();
    await startTraining(page, web.info.url);

    // The page traded the URL's single-use token for the session: call through its cookie and
    // the secret it stored.
    const app = bridgeClient(web.info.url);
    app.useBrowserSession(
      await context.cookies(web.info.url),
      await page.evaluate((key) => localStorage.getItem(key) ?? '', BRIDGE_SECRET_STORAGE_KEY),
    );
    // The training account's first sync fills the local database; wait for it.
    await app.call('syncNow');
    const inventory = await app.call<{ rows: { serial: string }[] }>('queryDevices', {
      view: 'uninstalled',
      offset: 0,
      limit: 1,
    });
    const serial = inventory.rows[0]?.serial;
    if (!serial) throw new Error('the training sandbox has no uninstalled devices');
    await writeY4m(cameraVideo, await renderBarcodeFrames(serial, { format: 'Code128' }));

    await page.locator('ul.locations li').first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Scan device' }).click();
    await expect(page.getByLabel('Serial number')).toBeVisible();
    await page.getByRole('button', { name: 'Use camera' }).click();

    await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible({
      timeout: 30_000,
    });
    expect(await page.evaluate(STREAMS_OPENED)).toBe(1);
    // The scanner closed after the read: the camera must be released, not just hidden.
    await expect.poll(() => page.evaluate(LIVE_TRACKS)).toBe(0);
  });
});
