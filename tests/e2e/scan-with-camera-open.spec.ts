import { CHROMIUM_ARGS } from '../../playwright.config';
import { chromiumExecutable } from '../helpers/system-chromium';
import { expect, test } from './fixtures';
import { openFirstStore } from './helpers';
import { scannerBurst } from './helpers/scanner';

// Chromium's own fake camera (a test pattern, no code in it): the panel opens and reads nothing.
test.use({
  launchOptions: {
    executablePath: chromiumExecutable(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

// The camera struggles with a label, so the technician picks up the handheld scanner. Its read
// was ignored while the camera was open, and its Enter pressed the focused "Use camera" button:
// the camera closed and the serial was lost.
test('a handheld scan while the camera is open is looked up like any other', async ({
  page,
  spareSerial: serial,
}) => {
  await openFirstStore(page);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByRole('button', { name: 'Use camera' }).click();
  const panel = page.getByRole('region', { name: 'Camera scanner' });
  await expect(panel.getByRole('button', { name: 'Stop camera' })).toBeVisible({
    timeout: 30_000,
  });

  await scannerBurst(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install here' })).toBeVisible();
});
