import { expect, test } from './fixtures';
import { installHere, openNav } from './helpers';

test.use({ restartableSandbox: true });

// An action queued offline keeps why its send failed. Once the app was Online again, the
// queue still said "The network connection seems to be down. Check the Wi-Fi…" under the
// Online badge, sending the technician to check a network that works.
test('a queued action says the network is down only while it is', async ({
  page,
  sandbox,
  // The first sync is over (its next run is scheduled): the app believes it is online and
  // sends the install at once, which then fails for want of a network and is queued.
  atStore: { serial },
}) => {
  test.setTimeout(150_000);

  await sandbox.stop();
  await installHere(page, serial);
  await expect(page.getByRole('main').getByText('Queued', { exact: true })).toBeVisible();
  await openNav(page, 'Activity');
  const badge = page.getByRole('banner').getByRole('status');
  await expect(badge).toContainText('Offline');
  const item = page.getByRole('listitem', { name: new RegExp(`^Install ${serial} at `) });
  const queue = page.getByRole('region', { name: 'Waiting to sync' });
  // Offline, the reason it waits is true and useful: said once for the queue, not per card.
  await expect(queue).toContainText('network connection seems to be down');

  // Back, but every install is held long enough to look at the queue while it waits.
  await sandbox.restart(['--latency', '6000', '--fault-path', '/install$']);
  await expect(badge).toContainText('Online', { timeout: 30_000 });
  await expect(item).toContainText('Syncing', { timeout: 30_000 });
  await expect(queue).not.toContainText('network connection seems to be down');
  // Nor "Syncing since <when it was queued>", which made an action queued for hours look
  // as if it had been sending for hours.
  await expect(item).not.toContainText('since');
  await expect(item).toHaveCount(0, { timeout: 30_000 });
});
