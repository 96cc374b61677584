import { expect, test } from './fixtures';
import { openNav } from './helpers';

// The Scan screen without a store (#/scan) is the only place the camera reads a label away
// from a store, e.g. in the warehouse with no handheld scanner. The desktop app's Go menu opens
// it; nothing on the page did, so in browser mode it was reachable only by typing its address.
test('the Scan screen, camera included, is reachable from Inventory without a store', async ({
  trainingPage: page,
}) => {
  await openNav(page, 'Inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Scan device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan device' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/scan');
  await expect(page.getByRole('button', { name: 'Use camera' })).toBeVisible();
});
