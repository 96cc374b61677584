/**
 * The camera panel in the app on a 1366×768 laptop screen, fed a label that is not a serial:
 * Stop is on screen without scrolling by hand, and the code is refused with the words a typed
 * one gets (the same normalise-serial rule), the camera staying on for the right label.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { normaliseSerial } from '../../renderer/src/lib/scan/normalise-serial';
import { checkScreen } from './fixtures';
import { buildRenderer, startBrowserMode } from './helpers/camera-app';
import { launchWithCamera } from './helpers/camera-browser';
import { renderBarcodeFrames } from './helpers/camera-barcode-frames';
import { writeY4m } from './helpers/camera-y4m';

const NOT_A_SERIAL_PAYLOAD = 'Gift card: 25 € (not a device)';

test('on 1366×768 the camera panel and its Stop button fit the screen; a code that is not a serial is refused in words', async () => {
  test.setTimeout(180_000);
  expect(normaliseSerial(NOT_A_SERIAL_PAYLOAD)).toBeNull();
  const dir = await mkdtemp(join(tmpdir(), 'camera-fit-'));
  const rendererDir = join(dir, 'renderer');
  await buildRenderer(rendererDir);
  const app = await startBrowserMode({ rendererDir, dataDir: join(dir, 'data') });
  const cameraFile = join(dir, 'label.y4m');
  await writeY4m(cameraFile, await renderBarcodeFrames(NOT_A_SERIAL_PAYLOAD, { format: 'QRCode' }));
  const browser = await launchWithCamera(cameraFile);
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Start training mode' }).click();
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible({ timeout: 30_000 });
    await page.locator('ul.locations li').first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Scan device' }).click();
    await expect(page.getByLabel('Serial number')).toBeVisible();
    await page.getByRole('button', { name: 'Use camera' }).click();

    const panel = page.getByRole('region', { name: 'Camera scanner' });
    const status = panel.getByRole('status');
    await expect(status).toHaveText(
      `Read “${NOT_A_SERIAL_PAYLOAD}”. That does not look like a serial number.`,
      { timeout: 30_000 },
    );
    // Refused, not looked up: still on the Scan screen, the camera still on.
    await expect(page.getByRole('heading', { level: 1, name: 'Scan device' })).toBeVisible();
    const stop = panel.getByRole('button', { name: 'Stop camera' });
    await expect(stop).toBeInViewport({ ratio: 1 });
    // …and not under the sticky header.
    const header = await page.getByRole('banner').boundingBox();
    const stopBox = await stop.boundingBox();
    const preview = await panel.getByLabel('Camera preview').boundingBox();
    expect(stopBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(stopBox!.y + stopBox!.height).toBeLessThanOrEqual(768);
    expect(preview!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

    await checkScreen(page, 'camera-refused', 'light');
    await checkScreen(page, 'camera-refused', 'dark');
    await stop.click();
    await expect(panel).toHaveCount(0);
  } finally {
    await browser.close();
    await app.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
