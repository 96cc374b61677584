import { expect, startSandbox, test } from './fixtures';
import {
  locations,
  openLocation,
  serverDeviceLocation,
  signInWithKey,
  uninstalledSerials,
} from './helpers';

// An install taken online is queued and sent at once. On a slow server the device's screen
// said "Queued — An install of this device is waiting to sync." all the while it was being
// sent, as if nothing were happening until some later sync. Then it spun for as long as the
// server took (30 s on a flaky connection) before saying anything: the install was safe on
// disk from the first moment, and the technician is told so within a few seconds while the
// send goes on by itself.
test('an install on a slow server says it is being sent, then within seconds that it is saved and safe to leave', async ({
  page,
  web,
}) => {
  const sandbox = await startSandbox({ args: ['--latency', '8000', '--fault-path', '/install$'] });
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
    const clicked = Date.now();

    const said = page.getByRole('main').getByRole('status').filter({ hasText: 'this device' });
    await expect(said).toContainText('An install of this device is being sent now.');
    await expect(said).toContainText('Syncing');
    await expect(said).not.toContainText('waiting to sync');

    // The server takes 8 s; the technician hears within a few that they can carry on.
    await expect(
      page
        .getByRole('main')
        .getByText(
          `Saved on this computer. ${serial} is still being sent and will be installed as soon as the server answers — you can carry on.`,
        ),
    ).toBeVisible({ timeout: 6_500 });
    expect(Date.now() - clicked).toBeLessThan(7_000);

    // The send went on by itself and landed.
    await expect
      .poll(() => serverDeviceLocation(info, user, serial), { timeout: 20_000 })
      .toBe(here.id);
  } finally {
    await sandbox.stop();
  }
});
