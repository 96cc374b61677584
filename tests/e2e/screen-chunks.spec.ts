import { expect, test } from './fixtures';
import { openNav } from './helpers';

// Each screen is a chunk of its own (decision 76), fetched the first time it is opened.

test('a screen whose chunk arrives late still gets the focus on its heading', async ({
  trainingPage: page,
}) => {
  // Held back for a moment, as on a slow disk: the screen is shown after its visit began.
  await page.route(/\/assets\/ActivityScreen-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await openNav(page, 'Activity');
  const heading = page.getByRole('heading', { level: 1, name: 'Activity' });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
});

test('a screen whose chunk cannot load says so, and a reload opens it', async ({
  trainingPage: page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(/\/assets\/SettingsScreen-[\w-]+\.js$/, (route) => route.abort('failed'));
  await openNav(page, 'Settings');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Something unexpected went wrong in the app.');
  await page.unroute(/\/assets\/SettingsScreen-[\w-]+\.js$/);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/settings');
  expect(errors).toEqual([]);
});
