import { expect, test } from './fixtures';
import { openFirstStore } from './helpers';
import { scannerBurst } from './helpers/scanner';

// "Scan the broken device, then the new one", the Replace screen says. With the handheld
// scanner, the first scan left the screen: the app-wide scanner listener opened the broken
// device instead (and the second scan then offered "Install at…", with no store).
test('Replace takes both scans from the handheld scanner: broken one, then new one', async ({
  page,
  spareSerial: fresh,
}) => {
  const storeName = await openFirstStore(page);
  const broken = (await page.getByRole('rowheader').first().textContent())!.trim();
  await page.getByRole('button', { name: 'Replace device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Replace a device' })).toBeVisible();

  await scannerBurst(page, broken);
  await expect(page.getByRole('heading', { level: 1, name: 'Replace a device' })).toBeVisible();
  await expect(page.getByLabel('Broken device')).toHaveValue(broken);
  await expect(page.getByLabel('New device')).toBeFocused();

  await scannerBurst(page, fresh.toLowerCase());
  // Asked first, like every destructive action (tests/e2e/replace-confirm.spec.ts).
  await page
    .getByRole('dialog', { name: `Replace ${broken} with ${fresh}?` })
    .getByRole('button', { name: 'Replace' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${fresh}` })).toBeVisible();
  await expect(page.getByText(`At ${storeName}`)).toBeVisible();
});
