/**
 * Times are shown in the time zone the app says it uses: this computer's, named in Settings,
 * where the organization's own zone was once shown as "Time zone" while every time read in
 * another (Europe/Berlin in Settings, UTC on the screens).
 */
import { expect, test } from './fixtures';
import { installHere, openFirstStore, openNav, trainingSpareSerial } from './helpers';

test.use({ timezoneId: 'America/New_York' });

test('Settings names the zone the times are shown in, and the times are in it', async ({
  page,
  web,
}) => {
  const serial = await trainingSpareSerial(page, web.info.url);
  await openFirstStore(page);
  await installHere(page, serial);
  await expect(page.getByRole('heading', { level: 1, name: `Verify ${serial}` })).toBeVisible();

  await openNav(page, 'Settings');
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText(
    'Times shown in America/New_York, this computer’s time zone (change it in the computer’s settings)',
  );
  await expect(account).toContainText('Organization’s time zone');

  await openNav(page, 'Activity');
  const install = page
    .getByRole('region', { name: 'This visit' })
    .getByRole('row')
    .filter({ hasText: serial })
    .first();
  // New York's abbreviation, the zone Settings named.
  await expect(install).toContainText(/\d{1,2}:\d{2} [AP]M E[SD]T/);
});
