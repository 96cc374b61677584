import { checkBothThemes, expect, test } from './fixtures';
import { firstDeviceRow } from './helpers';

test('a device opened from Inventory is no dead end: "Install at…" finds a store and installs there', async ({
  trainingPage: page,
}) => {
  const firstStore = page.getByRole('main').getByRole('listitem').first();
  await expect(firstStore).toBeVisible();
  const storeName = (await firstStore.getByRole('button').first().textContent())!.trim();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  const { row: firstDevice, serial } = await firstDeviceRow(page);
  await firstDevice.click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeFocused();

  await page.getByRole('button', { name: 'Install at…' }).click();
  const search = page.getByLabel('Search stores (name, city, address)');
  await expect(search).toBeFocused();
  await search.fill(storeName);
  const picker = page.getByRole('region', { name: 'Install at…' });
  await expect(picker.getByRole('button', { name: new RegExp(storeName) }).first()).toBeVisible();
  await checkBothThemes(page, 'install-at-picker');
  await picker
    .getByRole('button', { name: new RegExp(storeName) })
    .first()
    .click();

  const dialog = page.getByRole('dialog', { name: `Install ${serial}?` });
  // The store is named with its city: organizations have stores with the same name.
  await expect(dialog).toContainText(new RegExp(`${storeName} \\(.+\\)`));
  await checkBothThemes(page, 'install-at-confirm');
  await dialog.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();
  expect(new URL(page.url()).hash).toMatch(new RegExp(`^#/verify/${serial}\\?at=`));
});
