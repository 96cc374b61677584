import { expect, test } from './fixtures';
import { bridgeOp } from './helpers';
import { scannerBurst } from './helpers/scanner';

test('a scanner burst on any screen is taken: at a store it starts the install there, elsewhere it opens the device', async ({
  page,
  spareSerial: serial,
}) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const scan = (code: string) => scannerBurst(page, code);

  // Elsewhere (Inventory): the device opens, with no store to install at.
  await scan(serial.toLowerCase());
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeFocused();
  // The address and the heading take the server's spelling once the device is read (issue
  // 22), on the same screen: the focus stays.
  await expect.poll(() => new URL(page.url()).hash).toBe(`#/devices/${serial}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Install here' })).toHaveCount(0);

  // At a store, even with focus in nothing special: the install flow there.
  await nav.getByRole('button', { name: 'Locations' }).click();
  const store = page.getByRole('main').getByRole('listitem').first().getByRole('button').first();
  const storeName = (await store.textContent())!.trim();
  await store.click();
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeFocused();
  const locationHash = new URL(page.url()).hash;
  await scan(serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install here' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe(
    `#/devices/${serial}?at=${locationHash.slice('#/locations/'.length)}`,
  );

  // Typing at a person's pace in a field stays typing, every character kept.
  await nav.getByRole('button', { name: 'Locations' }).click();
  const search = page.getByLabel('Search locations');
  await search.click();
  await search.pressSequentially('mall', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await expect(search).toHaveValue('mall');

  // Locations and Inventory open with their search focused, so a scan lands there as typed;
  // its Enter opens the device when the search finds nothing of its own (no store is named
  // like a serial; an installed device is not in Inventory's uninstalled view).
  await nav.getByRole('button', { name: 'Inventory' }).click();
  await nav.getByRole('button', { name: 'Locations' }).click();
  await expect(search).toBeFocused();
  await scan(serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  const installed = (
    await bridgeOp<{ rows: { serial: string; location: unknown }[] }>(page, 'queryDevices', {
      view: 'all',
      offset: 0,
      limit: 50,
    })
  ).rows.find((d) => d.location)!.serial;
  await nav.getByRole('button', { name: 'Inventory' }).click();
  await expect(page.getByLabel('Search inventory')).toBeFocused();
  await scan(installed);
  await expect(page.getByRole('heading', { level: 1, name: installed })).toBeVisible();
  // A store name that matches nothing stays a search: no device screen for it.
  await nav.getByRole('button', { name: 'Locations' }).click();
  await search.fill('Nowhere Mall');
  await page.keyboard.press('Enter');
  await expect(page.getByText('0 locations', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
});
