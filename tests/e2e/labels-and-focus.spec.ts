import { checkBothThemes, expect, test } from './fixtures';
import { firstDeviceRow } from './helpers';

test('focus lands on the new location after creating it; device labels show in the inventory and the store table', async ({
  trainingPage: page,
}) => {
  // Create a location: the technician starts on its screen, at its heading.
  await page.getByRole('button', { name: 'New location' }).click();
  await page.getByLabel('Name').fill('Focus Test Store');
  await page.getByLabel('Street address').fill('Kalverstraat 1');
  await page.getByLabel('City').fill('Amsterdam');
  await page.getByRole('combobox', { name: 'Country' }).fill('Netherlands');
  await page.getByRole('button', { name: 'Create location' }).click();
  const heading = page.getByRole('heading', { level: 1, name: 'Focus Test Store' });
  await expect(heading).toBeFocused();
  // Still there once the store's reads have settled (they must not take it away).
  await page.waitForTimeout(1_000);
  await expect(heading).toBeFocused();

  // Give a device a label; the inventory row shows it under the serial.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  const { row: firstDevice, serial } = await firstDeviceRow(page);
  await firstDevice.click();
  // One label field on the device's screen: beside "Install at…", saved by "Save changes" too.
  await expect(page.getByRole('textbox', { name: /^Label/ })).toHaveCount(1);
  await page.getByLabel('Label (optional)').fill('Entrance left');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  await nav.getByRole('button', { name: 'Inventory' }).click();
  await page.getByLabel('Search inventory').fill(serial);
  const row = page.locator('.device-row').filter({ hasText: serial });
  await expect(row.locator('.label')).toHaveText('Entrance left');
  await checkBothThemes(page, 'inventory-label');

  // Installed at the new store: its device table has a Label column.
  await row.click();
  await page.getByRole('button', { name: 'Install at…' }).click();
  await page.getByLabel('Search stores (name, city, address)').fill('Focus Test Store');
  await page
    .getByRole('region', { name: 'Install at…' })
    .getByRole('button', { name: /Focus Test Store/ })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: `Install ${serial}?` })
    .getByRole('button', { name: 'Install' })
    .click();
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();
  await nav.getByRole('button', { name: 'Locations' }).click();
  await page.getByLabel('Search locations').fill('Focus Test Store');
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Focus Test Store', exact: true })
    .click();
  const table = page.getByRole('table', { name: 'Devices installed at Focus Test Store' });
  await expect(table.getByRole('columnheader', { name: 'Label' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: serial })).toContainText('Entrance left');
  await checkBothThemes(page, 'location-device-labels');
});
