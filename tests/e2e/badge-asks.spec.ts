/**
 * The Online/Offline badge is true from the first second: the app asks the server when the page
 * opens or reloads and when its window comes back to the front, so it never says "Online" for a
 * server it has not reached since. With the server stopped and the page reloaded it once said
 * "Online" 20 s later (nothing asked until the next idle probe or the technician's next action).
 */
import { expect, test } from './fixtures';
import { openNav } from './helpers';

test.use({ restartableSandbox: true });

test('a reload and a window brought back ask the server: a stopped server is Offline within seconds', async ({
  signedInPage: page,
  sandbox,
}) => {
  const badge = page.getByRole('banner').getByRole('status');
  await expect(badge).toContainText('Online');
  // A screen that asks the server nothing by itself (a store's screen would, and find out).
  await openNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

  await sandbox.stop();
  await page.reload();
  await expect(badge).toContainText('Offline', { timeout: 5_000 });

  await sandbox.restart();
  await expect(badge).toContainText('Online', { timeout: 15_000 });

  // Back to the front after the server went away unseen: asked at once.
  await sandbox.stop();
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(badge).toContainText('Offline', { timeout: 3_000 });
});
