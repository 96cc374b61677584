/**
 * Foot traffic in a format the app does not read: the chart's place on a location says so
 * (the catalog's sentence, not an empty place and never a wrong number), and the Locations list
 * says why its visitor numbers are missing. The sandbox's `unknown_shape` fault answers the
 * foot-traffic list with well-formed JSON whose items no reader knows.
 */
import { expect, test } from './fixtures';
import { openLocation } from './helpers';
import { locations, sandboxRequest } from './sandbox-api';

const UNREADABLE = "The server's foot traffic is in a format this app does not read yet.";

test('foot traffic in an unknown format is named where the counts would be', async ({
  page,
  sandbox,
  signIn,
}) => {
  test.setTimeout(120_000);
  const info = sandbox.info;
  await sandboxRequest(info, 'PUT', '/_sandbox/faults', {
    pathPattern: '/foot-traffic/locations',
    methods: ['GET'],
    failNext: { count: 10_000, kind: 'unknown_shape' },
  });
  await signIn(page);

  // The list: a short note instead of sparklines, and the list itself still works.
  await expect(page.getByTestId('traffic-unreadable')).toHaveText(UNREADABLE, {
    timeout: 20_000,
  });
  await expect(page.locator('.visitors')).toHaveCount(0);

  // A location: the chart's place carries the error, the devices are still listed.
  const store = (await locations(sandbox))[0]!;
  await openLocation(page, store.name);
  const alert = page.getByRole('alert').filter({ hasText: UNREADABLE });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Send a connection report to support.');
  await expect(page.locator('figure.chart')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Installed devices' })).toBeVisible();

  // Readable again (the server fixed): the chart comes back in the same place.
  await sandboxRequest(info, 'DELETE', '/_sandbox/faults');
  await openLocation(page, store.name);
  await expect(page.locator('figure.chart')).toBeVisible({ timeout: 20_000 });
  await expect(alert).toHaveCount(0);
});
