import { expect, test } from './fixtures';
import { installHere, openLocation } from './helpers';
import { locations, serverPlacements, uninstalledSerials } from './sandbox-api';

test.use({ restartableSandbox: true });

// Actions queued offline go out first when the connection returns. On a slow server that took
// long, and the header said "Next try in 15 min" with no Cancel all along: the run looked idle.
test('a run sending the queue says so in the header, and Cancel stops it after the action on the wire', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(180_000);
  const { info } = sandbox;
  const serials = (await uninstalledSerials(sandbox)).slice(0, 3);
  if (serials.length < 3) throw new Error('sandbox has too few uninstalled devices');
  const [here] = await locations(sandbox);
  if (!here) throw new Error('sandbox has no location');
  await openLocation(page, here.name);

  await sandbox.stop();
  for (const serial of serials) {
    await installHere(page, serial);
    await expect(page.getByRole('main').getByText('Queued', { exact: true })).toBeVisible();
    await page.goBack();
    await page.goBack();
  }
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('status')).toContainText('3 queued');

  // Back, but every install takes 6 s to answer.
  await sandbox.restart(['--latency', '6000', '--fault-path', '/install$']);
  await expect(banner).toContainText('Sending queued actions', { timeout: 30_000 });
  await expect(banner).not.toContainText('Next sync');
  const cancel = banner.getByRole('button', { name: 'Cancel sending queued actions' });
  await expect(cancel).toBeVisible();
  await cancel.click();

  // The install on the wire is finished; the others stay queued, and the header says so.
  await expect(banner).toContainText('Sending stopped. Actions not sent yet stay queued', {
    timeout: 20_000,
  });
  await expect(banner).not.toContainText('Sending queued actions');
  await expect(banner.getByRole('status')).toContainText('2 queued');
  const placements = await serverPlacements(info);
  expect(serials.map((s) => placements[s] === here.id)).toEqual([true, false, false]);
});
