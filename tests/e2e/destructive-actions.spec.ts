import { checkBothThemes, expect, test } from './fixtures';
import { apiGet, serverPlacements } from './sandbox-api';
import { openNav } from './helpers';

interface ApiDevice {
  serial_number: string;
  location?: { id: string; name: string } | null;
}

test('Uninstall and Discard ask first; Delete location is disabled with its reason while devices are there', async ({
  signedInPage: page,
  web,
  sandbox,
}) => {
  const installed = (await apiGet<ApiDevice[]>(sandbox, '/devices')).find((d) => d.location);
  if (!installed?.location) throw new Error('the sandbox seed has no installed device');
  const store = installed.location;
  const origin = new URL(web.info.url).origin;

  // Delete location: disabled, and why, while a device is installed there.
  await page.goto(`${origin}/#/locations/${encodeURIComponent(store.id)}`);
  await expect(page.getByRole('table')).toContainText(installed.serial_number);
  const del = page.getByRole('button', { name: 'Delete location' });
  await expect(del).toBeDisabled();
  await expect(del).toHaveAccessibleDescription(/uninstall its \d+ devices? first/);

  // Uninstall asks; Cancel keeps the device where it is.
  await page.getByRole('button', { name: installed.serial_number }).click();
  await page.getByRole('button', { name: 'Uninstall' }).click();
  const dialog = page.getByRole('dialog', { name: `Uninstall ${installed.serial_number}?` });
  await expect(dialog).toContainText(store.name);
  await checkBothThemes(page, 'uninstall-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const placements = await serverPlacements(sandbox.info);
  expect(placements[installed.serial_number]).toBe(store.id);

  // Discard of a queued action asks too: queue the uninstall offline, then try to discard it.
  await sandbox.stop();
  await page.getByRole('button', { name: 'Uninstall' }).click();
  await dialog.getByRole('button', { name: 'Uninstall' }).click();
  await expect(page.getByRole('main').getByText('Queued', { exact: true })).toBeVisible();
  await openNav(page, 'Activity');
  await page.getByRole('button', { name: 'Discard' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard this action?' });
  await expect(discard).toContainText(installed.serial_number);
  await checkBothThemes(page, 'discard-confirm');
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
});
