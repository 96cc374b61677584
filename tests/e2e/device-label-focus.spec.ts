/**
 * The device screen after a scan at a store: the focus is on "Install here" (Enter installs, the
 * next scan is still a scan), not on the heading; and the screen has one field for the label,
 * never two — also while an install with its label waits in the queue, when the label shows
 * where the device's settings are, not an empty field beside a queued one.
 */
import { expect, test } from './fixtures';
import { scannerBurst } from './helpers/scanner';

test('a scan at a store puts the focus on Install; one Label field, the queued label shown in it', async ({
  page,
  sandbox,
  atStore: { serial },
}) => {
  await page.getByRole('heading', { level: 1 }).focus();
  await scannerBurst(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  const install = page.getByRole('button', { name: 'Install here' });
  await expect(install).toBeFocused();
  const labels = page.getByRole('textbox', { name: /^Label/ });
  await expect(labels).toHaveCount(1);
  await expect(labels).toHaveAccessibleName(/^Label \(optional\)/);

  // The server gone: the install with its label is queued.
  await sandbox.stop();
  await labels.fill('Entrance left');
  await install.click();
  await expect(page.getByRole('main')).toContainText('Queued', { timeout: 15_000 });
  await expect(labels).toHaveCount(1);
  await expect(labels).toHaveValue('Entrance left');
  // Opened again while it waits: the label the install carries, in the one field.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Label/ })).toHaveCount(1);
  await expect(page.getByRole('textbox', { name: /^Label/ })).toHaveValue('Entrance left');
});
