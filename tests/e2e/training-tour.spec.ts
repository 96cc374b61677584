import { checkBothThemes, checkScreen, expect, test } from './fixtures';

test('training mode: every main screen is reachable, accessible in both themes', async ({
  page,
  web,
}) => {
  await page.goto(web.info.url);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeFocused();
  // The token must leave the address bar at once.
  expect(page.url()).not.toContain('token=');
  await checkBothThemes(page, 'sign-in');

  await page.getByRole('button', { name: 'Start training mode' }).click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByText('Training mode')).toBeVisible();
  await expect(page.getByText('Last updated')).toBeVisible();
  await checkBothThemes(page, 'locations');

  await page.getByRole('main').getByRole('listitem').first().getByRole('button').first().click();
  await expect(page.getByRole('button', { name: 'Scan device' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Installed devices' })).toBeVisible();
  await checkBothThemes(page, 'location');

  await page.getByRole('button', { name: 'Scan device' }).click();
  await expect(page.getByRole('heading', { name: 'Scan device' })).toBeFocused();
  await checkBothThemes(page, 'scan');

  await nav.getByRole('button', { name: 'Inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  await expect(page.getByText('Last updated')).toBeVisible();
  await checkBothThemes(page, 'inventory');
  await page.getByRole('button', { name: 'All devices' }).click();
  await expect(page.getByRole('heading', { name: 'All devices' })).toBeVisible();
  await checkBothThemes(page, 'all-devices');

  await nav.getByRole('button', { name: 'Activity' }).click();
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await checkBothThemes(page, 'activity');

  await nav.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await checkBothThemes(page, 'settings');

  // The Settings override beats the system preference.
  await page.emulateMedia({ colorScheme: 'light' });
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBackground = await background();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await checkScreen(page, 'settings-dark-override', 'light');
  expect(await background()).not.toBe(lightBackground);
  await page.getByRole('radio', { name: 'System' }).check();
  expect(await background()).toBe(lightBackground);

  await page.getByRole('button', { name: 'Sign out' }).click();
  const signOut = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(signOut).toContainText('Training mode ends');
  await checkBothThemes(page, 'sign-out-training');
  await signOut.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
