import { checkBothThemes, expect, test } from './fixtures';
import { escapeRegExp, installHere, openLocation } from './helpers';
import { installOnServer, locations, serverPlacements, uninstalledSerials } from './sandbox-api';

test.use({ restartableSandbox: true });

test('offline: browse the cached inventory, queue installs, sync exactly once, resolve a conflict', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(180_000);
  const { info } = sandbox;
  const [plain, contested] = await uninstalledSerials(sandbox);
  if (!plain || !contested) throw new Error('sandbox has too few uninstalled devices');
  const [here, elsewhere] = await locations(sandbox);
  if (!here || !elsewhere) throw new Error('sandbox has too few locations');

  // Online once: the inventory and the location reach the cache.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  await expect(page.getByRole('list', { name: 'Inventory' })).toContainText(plain);
  await openLocation(page, here.name);

  await sandbox.stop();

  // Offline: the cached inventory is still readable, with its age.
  await nav.getByRole('button', { name: 'Inventory' }).click();
  await page.getByLabel('Search inventory').fill(plain);
  await expect(page.getByRole('list', { name: 'Inventory' })).toContainText(plain);
  await expect(page.getByText('Last updated')).toBeVisible();

  // Queue two installs at the same location.
  for (const serial of [plain, contested]) {
    await openLocation(page, here.name);
    await installHere(page, serial);
    await expect(page.getByRole('main').getByText('Queued', { exact: true })).toBeVisible();
  }
  const badge = page.getByRole('banner').getByRole('status');
  await expect(badge).toContainText('Offline');
  await expect(badge).toContainText('2 queued');
  await checkBothThemes(page, 'device-queued');
  await nav.getByRole('button', { name: 'Activity' }).click();
  await expect(
    page.getByRole('listitem', { name: `Install ${plain} at ${here.name}` }),
  ).toContainText('Queued');
  await checkBothThemes(page, 'activity-outbox');

  // Back online (same port, same state file); meanwhile someone installs one device elsewhere.
  await sandbox.restart();
  await installOnServer(sandbox, contested, elsewhere.id);

  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText(/Synced 1 action, 1 conflict/)).toBeVisible({ timeout: 20_000 });
  const whereIs = async (serial: string) => (await serverPlacements(info))[serial];
  expect(await whereIs(plain)).toBe(here.id);

  // Exactly once: one "Done" install of it in the log, and a second sync sends nothing more.
  const doneRows = page.getByRole('row').filter({ hasText: plain }).filter({ hasText: 'Done' });
  await expect(doneRows).toHaveCount(1);

  // The conflict names where the device really is; the technician brings it here.
  const conflict = page.getByRole('listitem', { name: `Install ${contested} at ${here.name}` });
  await expect(conflict).toContainText('Conflict');
  // Named with its city: organizations have several stores of the same name.
  const named = escapeRegExp(elsewhere.name);
  await expect(conflict).toContainText(new RegExp(`${named} \\(.+\\) now`));
  await expect(
    conflict.getByRole('button', { name: new RegExp(`^Leave it at ${named} \\(.+\\)$`) }),
  ).toBeVisible();
  await checkBothThemes(page, 'activity-conflict');
  await conflict.getByRole('button', { name: `Move to ${here.name}` }).click();
  await expect(conflict).toHaveCount(0, { timeout: 20_000 });
  // Resolving re-queues the action as a move, which the core sends at once when online.
  await expect.poll(() => whereIs(contested), { timeout: 20_000 }).toBe(here.id);
  // The server applies the move before the core hears back: wait until the queue is empty,
  // or "Sync now" below would count the move's own answer as the one action it synced.
  await expect(page.getByText(/^Nothing is waiting\./)).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Synced 0 actions.')).toBeVisible();
  await expect(doneRows).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('status')).not.toContainText('queued');
});
