import { checkBothThemes, expect, test } from './fixtures';
import { openLocation } from './helpers';
import { apiGet, installOnServer, uninstalledSerials } from './sandbox-api';
import { scannerBurst } from './helpers/scanner';

interface ApiStore {
  id: string;
  name: string;
  address?: { city?: string | null } | null;
}

test('a store is named with its city: inventory rows, "Installed at", Keep scanning refusals', async ({
  page,
  sandbox,
  signIn,
}) => {
  test.setTimeout(150_000);
  const stores = (await apiGet<ApiStore[]>(sandbox, '/locations')).filter((s) => s.address?.city);
  const [here, elsewhere] = stores;
  const [serial] = await uninstalledSerials(sandbox);
  if (!here || !elsewhere || !serial) throw new Error('sandbox seed too small');
  const elsewhereLabel = `${elsewhere.name} (${elsewhere.address!.city!})`;
  // Installed elsewhere before the app first syncs, so every list has it there.
  await installOnServer(sandbox, serial, elsewhere.id);
  await signIn(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  await page.getByRole('button', { name: 'All devices' }).click();
  await page.getByLabel('Search inventory').fill(serial);
  const row = page.locator('.device-row').filter({ hasText: serial });
  await expect(row).toContainText(elsewhereLabel, { timeout: 20_000 });
  await checkBothThemes(page, 'store-names-all-devices');

  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  const facts = page.locator('dl.facts');
  await expect(facts.locator('dt:text-is("Installed at") + dd')).toHaveText(elsewhereLabel);

  // Keep scanning at another store: the refusal names where it is, with the city.
  await openLocation(page, here.name);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await expect(page.getByText(`At ${here.name} (${here.address!.city!}).`)).toBeVisible();
  await page.getByLabel('Keep scanning (install each scanned device here)').check();
  await scannerBurst(page, serial);
  const log = page.getByRole('region', { name: 'Scanned in a row' });
  await expect(log).toContainText(`Already installed at ${elsewhereLabel}; not moved.`);
  await checkBothThemes(page, 'store-names-keep-scanning');
});
