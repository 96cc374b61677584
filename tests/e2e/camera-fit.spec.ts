/**
 * The camera panel in the app on a 1366×768 laptop screen, fed a label that is not a serial:
 * Stop is on screen without scrolling by hand, and the code is refused with the words a typed
 * one gets (the same normalise-serial rule), the camera staying on for the right label.
 */
import { normaliseSerial } from '../../renderer/src/lib/scan/normalise-serial';
import { checkScreen, expect, test } from './fixtures';
import { startTraining } from './helpers';
import { renderBarcodeFrames } from './helpers/camera-barcode-frames';
import { writeY4m } from './helpers/camera-y4m';

const NOT_A_SERIAL_PAYLOAD = 'Gift card: 25 € (not a device)';

test('on 1366×768 the camera panel and its Stop button fit the screen; a code that is not a serial is refused in words', async ({
  web,
  cameraBrowser,
  cameraVideo,
}) => {
  expect(normaliseSerial(NOT_A_SERIAL_PAYLOAD)).toBeNull();
  await writeY4m(
    cameraVideo,
    await renderBarcodeFrames(NOT_A_SERIAL_PAYLOAD, { format: 'QRCode' }),
  );
  const context = await cameraBrowser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await startTraining(page, web.info.url);
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
});
