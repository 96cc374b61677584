import { expect, test } from './fixtures';
import { openNav } from './helpers';

// With the server gone the header kept saying "Online" for 20 s and more: the app only found
// out at its next idle probe, or after a failing request had used up its retries. It takes
// the operating system's "no network" at once now (the page's offline event; emulated here,
// which also cuts the page off from browser mode's bridge), and a request that gets no answer
// is followed by a probe within a couple of seconds.
test('the badge follows the network: offline at once, back at once, a stopped server within seconds', async ({
  signedInPage: page,
  sandbox,
  context,
}) => {
  const badge = page.getByRole('banner').getByRole('status');
  await expect(badge).toContainText('Online');

  await context.setOffline(true);
  await expect(badge).toContainText('Offline', { timeout: 1_500 });
  await context.setOffline(false);
  // The server is asked at once, not at the next probe.
  await expect(badge).toContainText('Online', { timeout: 5_000 });

  // The server goes away. A connection check's requests get no answer: the report said so
  // while the badge beside it still said Online. A failed request is followed by a probe.
  await sandbox.stop();
  await openNav(page, 'Settings');
  await page.getByRole('button', { name: 'Check connection' }).click();
  await expect(badge).toContainText('Offline', { timeout: 4_000 });
});
