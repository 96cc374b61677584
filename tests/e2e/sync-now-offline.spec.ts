import { expect, test } from './fixtures';
import { lookUpSerial, openNav, openStoreWithSpare } from './helpers';

// "Sync now" with the server out of reach answered "Synced 0 actions.", which reads as a sync
// that went well, while nothing could be sent or downloaded. Then it said its problem three
// times at once: "Could not download organizations. Could not reach the server…" beside the
// badge, "Sync did not finish. Could not reach the server…" under the button, and again on
// every queued action.
test('Sync now that cannot reach the service says once that it did not finish, and why', async ({
  signedInPage: page,
  sandbox,
}) => {
  const { serial } = await openStoreWithSpare(page, sandbox);
  await lookUpSerial(page, serial);
  await sandbox.stop();
  // An action waiting for the network.
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('banner')).toContainText('Offline');

  await openNav(page, 'Activity');
  await page.getByRole('button', { name: 'Sync now' }).click();
  const said = page
    .getByRole('region', { name: 'Waiting to sync' })
    .getByRole('status')
    .filter({ hasText: /\S/ });
  await expect(said).toContainText('Sync did not finish.', { timeout: 30_000 });
  await expect(said).toContainText('Could not reach the server');
  await expect(said).not.toContainText('Synced');
  // Once on the whole page; the badge says Offline, the queued install that it waits.
  await expect(page.getByText(/Could not reach the server/)).toHaveCount(1);
  await expect(page.getByText(/Could not download/)).toHaveCount(0);
  await expect(
    page.getByRole('listitem', { name: new RegExp(`^Install ${serial} at `) }),
  ).toContainText('Queued');
});
