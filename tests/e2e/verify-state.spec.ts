import { checkBothThemes, expect, test } from './fixtures';
import { installHere, openNav, openStoreWithSpare, startWalkTest } from './helpers';
import { apiGet, sandboxRequest, updateOnServer } from './sandbox-api';

interface ApiLocation {
  name: string;
  address?: { city?: string } | null;
}

test('Verify follows the table: a device silenced after its first check-in turns Silent, and the log says what the screen says', async ({
  page,
  sandbox,
  signIn,
}) => {
  test.setTimeout(240_000);
  const info = sandbox.info;
  await signIn(page);
  const { serial, store } = await openStoreWithSpare(page, sandbox);
  // Checking in every 30 s, the shortest interval: silent two intervals and the grace after its
  // last check-in, in real time — the core records by the server's clock, not the page's.
  await updateOnServer(sandbox, serial, { update_interval_s: 30 });
  const detail = await apiGet<ApiLocation>(sandbox, `/locations/${store.id}`);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();
  // Which store it is at, with its city: organizations have stores with the same name.
  await expect(page.getByText(`At ${detail.name}, ${detail.address?.city ?? ''}`)).toBeVisible();
  const checkin = page.getByRole('region', { name: 'Check-in' });
  await expect(checkin).toContainText('Waiting for first check-in');
  // With when it is due (the install plus one update interval and the grace).
  await expect(checkin).toContainText(/expected by \d{1,2}:\d{2}/);

  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);
  await expect(checkin).toContainText('Online', { timeout: 30_000 });
  await expect(checkin).not.toContainText('Waiting for first check-in');

  // Silenced: its last check-in stays where it is while time passes, past two update intervals
  // plus the grace — the rule both the table and Verify use.
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/silence`, { silent: true });
  await expect(checkin).toContainText('Silent', { timeout: 150_000 });
  await expect(checkin).not.toContainText('Online');
  await expect(checkin).not.toContainText('Waiting for first check-in');
  await checkBothThemes(page, 'verify-silent');

  // The button says what will be recorded, and the screen shows what was.
  await expect(page.getByRole('button', { name: 'Record as “Verified”' })).toHaveCount(0);
  // Nothing was walked: the walk test failed, and is recorded only with a reason.
  await expect(page.getByText('Walk test not started')).toBeVisible();
  await page.getByRole('button', { name: 'Record as “Not verified”' }).click();
  await expect(page.getByText('Say why the walk test did not pass')).toBeVisible();
  await page
    .getByLabel('Why it did not pass (to record a failed walk test)')
    .fill('Store closed, nobody could walk');
  await page.getByRole('button', { name: 'Record as “Not verified”' }).click();
  await expect(page.getByText('Recorded as “Not verified”.')).toBeVisible();
  await expect(page.getByText('Walk test failed: 0 of 3 counted')).toBeVisible();
  await expect(page.getByText('Recorded as “Verified”.')).toHaveCount(0);
  await checkBothThemes(page, 'verify-recorded-not-verified');

  // The location table agrees.
  await page.getByRole('button', { name: 'Back to location' }).click();
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toContainText('Silent');

  await openNav(page, 'Activity');
  await expect(
    page.getByRole('table').getByRole('row').filter({ hasText: serial }).last(),
  ).toContainText('Not verified');
});

test('walk test: the technician states the passes; it passes when the counts reach them and shows in the visit', async ({
  signedInPage: page,
  sandbox,
}) => {
  test.setTimeout(150_000);
  const info = sandbox.info;
  const { serial } = await openStoreWithSpare(page, sandbox);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { name: `Verify ${serial}` })).toBeVisible();
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/checkin`);
  await expect(page.getByRole('region', { name: 'Check-in' })).toContainText('Online', {
    timeout: 30_000,
  });

  const walk = page.getByRole('region', { name: 'Walk test' });
  await page.getByLabel('Passes walked').fill('abc');
  await page.getByRole('button', { name: /^Record as “/ }).click();
  await expect(walk).toContainText('Enter how many times you walked through');
  await page.getByLabel('Passes walked').fill('2');
  await startWalkTest(page);
  await expect(walk).toContainText('Walk test not passed yet');
  await sandboxRequest(info, 'POST', `/_sandbox/devices/${serial}/walk-through`, { count: 2 });
  await expect(walk).toContainText('Walk test passed', { timeout: 15_000 });
  await expect(walk).toContainText('of 2');
  await checkBothThemes(page, 'verify-walk-passed');
  await page.getByRole('button', { name: 'Record as “Verified”' }).click();
  await expect(page.getByText('Recorded as “Verified”.')).toBeVisible();
  // The pressed button is gone: focus is on the next thing to do, not lost on the page.
  await expect(page.getByRole('button', { name: 'Scan next device' })).toBeFocused();

  await openNav(page, 'Activity');
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Verified' });
  await expect(row).toContainText('Walk test passed: 2 of 2 counted');
});
