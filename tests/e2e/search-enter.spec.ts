import { expect, test } from './fixtures';
import { bridgeOp } from './helpers';

// Finding is typing and Enter: each search has the focus when its screen opens, and Enter with
// exactly one match opens it (none or several: nothing happens). The main navigation says
// where a device was opened from: from Inventory (no store), Inventory; from a store, Locations.
test('searches start focused and Enter opens the one match; a device highlights the section it came from', async ({
  trainingPage: page,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const current = nav.locator('[aria-current="page"]');

  // Locations: the search has the focus.
  const storeSearch = page.getByLabel('Search locations');
  await expect(storeSearch).toBeFocused();
  const first = page.getByRole('main').getByRole('listitem').first();
  const name = (await first.getByRole('button').first().textContent())!.trim();
  const street = (await first.locator('.address').textContent())!.split(',')[0]!.trim();
  // Several match the brand: Enter stays, keeping what was typed.
  const brand = name.split(' ')[0]!;
  await storeSearch.fill(brand);
  await expect(page.getByText(/^\d+ locations$/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await expect(storeSearch).toHaveValue(brand);
  // One matches: Enter opens it.
  await storeSearch.fill(`${name} ${street}`);
  await expect(page.getByText('1 location', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();

  // A device opened from the store: Locations stays highlighted.
  const installed = page.getByRole('rowheader').getByRole('button').first();
  const installedSerial = (await installed.textContent())!.trim();
  await installed.click();
  await expect(page.getByRole('heading', { level: 1, name: installedSerial })).toBeVisible();
  await expect(current).toHaveText('Locations');

  // Inventory: the search has the focus; a serial typed and Enter at once opens it (the Enter
  // waits for that search's answer).
  await nav.getByRole('button', { name: 'Inventory' }).click();
  const inventorySearch = page.getByLabel('Search inventory');
  await expect(inventorySearch).toBeFocused();
  const spare = (
    await bridgeOp<{ rows: { serial: string }[] }>(page, 'queryDevices', {
      view: 'uninstalled',
      offset: 0,
      limit: 1,
    })
  ).rows[0]!.serial;
  await inventorySearch.fill(spare);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: spare })).toBeFocused();
  expect(new URL(page.url()).hash).toBe(`#/devices/${spare}`);
  await expect(current).toHaveText('Inventory');

  // Install at…: its search has the focus; several stores → Enter stays, one → it is asked.
  await page.getByRole('button', { name: 'Install at…' }).click();
  const pickerSearch = page.getByLabel('Search stores (name, city, address)');
  await expect(pickerSearch).toBeFocused();
  await pickerSearch.fill(brand);
  await expect(page.getByText(/^\d+ stores match/)).toBeVisible();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Install ${spare}?` });
  await expect(dialog).toBeHidden();
  await pickerSearch.fill(`${name} ${street}`);
  await expect(page.getByText('1 store matches.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The Enter that opened the question did not answer it.
  await expect(dialog).toBeHidden();
  expect(new URL(page.url()).hash).toBe(`#/devices/${spare}`);
});
