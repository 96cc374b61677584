import { checkBothThemes, expect, test } from './fixtures';
import { sandboxRequest, uninstalledSerials } from './sandbox-api';
import type { Faults } from '../../electron/sandbox/types';
import { openNav } from './helpers';

/**
 * A slow lookup never takes over the screen: with 2 s of latency, Escape, "Cancel" or going
 * elsewhere leaves the technician where they are.
 */
test('a slow lookup is cancelled by Escape, Cancel or leaving the screen', async ({
  page,
  web,
  sandbox,
  signIn,
}) => {
  const info = sandbox.info;
  // Keep the device list from arriving: its first page is answered 429 with a 10-minute
  // Retry-After, which ends the download and puts the next run 10 minutes away. A lookup must
  // then ask the server for the one device instead of answering from the cache.
  await sandboxRequest(info, 'PUT', '/_sandbox/faults', {
    pathPattern: 'devices$',
    retryAfterS: 600,
    failNext: { kind: 'rate_limit', count: 1 },
  });
  await signIn(page);
  await expect
    .poll(
      async () => ((await sandboxRequest(info, 'GET', '/_sandbox/faults')) as Faults).failNext,
      {
        timeout: 30_000,
      },
    )
    .toBeUndefined();
  await page.waitForTimeout(1500);
  await sandboxRequest(info, 'DELETE', '/_sandbox/faults');
  const [first, second, third] = await uninstalledSerials(sandbox);
  if (!first || !second || !third) throw new Error('sandbox has too few uninstalled devices');
  await sandboxRequest(info, 'PUT', '/_sandbox/faults', {
    pathPattern: '/devices/[^/]+$',
    latencyMs: 2000,
  });
  const origin = new URL(web.info.url).origin;
  const scan = async (serial: string) => {
    await page.goto(`${origin}/#/scan`);
    await expect(page.getByRole('heading', { name: 'Scan device' })).toBeVisible();
    await page.getByLabel('Serial number').fill(serial);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('button', { name: 'Looking up…' })).toBeVisible();
  };
  const staysFor = async (ms: number, heading: string) => {
    await page.waitForTimeout(ms);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };

  // Going to Settings while the lookup is pending.
  await scan(first);
  await openNav(page, 'Settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await staysFor(3000, 'Settings');

  // Escape.
  await scan(second);
  await page.keyboard.press('Escape');
  await expect(page.getByText('Lookup cancelled.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Look up' })).toBeEnabled();
  await staysFor(3000, 'Scan device');

  // The Cancel button (slower still, so the screenshots fit in the wait).
  await sandboxRequest(info, 'PUT', '/_sandbox/faults', { latencyMs: 8000 });
  await scan(third);
  await checkBothThemes(page, 'scan-pending-cancel');
  await page.getByRole('main').getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByText('Lookup cancelled.')).toBeVisible();
  await staysFor(8000, 'Scan device');
  await sandboxRequest(info, 'PUT', '/_sandbox/faults', { latencyMs: 2000 });

  // Not cancelled, the same lookup still arrives.
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: third })).toBeVisible();
});
