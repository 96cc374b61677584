import { expect, startSandbox, test } from './fixtures';
import { locations, openLocation, signInWithKey, uninstalledSerials } from './helpers';

// An install taken online is queued and sent at once. On a slow server the device's screen
// said "Queued — An install of this device is waiting to sync." all the while it was being
// sent, as if nothing were happening until some later sync.
test('an install on its way to a slow server says it is being sent, then verifies', async ({
  page,
  web,
}) => {
  const sandbox = await startSandbox({ args: ['--latency', '6000', '--fault-path', '/install$'] });
  try {
    const info = sandbox.info;
    const user = await signInWithKey(page, web.info.url, info);
    const [serial] = await uninstalledSerials(info, user);
    const [here] = await locations(info, user);
    if (!serial || !here) throw new Error('sandbox has no uninstalled device or no location');
    await openLocation(page, here.name);
    await page.getByRole('button', { name: 'Scan device' }).click();
    await page.getByLabel('Serial number').fill(serial);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('button', { name: 'Install here' }).click();

    const said = page.getByRole('main').getByRole('status').filter({ hasText: 'this device' });
    await expect(said).toContainText('An install of this device is being sent now.');
    await expect(said).toContainText('Syncing');
    await expect(said).not.toContainText('waiting to sync');
    await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await sandbox.stop();
  }
});
