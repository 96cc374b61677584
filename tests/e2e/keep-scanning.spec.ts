import { checkBothThemes, expect, test } from './fixtures';
import { openLocation } from './helpers';
import { locations, serverPlacements, uninstalledSerials } from './sandbox-api';
import { scannerBurst } from './helpers/scanner';

test('a wrong key is explained in place; "Keep scanning" installs each scanned device in a row', async ({
  page,
  web,
  sandbox,
  signIn,
}) => {
  test.setTimeout(120_000);
  const info = sandbox.info;
  await page.goto(web.info.url);
  await page.getByLabel('API base URL').fill(info.base_url);
  await page.getByLabel('API key').fill('sbx_this-key-does-not-exist');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('type', 'password');
  await checkBothThemes(page, 'sign-in-error');

  const user = await signIn(page);
  expect(user).toBe(sandbox.user);
  const serials = (await uninstalledSerials(sandbox)).slice(0, 3);
  const [target, other] = await locations(sandbox);
  if (serials.length < 3 || !target || !other) throw new Error('sandbox seed too small');

  await openLocation(page, target.name);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Keep scanning (install each scanned device here)').check();
  // Scanner bursts: some labels carry the serial inside a URL or key=value payload.
  const payloads = [
    serials[0]!,
    `https://example.com/d/${serials[1]!}`,
    `SN=${serials[2]!.toLowerCase()}`,
  ];
  for (const payload of payloads) await scannerBurst(page, payload);
  const log = page.getByRole('region', { name: 'Scanned in a row' });
  for (const serial of serials) await expect(log).toContainText(`Installed ${serial}.`);
  await checkBothThemes(page, 'keep-scanning');
  const placements = await serverPlacements(info);
  for (const serial of serials) expect(placements[serial]).toBe(target.id);

  // Scanning one of them at another location (not keep-scanning) says where it is.
  await openLocation(page, other.name);
  await page.getByRole('button', { name: 'Scan device' }).click();
  await scannerBurst(page, serials[0]!);
  await expect(page.getByRole('heading', { level: 1, name: serials[0]! })).toBeVisible();
  await expect(page.getByText(target.name).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move here' })).toBeVisible();
});
