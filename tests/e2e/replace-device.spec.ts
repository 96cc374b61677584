import { checkBothThemes, expect, test } from './fixtures';
import { openLocation, openNav } from './helpers';
import {
  apiGet,
  installOnServer,
  locations,
  updateOnServer,
  uninstalledSerials,
} from './sandbox-api';

interface ApiDevice {
  name?: string | null;
  update_interval_s?: number | null;
  location?: { id: string } | null;
}

test('replace a broken device at a store: scan both, one action, label and interval carried over', async ({
  page,
  sandbox,
  signIn,
}) => {
  test.setTimeout(150_000);
  const [broken, fresh] = await uninstalledSerials(sandbox);
  if (!broken || !fresh) throw new Error('sandbox has too few uninstalled devices');
  const store = (await locations(sandbox))[0]!;
  // The broken device was installed and labelled on an earlier visit.
  await installOnServer(sandbox, broken, store.id);
  await updateOnServer(sandbox, broken, { name: 'Entrance left', update_interval_s: 900 });

  await signIn(page);
  await openLocation(page, store.name);
  await expect(page.getByRole('table')).toContainText(broken);
  await page.getByRole('button', { name: 'Replace device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Replace a device' })).toBeVisible();
  await expect(page.getByText(`At ${store.name}`)).toBeVisible();

  // A device that is not installed here is refused in words, before anything is sent.
  await page.getByLabel('Broken device').fill(fresh);
  await page.getByLabel('New device').fill(broken);
  await page.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(page.getByText(`${fresh} is not installed here.`)).toBeVisible();
  await checkBothThemes(page, 'replace-not-here');

  // Scanner-style: serial + Enter in the first field moves on to the second.
  await page.getByLabel('Broken device').fill(broken.toLowerCase());
  await page.getByLabel('New device').fill('');
  await page.getByLabel('Broken device').press('Enter');
  await expect(page.getByLabel('New device')).toBeFocused();
  await checkBothThemes(page, 'replace-form');
  await page.getByLabel('New device').fill(fresh);
  await page.getByLabel('New device').press('Enter');
  // Asked first, like every destructive action (tests/e2e/replace-confirm.spec.ts).
  await page
    .getByRole('dialog', { name: `Replace ${broken} with ${fresh}?` })
    .getByRole('button', { name: 'Replace' })
    .click();
  await expect(page.getByRole('heading', { name: `Verify ${fresh}` })).toBeVisible();

  const oldNow = await apiGet<ApiDevice>(sandbox, `/devices/${broken}`);
  const newNow = await apiGet<ApiDevice>(sandbox, `/devices/${fresh}`);
  expect(oldNow.location ?? null).toBeNull();
  expect(newNow).toMatchObject({
    name: 'Entrance left',
    update_interval_s: 900,
    location: { id: store.id },
  });

  await openNav(page, 'Activity');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Replace' });
  await expect(row).toContainText(fresh);
  // The serial isolated for direction inside the sentence (words/bidi.ts).
  await expect(row).toContainText(`Replaced \u2068${broken}\u2069`);
});
