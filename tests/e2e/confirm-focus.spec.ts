import { expect, test } from './fixtures';

// A question whose answer destroys something opened with its destructive button focused: one
// Enter too many (a double press, a key meant for the screen behind) uninstalled the device.
// It opens on Cancel instead; the destructive answer is one Tab away.
test('Uninstall? opens with Cancel focused: Enter keeps the device where it is', async ({
  trainingPage: page,
}) => {
  const store = page.getByRole('main').getByRole('listitem').first().getByRole('button').first();
  const storeName = (await store.textContent())!.trim();
  await store.click();
  const installed = page.getByRole('rowheader').getByRole('button').first();
  const serial = (await installed.textContent())!.trim();
  await installed.click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();

  await page.getByRole('button', { name: 'Uninstall' }).click();
  const dialog = page.getByRole('dialog', { name: `Uninstall ${serial}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('definition').filter({ hasText: storeName })).toBeVisible();

  // Confirming by keyboard still works, deliberately: Shift+Tab to Uninstall, then Enter.
  await page.getByRole('button', { name: 'Uninstall' }).click();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Uninstall' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByText(`Uninstalled ${serial}.`)).toBeVisible();
});
