import { expect, test } from './fixtures';

// A question whose answer destroys something opened with its destructive button focused: one
// Enter too many (a double press, a key meant for the screen behind) uninstalled the device.
// It opens on Cancel instead; the destructive answer is one Tab away.
test('Uninstall? opens with Cancel focused: Enter keeps the device where it is; questions and the print sheet are built when asked, focus goes back after', async ({
  trainingPage: page,
}) => {
  const store = page.getByRole('main').getByRole('listitem').first().getByRole('button').first();
  const storeName = (await store.textContent())!.trim();
  await store.click();
  const installed = page.getByRole('rowheader').getByRole('button').first();
  const serial = (await installed.textContent())!.trim();
  await installed.click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Accuracy audit', exact: true })).toBeVisible();
  // Decision record 32: the screen's questions (move, uninstall, install) and the audit's print sheet
  // are built when asked, not with every device's screen; asked, they behave as before.
  await expect(page.locator('dialog > *')).toHaveCount(0);
  await expect(page.locator('dialog.audit-sheet')).toHaveCount(0);

  const uninstall = page.getByRole('button', { name: 'Uninstall' });
  await uninstall.click();
  const dialog = page.getByRole('dialog', { name: `Uninstall ${serial}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(uninstall).toBeFocused();
  await expect(page.locator('dialog > *')).toHaveCount(0);

  const printSheet = page.getByRole('button', { name: 'Print scanner sheet' });
  await printSheet.click();
  const sheet = page.getByRole('dialog', { name: `Accuracy audit of ${serial}` });
  await expect(sheet.getByRole('img', { name: 'In' })).toBeVisible();
  await expect(sheet.getByRole('img', { name: 'Out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(printSheet).toBeFocused();
  await printSheet.click();
  await sheet.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.locator('dialog.audit-sheet')).toHaveCount(0);
  await expect(printSheet).toBeFocused();
  await expect(page.getByRole('definition').filter({ hasText: storeName })).toBeVisible();

  // Confirming by keyboard still works, deliberately: Shift+Tab to Uninstall, then Enter.
  await page.getByRole('button', { name: 'Uninstall' }).click();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Uninstall' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main').getByText(`Uninstalled ${serial}.`)).toBeVisible();
});
