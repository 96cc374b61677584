import { checkBothThemes, expect, sandboxRequest, startSandbox, test } from './fixtures';
import {
  auth,
  locations,
  openLocation,
  signInWithKey,
  twoOrgUser,
  uninstalledSerials,
} from './helpers';

interface ApiDevice {
  name?: string | null;
  update_interval_s?: number | null;
  location?: { id: string } | null;
}
const unwrap = (body: unknown): ApiDevice =>
  (body && typeof body === 'object' && 'data' in body ? body.data : body) as ApiDevice;

test('replace a broken device at a store: scan both, one action, label and interval carried over', async ({
  page,
  web,
}) => {
  test.setTimeout(150_000);
  const sandbox = await startSandbox();
  try {
    const info = sandbox.info;
    const user = twoOrgUser(info);
    const [broken, fresh] = await uninstalledSerials(info, user);
    if (!broken || !fresh) throw new Error('sandbox has too few uninstalled devices');
    const store = (await locations(info, user))[0]!;
    // The broken device was installed and labelled on an earlier visit.
    await sandboxRequest(
      info,
      'POST',
      `/devices/${broken}/install`,
      { location_id: store.id },
      auth(user),
    );
    await sandboxRequest(
      info,
      'PUT',
      `/devices/${broken}`,
      { name: 'Entrance left', update_interval_s: 900 },
      auth(user),
    );

    await signInWithKey(page, web.info.url, info);
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

    const oldNow = unwrap(
      await sandboxRequest(info, 'GET', `/devices/${broken}`, undefined, auth(user)),
    );
    const newNow = unwrap(
      await sandboxRequest(info, 'GET', `/devices/${fresh}`, undefined, auth(user)),
    );
    expect(oldNow.location ?? null).toBeNull();
    expect(newNow).toMatchObject({
      name: 'Entrance left',
      update_interval_s: 900,
      location: { id: store.id },
    });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Activity' })
      .click();
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Replace' });
    await expect(row).toContainText(fresh);
    await expect(row).toContainText(`Replaced ${broken}`);
  } finally {
    await sandbox.stop();
  }
});
