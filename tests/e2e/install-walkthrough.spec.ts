import { checkBothThemes, expect, test } from './fixtures';
import { openLocation, openNav, startWalkTest } from './helpers';
import {
  installOnServer,
  locations,
  sandboxRequest,
  serverPlacements,
  uninstalledSerials,
} from './sandbox-api';
import { scannerBurst } from './helpers/scanner';

test('sign in with a key, create a location, scan, install, verify, move, uninstall, delete', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  const info = sandbox.info;
  const [first, second, third] = await uninstalledSerials(sandbox);
  if (!first || !second || !third) throw new Error('sandbox has too few uninstalled devices');
  const existing = (await locations(sandbox))[0]!;

  // Search narrows the list.
  await page.getByLabel('Search locations').fill(existing.name);
  await expect(
    page.getByRole('main').getByRole('button', { name: existing.name, exact: true }),
  ).toBeVisible();
  await page.getByLabel('Search locations').fill('');

  // Create a location: field validation first, then success.
  await page.getByRole('button', { name: 'New location' }).click();
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await checkBothThemes(page, 'new-location-errors');
  await page.getByLabel('Name').fill('E2E Test Store');
  await page.getByLabel('Street address').fill('1 Test Street');
  await page.getByLabel('City').fill('Berlin');
  await page.getByLabel('Country').fill('de');
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Test Store' })).toBeVisible();
  await expect(page.getByText('No devices are installed here yet')).toBeVisible();

  // Scan by typing: a serial that does not exist says so, in place.
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill('FTC-NOPE0000');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await checkBothThemes(page, 'scan-not-found');
  await page.getByLabel('Serial number').fill(first.toLowerCase());
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
  await checkBothThemes(page, 'device');

  // Install → Verify with a live walk test.
  await page.getByRole('button', { name: 'Install here' }).click();
  await expect(page.getByRole('heading', { name: `Verify ${first}` })).toBeVisible();
  await expect(page.getByText('Waiting for first check-in')).toBeVisible();
  await checkBothThemes(page, 'verify-waiting');
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${first}/checkin`);
  // The core serves a device up to 15 s from its cache, so allow a few polls.
  await expect(page.getByRole('region', { name: 'Check-in' })).toContainText('Online', {
    timeout: 30_000,
  });
  await startWalkTest(page);
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${first}/walk-through`, { count: 3 });
  const counted = page.getByRole('status', { name: /Counted visitors/ });
  await expect(counted).toHaveAccessibleName(/Counted visitors: [1-9]/, { timeout: 15_000 });
  // Fewer passes than asked for would (rightly) ask for a reason instead of recording.
  await expect(page.getByRole('region', { name: 'Walk test' })).toContainText('Walk test passed');
  await checkBothThemes(page, 'verify-online');
  await page.getByRole('button', { name: 'Record as “Verified”' }).click();
  await expect(page.getByText('Recorded as “Verified”.')).toBeVisible();

  // Handheld scanner: fast keystrokes + Enter, with focus on a button, not the field.
  await page.getByRole('button', { name: 'Scan next device' }).click();
  await page.getByRole('button', { name: 'Use camera' }).focus();
  await scannerBurst(page, second);
  await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();

  // Move: a device installed elsewhere asks first, naming the other location.
  await installOnServer(sandbox, third, existing.id);
  await openLocation(page, 'E2E Test Store');
  await page.getByRole('button', { name: 'Scan device' }).click();
  await page.getByLabel('Serial number').fill(third);
  await page.getByRole('button', { name: 'Look up' }).click();
  await page.getByRole('button', { name: 'Move here' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(existing.name);
  // Each store with its city: same-named stores exist.
  await expect(dialog).toContainText('E2E Test Store (Berlin)');
  await checkBothThemes(page, 'move-confirm');
  await dialog.getByRole('button', { name: 'Move' }).click();
  await expect(page.getByRole('heading', { name: `Verify ${third}` })).toBeVisible();

  // Delete is not offered while devices are installed, with the reason in place.
  await openLocation(page, 'E2E Test Store');
  await expect(page.getByRole('table')).toContainText(third);
  await checkBothThemes(page, 'location-with-devices');
  await expect(page.getByRole('button', { name: 'Delete location' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete location' })).toHaveAccessibleDescription(
    'To delete this location, uninstall its 2 devices first.',
  );

  // Uninstall everything there (each confirmed), then delete works.
  for (const serial of [first, third]) {
    await page.getByRole('button', { name: serial }).click();
    await page.getByRole('button', { name: 'Uninstall' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Uninstall' }).click();
    await expect(page.getByText(`Uninstalled ${serial}.`)).toBeVisible();
    await openLocation(page, 'E2E Test Store');
  }
  await expect(page.getByText('No devices are installed here yet')).toBeVisible();
  await page.getByRole('button', { name: 'Delete location' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  const placements = await serverPlacements(info);
  expect(placements[first]).toBeNull();
  expect(placements[third]).toBeNull();

  // The activity log has what happened.
  await openNav(page, 'Activity');
  await expect(page.getByRole('table')).toContainText('Verified');
  await expect(page.getByRole('table')).toContainText('Moved');
});
