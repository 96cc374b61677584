/**
 * Placement photos from the camera: Chromium's fake camera (the launch arguments of
 * camera-scan.spec.ts) plays a generated .y4m; a photo taken on the Verify screen is kept with
 * the visit and shows on its receipt.
 */
import { join } from 'node:path';
import { checkBothThemes, expect, startSandbox, test } from './fixtures';
import { launchWithCamera } from './helpers/camera-browser';
import { doorFrames, writeY4m } from './helpers/camera-y4m';
import { locations, openLocation, signInWithKey, uninstalledSerials } from './helpers';

test('a placement photo from the camera is kept with the visit and printed on its receipt', async ({
  web,
  dataDir,
}) => {
  test.setTimeout(150_000);
  const cameraFile = join(dataDir, 'door.y4m');
  await writeY4m(cameraFile, doorFrames());
  const sandbox = await startSandbox();
  const browser = await launchWithCamera(cameraFile);
  try {
    const info = sandbox.info;
    const page = await (await browser.newContext()).newPage();
    const user = await signInWithKey(page, web.info.url, info);
    const [serial] = await uninstalledSerials(info, user);
    if (!serial) throw new Error('sandbox has no uninstalled device');
    const store = (await locations(info, user))[0]!;
    await openLocation(page, store.name);
    await page.getByRole('button', { name: 'Scan device' }).click();
    await page.getByLabel('Serial number').fill(serial);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('button', { name: 'Install here' }).click();
    await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();

    const photos = page.getByRole('region', { name: 'Placement photos' });
    await photos.getByRole('button', { name: 'Add photo' }).click();
    await expect(photos.getByLabel('Camera preview')).toBeVisible();
    await expect
      .poll(() =>
        photos.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.videoWidth),
      )
      .toBeGreaterThan(0);
    await checkBothThemes(page, 'placement-camera');
    await photos.getByRole('button', { name: 'Take photo' }).click();
    await expect(photos.getByText('Photo saved with this visit.')).toBeVisible();
    await photos.getByRole('button', { name: 'Take photo' }).click();
    await expect(photos.getByRole('img', { name: `Placement photo of ${serial}` })).toHaveCount(2);
    await photos.getByRole('button', { name: 'Stop camera' }).click();
    await expect(photos.getByLabel('Camera preview')).toHaveCount(0);
    // The pictures are real images, decoded by the browser.
    const width = await photos
      .getByRole('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(width).toBe(320);
    await checkBothThemes(page, 'placement-photos');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Activity' })
      .click();
    await page.getByRole('button', { name: 'Receipt', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Visit receipt' })).toBeVisible();
    await expect(page.getByRole('img', { name: `Placement photo of ${serial}` })).toHaveCount(2);
    await checkBothThemes(page, 'receipt-with-photos');
  } finally {
    await browser.close();
    await sandbox.stop();
  }
});
