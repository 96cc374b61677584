import { checkBothThemes, expect, test } from './fixtures';

test('New location: "Germany" is stored as DE (not GE), an unknown country and bad values are refused in words', async ({
  trainingPage: page,
}) => {
  await page.getByRole('button', { name: 'New location' }).click();
  await page.getByLabel('Name').fill('Country Test Store');
  await page.getByLabel('Street address').fill('Unter den Linden 1');
  await page.getByLabel('City').fill('Berlin');
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.fill('Germny');
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByText('“Germny” is not a country this app knows.')).toBeVisible();
  await expect(country).toBeFocused();
  await expect(country).toHaveAttribute('aria-invalid', 'true');
  await checkBothThemes(page, 'new-location-unknown-country');

  // A two-letter code is named as soon as it is typed: "GE" is Georgia, for all to see.
  await country.fill('ge');
  await country.blur();
  await expect(country).toHaveValue('Georgia');

  await country.fill('Germany');
  await page.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Country Test Store' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Unter den Linden 1, Berlin, DE')).toBeVisible();

  // The device form's interval: the rule in words, not "Too small: expected number to be >=30".
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Inventory' }).click();
  const firstDevice = page.locator('.device-row').first();
  await expect(firstDevice).toBeVisible({ timeout: 20_000 });
  await firstDevice.click();
  const interval = page.getByLabel('Update interval (seconds)');
  await interval.fill('10');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const rule = 'Update interval must be a whole number of seconds from 30 to 86,400 (24 hours)';
  await expect(page.getByText(rule)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/expected|>=/);
  await checkBothThemes(page, 'device-interval-in-words');
});
