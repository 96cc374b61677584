/**
 * Placement photos from the camera: Chromium's fake camera (the launch arguments of
 * camera-scan.spec.ts) plays a generated .y4m; a photo taken on the Verify screen is kept with
 * the visit and shows on its receipt.
 */
import { checkBothThemes, expect, test } from './fixtures';
import { doorFrames, writeY4m } from './helpers/camera-y4m';
import { installHere, openNav, openStoreWithSpare } from './helpers';

test('a placement photo from the camera is kept with the visit and printed on its receipt', async ({
  sandbox,
  signIn,
  cameraBrowser,
  cameraVideo,
}) => {
  test.setTimeout(150_000);
  await writeY4m(cameraVideo, doorFrames());
  const page = await (await cameraBrowser.newContext()).newPage();
  await signIn(page);
  const { serial } = await openStoreWithSpare(page, sandbox);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();

  const photos = page.getByRole('region', { name: 'Placement photos' });
  await photos.getByRole('button', { name: 'Add photo' }).click();
  await expect(photos.getByLabel('Camera preview')).toBeVisible();
  await expect
    .poll(() => photos.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.videoWidth))
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

  await openNav(page, 'Activity');
  await page.getByRole('button', { name: 'Receipt', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Visit receipt' })).toBeVisible();
  await expect(page.getByRole('img', { name: `Placement photo of ${serial}` })).toHaveCount(2);
  await checkBothThemes(page, 'receipt-with-photos');
});
