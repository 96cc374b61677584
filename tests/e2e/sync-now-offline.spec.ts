import { expect, startSandbox, test } from './fixtures';
import { locations, openLocation, signInWithKey, uninstalledSerials } from './helpers';

// "Sync now" with the server out of reach answered "Synced 0 actions.", which reads as a sync
// that went well, while nothing could be sent or downloaded. Then it said its problem three
// times at once: "Could not download organizations. Could not reach the server…" beside the
// badge, "Sync did not finish. Could not reach the server…" under the button, and again on
// every queued action.
test('Sync now that cannot reach the service says once that it did not finish, and why', async ({
  page,
  web,
}) => {
  const sandbox = await startSandbox();
  try {
    const user = await signInWithKey(page, web.info.url, sandbox.info);
    const [serial] = await uninstalledSerials(sandbox.info, user);
    const [here] = await locations(sandbox.info, user);
    if (!serial || !here) throw new Error('sandbox has no uninstalled device or no location');
    await openLocation(page, here.name);
    await page.getByRole('button', { name: 'Scan device' }).click();
    await page.getByLabel('Serial number').fill(serial);
    await page.getByRole('button', { name: 'Look up' }).click();
    await sandbox.stop();
    // An action waiting for the network.
    await page.getByRole('button', { name: 'Install here' }).click();
    await expect(page.getByRole('banner')).toContainText('Offline');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Activity' })
      .click();
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
  } finally {
    await sandbox.stop();
  }
});
