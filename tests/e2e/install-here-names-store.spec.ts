import { expect, test } from './fixtures';
import { escapeRegExp, openFirstStore } from './helpers';
import { scannerBurst } from './helpers/scanner';

// "Install here" installs at once, without asking: the device's screen must say where "here"
// is, to the eye and to a screen reader, since a scan at a store opens it from anywhere there.
test('the device opened at a store names the store that "Install here" means', async ({
  page,
  spareSerial: serial,
}) => {
  const storeName = await openFirstStore(page);
  await scannerBurst(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();

  // Named with its city, as everywhere: an organization may have stores of the same name.
  const here = new RegExp(`^Here: ${escapeRegExp(storeName)} \\(.+\\)$`);
  await expect(page.getByRole('main').getByText(here)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install here' })).toHaveAccessibleDescription(
    here,
  );
});
