import { expect, test } from './fixtures';
import { scannerBurst } from './helpers/scanner';

// A handheld scanner ends every code with Enter. A confirmation dialog focuses its first
// button ("Uninstall"), so a scan made while it is open must not reach that button.
test('a scanner burst while a confirmation is open answers nothing and opens nothing', async ({
  trainingPage: page,
}) => {
  const store = page.getByRole('main').getByRole('listitem').first().getByRole('button').first();
  const storeName = (await store.textContent())!.trim();
  await store.click();
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  const installed = page.getByRole('rowheader').getByRole('button').first();
  const serial = (await installed.textContent())!.trim();
  await installed.click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  const deviceHash = new URL(page.url()).hash;

  await page.getByRole('button', { name: 'Uninstall' }).click();
  const dialog = page.getByRole('dialog', { name: `Uninstall ${serial}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();

  // Another device's label, scanned by mistake while the question is on screen.
  await scannerBurst(page, 'FTC-2B5H97J8');

  // The question is still asked, nothing was uninstalled and no other device opened.
  await expect(dialog).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Uninstalled' }),
  ).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe(deviceHash);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('definition').filter({ hasText: storeName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uninstall' })).toBeVisible();
});
