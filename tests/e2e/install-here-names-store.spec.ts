import { expect, test } from './fixtures';
import { escapeRegExp } from './helpers';
import { scannerBurst } from './helpers/scanner';

// "Install here" installs at once, without asking: the device's screen must say where "here"
// is, to the eye and to a screen reader, since a scan at a store opens it from anywhere there.
test('the device opened at a store names the store that "Install here" means', async ({
  page,
  web,
}) => {
  await page.goto(web.info.url);
  await page.getByRole('button', { name: 'Start training mode' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  const firstDevice = page.locator('.device-row .serial').first();
  await expect(firstDevice).toBeVisible({ timeout: 20_000 });
  const serial = (await firstDevice.textContent())!.trim();

  await nav.getByRole('button', { name: 'Locations' }).click();
  const store = page.getByRole('main').getByRole('listitem').first().getByRole('button').first();
  const storeName = (await store.textContent())!.trim();
  await store.click();
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await scannerBurst(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();

  // Named with its city, as everywhere: an organization may have stores of the same name.
  const here = new RegExp(`^Here: ${escapeRegExp(storeName)} \\(.+\\)$`);
  await expect(page.getByRole('main').getByText(here)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install here' })).toHaveAccessibleDescription(
    here,
  );
});
