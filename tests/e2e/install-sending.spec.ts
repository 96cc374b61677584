import { expect, test } from './fixtures';
import { installHere, openStoreWithSpare } from './helpers';
import { serverDeviceLocation } from './sandbox-api';

test.use({ sandboxArgs: ['--latency', '8000', '--fault-path', '/install$'] });

// An install taken online is queued and sent at once. On a slow server the device's screen
// said "Queued — An install of this device is waiting to sync." all the while it was being
// sent, as if nothing were happening until some later sync. Then it spun for as long as the
// server took (30 s on a flaky connection) before saying anything: the install was safe on
// disk from the first moment, and the technician is told so within a few seconds while the
// send goes on by itself.
test('an install on a slow server says it is being sent, then within seconds that it is saved and safe to leave', async ({
  signedInPage: page,
  sandbox,
}) => {
  const { serial, store: here } = await openStoreWithSpare(page, sandbox);
  await installHere(page, serial);
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
  await expect.poll(() => serverDeviceLocation(sandbox, serial), { timeout: 20_000 }).toBe(here.id);
});
